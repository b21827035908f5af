package org.rf4j.api.mechanism;

import java.util.OptionalDouble;

/**
 * A configured kernel estimator ({@code random-features}, {@code hybrid}, ...): everything but the
 * kernel and the seed. Drawing it yields a {@link DrawnEstimator}.
 */
public interface Estimator extends Mechanism {


    /** Draws the estimator for a kernel, dimension, optional data and seed. */
    DrawnEstimator draw(EstimatorRequest request);

    /** The number of random projections this estimator uses in dimension d. */
    int projectionCount(int d);

    /**
     * The closed-form MSE of the estimate at (x, y) (caller's coordinates) where known; empty
     * otherwise.
     *
     * @param data the data the estimator would be drawn with (unscaled), or null
     */
    default OptionalDouble theoryMse(org.rf4j.api.kernel.Kernel kernel, double[] x, double[] y, DataSample data) {
        return OptionalDouble.empty();
    }
}
