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
 * Learning on random features. {@link org.rf4j.learn.RidgeTrainer} trains a
 * {@link org.rf4j.learn.RidgeModel} (ridge regression or one-vs-rest ridge classification, λ and σ
 * by cross-validation) on the features of a front-door configuration
 * ({@link org.rf4j.RandomFeatures}); models are saved and loaded as JSON values.
 * {@link org.rf4j.learn.ExactKernelRidge} is the exact reference, {@link org.rf4j.learn.Nystroem}
 * the Nyström map behind the {@code nystroem} provider, {@link org.rf4j.learn.GaussianProcess}
 * Gaussian-process regression on features. The dense kernels ({@link org.rf4j.api.linalg.Cholesky},
 * {@link org.rf4j.api.linalg.SymmetricEigensystem}) are deterministic and use rf4j's GEMM.
 */
package org.rf4j.learn;
