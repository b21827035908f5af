/**
 * Hybrid random features (HRF paper): {@link org.rf4j.hybrid.HybridEstimator} ({@code hybrid},
 * Eq. 8 linearised as in Lemma 2.3), {@link org.rf4j.hybrid.ClusteringHybridEstimator}
 * ({@code clustering-hybrid}, App. H Def. H.1/H.2), and the λ-coefficient estimators
 * {@code angular} (Eq. 19), {@code gaussian} (Eq. 20), {@code bipolar-gaussian} (Eq. 67–70) and
 * {@code cluster} (Def. H.2).
 */
package org.rf4j.hybrid;
