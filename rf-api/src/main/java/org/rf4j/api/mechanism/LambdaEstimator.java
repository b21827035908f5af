package org.rf4j.api.mechanism;

import java.util.OptionalDouble;

/**
 * A configured λ-coefficient estimator of a hybrid (HRF Eq. 8–10): λ(x, y) and its unbiased
 * linear estimate {@code a + ρ₁(x)ᵀρ₂(y)}.
 */
public interface LambdaEstimator extends Mechanism {


    /** The exact coefficient λ(x, y) (scaled inputs). */
    double value(double[] x, double[] y);

    /** Draws the linear estimator. */
    DrawnLambda draw(LambdaRequest request);

    /** E[λ̂²] at (x, y) where known in closed form (the hybrid theory needs the second moment). */
    default OptionalDouble secondMoment(double[] x, double[] y) {
        return OptionalDouble.empty();
    }
}
