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
package org.rf4j;

import org.rf4j.api.DimensionMismatchException;
import org.rf4j.api.FloatMatrix;
import org.rf4j.api.InvalidInputException;
import org.rf4j.api.Matrix;

/** {@code double[][]} ⇄ {@link Matrix} with the front door's checks (package-private). */
final class Arrays2 {
    /** The argument, or the domain exception naming it when it is null (never a NullPointerException). */
    static <T> T nonNull(T v, String what) {
        if (v == null) {
            throw new InvalidInputException(what + " is null");
        }
        return v;
    }

    private Arrays2() {
    }

    /** Copies a rectangular, finite, non-empty {@code double[][]}; errors name {@code what}, the row and column. */
    static Matrix matrix(String what, double[][] rows) {
        if (rows == null) {
            throw new InvalidInputException(what + " is null");
        }
        if (rows.length == 0) {
            throw new InvalidInputException(what + " has no rows; at least 1 is required");
        }
        int d = columns(what, rows[0] == null ? 0 : rows[0].length);
        double[] a = new double[Math.multiplyExact(rows.length, d)];
        for (int i = 0; i < rows.length; i++) {
            double[] r = rows[i];
            checkRow(what, i, r == null ? -1 : r.length, d);
            for (int j = 0; j < d; j++) {
                if (!Double.isFinite(r[j])) {
                    throw nonFinite(what, r[j], i, j);
                }
            }
            System.arraycopy(r, 0, a, i * d, d);
        }
        return Matrix.wrap(rows.length, d, a);
    }

    /** The float {@link #matrix}: copies a rectangular, finite, non-empty {@code float[][]} with the same checks. */
    static FloatMatrix floatMatrix(String what, float[][] rows) {
        if (rows == null) {
            throw new InvalidInputException(what + " is null");
        }
        if (rows.length == 0) {
            throw new InvalidInputException(what + " has no rows; at least 1 is required");
        }
        int d = columns(what, rows[0] == null ? 0 : rows[0].length);
        float[] a = new float[Math.multiplyExact(rows.length, d)];
        for (int i = 0; i < rows.length; i++) {
            float[] r = rows[i];
            checkRow(what, i, r == null ? -1 : r.length, d);
            for (int j = 0; j < d; j++) {
                if (!Float.isFinite(r[j])) {
                    throw nonFinite(what, r[j], i, j);
                }
            }
            System.arraycopy(r, 0, a, i * d, d);
        }
        return FloatMatrix.wrap(rows.length, d, a);
    }

    private static int columns(String what, int d) {
        if (d == 0) {
            throw new InvalidInputException(what + " row 1 has no columns; at least 1 is required");
        }
        return d;
    }

    private static void checkRow(String what, int i, int length, int d) {
        if (length != d) {
            throw new DimensionMismatchException(what + " row " + (i + 1) + " (1-based) has " + (length < 0 ? "no" : length)
                    + " columns but row 1 has " + d);
        }
    }

    private static InvalidInputException nonFinite(String what, double v, int i, int j) {
        return new InvalidInputException(what + " has " + v + " at row " + (i + 1) + ", column " + (j + 1)
                + " (1-based); only finite values are allowed");
    }

    /** Copies a float matrix into rows. */
    static float[][] rows(FloatMatrix m) {
        return m.toArray();
    }

    /** Copies a matrix into rows. */
    static double[][] rows(Matrix m) {
        double[][] out = new double[m.rows()][];
        for (int i = 0; i < out.length; i++) {
            out[i] = m.row(i);
        }
        return out;
    }

    /** A vector's finiteness. */
    static double[] vector(String what, double[] v, int expectedLength) {
        if (v == null) {
            throw new InvalidInputException(what + " is null");
        }
        if (v.length != expectedLength) {
            throw new DimensionMismatchException(what + " has length " + v.length + " but " + expectedLength
                    + " is required");
        }
        for (int i = 0; i < v.length; i++) {
            if (!Double.isFinite(v[i])) {
                throw new InvalidInputException(what + " has " + v[i] + " at index " + i + "; only finite values are allowed");
            }
        }
        return v;
    }
}
