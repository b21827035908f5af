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
 * An immutable sparse real matrix in compressed sparse row (CSR) form: row i holds the entries
 * {@code k} in {@code [rowStart(i), rowEnd(i))}, each at column {@link #column(int) column(k)} with
 * value {@link #value(int) value(k)}; every other entry is {@code +0.0}.
 *
 * <p>Validated on construction: within each row the column indices are strictly increasing and in
 * {@code [0, cols)}, and every stored value is finite. Stored zeros are allowed (they are kept as
 * given, so a stored {@code -0.0} stays {@code -0.0}). Messages name rows and columns 1-based.
 *
 * <p>The arrays are copied in, never exposed: a {@code SparseMatrix} cannot change after it is
 * built. A matrix with zero rows is legal (an empty batch); a matrix with zero columns is not.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class SparseMatrix {
    private final int rows;
    private final int cols;
    private final int[] rowPtr;
    private final int[] colIdx;
    private final double[] values;

    private SparseMatrix(int rows, int cols, int[] rowPtr, int[] colIdx, double[] values) {
        this.rows = rows;
        this.cols = cols;
        this.rowPtr = rowPtr;
        this.colIdx = colIdx;
        this.values = values;
    }

    /**
     * A CSR matrix from its three arrays (copied): {@code rowPtr} (length rows + 1, from 0 to nnz,
     * non-decreasing), and {@code colIdx}, {@code values} (length nnz; column indices 0-based).
     *
     * @throws DimensionMismatchException if the shape or the array lengths do not agree
     * @throws InvalidInputException      for an unsorted, repeated or out-of-range column index or a
     *                                    non-finite value (naming the row and column 1-based)
     */
    public static SparseMatrix of(int rows, int cols, int[] rowPtr, int[] colIdx, double[] values) {
        checkShape(rows, cols);
        if (rowPtr.length != rows + 1) {
            throw new DimensionMismatchException("row pointer array has length " + rowPtr.length + " but a matrix of "
                    + rows + " rows needs " + (rows + 1));
        }
        if (colIdx.length != values.length) {
            throw new DimensionMismatchException("column index array has length " + colIdx.length
                    + " but the value array has length " + values.length + "; they must agree");
        }
        if (rowPtr[0] != 0 || rowPtr[rows] != colIdx.length) {
            throw new DimensionMismatchException("row pointers must run from 0 to the number of stored entries "
                    + colIdx.length + " but run from " + rowPtr[0] + " to " + rowPtr[rows]);
        }
        int[] p = rowPtr.clone();
        int[] c = colIdx.clone();
        double[] v = values.clone();
        for (int i = 0; i < rows; i++) {
            if (p[i + 1] < p[i]) {
                throw new DimensionMismatchException("row pointers must not decrease but row " + (i + 1)
                        + " (1-based) runs from " + p[i] + " to " + p[i + 1]);
            }
        }
        for (int i = 0; i < rows; i++) {
            checkRow(i, cols, c, v, p[i], p[i + 1]);
        }
        return new SparseMatrix(rows, cols, p, c, v);
    }

    /**
     * The entries of a dense matrix that are not {@code +0.0} (a {@code -0.0} is kept, so
     * {@link #toDense()} gives back the same bits).
     */
    public static SparseMatrix fromDense(Matrix x) {
        x.requireFinite("dense matrix");
        double[] a = x.data();
        int n = x.rows();
        int d = x.cols();
        Builder b = builder(d);
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < d; k++) {
                double v = a[i * d + k];
                if (Double.doubleToRawLongBits(v) != 0L) {
                    b.add(k, v);
                }
            }
            b.endRow();
        }
        return b.build();
    }

    /** A builder of a matrix with {@code cols} columns, row by row. */
    public static Builder builder(int cols) {
        checkShape(0, cols);
        return new Builder(cols);
    }

    private static void checkShape(int rows, int cols) {
        if (rows < 0 || cols <= 0) {
            throw new DimensionMismatchException("sparse matrix shape " + rows + "x" + cols
                    + " is not allowed; rows >= 0 and cols >= 1 are required");
        }
    }

    /** Checks the entries {@code [from, to)} of row {@code i} (0-based). */
    private static void checkRow(int i, int cols, int[] c, double[] v, int from, int to) {
        int prev = -1;
        for (int k = from; k < to; k++) {
            int j = c[k];
            if (j < 0 || j >= cols) {
                throw new InvalidInputException("sparse matrix row " + (i + 1) + ": column " + (j + 1L)
                        + " (1-based) is outside 1.." + cols);
            }
            if (j <= prev) {
                throw new InvalidInputException("sparse matrix row " + (i + 1) + ": column " + (j + 1) + " follows column "
                        + (prev + 1) + " (1-based); the columns of a row must be strictly increasing");
            }
            if (!Double.isFinite(v[k])) {
                throw new InvalidInputException("sparse matrix row " + (i + 1) + ", column " + (j + 1) + " (1-based) is "
                        + v[k] + "; all entries must be finite");
            }
            prev = j;
        }
    }

    public int rows() {
        return rows;
    }

    public int cols() {
        return cols;
    }

    /** The number of stored entries. */
    public int nonZeros() {
        return colIdx.length;
    }

    /** The first stored entry of row {@code i} (0-based). */
    public int rowStart(int i) {
        return rowPtr[i];
    }

    /** One past the last stored entry of row {@code i} (0-based). */
    public int rowEnd(int i) {
        return rowPtr[i + 1];
    }

    /** The 0-based column of stored entry {@code k}. */
    public int column(int k) {
        return colIdx[k];
    }

    /** The value of stored entry {@code k}. */
    public double value(int k) {
        return values[k];
    }

    /** The shape as text, e.g. {@code 3x262144}. */
    public String shape() {
        return rows + "x" + cols;
    }

    /** The dense twin (n×cols; absent entries {@code +0.0}). */
    public Matrix toDense() {
        return rowsToDense(0, rows);
    }

    /** Rows {@code [from, to)} as a dense matrix. */
    public Matrix rowsToDense(int from, int to) {
        if (from < 0 || to > rows || from > to) {
            throw new DimensionMismatchException("row range [" + from + ", " + to + ") is outside a " + shape()
                    + " sparse matrix");
        }
        Matrix m = Matrix.zeros(to - from, cols);
        rowsToDense(from, to, m.data(), 0);
        return m;
    }

    /**
     * Writes rows {@code [from, to)} densely into {@code out} from {@code outOff} (row-major, cols
     * per row; absent entries {@code +0.0}).
     */
    public void rowsToDense(int from, int to, double[] out, int outOff) {
        Arrays.fill(out, outOff, outOff + (to - from) * cols, 0.0);
        for (int i = from; i < to; i++) {
            int o = outOff + (i - from) * cols;
            for (int k = rowPtr[i]; k < rowPtr[i + 1]; k++) {
                out[o + colIdx[k]] = values[k];
            }
        }
    }

    /** This matrix with every stored value times {@code factor} (the same pattern), as a new matrix. */
    public SparseMatrix scaled(double factor) {
        double[] v = values.clone();
        for (int k = 0; k < v.length; k++) {
            v[k] *= factor;
        }
        return new SparseMatrix(rows, cols, rowPtr, colIdx, v);
    }

    /**
     * The squared Euclidean norm of row {@code i}: the stored values' squares summed in column order
     * (the same bits as the dense row's sum, whose absent terms add {@code +0.0}).
     */
    public double rowSquaredNorm(int i) {
        double acc = 0;
        for (int k = rowPtr[i]; k < rowPtr[i + 1]; k++) {
            acc += values[k] * values[k];
        }
        return acc;
    }

    /** Throws {@link DimensionMismatchException} unless this matrix has {@code d} columns. */
    public SparseMatrix requireCols(int d, String what) {
        if (cols != d) {
            throw new DimensionMismatchException(what + " is " + shape() + " but " + d + " columns are required");
        }
        return this;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SparseMatrix s && s.rows == rows && s.cols == cols && Arrays.equals(s.rowPtr, rowPtr)
                && Arrays.equals(s.colIdx, colIdx) && Arrays.equals(s.values, values);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * (31 * rows + cols) + Arrays.hashCode(colIdx)) + Arrays.hashCode(values);
    }

    @Override
    public String toString() {
        return "SparseMatrix[" + shape() + ", " + nonZeros() + " stored]";
    }

    /**
     * Builds a {@link SparseMatrix} row by row: {@link #add} the entries of a row in increasing
     * column order, then {@link #endRow}. Each row is checked when it ends. Not thread-safe.
     */
    public static final class Builder {
        private final int cols;
        private int[] rowPtr = new int[17];
        private int[] colIdx = new int[64];
        private double[] values = new double[64];
        private int rows;
        private int nnz;

        private Builder(int cols) {
            this.cols = cols;
        }

        /** Adds entry (current row, {@code column}) with {@code value}; column 0-based. */
        public Builder add(int column, double value) {
            if (nnz == colIdx.length) {
                int cap = Math.max(64, nnz + (nnz >> 1));
                colIdx = Arrays.copyOf(colIdx, cap);
                values = Arrays.copyOf(values, cap);
            }
            colIdx[nnz] = column;
            values[nnz] = value;
            nnz++;
            return this;
        }

        /** Adds a whole row: {@code columns} (0-based, increasing) with their {@code values}, and ends it. */
        public Builder addRow(int[] columns, double[] rowValues) {
            if (columns.length != rowValues.length) {
                throw new DimensionMismatchException("row " + (rows + 1) + " has " + columns.length + " column indices but "
                        + rowValues.length + " values; they must agree");
            }
            for (int k = 0; k < columns.length; k++) {
                add(columns[k], rowValues[k]);
            }
            return endRow();
        }

        /**
         * Ends the current row, checking it (strictly increasing in-range columns, finite values).
         *
         * @throws InvalidInputException naming the row and column 1-based
         */
        public Builder endRow() {
            int from = rowPtr[rows];
            checkRow(rows, cols, colIdx, values, from, nnz);
            if (rows + 2 > rowPtr.length) {
                rowPtr = Arrays.copyOf(rowPtr, rowPtr.length * 2);
            }
            rows++;
            rowPtr[rows] = nnz;
            return this;
        }

        /** The rows ended so far. */
        public int rows() {
            return rows;
        }

        /** Discards every row (keeping the buffers), to build the next batch. */
        public Builder clear() {
            rows = 0;
            nnz = 0;
            return this;
        }

        /** The matrix of the rows ended so far (entries added after the last {@link #endRow} are not in it). */
        public SparseMatrix build() {
            return new SparseMatrix(rows, cols, Arrays.copyOf(rowPtr, rows + 1), Arrays.copyOf(colIdx, rowPtr[rows]),
                    Arrays.copyOf(values, rowPtr[rows]));
        }
    }
}
