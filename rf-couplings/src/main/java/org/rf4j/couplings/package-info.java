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

