package org.rf4j.api.mechanism;

/**
 * A drawn λ-coefficient estimator in linear form (HRF Eq. 9–10):
 * {@code λ̂(x, y) = a + ρ₁(x)ᵀρ₂(y)}, with ρ₁, ρ₂ given by {@link #map} on the two sides.
 */
public interface DrawnLambda extends DrawnFeatures {

    /** The constant a. */
    double constant();
}
