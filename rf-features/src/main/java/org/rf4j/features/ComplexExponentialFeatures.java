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
package org.rf4j.features;

import java.util.Optional;
import java.util.OptionalDouble;
import org.rf4j.api.DimensionMismatchException;
import org.rf4j.api.InvalidInputException;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Matrix;
import org.rf4j.api.Spec;
import org.rf4j.api.kernel.KernelKind;
import org.rf4j.api.mechanism.AbstractMechanism;
import org.rf4j.api.mechanism.FeatureMap;
import org.rf4j.api.mechanism.FeatureRequest;
import org.rf4j.api.mechanism.PointQuery;
import org.rf4j.api.mechanism.Projection;
import org.rf4j.api.mechanism.ProjectionFeatureMap;
import org.rf4j.api.mechanism.DrawnFeatures;
import org.rf4j.api.mechanism.Side;
import org.rf4j.api.linalg.LinearAlgebra;
import org.rf4j.spi.AbstractProvider;
import org.rf4j.spi.BuildContext;
import org.rf4j.spi.FeatureMapProvider;
import org.rf4j.spi.Param;
import org.rf4j.spi.Parameters;
import org.rf4j.theory.HybridTheory;
import org.apiguardian.api.API;

/**
 * Complex exponential (CE) random features Ψ_A (HRF paper Sec. 2.3, Eq. 14–16): for an invertible
 * complex matrix A, the query side maps {@code x ↦ m^{-1/2} e^{−(Ax)²/2} (e^{ωⱼᵀAx})ⱼ} and the key
 * side {@code y ↦ m^{-1/2} e^{−(My)²/2} (e^{ωⱼᵀMy})ⱼ} with {@code M = (Aᵀ)⁻¹}, where
 * {@code u² = Σₖ uₖ²} (no conjugation). By Lemma 2.4, {@code E[Ψ_A(x)ᵀΨ_M(y)] = SM(x, y)}; the
 * estimate is the real part. The map is asymmetric; {@code A = iI} gives the trigonometric and
 * {@code A = I} the positive estimator. Features are realified (query {@code [Re | Im]}, key
 * {@code [Re | −Im]}; see {@link org.rf4j.api.ComplexMatrix}), two blocks of m.
 *
 * <p>Parameters: {@code diagonalRe}/{@code diagonalIm} (A diagonal; length d, or length 1 for a
 * multiple of I; a missing part is 0), or {@code matrixRe}/{@code matrixIm} (A full, d² entries
 * row-major). With none, A = I. A must be invertible; its size must match the input dimension.
 *
 * <p>Closed-form A for a pair of cluster centres (HRF App. H.2): {@link #forCentres}. Errata: Eq. 89,
 * 91 and 92 write {@code ‖A x‖²}; for complex A the normaliser is {@code (Ax)²} of Eq. 14 (the two
 * agree for real A). The paper's edge cases (a zero centre coordinate) are implemented by clamping
 * |aₖ| to {@code [1/large, large]}.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class ComplexExponentialFeatures extends AbstractMechanism implements ProjectionFeatureMap {
    public static final String ID = "complex-exponential";

    private static final Param<Optional<double[]>> DIAGONAL_RE = Param.numbers("diagonalRe",
            "real parts of a diagonal A (d entries, or 1 for a multiple of I)");
    private static final Param<Optional<double[]>> DIAGONAL_IM = Param.numbers("diagonalIm",
            "imaginary parts of a diagonal A (same count as diagonalRe)");
    private static final Param<Optional<double[]>> MATRIX_RE = Param.numbers("matrixRe",
            "real part of a full A, d² entries row-major");
    private static final Param<Optional<double[]>> MATRIX_IM = Param.numbers("matrixIm",
            "imaginary part of a full A, d² entries row-major");

    /** Pivot threshold (relative to the largest |entry|) below which A counts as singular. */
    private static final double SINGULAR = 1e-12;

    private final Spec spec;
    private final boolean diagonal;
    private final double[] are;
    private final double[] aim;

    private ComplexExponentialFeatures(Spec spec, boolean diagonal, double[] re, double[] im) {
        this.spec = spec;
        this.diagonal = diagonal;
        this.are = re;
        this.aim = im;
    }

    /** A = I (the positive estimator); spec {@code {"id": "complex-exponential"}}. */
    public static ComplexExponentialFeatures identity() {
        return new ComplexExponentialFeatures(Spec.of(ID), true, new double[] {1.0}, new double[] {0.0});
    }

    /** The same map described by another spec (the provider keeps the config as given). */
    private ComplexExponentialFeatures describedBy(Spec s) {
        return new ComplexExponentialFeatures(s, diagonal, are, aim);
    }

    /**
     * A diagonal A = diag(re + i·im); arrays of length d, or length 1 for a multiple of I.
     *
     * @throws InvalidParameterException if an entry is zero (A singular) or lengths differ
     */
    public static ComplexExponentialFeatures diagonal(double[] re, double[] im) {
        if (re.length != im.length || re.length == 0) {
            throw new InvalidParameterException("diagonalIm", im.length + " entries",
                    "the same number of entries as diagonalRe (" + re.length + "), at least one");
        }
        for (int k = 0; k < re.length; k++) {
            finite("diagonalRe", k, re[k]);
            finite("diagonalIm", k, im[k]);
            if (re[k] == 0 && im[k] == 0) {
                throw new InvalidParameterException("diagonalRe[" + k + "]", 0.0,
                        "a non-zero diagonal entry (re, im) = (0, 0) makes A singular; A must be invertible");
            }
        }
        Spec s = Spec.of(ID, DIAGONAL_RE.name(), re.clone(), DIAGONAL_IM.name(), im.clone());
        return new ComplexExponentialFeatures(s, true, re.clone(), im.clone());
    }

    /**
     * A full complex A (d×d each part, row-major).
     *
     * @throws InvalidParameterException if A is singular
     */
    public static ComplexExponentialFeatures full(Matrix re, Matrix im) {
        if (re.rows() != re.cols() || im.rows() != re.rows() || im.cols() != re.cols()) {
            throw new DimensionMismatchException("matrixRe " + re.shape() + " and matrixIm " + im.shape()
                    + " must be square of the same size");
        }
        re.requireFinite("matrixRe");
        im.requireFinite("matrixIm");
        Spec s = Spec.of(ID, MATRIX_RE.name(), re.data().clone(), MATRIX_IM.name(), im.data().clone());
        ComplexExponentialFeatures f = new ComplexExponentialFeatures(s, false, re.data().clone(), im.data().clone());
        f.keyTransform(re.rows()); // validates invertibility now
        return f;
    }

    /**
     * The closed-form diagonal A for a query centre rq and a key centre rk (HRF App. H.2).
     * Complex (Eq. 85–87): {@code aₖ = i√(rk/rq)} if rq·rk &gt; 0, {@code aₖ = √(−rk/rq)} if rq·rk &lt; 0,
     * so that {@code Arq + A⁻¹rk = 0}; if both are 0, {@code aₖ = 1 + i}; if only rq = 0 a large real
     * {@code aₖ = large}; if only rk = 0 {@code aₖ = (1 + i)/large}. Real (Eq. 88):
     * {@code aₖ = √|rk/rq|} (minimises |Arq + A⁻¹rk|² over real diagonal A), {@code large} if
     * rq = 0 ≠ rk, 1 if both are 0. Moduli are clamped to [1/large, large].
     *
     * @param complex true for Eq. 85–87, false for the real Eq. 88
     * @param large   the "large positive value" of the edge cases (&gt; 1)
     */
    public static ComplexExponentialFeatures forCentres(double[] rq, double[] rk, boolean complex, double large) {
        if (rq.length != rk.length) {
            throw new DimensionMismatchException("query centre has " + rq.length + " coordinates, key centre "
                    + rk.length);
        }
        if (!(large > 1) || !Double.isFinite(large)) {
            throw new InvalidParameterException("large", large, "a finite number > 1");
        }
        int d = rq.length;
        double[] re = new double[d];
        double[] im = new double[d];
        for (int k = 0; k < d; k++) {
            double a = rq[k];
            double b = rk[k];
            if (a == 0 && b == 0) {
                re[k] = 1;
                im[k] = complex ? 1 : 0;
            } else if (a == 0) {
                re[k] = large;
            } else if (b == 0) {
                re[k] = 1 / large;
                im[k] = complex ? 1 / large : 0;
            } else {
                double mod = Math.min(large, Math.max(1 / large, Math.sqrt(Math.abs(b / a))));
                if (complex && a * b > 0) {
                    im[k] = mod;
                } else {
                    re[k] = mod;
                }
            }
        }
        return diagonal(re, im);
    }

    private static void finite(String key, int k, double v) {
        if (!Double.isFinite(v)) {
            throw new InvalidParameterException(key + "[" + k + "]", v, "a finite number");
        }
    }

    /**
     * A's diagonal in dimension d as {re, im} (length d each).
     *
     * @throws IllegalStateException if A is a full matrix
     */
    public double[][] diagonalEntries(int d) {
        if (!diagonal) {
            throw new IllegalStateException("A is a full matrix");
        }
        return queryTransform(d);
    }

    /** True if A is diagonal. */
    public boolean isDiagonal() {
        return diagonal;
    }

    @Override
    public Spec spec() {
        return spec;
    }

    @Override
    public boolean positive() {
        return false;
    }

    @Override
    public boolean complex() {
        return true;
    }

    @Override
    public int blocks() {
        return 2;
    }

    /**
     * The transform of one side for dimension d as {re, im}: diagonal (length d) or full (d²,
     * row-major); for the key side {@code (Aᵀ)⁻¹}.
     */
    double[][] transform(Side side, int d) {
        return side == Side.QUERY ? queryTransform(d) : keyTransform(d);
    }

    private double[][] queryTransform(int d) {
        if (diagonal) {
            checkDiagonal(d);
            double[] r = new double[d];
            double[] i = new double[d];
            for (int k = 0; k < d; k++) {
                r[k] = are.length == 1 ? are[0] : are[k];
                i[k] = aim.length == 1 ? aim[0] : aim[k];
            }
            return new double[][] {r, i};
        }
        checkFull(d);
        return new double[][] {are.clone(), aim.clone()};
    }

    private double[][] keyTransform(int d) {
        double[][] q = queryTransform(d);
        if (diagonal) {
            double[] r = new double[d];
            double[] i = new double[d];
            for (int k = 0; k < d; k++) {
                double m2 = q[0][k] * q[0][k] + q[1][k] * q[1][k];
                r[k] = q[0][k] / m2;
                i[k] = -q[1][k] / m2;
            }
            return new double[][] {r, i};
        }
        return inverseTranspose(q[0], q[1], d);
    }

    private void checkDiagonal(int d) {
        if (are.length != 1 && are.length != d) {
            throw new DimensionMismatchException("parameter 'diagonalRe' has " + are.length
                    + " entries but the input dimension is " + d + "; allowed: 1 or " + d + " entries");
        }
    }

    private void checkFull(int d) {
        if (are.length != d * d) {
            throw new DimensionMismatchException("parameter 'matrixRe' has " + are.length
                    + " entries but the input dimension is " + d + "; allowed: d² = " + d * d + " entries (row-major)");
        }
    }

    /** (Aᵀ)⁻¹ by complex Gauss–Jordan elimination with partial pivoting. */
    private static double[][] inverseTranspose(double[] re, double[] im, int d) {
        double[] ar = new double[d * d];
        double[] ai = new double[d * d];
        double scale = 0;
        for (int i = 0; i < d; i++) {
            for (int j = 0; j < d; j++) {
                ar[i * d + j] = re[j * d + i];
                ai[i * d + j] = im[j * d + i];
                scale = Math.max(scale, Math.hypot(re[j * d + i], im[j * d + i]));
            }
        }
        double[] br = new double[d * d];
        double[] bi = new double[d * d];
        for (int i = 0; i < d; i++) {
            br[i * d + i] = 1;
        }
        for (int c = 0; c < d; c++) {
            int piv = c;
            double best = -1;
            for (int r = c; r < d; r++) {
                double v = Math.hypot(ar[r * d + c], ai[r * d + c]);
                if (v > best) {
                    best = v;
                    piv = r;
                }
            }
            if (!(best > SINGULAR * scale)) {
                throw new InvalidParameterException("matrixRe", "A is singular (no pivot above " + SINGULAR
                        + "·max|a| in column " + c + "); the complex exponential map needs an invertible A");
            }
            swapRows(ar, ai, br, bi, c, piv, d);
            double pr = ar[c * d + c];
            double pi = ai[c * d + c];
            double m2 = pr * pr + pi * pi;
            double ir = pr / m2;
            double ii = -pi / m2;
            for (int j = 0; j < d; j++) {
                mulInPlace(ar, ai, c * d + j, ir, ii);
                mulInPlace(br, bi, c * d + j, ir, ii);
            }
            for (int r = 0; r < d; r++) {
                if (r == c) {
                    continue;
                }
                double fr = ar[r * d + c];
                double fi = ai[r * d + c];
                if (fr == 0 && fi == 0) {
                    continue;
                }
                for (int j = 0; j < d; j++) {
                    double xr = ar[c * d + j];
                    double xi = ai[c * d + j];
                    ar[r * d + j] -= fr * xr - fi * xi;
                    ai[r * d + j] -= fr * xi + fi * xr;
                    xr = br[c * d + j];
                    xi = bi[c * d + j];
                    br[r * d + j] -= fr * xr - fi * xi;
                    bi[r * d + j] -= fr * xi + fi * xr;
                }
            }
        }
        return new double[][] {br, bi};
    }

    private static void mulInPlace(double[] r, double[] i, int idx, double cr, double ci) {
        double a = r[idx];
        double b = i[idx];
        r[idx] = a * cr - b * ci;
        i[idx] = a * ci + b * cr;
    }

    private static void swapRows(double[] ar, double[] ai, double[] br, double[] bi, int a, int b, int d) {
        if (a == b) {
            return;
        }
        for (int j = 0; j < d; j++) {
            swap(ar, a * d + j, b * d + j);
            swap(ai, a * d + j, b * d + j);
            swap(br, a * d + j, b * d + j);
            swap(bi, a * d + j, b * d + j);
        }
    }

    private static void swap(double[] v, int a, int b) {
        double t = v[a];
        v[a] = v[b];
        v[b] = t;
    }

    /**
     * Applies one side's transform to a real vector: {re, im} of {@code A x} (query) or
     * {@code (Aᵀ)⁻¹ y} (key).
     */
    public double[][] transformVector(Side side, double[] x) {
        double[][] t = transform(side, x.length);
        Matrix[] u = apply(t, Matrix.row(x), x.length);
        return new double[][] {u[0].data(), u[1].data()};
    }

    private Matrix[] apply(double[][] t, Matrix x, int d) {
        int n = x.rows();
        if (diagonal) {
            Matrix ur = Matrix.zeros(n, d);
            Matrix ui = Matrix.zeros(n, d);
            double[] xd = x.data();
            double[] r = ur.data();
            double[] i = ui.data();
            for (int row = 0; row < n; row++) {
                for (int k = 0; k < d; k++) {
                    double v = xd[row * d + k];
                    r[row * d + k] = t[0][k] * v;
                    i[row * d + k] = t[1][k] * v;
                }
            }
            return new Matrix[] {ur, ui};
        }
        return new Matrix[] {LinearAlgebra.multiplyTransposed(x, Matrix.wrap(d, d, t[0]), null),
                LinearAlgebra.multiplyTransposed(x, Matrix.wrap(d, d, t[1]), null)};
    }

    @Override
    public DrawnFeatures bind(Projection projection, FeatureRequest request) {
        int d = projection.dimension();
        return new Drawn(projection, request.target(), transform(Side.QUERY, d), transform(Side.KEY, d));
    }

    @Override
    public OptionalDouble theoryMse(PointQuery q) {
        if (q.sampling() != null || !q.coupling().independent()) {
            return OptionalDouble.empty();
        }
        double[][] u = transformVector(Side.QUERY, q.x());
        double[][] v = transformVector(Side.KEY, q.y());
        double mse = HybridTheory.complexExponentialMse(u[0], u[1], v[0], v[1], q.m());
        if (q.kind() == KernelKind.GAUSSIAN) {
            double s = 0;
            for (int k = 0; k < q.x().length; k++) {
                s += q.x()[k] * q.x()[k] + q.y()[k] * q.y()[k];
            }
            mse *= Math.exp(-s);
        }
        return OptionalDouble.of(mse);
    }

    /** Drawn CE features: both sides' transforms fixed, projections shared. */
    private final class Drawn implements DrawnFeatures {
        private final Projection projection;
        private final KernelKind target;
        private final double[][] query;
        private final double[][] key;
        private final double[] columnScale;
        private final int m;

        Drawn(Projection projection, KernelKind target, double[][] query, double[][] key) {
            this.projection = projection;
            this.target = target;
            this.query = query;
            this.key = key;
            this.m = projection.count();
            this.columnScale = new double[m];
            double[] w = projection.importanceWeights();
            for (int j = 0; j < m; j++) {
                columnScale[j] = (w == null ? 1.0 : Math.sqrt(w[j])) / Math.sqrt(m);
            }
        }

        @Override
        public int inputDimension() {
            return projection.dimension();
        }

        @Override
        public int outputDimension() {
            return 2 * m;
        }

        @Override
        public boolean positive() {
            return false;
        }

        @Override
        public Matrix map(Side side, Matrix x, Matrix out) {
            int d = projection.dimension();
            x.requireCols(d, "feature-map input");
            int n = x.rows();
            Matrix o = Matrix.requireShape(out, n, 2 * m, "features");
            if (n == 0) {
                return o;
            }
            Matrix[] u = apply(side == Side.QUERY ? query : key, x, d);
            Matrix zr = projection.apply(u[0], null);
            Matrix zi = projection.apply(u[1], null);
            double[] ur = u[0].data();
            double[] ui = u[1].data();
            double[] sq = x.rowSquaredNorms();
            double[] zrd = zr.data();
            double[] zid = zi.data();
            double[] od = o.data();
            double imSign = side == Side.QUERY ? 1.0 : -1.0;
            for (int row = 0; row < n; row++) {
                double s2r = 0;
                double s2i = 0;
                for (int k = 0; k < d; k++) {
                    double a = ur[row * d + k];
                    double b = ui[row * d + k];
                    s2r += a * a - b * b;
                    s2i += 2 * a * b;
                }
                double shiftRe = -0.5 * s2r + target.logRowFactor(KernelKind.SOFTMAX, sq[row]);
                double shiftIm = -0.5 * s2i;
                int base = row * 2 * m;
                for (int j = 0; j < m; j++) {
                    double er = shiftRe + zrd[row * m + j];
                    if (er > 709.0) {
                        throw new InvalidInputException("row " + (row + 1) + " (1-based; squared norm " + sq[row]
                                + " after bandwidth scaling) gives the complex exponential feature exponent " + er
                                + ", which overflows; use a larger bandwidth, smaller inputs or a better-conditioned A");
                    }
                    double mag = Math.exp(er) * columnScale[j];
                    double ei = shiftIm + zid[row * m + j];
                    od[base + j] = mag * Math.cos(ei);
                    od[base + m + j] = imSign * mag * Math.sin(ei);
                }
            }
            return o;
        }
    }

    /** The {@code complex-exponential} provider. */
    public static final class Provider extends AbstractProvider<FeatureMap> implements FeatureMapProvider {
        public Provider() {
            super(ID,
                    "complex exponential RFs Ψ_A(x), Ψ_{(Aᵀ)⁻¹}(y) for invertible complex A (HRF Eq. 14–16); "
                    + "A = I: positive, A = iI: trigonometric",
                    Provider::build, DIAGONAL_RE, DIAGONAL_IM, MATRIX_RE, MATRIX_IM);
        }

        private static FeatureMap build(Parameters p, BuildContext context) {
            boolean diag = p.has(DIAGONAL_RE) || p.has(DIAGONAL_IM);
            boolean full = p.has(MATRIX_RE) || p.has(MATRIX_IM);
            if (diag && full) {
                throw new InvalidParameterException(p.key(MATRIX_RE),
                        "give either diagonalRe/diagonalIm or matrixRe/matrixIm, not both");
            }
            if (full) {
                double[] re = p.get(MATRIX_RE).orElse(null);
                double[] im = p.get(MATRIX_IM).orElse(null);
                int len = re != null ? re.length : im.length;
                int d = (int) Math.round(Math.sqrt(len));
                if (d * d != len || d == 0) {
                    throw new InvalidParameterException(p.key(re != null ? MATRIX_RE : MATRIX_IM), len + " entries",
                            "a square number d² of entries (a d×d matrix, row-major)");
                }
                re = re == null ? new double[len] : re;
                im = im == null ? new double[len] : im;
                if (re.length != im.length) {
                    throw new InvalidParameterException(p.key(MATRIX_IM), im.length + " entries",
                            "as many entries as matrixRe (" + re.length + ")");
                }
                try {
                    return full(Matrix.wrap(d, d, re), Matrix.wrap(d, d, im)).describedBy(p.spec());
                } catch (InvalidParameterException e) {
                    throw requalify(p, e);
                }
            }
            if (diag) {
                double[] re = p.get(DIAGONAL_RE).orElse(null);
                double[] im = p.get(DIAGONAL_IM).orElse(null);
                re = re == null ? new double[im.length] : re;
                im = im == null ? new double[re.length] : im;
                try {
                    return diagonal(re, im).describedBy(p.spec());
                } catch (InvalidParameterException e) {
                    throw requalify(p, e);
                }
            }
            return identity();
        }

        private static InvalidParameterException requalify(Parameters p, InvalidParameterException e) {
            String prefix = "parameter '" + e.key() + "'";
            String msg = e.getMessage();
            String rest = msg.startsWith(prefix) ? msg.substring(prefix.length()) : ": " + msg;
            return new InvalidParameterException(p.key(e.key()), rest.startsWith(": ") ? rest.substring(2) : "value" + rest);
        }
    }
}
