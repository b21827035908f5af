package org.rf4j.api.mechanism;

import java.util.OptionalDouble;

/**
 * A configured feature map: the recipe φ(x, ω) and its parameters, not yet drawn. Drawing it
 * ({@link #draw}) fixes the projections and returns {@link DrawnFeatures}.
 */
public interface FeatureMap extends Mechanism {


    /** True if the drawn features are non-negative. */
    boolean positive();

    /** True if the features are complex before realification (the estimate is a real part). */
    default boolean complex() {
        return false;
    }

    /**
     * Data this map was configured with (a {@code data} file), in the caller's coordinates, or null.
     * An estimator brings it into kernel coordinates (multiplies it by the kernel's input scale) and
     * passes it as {@link FeatureRequest#data()}, so a map fits its parameters to its own data at any
     * bandwidth.
     */
    default DataSample data() {
        return null;
    }

    /**
     * Fits the map's data-dependent parameters (see {@link Estimator#fit}); {@code data} is the view
     * for this map's config path. Maps with nothing to fit return themselves.
     */
    default FeatureMap fit(FitData data) {
        return this;
    }

    /** The output dimension for m projections in dimension d. */
    int outputDimension(int m, int d);

    /** Draws the features. */
    DrawnFeatures draw(FeatureRequest request);

    /**
     * True if this map can draw its projections with the given coupling. Maps that consume
     * discrete ω (Poisson, geometric) accept only independent draws.
     */
    default boolean accepts(Coupling coupling) {
        return true;
    }

    /**
     * The closed-form MSE of the estimator {@code K̂(x, y)} built from m of these features at the
     * query's inputs, where rf-theory has one; empty otherwise.
     */
    default OptionalDouble theoryMse(PointQuery query) {
        return OptionalDouble.empty();
    }
}
