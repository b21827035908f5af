/**
 * Feature maps and the {@code random-features} estimator: trigonometric, random Fourier (random
 * phases), positive (FAVOR+) and
 * hyperbolic maps, and (from the Chefs' Random Tables and HRF papers) GERF, OPRF, discretely
 * induced and complex exponential maps. Providers are registered here and in
 * {@code META-INF/services}.
 */
module org.rf4j.features {
    requires transitive org.rf4j.api;
    requires org.rf4j.spi;
    requires org.rf4j.theory;

    exports org.rf4j.features;

    provides org.rf4j.spi.FeatureMapProvider with
            org.rf4j.features.TrigonometricFeatures.Provider,
            org.rf4j.features.RandomFourierFeatures.Provider,
            org.rf4j.features.PositiveFeatures.Provider,
            org.rf4j.features.HyperbolicFeatures.Provider,
            org.rf4j.features.GerfFeatures.Provider,
            org.rf4j.features.OprfFeatures.Provider,
            org.rf4j.features.PoissonFeatures.Provider,
            org.rf4j.features.PoissonFeatures.PlusProvider,
            org.rf4j.features.GeometricFeatures.Provider,
            org.rf4j.features.GeometricFeatures.PlusProvider,
            org.rf4j.features.ComplexExponentialFeatures.Provider;
    provides org.rf4j.spi.EstimatorProvider with
            org.rf4j.features.RandomFeaturesEstimator.Provider;
}
