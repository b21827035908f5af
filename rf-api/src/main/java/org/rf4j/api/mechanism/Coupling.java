package org.rf4j.api.mechanism;

import java.util.random.RandomGenerator;

/**
 * How the projection vectors are drawn jointly. Every coupling's vectors are each marginally
 * {@code N(0, I_d)} (that is what keeps every estimator built on them unbiased); couplings
 * differ in how the vectors depend on each other (iid, orthogonal, simplex, ...).
 */
public interface Coupling extends Mechanism {


    /**
     * Draws m projection vectors in dimension d.
     *
     * @throws org.rf4j.api.InvalidParameterException if m ≤ 0 or d is below {@link #minimumDimension()}
     */
    Projection draw(int m, int d, RandomGenerator rng);

    /** The smallest input dimension this coupling supports. */
    default int minimumDimension() {
        return 1;
    }

    /** True if the vectors are mutually independent (the {@code iid} coupling). */
    default boolean independent() {
        return jointLaw() == JointLaw.INDEPENDENT;
    }

    /**
     * The joint law of the vectors, for closed-form theory ({@link JointLaw#OTHER} unless a coupling
     * draws exactly one of the known laws).
     */
    default JointLaw jointLaw() {
        return JointLaw.OTHER;
    }
}
