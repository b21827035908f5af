package org.rf4j.api.linalg;

import org.rf4j.api.DimensionMismatchException;
import org.rf4j.api.Matrix;

/**
 * {@code Wᵀ} (d×m) packed once from W (m×d) for repeated products {@code Z = X·Wᵀ}: the
 * product kernel streams contiguous rows of {@code Wᵀ}. A snapshot: later changes to W are not
 * seen. Immutable and thread-safe.
 */
public final class PackedTranspose {
    private final int m;
    private final int d;
    private final double[] wt;

    PackedTranspose(Matrix w) {
        this.m = w.rows();
        this.d = w.cols();
        this.wt = w.transpose().data();
    }

    /** m, the rows of W (columns of the product). */
    public int count() {
        return m;
    }

    /** d, the columns of W. */
    public int dimension() {
        return d;
    }

    /**
     * Rows {@code [from, to)} of {@code X·Wᵀ} on the calling thread: X is row-major with d
     * columns starting at {@code x[0]}; row i of the product goes to
     * {@code out[outOff + (i − from)·ldo …]}.
     */
    public void multiplyRows(double[] x, int from, int to, double[] out, int outOff, int ldo) {
        if (from < 0 || to < from || (long) to * d > x.length) {
            throw new DimensionMismatchException("rows [" + from + ", " + to + ") are outside an array of "
                    + x.length / d + " rows of " + d);
        }
        if (ldo < m || outOff < 0 || (to > from && outOff + (long) (to - from - 1) * ldo + m > out.length)) {
            throw new DimensionMismatchException("output of length " + out.length + " cannot hold " + (to - from)
                    + " rows of " + m + " at offset " + outOff + " with stride " + ldo);
        }
        if (to > from) {
            LinearAlgebra.kernels().gemm(to - from, m, d, x, from * d, d, 1, wt, 0, m, out, outOff, ldo, false);
        }
    }

    /** {@code out = X·Wᵀ} (X is n×d, out n×m) on the given threads. */
    public Matrix multiply(Matrix x, Matrix out, Parallelism parallelism) {
        x.requireCols(d, "X in X·Wᵀ");
        Matrix o = Matrix.requireShape(out, x.rows(), m, "X·Wᵀ output");
        LinearAlgebra.noAlias(o, x);
        double[] xd = x.data();
        double[] od = o.data();
        LinearAlgebra.rowBlocks(x.rows(), (long) x.rows() * m * d, parallelism, (r0, r1) ->
                LinearAlgebra.kernels().gemm(r1 - r0, m, d, xd, r0 * d, d, 1, wt, 0, m, od, r0 * m, m, false));
        return o;
    }
}
