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
package org.rf4j.api;

import java.util.Arrays;
import org.apiguardian.api.API;

/**
 * A dense real matrix stored row-major in one {@code double[]}: entry (i, j) is
 * {@code data()[i * cols() + j]}.
 *
 * <p>The backing array is shared, not copied ({@link #data()} returns it), so batch operations
 * can write into caller-supplied output buffers without allocation. A matrix with zero rows is
 * legal (an empty batch); a matrix with zero columns is not.
 */
@API(status = API.Status.STABLE, since = "0.1")
public final class Matrix {
    private final int rows;
    private final int cols;
    private final double[] data;

    private Matrix(int rows, int cols, double[] data) {
        this.rows = rows;
        this.cols = cols;
        this.data = data;
    }

    /** A new zero matrix. */
    public static Matrix zeros(int rows, int cols) {
        checkShape(rows, cols);
        return new Matrix(rows, cols, new double[Math.multiplyExact(rows, cols)]);
    }

    /**
     * A matrix with iid {@code N(0, std²)} entries drawn row by row from the seed's generator
     * ({@link org.rf4j.api.random.Seeds#generator(long)}): the same entries on every machine.
     */
    public static Matrix gaussian(int rows, int cols, double std, long seed) {
        Matrix x = zeros(rows, cols);
        java.util.random.RandomGenerator g = org.rf4j.api.random.Seeds.generator(seed);
        for (int i = 0; i < x.data.length; i++) {
            x.data[i] = std * g.nextGaussian();
        }
        return x;
    }

    /** Wraps a row-major array (no copy). */
    public static Matrix wrap(int rows, int cols, double[] data) {
        checkShape(rows, cols);
        if (data.length != (long) rows * cols) {
            throw new DimensionMismatchException("array of length " + data.length + " cannot hold a "
                    + rows + "x" + cols + " matrix (" + (long) rows * cols + " entries)");
        }
        return new Matrix(rows, cols, data);
    }

    /** Copies a rectangular {@code double[][]}. */
    public static Matrix of(double[][] rowsData) {
        if (rowsData.length == 0) {
            throw new InvalidInputException("matrix has no rows; use Matrix.zeros(0, cols) for an empty batch");
        }
        int c = rowsData[0].length;
        Matrix m = zeros(rowsData.length, c);
        for (int i = 0; i < rowsData.length; i++) {
            if (rowsData[i].length != c) {
                throw new DimensionMismatchException("row " + (i + 1) + " (1-based) has " + rowsData[i].length
                        + " columns but row 1 has " + c);
            }
            System.arraycopy(rowsData[i], 0, m.data, i * c, c);
        }
        return m;
    }

    /** A 1×d matrix holding a copy of {@code v}. */
    public static Matrix row(double[] v) {
        return wrap(1, v.length, v.clone());
    }

    private static void checkShape(int rows, int cols) {
        if (rows < 0 || cols <= 0) {
            throw new DimensionMismatchException("matrix shape " + rows + "x" + cols
                    + " is not allowed; rows >= 0 and cols >= 1 are required");
        }
    }

    /**
     * Returns {@code out} if it has the given shape, a new zero matrix if {@code out} is null, and
     * throws otherwise. The standard way for batch APIs to accept an optional output buffer.
     */
    public static Matrix requireShape(Matrix out, int rows, int cols, String what) {
        if (out == null) {
            return zeros(rows, cols);
        }
        if (out.rows != rows || out.cols != cols) {
            throw new DimensionMismatchException(what + " buffer is " + out.shape() + " but " + rows + "x" + cols
                    + " is required");
        }
        return out;
    }

    public int rows() {
        return rows;
    }

    public int cols() {
        return cols;
    }

    /** The live row-major backing array. */
    public double[] data() {
        return data;
    }

    public double get(int i, int j) {
        return data[i * cols + j];
    }

    public void set(int i, int j, double v) {
        data[i * cols + j] = v;
    }

    /** A copy of row {@code i}. */
    public double[] row(int i) {
        return Arrays.copyOfRange(data, i * cols, (i + 1) * cols);
    }

    /** The rows as a new {@code double[][]} (a copy: the way back to plain Java arrays). */
    public double[][] toArray() {
        double[][] out = new double[rows][];
        for (int i = 0; i < rows; i++) {
            out[i] = row(i);
        }
        return out;
    }

    /** The shape as text, e.g. {@code 3x4}. */
    public String shape() {
        return rows + "x" + cols;
    }

    /** A deep copy. */
    public Matrix copy() {
        return new Matrix(rows, cols, data.clone());
    }

    /** The transpose, as a new matrix. */
    public Matrix transpose() {
        Matrix t = zeros(cols, rows);
        double[] td = t.data;
        // 32 × 32 tiles: both the rows read and the rows written stay in cache (a plain double loop
        // misses on every write once a row of the result is longer than a few cache lines)
        for (int i0 = 0; i0 < rows; i0 += 32) {
            int i1 = Math.min(rows, i0 + 32);
            for (int j0 = 0; j0 < cols; j0 += 32) {
                int j1 = Math.min(cols, j0 + 32);
                for (int i = i0; i < i1; i++) {
                    int src = i * cols;
                    for (int j = j0; j < j1; j++) {
                        td[j * rows + i] = data[src + j];
                    }
                }
            }
        }
        return t;
    }

    /** A copy of rows {@code [from, to)}. */
    public Matrix rowRange(int from, int to) {
        if (from < 0 || to > rows || from > to) {
            throw new DimensionMismatchException("row range [" + from + ", " + to + ") is outside a " + shape() + " matrix");
        }
        return new Matrix(to - from, cols, Arrays.copyOfRange(data, from * cols, to * cols));
    }

    /** The squared Euclidean norm of each row. */
    public double[] rowSquaredNorms() {
        double[] s = new double[rows];
        for (int i = 0; i < rows; i++) {
            double acc = 0;
            int o = i * cols;
            for (int j = 0; j < cols; j++) {
                acc += data[o + j] * data[o + j];
            }
            s[i] = acc;
        }
        return s;
    }

    /** This matrix times a scalar, as a new matrix. */
    public Matrix scaled(double factor) {
        double[] d = data.clone();
        for (int i = 0; i < d.length; i++) {
            d[i] *= factor;
        }
        return new Matrix(rows, cols, d);
    }

    /**
     * Throws {@link InvalidInputException} naming the first NaN or infinite entry's row and column.
     *
     * @param what how the matrix is called in the message (e.g. "query batch")
     */
    public Matrix requireFinite(String what) {
        for (int k = 0; k < data.length; k++) {
            if (!Double.isFinite(data[k])) {
                throw new InvalidInputException(what + " (" + shape() + ") has a non-finite entry " + data[k]
                        + " at row " + (k / cols + 1) + ", column " + (k % cols + 1) + " (1-based); all entries must be finite");
            }
        }
        return this;
    }

    /** Throws {@link DimensionMismatchException} unless this matrix has {@code d} columns. */
    public Matrix requireCols(int d, String what) {
        if (cols != d) {
            throw new DimensionMismatchException(what + " is " + shape() + " but " + d + " columns are required");
        }
        return this;
    }

    /** Throws {@link InvalidInputException} if this matrix has no rows. */
    public Matrix requireNonEmpty(String what) {
        if (rows == 0) {
            throw new InvalidInputException(what + " is empty (0x" + cols + "); at least one row is required");
        }
        return this;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Matrix m && m.rows == rows && m.cols == cols && Arrays.equals(m.data, data);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * rows + cols) + Arrays.hashCode(data);
    }

    @Override
    public String toString() {
        return "Matrix[" + shape() + "]";
    }
}
