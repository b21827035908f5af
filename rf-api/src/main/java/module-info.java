/**
 * The rf4j core API: kernels, dense real and complex matrices, the mechanism interfaces
 * (couplings, projections, feature maps, estimators, λ-coefficient estimators, sampling
 * policies), specs and seeds.
 *
 * <p>Depends on {@code java.base} only, so it embeds anywhere. Data path:
 * {@link org.rf4j.api.mechanism.Coupling} draws a {@link org.rf4j.api.mechanism.Projection};
 * a {@link org.rf4j.api.mechanism.FeatureMap} turns it into drawn
 * {@link org.rf4j.api.mechanism.DrawnFeatures}; a {@link org.rf4j.api.mechanism.DrawnEstimator}
 * pairs the query and key sides with a {@link org.rf4j.api.kernel.Kernel}.
 */
module org.rf4j.api {
    exports org.rf4j.api;
    exports org.rf4j.api.kernel;
    exports org.rf4j.api.linalg;
    exports org.rf4j.api.mechanism;
    exports org.rf4j.api.random;

    // Vectorised inner loops (org.rf4j.vector, needs jdk.incubator.vector) are found at run time;
    // without a provider LinearAlgebra uses its plain-Java kernels.
    uses org.rf4j.api.linalg.VectorKernels;
}
