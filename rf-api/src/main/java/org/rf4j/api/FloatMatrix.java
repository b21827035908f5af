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
 * A dense single-precision matrix stored row-major in one {@code float[]}: entry (i, j) is
 * {@code data()[i * cols() + j]}. The fp32 twin of {@link Matrix} for the optional float path
 * (feature maps and attention whose models run in fp32); estimation stays in double.
 *
 * <p>As with {@link Matrix}, the backing array is shared, not copied, zero rows are legal and
 * zero columns are not.
 */
@API(status = API.Status.STABLE, since = "0.1")
public final class FloatMatrix {
    private final int rows;
    private final int cols;
    private final float[] data;

    private FloatMatrix(int rows, int cols, float[] data) {
        this.rows = rows;
        this.cols = cols;
        this.data = data;
    }

    /** A new zero matrix. */
    public static FloatMatrix zeros(int rows, int cols) {
        checkShape(rows, cols);
        return new FloatMatrix(rows, cols, new float[Math.multiplyExact(rows, cols)]);
    }

    /** Wraps a row-major array (no copy). */
    public static FloatMatrix wrap(int rows, int cols, float[] data) {
        checkShape(rows, cols);
        if (data.length != (long) rows * cols) {
            throw new DimensionMismatchException("array of length " + data.length + " cannot hold a "
                    + rows + "x" + cols + " matrix (" + (long) rows * cols + " entries)");
        }
        return new FloatMatrix(rows, cols, data);
    }

    /** Copies a rectangular {@code float[][]}. */
    public static FloatMatrix of(float[][] rowsData) {
        if (rowsData.length == 0) {
            throw new InvalidInputException("matrix has no rows; use FloatMatrix.zeros(0, cols) for an empty batch");
        }
        int c = rowsData[0].length;
        FloatMatrix m = zeros(rowsData.length, c);
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
    public static FloatMatrix row(float[] v) {
        return wrap(1, v.length, v.clone());
    }

    /** Each entry of {@code m} rounded to the nearest float (IEEE round-to-nearest-even). */
    public static FloatMatrix rounded(Matrix m) {
        double[] src = m.data();
        float[] f = new float[src.length];
        for (int k = 0; k < f.length; k++) {
            f[k] = (float) src[k];
        }
        return new FloatMatrix(m.rows(), m.cols(), f);
    }

    /** This matrix widened to double (exact). */
    public Matrix toDouble() {
        double[] d = new double[data.length];
        for (int k = 0; k < d.length; k++) {
            d[k] = data[k];
        }
        return Matrix.wrap(rows, cols, d);
    }

    /** A {@code float[rows][cols]} copy. */
    public float[][] toArray() {
        float[][] a = new float[rows][];
        for (int i = 0; i < rows; i++) {
            a[i] = Arrays.copyOfRange(data, i * cols, (i + 1) * cols);
        }
        return a;
    }

    private static void checkShape(int rows, int cols) {
        if (rows < 0 || cols <= 0) {
            throw new DimensionMismatchException("matrix shape " + rows + "x" + cols
                    + " is not allowed; rows >= 0 and cols >= 1 are required");
        }
    }

    /**
     * Returns {@code out} if it has the given shape, a new zero matrix if {@code out} is null, and
     * throws otherwise.
     */
    public static FloatMatrix requireShape(FloatMatrix out, int rows, int cols, String what) {
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
    public float[] data() {
        return data;
    }

    public float get(int i, int j) {
        return data[i * cols + j];
    }

    public void set(int i, int j, float v) {
        data[i * cols + j] = v;
    }

    /** A copy of row {@code i}. */
    public float[] row(int i) {
        return Arrays.copyOfRange(data, i * cols, (i + 1) * cols);
    }

    /** The shape as text, e.g. {@code 3x4}. */
    public String shape() {
        return rows + "x" + cols;
    }

    /** A deep copy. */
    public FloatMatrix copy() {
        return new FloatMatrix(rows, cols, data.clone());
    }

    /** A copy of rows {@code [from, to)}. */
    public FloatMatrix rowRange(int from, int to) {
        if (from < 0 || to > rows || from > to) {
            throw new DimensionMismatchException("row range [" + from + ", " + to + ") is outside a " + shape() + " matrix");
        }
        return new FloatMatrix(to - from, cols, Arrays.copyOfRange(data, from * cols, to * cols));
    }

    /** Throws {@link InvalidInputException} naming the first NaN or infinite entry's row and column. */
    public FloatMatrix requireFinite(String what) {
        for (int k = 0; k < data.length; k++) {
            if (!Float.isFinite(data[k])) {
                throw new InvalidInputException(what + " (" + shape() + ") has a non-finite entry " + data[k]
                        + " at row " + (k / cols + 1) + ", column " + (k % cols + 1) + " (1-based); all entries must be finite");
            }
        }
        return this;
    }

    /** Throws {@link DimensionMismatchException} unless this matrix has {@code d} columns. */
    public FloatMatrix requireCols(int d, String what) {
        if (cols != d) {
            throw new DimensionMismatchException(what + " is " + shape() + " but " + d + " columns are required");
        }
        return this;
    }

    /** Throws {@link InvalidInputException} if this matrix has no rows. */
    public FloatMatrix requireNonEmpty(String what) {
        if (rows == 0) {
            throw new InvalidInputException(what + " is empty (0x" + cols + "); at least one row is required");
        }
        return this;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof FloatMatrix m && m.rows == rows && m.cols == cols && Arrays.equals(m.data, data);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * rows + cols) + Arrays.hashCode(data);
    }

    @Override
    public String toString() {
        return "FloatMatrix[" + shape() + "]";
    }
}
