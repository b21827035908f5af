package org.rf4j;

import org.rf4j.api.DimensionMismatchException;
import org.rf4j.api.InvalidInputException;
import org.rf4j.api.Matrix;

/** {@code double[][]} ⇄ {@link Matrix} with the front door's checks (package-private). */
final class Arrays2 {
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
        if (rows[0] == null || rows[0].length == 0) {
            throw new InvalidInputException(what + " row 0 has no columns; at least 1 is required");
        }
        int d = rows[0].length;
        double[] a = new double[Math.multiplyExact(rows.length, d)];
        for (int i = 0; i < rows.length; i++) {
            double[] r = rows[i];
            if (r == null || r.length != d) {
                throw new DimensionMismatchException(what + " row " + i + " has " + (r == null ? "no" : r.length)
                        + " columns but row 0 has " + d);
            }
            for (int j = 0; j < d; j++) {
                if (!Double.isFinite(r[j])) {
                    throw new InvalidInputException(what + " has " + r[j] + " at row " + i + ", column " + j
                            + "; only finite values are allowed");
                }
            }
            System.arraycopy(r, 0, a, i * d, d);
        }
        return Matrix.wrap(rows.length, d, a);
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
