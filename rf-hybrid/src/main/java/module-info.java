/**
 * Hybrid random features (Choromanski et al., "Hybrid Random Features", ICLR 2022): the general
 * HRF estimator of Eq. 8, linearised into explicit feature maps Ψ₁, Ψ₂ (Lemma 2.3) so every
 * consumer of {@link org.rf4j.api.mechanism.DrawnFeatures} works unchanged; the λ-coefficient
 * estimators (angular, Gaussian, normalised bipolar Gaussian, cluster indicators); and the
 * clustering hybrid of App. H. Providers are registered here and in {@code META-INF/services}.
 */
module org.rf4j.hybrid {
    requires transitive org.rf4j.api;
    requires org.rf4j.spi;
    requires org.rf4j.theory;
    requires org.rf4j.features;

    exports org.rf4j.hybrid;

    provides org.rf4j.spi.EstimatorProvider with
            org.rf4j.hybrid.HybridEstimator.Provider,
            org.rf4j.hybrid.ClusteringHybridEstimator.Provider;
    provides org.rf4j.spi.LambdaEstimatorProvider with
            org.rf4j.hybrid.AngularLambda.Provider,
            org.rf4j.hybrid.GaussianLambda.Provider,
            org.rf4j.hybrid.BipolarGaussianLambda.Provider,
            org.rf4j.hybrid.ClusterLambda.Provider;
}
