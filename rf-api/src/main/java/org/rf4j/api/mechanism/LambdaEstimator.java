package org.rf4j.api.mechanism;

import java.util.OptionalDouble;

/**
 * A configured λ-coefficient estimator of a hybrid (HRF Eq. 8–10): λ(x, y) and its unbiased
 * linear estimate {@code a + ρ₁(x)ᵀρ₂(y)}.
 */
public interface LambdaEstimator extends Mechanism {

    /**
     * Fits the λ's data-dependent values (e.g. cluster centres from files the config names; see
     * {@link Estimator#fit}); {@code data} is the view for this λ's config path. λs with nothing to
     * fit return themselves.
     */
    default LambdaEstimator fit(FitData data) {
        return this;
    }

    /** The exact coefficient λ(x, y) (scaled inputs). */
    double value(double[] x, double[] y);

    /** Draws the linear estimator. */
    DrawnLambda draw(LambdaRequest request);

    /** E[λ̂²] at (x, y) where known in closed form (the hybrid theory needs the second moment). */
    default OptionalDouble secondMoment(double[] x, double[] y) {
        return OptionalDouble.empty();
    }
}
