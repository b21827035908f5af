package org.rf4j.api.mechanism;

import org.rf4j.api.DimensionMismatchException;
import org.rf4j.api.Matrix;
import org.rf4j.api.linalg.LinearAlgebra;

/** A projection held as a dense m×d matrix W, with optional importance weights. */
public final class DenseProjection implements Projection {
    private final Matrix w;
    private final double[] weights;

    /** Wraps W (no copy). */
    public DenseProjection(Matrix w) {
        this(w, null);
    }

    /** Wraps W with importance weights (length m, or null for unit weights). */
    public DenseProjection(Matrix w, double[] weights) {
        if (weights != null && weights.length != w.rows()) {
            throw new DimensionMismatchException("importance weights have length " + weights.length + " but W is "
                    + w.shape());
        }
        this.w = w;
        this.weights = weights == null ? null : weights.clone();
    }

    @Override
    public int count() {
        return w.rows();
    }

    @Override
    public int dimension() {
        return w.cols();
    }

    @Override
    public Matrix apply(Matrix x, Matrix out) {
        return LinearAlgebra.multiplyTransposed(x.requireCols(w.cols(), "projection input"), w, out);
    }

    @Override
    public Matrix matrix() {
        return w.copy();
    }

    @Override
    public double[] importanceWeights() {
        return weights == null ? null : weights.clone();
    }
}
