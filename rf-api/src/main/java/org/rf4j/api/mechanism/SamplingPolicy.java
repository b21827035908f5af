package org.rf4j.api.mechanism;

import java.util.OptionalDouble;

/**
 * Where the projections ω are drawn from and with which weights (importance sampling, Sernau
 * et al. Eq. 2): the estimator {@code (1/m) Σ_j (p_Ω(ω_j)/p_Ψ(ω_j)) φ(x, ω_j) φ(y, ω_j)} stays
 * unbiased when the weights are the exact density ratio.
 */
public interface SamplingPolicy extends Mechanism {

    /**
     * Turns a projection drawn with the coupling (each vector marginally N(0, I)) into one drawn
     * from this policy's proposal, carrying the weights {@code p_Ω/p_Ψ}.
     */
    Projection adapt(Projection standard, ProjectionFeatureMap map, FeatureRequest request);

    /**
     * Fits the policy's data-dependent values once (see {@link Estimator#fit}) for the map and
     * coupling it will serve; {@code data} is the view for this policy's config path. The result's
     * spec carries the fitted values. Policies with nothing to fit return themselves.
     */
    default SamplingPolicy fit(FitData data, ProjectionFeatureMap map, Coupling coupling) {
        return this;
    }

    /** The estimator's variance under this policy where known in closed form. */
    default OptionalDouble theoryMse(PointQuery query, ProjectionFeatureMap map) {
        return OptionalDouble.empty();
    }
}
