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
 * Coupling implementations and their providers (Simplex Random Features paper, Reid et al. 2023):
 * {@code iid}; {@code orthogonal} (ORF, {@link org.rf4j.couplings.OrthogonalCoupling});
 * {@code simplex} (SimRF, Eq. 8–9, {@link org.rf4j.couplings.SimplexCoupling}); {@code simplex-plus}
 * (SimRF+, Eq. 17); the fast variants {@code orthogonal-hd}, {@code simplex-hd} (HD products,
 * App. B.2) and {@code givens}; and {@code halton} (randomised QMC). Helpers: Haar frames by
 * sign-corrected Householder QR ({@link org.rf4j.api.random.HaarOrthogonal}), exact χ_k sampling
 * ({@link org.rf4j.api.random.ChiDistribution}) and the O(d) simplex projection of Algorithm 1
 * ({@link org.rf4j.couplings.SimplexGeometry}). Every vector of every coupling is marginally
 * N(0, I_d) (exactly, or approximately for the HD and Givens proxies), so every estimator built
 * on them stays unbiased.
 */
package org.rf4j.couplings;

import org.rf4j.api.random.ChiDistribution;
import org.rf4j.api.random.HaarOrthogonal;

