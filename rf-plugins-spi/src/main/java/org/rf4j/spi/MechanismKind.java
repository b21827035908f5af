package org.rf4j.spi;

import org.rf4j.api.mechanism.Coupling;
import org.rf4j.api.mechanism.Estimator;
import org.rf4j.api.mechanism.FeatureMap;
import org.rf4j.api.mechanism.LambdaEstimator;
import org.rf4j.api.mechanism.SamplingPolicy;

/** The kinds of mechanism a provider can contribute, with the config key each appears under. */
public enum MechanismKind {
    COUPLING("coupling", CouplingProvider.class, Coupling.class),
    FEATURE_MAP("features", FeatureMapProvider.class, FeatureMap.class),
    LAMBDA_ESTIMATOR("lambda", LambdaEstimatorProvider.class, LambdaEstimator.class),
    SAMPLING_POLICY("sampling", SamplingPolicyProvider.class, SamplingPolicy.class),
    ESTIMATOR("estimator", EstimatorProvider.class, Estimator.class);

    private final String label;
    private final Class<? extends MechanismProvider<?>> providerType;
    private final Class<?> mechanismType;

    MechanismKind(String label, Class<? extends MechanismProvider<?>> providerType, Class<?> mechanismType) {
        this.label = label;
        this.providerType = providerType;
        this.mechanismType = mechanismType;
    }

    /** The short name used in messages, config keys and {@code rf4j mechanisms}. */
    public String label() {
        return label;
    }

    /** The provider interface of this kind. */
    public Class<? extends MechanismProvider<?>> providerType() {
        return providerType;
    }

    /** The mechanism interface providers of this kind create. */
    public Class<?> mechanismType() {
        return mechanismType;
    }
}
