package org.rf4j.api.mechanism;

import org.rf4j.api.Spec;

/**
 * Every configured mechanism: a kernel, coupling, feature map, λ-coefficient estimator, sampling
 * policy or estimator. A mechanism is an immutable value described completely by its
 * {@link #spec()}: two mechanisms with equal specs behave identically, and building the spec again
 * through the registry yields an equal mechanism.
 */
public interface Mechanism {

    /** The spec that rebuilds this mechanism (its id and every parameter, defaults included). */
    Spec spec();

    /**
     * True when drawing needs data-dependent values that are not yet fitted (e.g. {@code oprf}
     * without {@code rho}). Fitting ({@code fit(FitData)} on the estimator) returns a mechanism for
     * which this is false.
     */
    default boolean needsFit() {
        return false;
    }
}
