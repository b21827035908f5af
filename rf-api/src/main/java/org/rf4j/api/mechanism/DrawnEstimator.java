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
package org.rf4j.api.mechanism;

import java.util.Objects;
import org.rf4j.api.Checks;
import org.rf4j.api.DimensionMismatchException;
import org.rf4j.api.FloatMatrix;
import org.rf4j.api.InvalidInputException;
import org.rf4j.api.Matrix;
import org.rf4j.api.RowNormException;
import org.rf4j.api.SparseMatrix;
import org.rf4j.api.kernel.Kernel;
import org.rf4j.api.linalg.LinearAlgebra;
import org.apiguardian.api.API;

/**
 * A drawn kernel estimator: a kernel and drawn features that estimate its unit kernel. Applies
 * the kernel's input scale, then {@code K̂(x, y) = φ₁(x/σ)ᵀφ₂(y/σ)}. Immutable and thread-safe.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class DrawnEstimator {
    private final Kernel kernel;
    private final DrawnFeatures features;

    public DrawnEstimator(Kernel kernel, DrawnFeatures features) {
        this.kernel = Objects.requireNonNull(kernel, "kernel");
        this.features = Objects.requireNonNull(features, "features");
    }

    public Kernel kernel() {
        return kernel;
    }

    /** The drawn features (they take inputs already multiplied by the kernel's input scale). */
    public DrawnFeatures features() {
        return features;
    }

    public int inputDimension() {
        return features.inputDimension();
    }

    /**
     * The features of a batch in the caller's coordinates (scaling applied here). One rule for
     * every map: a row whose squared norm overflows after scaling is refused with a
     * {@link RowNormException} (row index and norm), never mapped to zeros or NaN.
     */
    public Matrix features(Side side, Matrix x, Matrix out) {
        String what = side == Side.QUERY ? "query batch" : "key batch";
        x.requireCols(features.inputDimension(), what).requireFinite(what);
        double s = kernel.inputScale();
        Matrix scaled = s == 1.0 ? x : x.scaled(s);
        RowNormException.check(scaled, what);
        return features.map(side, scaled, out);
    }

    /**
     * The features of a sparse batch in the caller's coordinates: the same checks, scaling and bits
     * as {@link #features(Side, Matrix, Matrix)} on its dense twin (entries are finite by
     * construction), computed from the stored entries (see {@link DrawnFeatures#map(Side, SparseMatrix, Matrix)}).
     */
    public Matrix features(Side side, SparseMatrix x, Matrix out) {
        String what = side == Side.QUERY ? "query batch" : "key batch";
        x.requireCols(features.inputDimension(), what);
        double s = kernel.inputScale();
        SparseMatrix scaled = s == 1.0 ? x : x.scaled(s);
        RowNormException.check(scaled, what);
        return features.map(side, scaled, out);
    }

    /**
     * The float features of a float batch in the caller's coordinates (the optional float path; see
     * {@link DrawnFeatures#mapFloat}): the same checks as {@link #features}, then each entry times the
     * kernel's input scale, in double and rounded once to float (relative error ≤ 2⁻²⁴ per entry; no
     * rounding when the scale is 1). A row with an entry that overflows float after the scale is
     * refused with an {@link InvalidInputException} naming it (a float row's squared norm, summed in
     * double, cannot overflow). A row whose float features are not finite, or that the float map
     * refuses, is mapped in double and rounded once; if its features do not fit float it is refused
     * with a {@link RowNormException} naming the row.
     */
    public FloatMatrix featuresFloat(Side side, FloatMatrix x, FloatMatrix out) {
        String what = side == Side.QUERY ? "query batch" : "key batch";
        x.requireCols(features.inputDimension(), what).requireFinite(what);
        double s = kernel.inputScale();
        FloatMatrix scaled = x;
        if (s != 1.0) {
            float[] src = x.data();
            float[] dst = new float[src.length];
            for (int k = 0; k < dst.length; k++) {
                dst[k] = (float) (src[k] * s);
                if (Float.isInfinite(dst[k])) {
                    throw new InvalidInputException(what + " row " + (k / x.cols() + 1) + " (1-based): its entry " + src[k]
                            + " at column " + (k % x.cols() + 1) + " times the kernel's input scale " + s
                            + " overflows float; rescale the data, use a larger bandwidth or the double path");
                }
            }
            scaled = FloatMatrix.wrap(x.rows(), x.cols(), dst);
        }
        FloatMatrix result;
        boolean[] redo = null;
        try {
            result = features.mapFloat(side, scaled, out);
        } catch (InvalidInputException e) {
            // some row's float computation overflows: map row by row to find which
            result = out != null && out.rows() == x.rows() && out.cols() == features.outputDimension() ? out
                    : FloatMatrix.zeros(x.rows(), features.outputDimension());
            redo = new boolean[x.rows()];
            int d = x.cols();
            int f = features.outputDimension();
            for (int i = 0; i < x.rows(); i++) {
                FloatMatrix row = FloatMatrix.wrap(1, d, java.util.Arrays.copyOfRange(scaled.data(), i * d, (i + 1) * d));
                try {
                    System.arraycopy(features.mapFloat(side, row, null).data(), 0, result.data(), i * f, f);
                } catch (InvalidInputException rowFailure) {
                    redo[i] = true;
                }
            }
        }
        return inDoubleWhereFloatFails(side, x, result, redo, what);
    }

    /**
     * The float path's guard on what it computes: a finite float row whose float features are not
     * finite (its projection {@code wᵀx} overflows float, say, while the double path's features are
     * finite) or whose float map refused it ({@code redo}) is mapped in double at the same float
     * inputs and rounded once; if a feature is then beyond float's range, the row is refused with a
     * {@link RowNormException} naming it, as an overflowing double row is.
     */
    private FloatMatrix inDoubleWhereFloatFails(Side side, FloatMatrix x, FloatMatrix result, boolean[] redo, String what) {
        int d = x.cols();
        int f = result.cols();
        float[] r = result.data();
        for (int i = 0; i < x.rows(); i++) {
            boolean bad = redo != null && redo[i];
            for (int j = 0; j < f && !bad; j++) {
                bad = !Float.isFinite(r[i * f + j]);
            }
            if (!bad) {
                continue;
            }
            double[] row = new double[d];
            for (int k = 0; k < d; k++) {
                row[k] = x.data()[i * d + k];
            }
            double norm = Math.sqrt(java.util.Arrays.stream(row).map(v -> v * v).sum()) * kernel.inputScale();
            double[] wide;
            try {
                wide = features(side, Matrix.row(row), null).data();
            } catch (RowNormException e) {
                throw new RowNormException(what, i, e.norm(), e.problem());
            } catch (InvalidInputException e) {
                throw new RowNormException(what, i, norm, "its features cannot be computed on the float path, nor in double: "
                        + String.valueOf(e.getMessage()).replaceFirst("^(query batch |key batch )?row 1 (\\(1-based\\))?:? ?", "the row "));
            }
            for (int j = 0; j < f; j++) {
                float v = (float) wide[j];
                if (!Float.isFinite(v)) {
                    throw new RowNormException(what, i, norm, "its feature " + (j + 1) + " (1-based) = " + wide[j]
                            + " overflows float on the float path (|v| up to " + Float.MAX_VALUE
                            + "); rescale the data, use a larger bandwidth or the double path");
                }
                r[i * f + j] = v;
            }
        }
        return result;
    }

    /** The pointwise estimate K̂(x, y). */
    public double estimate(double[] x, double[] y) {
        Checks.finite("x", x);
        Checks.finite("y", y);
        Checks.sameLength("x", features.inputDimension(), x.length);
        Checks.sameLength("y", features.inputDimension(), y.length);
        double[] a = features(Side.QUERY, Matrix.row(x), null).data();
        double[] b = features(Side.KEY, Matrix.row(y), null).data();
        double acc = 0;
        for (int i = 0; i < a.length; i++) {
            acc += a[i] * b[i];
        }
        return acc;
    }

    /** The approximate Gram matrix {@code Φ₁(X)Φ₂(Y)ᵀ} (n×l). */
    public Matrix gram(Matrix x, Matrix y) {
        return LinearAlgebra.multiplyTransposed(features(Side.QUERY, x, null), features(Side.KEY, y, null), null);
    }

    /** {@code K̂(X, Y)·c} in O((n + l)·features) without forming K̂. */
    public double[] apply(Matrix x, Matrix y, double[] c) {
        if (c.length != y.rows()) {
            throw new DimensionMismatchException("coefficient vector has length " + c.length + " but Y has " + y.rows()
                    + " rows");
        }
        Checks.finite("c", c);
        double[] t = LinearAlgebra.transposeMultiply(features(Side.KEY, y, null), c, null);
        return LinearAlgebra.multiply(features(Side.QUERY, x, null), t, null);
    }
}
