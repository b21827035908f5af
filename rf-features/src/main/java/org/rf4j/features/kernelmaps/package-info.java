/*
 * Copyright 2026 The rf4j developers
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
/**
 * Feature maps of kernels that are not shift-invariant: arc-cosine (Cho &amp; Saul), polynomial
 * (TensorSketch of Pham &amp; Pagh; Random Maclaurin of Kar &amp; Karnick with importance sampling of
 * the degree), additive χ² (Vedaldi &amp; Zisserman) and skewed χ² (Li, Ionescu &amp; Sminchisescu).
 * Each is drawn from an explicit (d, m, parameters, seed) and is a {@link org.rf4j.api.mechanism.DrawnFeatures}
 * with {@code transform(Matrix)}; each is unbiased for its exact kernel in
 * {@link org.rf4j.theory.ExactKernels} (the additive χ² map is deterministic and reproduces
 * scikit-learn's {@code AdditiveChi2Sampler}).
 */
package org.rf4j.features.kernelmaps;
