package org.rf4j.api.mechanism;

/**
 * The capability of an estimator built from m projections of one coupling mapped by one feature
 * map (optionally through a sampling policy), as the {@code random-features} estimator is. Hybrids
 * ask for it to share one draw of projections between bases (HRF Theorem 3.1, variant II) and to
 * recognise the bipolar pair, instead of depending on a concrete estimator class.
 */
public interface ProjectionEstimator extends Estimator {
    /** How the projections are drawn jointly. */
    Coupling coupling();

    /** The feature map applied to the projections. */
    FeatureMap featureMap();

    /** The importance-sampling policy, or null for the standard distribution. */
    SamplingPolicy sampling();

    /** m, the number of projections. */
    int m();
}
