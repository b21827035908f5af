package org.rf4j.api.mechanism;

import org.rf4j.api.Matrix;

/**
 * Drawn projection vectors {@code w_1..w_m} in {@code R^d}: a dense matrix W (m×d) or a
 * structured operator (HD products, Givens rotations) that applies itself without
 * materialising W.
 */
public interface Projection {

    /** m, the number of projection vectors. */
    int count();

    /** d, the input dimension. */
    int dimension();

    /**
     * {@code out = X·Wᵀ} (n×m) for a batch X (n×d); {@code out} may be null to allocate.
     * Implementations must not keep {@code x} or {@code out}.
     */
    Matrix apply(Matrix x, Matrix out);

    /** W as a dense m×d matrix (a copy, or materialised for structured operators). */
    default Matrix matrix() {
        int d = dimension();
        Matrix eye = Matrix.zeros(d, d);
        for (int i = 0; i < d; i++) {
            eye.set(i, i, 1.0);
        }
        return apply(eye, null).transpose();
    }

    /**
     * Importance weights {@code p_Ω(w_j)/p_Ψ(w_j)}, one per projection, or null when all are 1
     * (the projections were drawn from the standard distribution).
     */
    default double[] importanceWeights() {
        return null;
    }
}
