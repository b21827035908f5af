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
 * Hybrid random features (HRF paper): {@link org.rf4j.hybrid.HybridEstimator} ({@code hybrid},
 * Eq. 8 linearised as in Lemma 2.3), {@link org.rf4j.hybrid.ClusteringHybridEstimator}
 * ({@code clustering-hybrid}, App. H Def. H.1/H.2), and the λ-coefficient estimators
 * {@code angular} (Eq. 19), {@code gaussian} (Eq. 20), {@code bipolar-gaussian} (Eq. 67–70) and
 * {@code cluster} (Def. H.2).
 */
package org.rf4j.hybrid;
