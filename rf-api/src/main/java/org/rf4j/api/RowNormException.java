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

import org.apiguardian.api.API;

/**
 * A row whose squared norm overflows a double (after the kernel's input scale), so no feature
 * map can compute a meaningful value for it: every map refuses such a row with this exception
 * rather than returning zeros or NaN. Subclasses refuse rows for other reasons the same way
 * ({@link DegenerateRowException}: features that underflow). Carries the row index in the batch and the row's
 * norm, so a caller that knows where the batch came from (a file, a line) can say so.
 *
 * <p><b>Numbering.</b> As in every rf4j exception, the message numbers rows and columns from 1
 * ({@code "X row 4 (1-based): ..."} for the fourth row); {@link #row()} is the 0-based index for
 * programs ({@code 3} for the same row).
 */
@API(status = API.Status.STABLE, since = "0.1")
public class RowNormException extends InvalidInputException {
    private static final long serialVersionUID = 1L;

    /** The largest norm whose square is a finite double (≈ 1.34e154). */
    public static final double MAX_NORM = Math.sqrt(Double.MAX_VALUE);

    private final int row;
    private final double norm;
    private final String problem;

    /**
     * @param what the batch (e.g. "query batch")
     * @param row  0-based row index in the batch
     * @param norm the row's Euclidean norm after the input scale (may be +∞)
     */
    public RowNormException(String what, int row, double norm) {
        this(what, row, norm, problem(norm));
    }

    /**
     * A row that no map of this path can compute for another reason than its norm (e.g. float
     * features that overflow float, or features that underflow: {@link DegenerateRowException}):
     * the same row and norm, and {@code problem} as the reason.
     *
     * @param problem what is wrong with the row and what is allowed, without the row
     */
    public RowNormException(String what, int row, double norm, String problem) {
        super(what + " row " + (row + 1) + " (1-based): " + problem);
        this.row = row;
        this.norm = norm;
        this.problem = problem;
    }

    private RowNormException(int row, double norm, String rest) {
        super("row " + (row + 1) + " (1-based) " + rest);
        this.row = row;
        this.norm = norm;
        this.problem = "the row " + rest;
    }

    /**
     * A row a map refuses for a reason it states ({@code rest}, e.g. "has squared norm … ; its
     * feature … overflows"): the message is {@code "row " + (row + 1) + " (1-based) " + rest}, and
     * {@link #problem()} says "the row " + rest, so a caller can put the file and line first.
     */
    public static RowNormException atRow(int row, double norm, String rest) {
        return new RowNormException(row, norm, rest);
    }

    private static String problem(double norm) {
        return "its norm " + norm + " (after the kernel's input scale) squared overflows a double; norms up to "
                + String.format(java.util.Locale.ROOT, "%.3g", MAX_NORM)
                + " are allowed: rescale the data or use a larger bandwidth";
    }

    /** The 0-based row index in the batch (the message shows it plus one). */
    public int row() {
        return row;
    }

    /** The row's norm after the input scale (may be +∞). */
    public double norm() {
        return norm;
    }

    /** The message without the row: what is wrong with it and what is allowed. */
    public String problem() {
        return problem;
    }

    /**
     * Checks every row of {@code x} (already scaled) and throws for the first whose squared
     * norm is not finite. Entries must already be finite.
     */
    public static void check(Matrix x, String what) {
        double[] a = x.data();
        int d = x.cols();
        for (int i = 0; i < x.rows(); i++) {
            int o = i * d;
            double sq = 0;
            for (int k = 0; k < d; k++) {
                sq += a[o + k] * a[o + k];
            }
            if (sq == Double.POSITIVE_INFINITY) {
                throw new RowNormException(what, i, norm(a, o, d));
            }
        }
    }

    /** {@link #check(Matrix, String)} for a sparse batch (absent entries are zeros: the same rows refused). */
    public static void check(SparseMatrix x, String what) {
        for (int i = 0; i < x.rows(); i++) {
            if (x.rowSquaredNorm(i) == Double.POSITIVE_INFINITY) {
                int from = x.rowStart(i);
                int len = x.rowEnd(i) - from;
                double[] v = new double[len];
                for (int k = 0; k < len; k++) {
                    v[k] = x.value(from + k);
                }
                throw new RowNormException(what, i, norm(v, 0, len));
            }
        }
    }

    /** The norm computed without overflow (scaled by the largest entry). */
    private static double norm(double[] a, int o, int d) {
        double mx = 0;
        for (int k = 0; k < d; k++) {
            mx = Math.max(mx, Math.abs(a[o + k]));
        }
        if (mx == 0 || Double.isInfinite(mx)) {
            return mx;
        }
        double sq = 0;
        for (int k = 0; k < d; k++) {
            double t = a[o + k] / mx;
            sq += t * t;
        }
        return mx * Math.sqrt(sq);
    }
}
