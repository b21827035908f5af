package org.rf4j.api.mechanism;

import org.rf4j.api.Matrix;

/**
 * A drawn feature map: the query-side map φ₁ and the key-side map φ₂, with
 * {@code K̂(x, y) = φ₁(x)ᵀ φ₂(y)} estimating the unit kernel they were drawn for. Immutable and
 * safe to share between threads.
 */
public interface RandomFeatures {

    /** d, the input dimension. */
    int inputDimension();

    /** The feature dimension (columns of the output). */
    int outputDimension();

    /** True if every feature is non-negative (required by linear attention). */
    boolean positive();

    /**
     * Maps a batch X (n×d, already scaled by the kernel's input scale) to its features
     * (n×outputDimension), writing into {@code out} when not null.
     */
    Matrix map(Side side, Matrix x, Matrix out);

    /** The features of one vector. */
    default double[] map(Side side, double[] x) {
        return map(side, Matrix.row(x), null).data();
    }
}
