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

import org.rf4j.api.FloatMatrix;
import org.rf4j.api.Matrix;
import org.rf4j.api.SparseMatrix;
import org.apiguardian.api.API;

/**
 * A drawn feature map: the query-side map φ₁ and the key-side map φ₂, with
 * {@code K̂(x, y) = φ₁(x)ᵀ φ₂(y)} estimating the unit kernel they were drawn for. Immutable and
 * safe to share between threads.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public interface DrawnFeatures {

    /** d, the input dimension. */
    int inputDimension();

    /** The feature dimension (columns of the output). */
    int outputDimension();

    /** True if every feature is non-negative (required by linear attention). */
    boolean positive();

    /**
     * True if the query and key sides are the same map (φ₁ = φ₂), so {@code K̂(x, x) = |φ₁(x)|²}. The
     * default is false (a caller that needs both sides of a row computes both); maps that know they
     * are symmetric override it.
     */
    default boolean symmetric() {
        return false;
    }

    /**
     * Maps a batch X (n×d, already scaled by the kernel's input scale) to its features
     * (n×outputDimension), writing into {@code out} when not null.
     */
    Matrix map(Side side, Matrix x, Matrix out);

    /**
     * Maps a batch with a per-row stabiliser, for consumers that only need features up to a
     * known positive factor per row (linear attention): writes {@code ψ(xᵢ) = φ(xᵢ)·e^{−cᵢ}}
     * into {@code out} and {@code cᵢ} into {@code logScale[i]}. Maps whose features are
     * exponentials override this to subtract {@code cᵢ} inside the exponent (FAVOR+'s
     * stabiliser), so ψ cannot overflow even where φ would. This default maps, then divides each
     * row by its largest absolute entry (cᵢ = its log; 0 for an all-zero row).
     */
    default Matrix mapStabilized(Side side, Matrix x, Matrix out, double[] logScale) {
        if (logScale.length != x.rows()) {
            throw new org.rf4j.api.DimensionMismatchException("logScale has length " + logScale.length + " but the batch has "
                    + x.rows() + " rows");
        }
        Matrix o = map(side, x, out);
        double[] d = o.data();
        int w = o.cols();
        for (int i = 0; i < o.rows(); i++) {
            double mx = 0;
            for (int j = 0; j < w; j++) {
                mx = Math.max(mx, Math.abs(d[i * w + j]));
            }
            if (mx > 0 && Double.isFinite(mx)) {
                double inv = 1.0 / mx;
                for (int j = 0; j < w; j++) {
                    d[i * w + j] *= inv;
                }
                logScale[i] = Math.log(mx);
            } else {
                logScale[i] = 0.0;
            }
        }
        return o;
    }

    /**
     * The float path (optional; estimation stays in double): maps a float batch X (n×d, already
     * scaled by the kernel's input scale) to float features, writing into {@code out} when not
     * null. The default widens X to double (exactly), maps with {@link #map} and rounds each feature
     * once to float, the most accurate float answer; maps with a native fp32 path override it for
     * speed and state their error against the double path.
     */
    default FloatMatrix mapFloat(Side side, FloatMatrix x, FloatMatrix out) {
        FloatMatrix o = FloatMatrix.requireShape(out, x.rows(), outputDimension(), "features");
        if (x.rows() == 0) {
            x.requireCols(inputDimension(), "feature-map input");
            return o;
        }
        narrow(map(side, x.toDouble(), null), o);
        return o;
    }

    /**
     * The float {@link #mapStabilized}: {@code ψ(xᵢ) = φ(xᵢ)·e^{−cᵢ}} in float, {@code cᵢ} (in double)
     * into {@code logScale[i]}. The default maps in double and rounds ψ once to float.
     */
    default FloatMatrix mapStabilizedFloat(Side side, FloatMatrix x, FloatMatrix out, double[] logScale) {
        FloatMatrix o = FloatMatrix.requireShape(out, x.rows(), outputDimension(), "features");
        if (logScale.length != x.rows()) {
            throw new org.rf4j.api.DimensionMismatchException("logScale has length " + logScale.length
                    + " but the batch has " + x.rows() + " rows");
        }
        if (x.rows() == 0) {
            x.requireCols(inputDimension(), "feature-map input");
            return o;
        }
        narrow(mapStabilized(side, x.toDouble(), null, logScale), o);
        return o;
    }

    private static void narrow(Matrix src, FloatMatrix dst) {
        double[] s = src.data();
        float[] f = dst.data();
        for (int k = 0; k < f.length; k++) {
            f[k] = (float) s[k];
        }
    }

    /**
     * Maps a sparse batch X (n×d, already scaled by the kernel's input scale) to its features, the
     * same bits as {@link #map(Side, Matrix, Matrix)} on X's dense twin, writing into {@code out}
     * when not null. The default densifies a few rows at a time (at most about 2²⁰ entries, or one
     * row), so its scratch stays bounded for any d; {@link DrawnProjectionFeatures} projects the
     * stored entries only, in O(nnz·m).
     */
    default Matrix map(Side side, SparseMatrix x, Matrix out) {
        x.requireCols(inputDimension(), "feature-map input");
        int n = x.rows();
        int width = outputDimension();
        Matrix o = Matrix.requireShape(out, n, width, "features");
        int step = Math.max(1, (1 << 20) / x.cols());
        for (int from = 0; from < n; from += step) {
            int to = Math.min(n, from + step);
            Matrix f = map(side, x.rowsToDense(from, to), null);
            System.arraycopy(f.data(), 0, o.data(), from * width, (to - from) * width);
        }
        return o;
    }

    /** The features of one vector. */
    default double[] map(Side side, double[] x) {
        return map(side, Matrix.row(x), null).data();
    }
}
