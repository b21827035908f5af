/*
 * Copyright 2026 The rf4j developers
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package org.rf4j.api.linalg;

import org.rf4j.api.DimensionMismatchException;
import org.rf4j.api.Matrix;
import org.apiguardian.api.API;

/**
 * {@code Wᵀ} (d×m) packed once from W (m×d) for repeated products {@code Z = X·Wᵀ}: the
 * product kernel streams contiguous rows of {@code Wᵀ}. A snapshot: later changes to W are not
 * seen. Immutable and thread-safe.
 *
 * <p>The float path ({@link #multiplyRows(float[], int, int, float[], int, int)}) uses a float copy
 * of {@code Wᵀ} (each entry rounded once to the nearest float), packed on first use so that
 * double-only users do not hold its m·d floats.
 */
@API(status = API.Status.INTERNAL, since = "0.1")
public final class PackedTranspose {
    private final int m;
    private final int d;
    private final double[] wt;
    /** The float copy of wt, made on first float product (a benign race: every copy has the same bits). */
    private volatile float[] wtFloat;

    PackedTranspose(Matrix w) {
        this.m = w.rows();
        this.d = w.cols();
        this.wt = w.transpose().data();
    }

    /** W (m×d) again, as a new matrix: the same bits as the matrix packed. */
    public Matrix unpack() {
        return Matrix.wrap(d, m, wt.clone()).transpose();
    }

    /** {@code |w_j|²} for each row of W, summed in ascending column order (as {@link Matrix#rowSquaredNorms()}). */
    public double[] rowSquaredNorms() {
        double[] s = new double[m];
        for (int k = 0; k < d; k++) {
            for (int j = 0; j < m; j++) {
                s[j] += wt[k * m + j] * wt[k * m + j];
            }
        }
        return s;
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
        checkRows(x.length, from, to, out.length, outOff, ldo);
        if (to > from) {
            LinearAlgebra.kernels().gemm(to - from, m, d, x, from * d, d, 1, wt, 0, m, out, outOff, ldo, false);
        }
    }

    /**
     * Rows {@code [from, to)} of {@code X·Wᵀ} for sparse X, in O(nnz·m): the same bits as
     * {@link #multiplyRows(double[], int, int, double[], int, int)} on X's dense twin (see
     * {@link SparseProducts}); row i goes to {@code out[outOff + (i − from)·ldo …]}.
     */
    public void multiplyRows(org.rf4j.api.SparseMatrix x, int from, int to, double[] out, int outOff, int ldo) {
        x.requireCols(d, "X in X·Wᵀ");
        checkRows((long) x.rows() * d, from, to, out.length, outOff, ldo);
        for (int i = from; i < to; i++) {
            SparseProducts.row(x, i, wt, m, out, outOff + (i - from) * ldo);
        }
    }

    /**
     * The float {@link #multiplyRows(double[], int, int, double[], int, int)}: each entry is the float
     * fma chain over ascending k of {@code x_k · fl(w_k)} (the {@link VectorKernels} float gemm), with W
     * rounded once to float.
     */
    public void multiplyRows(float[] x, int from, int to, float[] out, int outOff, int ldo) {
        checkRows(x.length, from, to, out.length, outOff, ldo);
        if (to > from) {
            LinearAlgebra.kernels().gemm(to - from, m, d, x, from * d, d, 1, floatTranspose(), 0, m, out, outOff, ldo,
                    false);
        }
    }

    /** The float copy of {@code Wᵀ} (d×m, each entry rounded once), packed on first use. */
    private float[] floatTranspose() {
        float[] f = wtFloat;
        if (f == null) {
            f = new float[wt.length];
            for (int k = 0; k < f.length; k++) {
                f[k] = (float) wt[k];
            }
            wtFloat = f;
        }
        return f;
    }

    private void checkRows(long xLength, int from, int to, int outLength, int outOff, int ldo) {
        if (from < 0 || to < from || (long) to * d > xLength) {
            throw new DimensionMismatchException("rows [" + from + ", " + to + ") are outside an array of "
                    + xLength / d + " rows of " + d);
        }
        if (ldo < m || outOff < 0 || (to > from && outOff + (long) (to - from - 1) * ldo + m > outLength)) {
            throw new DimensionMismatchException("output of length " + outLength + " cannot hold " + (to - from)
                    + " rows of " + m + " at offset " + outOff + " with stride " + ldo);
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
