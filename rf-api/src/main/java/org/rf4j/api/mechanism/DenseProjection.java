package org.rf4j.api.mechanism;

import org.rf4j.api.DimensionMismatchException;
import org.rf4j.api.FloatMatrix;
import org.rf4j.api.Matrix;
import org.rf4j.api.SparseMatrix;
import org.rf4j.api.linalg.LinearAlgebra;
import org.rf4j.api.linalg.PackedTranspose;
import org.rf4j.api.linalg.Parallelism;

/** A projection held as a dense m×d matrix W, with optional importance weights. */
public final class DenseProjection implements Projection {
    private final Matrix w;
    private final double[] weights;
    private final PackedTranspose packed;

    /** Wraps W (no copy; W must not change afterwards: a packed Wᵀ is kept for the products). */
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
        this.packed = LinearAlgebra.packTransposed(w);
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
        x.requireCols(w.cols(), "projection input");
        return packed.multiply(x, out, Parallelism.defaults());
    }

    @Override
    public void applyRows(Matrix x, int from, int to, double[] out, int outOff) {
        x.requireCols(w.cols(), "projection input");
        packed.multiplyRows(x.data(), from, to, out, outOff, w.rows());
    }

    /** Sparse rows in O(nnz·m), the dense product's bits (see {@link org.rf4j.api.linalg.SparseProducts}). */
    @Override
    public void applyRows(SparseMatrix x, int from, int to, double[] out, int outOff) {
        x.requireCols(w.cols(), "projection input");
        packed.multiplyRows(x, from, to, out, outOff, w.rows());
    }

    @Override
    public double[] rowSquaredNorms() {
        return w.rowSquaredNorms();
    }

    /**
     * The float product: entry (i, j) is the float fma chain over ascending k of
     * {@code x_ik · fl(w_jk)}, W rounded once to float (packed on first use: m·d floats). Error against
     * the exact {@code wⱼᵀxᵢ}: at most {@code γ_{d+1}·Σ_k |w_jk x_ik|} with {@code γ_n = n·2⁻²⁴/(1 − n·2⁻²⁴)}.
     */
    @Override
    public void applyRows(FloatMatrix x, int from, int to, float[] out, int outOff) {
        x.requireCols(w.cols(), "projection input");
        packed.multiplyRows(x.data(), from, to, out, outOff, w.rows());
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
