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
package org.rf4j.features.kernelmaps;

import org.rf4j.api.InvalidInputException;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Matrix;
import org.rf4j.api.SparseMatrix;
import org.rf4j.api.mechanism.DrawnFeatures;
import org.rf4j.api.mechanism.FixedShapeFeatures;
import org.rf4j.api.mechanism.Side;
import org.apiguardian.api.API;

/**
 * The common frame of the kernel maps in this package: a drawn, immutable, symmetric map
 * (φ₁ = φ₂) applied row by row. {@link #map(Side, Matrix, Matrix)} checks the batch's width and
 * finiteness (naming the 1-based row and column), lets the map check its own domain, then fills
 * the output on the calling thread (the maps never start threads: a caller that wants more
 * splits the batch).
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public abstract sealed class RowFeatures extends FixedShapeFeatures
        permits ArcCosineFeatures, TensorSketchFeatures, RandomMaclaurinFeatures, AdditiveChi2Features,
        SkewedChi2Features {
    private static final String WHAT = "feature-map input";
    /** The largest polynomial degree the maps accept. */
    static final int MAX_DEGREE = 1024;

    /** A map with features of either sign. */
    RowFeatures(int d, int width) {
        this(d, width, false);
    }

    RowFeatures(int d, int width, boolean positive) {
        super(d, width, positive);
    }

    @Override
    public final boolean symmetric() {
        return true;
    }

    /** The features of a batch X (n×d), one row per row of X; the same as {@code map(QUERY, x, null)}. */
    public final Matrix transform(Matrix x) {
        return map(Side.QUERY, x, null);
    }

    @Override
    public final Matrix map(Side side, Matrix x, Matrix out) {
        x.requireCols(d, WHAT).requireFinite(WHAT);
        double[] src = x.data();
        for (int k = 0; k < src.length; k++) {
            checkEntry(src[k], k / d, k % d);
        }
        int n = x.rows();
        Matrix o = Matrix.requireShape(out, n, width, "features");
        fill(src, n, o.data());
        return o;
    }

    /**
     * The sparse batch: its stored entries are checked here, naming their row and column in the whole
     * batch (implicit zeros are in every map's domain), then it is mapped a few dense rows at a time
     * with the same bits as its dense twin.
     */
    @Override
    public final Matrix map(Side side, SparseMatrix x, Matrix out) {
        x.requireCols(d, WHAT);
        for (int i = 0; i < x.rows(); i++) {
            for (int k = x.rowStart(i); k < x.rowEnd(i); k++) {
                double v = x.value(k);
                if (!Double.isFinite(v)) {
                    throw new InvalidInputException(WHAT + " (" + x.shape() + ") has a non-finite entry " + v
                            + " at row " + (i + 1) + ", column " + (x.column(k) + 1) + " (1-based); all entries must be finite");
                }
                checkEntry(v, i, x.column(k));
            }
        }
        return super.map(side, x, out); // the interface's default: a few densified rows at a time
    }

    /** Fills the n output rows from the n input rows (row-major); the default goes row by row. */
    void fill(double[] x, int n, double[] out) {
        for (int i = 0; i < n; i++) {
            fillRow(x, i * d, out, i * width);
        }
    }

    /** Refuses an entry outside the map's domain (row and column 0-based); the default accepts any. */
    void checkEntry(double value, int row, int column) {
    }

    /**
     * Writes the features of {@code x[xOff .. xOff+d)} into {@code out[outOff .. outOff+width)}; maps
     * that override {@link #fill} for the whole batch do not need it.
     */
    void fillRow(double[] x, int xOff, double[] out, int outOff) {
        throw new UnsupportedOperationException(getClass().getSimpleName() + " maps whole batches");
    }

    /** An input entry refused, naming its 1-based row and column and what is allowed. */
    static InvalidInputException badEntry(String kernel, double value, int row, int column, String allowed) {
        return new org.rf4j.api.InputEntryException(WHAT, row, column, value,
                "is not allowed for the " + kernel + " kernel; allowed: " + allowed);
    }

    static int positiveCount(String key, int value) {
        if (value < 1) {
            throw new InvalidParameterException(key, value, "an integer >= 1");
        }
        return value;
    }

    /** The polynomial degree p, 1 to {@value #MAX_DEGREE} (each degree draws its own hashes or vectors). */
    static int degree(int value) {
        if (value < 1 || value > MAX_DEGREE) {
            throw new InvalidParameterException("degree", value, "an integer from 1 to " + MAX_DEGREE);
        }
        return value;
    }

    static double positiveFinite(String key, double value) {
        if (!(value > 0) || Double.isInfinite(value)) {
            throw new InvalidParameterException(key, value, "a finite number > 0");
        }
        return value;
    }

    /** The size of a drawn m×d (or (m·p)×d) table, refused naming m when it would not fit an array. */
    static int cells(long m, long rows, long d) {
        long n = rows * d;
        if (rows > Integer.MAX_VALUE || n > Integer.MAX_VALUE - 8) {
            throw new InvalidParameterException("m", m, "at most " + ((Integer.MAX_VALUE - 8) / (rows / m * d))
                    + " here (the drawn table of " + rows + "x" + d + " entries must fit one array)");
        }
        return (int) n;
    }

    /** Output width d·k or m·k, refused when it would not fit an array. */
    static int width(String what, long width) {
        if (width > Integer.MAX_VALUE - 8) {
            throw new InvalidParameterException(what, width, "an output width below 2^31 - 8 features");
        }
        return (int) width;
    }
}
