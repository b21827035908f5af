package org.rf4j.api.mechanism;

/**
 * The joint law of a coupling's projection vectors, as far as closed-form theory needs it: a
 * feature map asks its coupling for this capability, never for its id or class.
 */
public enum JointLaw {
    /** Mutually independent N(0, I_d) vectors. */
    INDEPENDENT,
    /**
     * Blocks of at most d vectors with Haar-random orthogonal directions and independent χ_d norms,
     * independent across blocks (orthogonal random features, Yu et al. 2016).
     */
    HAAR_ORTHOGONAL,
    /**
     * Blocks of at most d vectors whose directions are a Haar-rotated regular simplex, with
     * independent χ_d norms, independent across blocks (simplex random features, Reid et al. 2023).
     */
    SIMPLEX,
    /** Any other joint law (marginals still N(0, I_d)); no closed form is assumed. */
    OTHER
}
