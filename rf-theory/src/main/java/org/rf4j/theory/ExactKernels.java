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
package org.rf4j.theory;

import org.rf4j.api.DimensionMismatchException;
import org.rf4j.api.InvalidInputException;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Matrix;
import org.rf4j.api.linalg.LinearAlgebra;
import org.rf4j.theory.special.Bessel;
import org.rf4j.theory.special.Gamma;
import org.apiguardian.api.API;

/**
 * Exact values of the kernels beyond the Gaussian and softmax, in scikit-learn's conventions
 * ({@code Matern}, {@code RationalQuadratic}, {@code laplacian_kernel}, {@code polynomial_kernel},
 * {@code AdditiveChi2Sampler}, {@code SkewedChi2Sampler}), so values compare one to one:
 * <ul>
 *   <li>Matérn (ν &gt; 0, ℓ &gt; 0): {@code 2^{1−ν}/Γ(ν)·z^ν·K_ν(z)}, {@code z = √(2ν)·r/ℓ}; closed forms at
 *       ν = ½ ({@code e^{−r/ℓ}}, the exponential kernel), 3⁄2 ({@code (1+z)e^{−z}}) and 5⁄2
 *       ({@code (1+z+z²/3)e^{−z}}).</li>
 *   <li>Laplacian (γ &gt; 0): {@code exp(−γ‖x−y‖₁)}.</li>
 *   <li>Rational quadratic (α &gt; 0, ℓ &gt; 0): {@code (1 + r²/(2αℓ²))^{−α}}; α = 1 is the Cauchy kernel.</li>
 *   <li>Arc-cosine of order n = 0, 1, 2 (Cho &amp; Saul, "Kernel Methods for Deep Learning", NIPS 2009):
 *       {@code (1/π)‖x‖ⁿ‖y‖ⁿ J_n(θ)} with θ the angle between x and y; by the convention
 *       Θ(0) = 0 of the step function, a zero vector gives 0.</li>
 *   <li>Polynomial (γ, c, p ≥ 1): {@code (γ·xᵀy + c)^p}.</li>
 *   <li>Additive χ² (Vedaldi &amp; Zisserman, "Efficient Additive Kernels via Explicit Feature Maps",
 *       2012): {@code Σ_i 2x_i y_i/(x_i + y_i)} with 0/0 = 0, for non-negative data.</li>
 *   <li>Skewed χ² (Li, Ionescu &amp; Sminchisescu, "Random Fourier Approximations for Skewed
 *       Multiplicative Histogram Kernels", 2010), skewedness c:
 *       {@code Π_i 2√(x_i+c)·√(y_i+c)/(x_i + y_i + 2c)}, for data with every x_i &gt; −c.</li>
 * </ul>
 * Bad parameters raise {@link InvalidParameterException}, bad vectors {@link InvalidInputException}
 * or {@link DimensionMismatchException}.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class ExactKernels {
    private static final double LN2 = Math.log(2);

    private ExactKernels() {
    }

    /** The Matérn kernel of ‖x − y‖₂. */
    public static double matern(double nu, double lengthscale, double[] x, double[] y) {
        return maternOfDistance(nu, lengthscale, Math.sqrt(squaredDistance(x, y)));
    }

    /** Below this z = √(2ν)·r/ℓ the general-ν Matérn takes its small-z series (dropped terms O(z²)). */
    static final double TINY_Z = 1e-9;

    /** The Matérn kernel as a function of the distance r ≥ 0. */
    public static double maternOfDistance(double nu, double lengthscale, double r) {
        radialParameters("nu", nu, lengthscale, r);
        if (r == 0) {
            return 1.0;
        }
        if (nu == 0.5) {
            return Math.exp(-r / lengthscale);
        }
        double z = Math.sqrt(2 * nu) * r / lengthscale;
        if (nu == 1.5) {
            return (1 + z) * Math.exp(-z);
        }
        if (nu == 2.5) {
            return (1 + z + z * z / 3) * Math.exp(-z);
        }
        if (Double.isInfinite(z)) {
            return 0.0;
        }
        if (z < TINY_Z) {
            // K_ν overflows its logarithm at tiny z (from about 1e-290 for ν = 1.3); below 1e-9 the series
            // 1 − Γ(1−ν)/Γ(1+ν)·(z/2)^{2ν} (ν < 1) or 1 (ν ≥ 1) is exact to O(z²) = 1e-18
            return nu < 1 ? 1 - Math.exp(Gamma.logGamma(1 - nu) - Gamma.logGamma(1 + nu) + 2 * nu * Math.log(z / 2))
                    : 1.0;
        }
        return Math.exp((1 - nu) * LN2 - Gamma.logGamma(nu) + nu * Math.log(z) + Bessel.logBesselK(nu, z));
    }

    /**
     * {@link #maternOfDistance} in place over {@code r[from … to)}: at ν = ½, 3⁄2, 5⁄2 one vectorised
     * exp over −z ({@link org.rf4j.api.linalg.LinearAlgebra#expAffine}, within its documented ulps of
     * {@link Math#exp}), then the polynomial; other ν entry by entry.
     */
    public static void maternOfDistances(double nu, double lengthscale, double[] r, int from, int to) {
        if (nu != 0.5 && nu != 1.5 && nu != 2.5) {
            for (int i = from; i < to; i++) {
                r[i] = maternOfDistance(nu, lengthscale, r[i]);
            }
            return;
        }
        distances("nu", nu, lengthscale, r, from, to);
        // z = √(2ν)·r/ℓ as the scalar form computes it; ν = ½ is exp(−r/ℓ)
        double c = nu == 0.5 ? 1.0 : Math.sqrt(2 * nu);
        double[] z = new double[to - from];
        for (int i = from; i < to; i++) {
            z[i - from] = nu == 0.5 ? r[i] / lengthscale : c * r[i] / lengthscale;
        }
        LinearAlgebra.expAffine(z, 0, -1.0, 0.0, r, from, to - from);
        if (nu == 1.5) {
            for (int i = from; i < to; i++) {
                r[i] *= 1 + z[i - from];
            }
        } else if (nu == 2.5) {
            for (int i = from; i < to; i++) {
                double t = z[i - from];
                r[i] *= 1 + t + t * t / 3;
            }
        }
    }

    /** The exponential kernel {@code exp(−‖x−y‖₂/ℓ)} (Matérn-½). */
    public static double exponential(double lengthscale, double[] x, double[] y) {
        return matern(0.5, lengthscale, x, y);
    }

    /** The Laplacian kernel {@code exp(−γ‖x−y‖₁)}. */
    public static double laplacian(double gamma, double[] x, double[] y) {
        positive("gamma", gamma);
        check(x, y);
        double l1 = 0;
        for (int i = 0; i < x.length; i++) {
            l1 += Math.abs(x[i] - y[i]);
        }
        return Math.exp(-gamma * l1);
    }

    /** The rational-quadratic kernel of ‖x − y‖₂. */
    public static double rationalQuadratic(double alpha, double lengthscale, double[] x, double[] y) {
        return rationalQuadraticOfDistance(alpha, lengthscale, Math.sqrt(squaredDistance(x, y)));
    }

    /** The rational-quadratic kernel as a function of the distance r ≥ 0. */
    public static double rationalQuadraticOfDistance(double alpha, double lengthscale, double r) {
        radialParameters("alpha", alpha, lengthscale, r);
        return Math.exp(-alpha * Math.log1p(r * r / (2 * alpha * lengthscale * lengthscale)));
    }

    /**
     * {@link #rationalQuadraticOfDistance} in place over {@code r[from … to)}: the logarithms entry by
     * entry, then one vectorised exp (within its documented ulps of {@link Math#exp}).
     */
    public static void rationalQuadraticOfDistances(double alpha, double lengthscale, double[] r, int from, int to) {
        distances("alpha", alpha, lengthscale, r, from, to);
        for (int i = from; i < to; i++) {
            r[i] = Math.log1p(r[i] * r[i] / (2 * alpha * lengthscale * lengthscale));
        }
        LinearAlgebra.expAffine(r, from, -alpha, 0.0, r, from, to - from);
    }

    /** The arc-cosine kernel of order 0, 1 or 2. */
    public static double arcCosine(int order, double[] x, double[] y) {
        if (order < 0 || order > 2) {
            throw new InvalidParameterException("order", order, "0, 1 or 2 (step, ReLU, squared ReLU)");
        }
        check(x, y);
        double nx = Math.sqrt(Vectors.squaredNorm(x));
        double ny = Math.sqrt(Vectors.squaredNorm(y));
        if (nx == 0 || ny == 0) {
            return 0.0;
        }
        double theta = angle(x, y, nx, ny);
        return Math.pow(nx * ny, order) * arcCosineJ(order, theta) / Math.PI;
    }

    /**
     * Cho &amp; Saul's angular part {@code J_n(θ) = (−1)ⁿ(sin θ)^{2n+1}(1/sin θ·∂/∂θ)ⁿ((π−θ)/sin θ)},
     * n = 0 … 4, θ ∈ [0, π]: J₀ = π − θ; J₁ = sin θ + (π − θ)cos θ;
     * J₂ = 3 sin θ cos θ + (π − θ)(1 + 2cos²θ); J₃ = sin θ(4 + 11cos²θ) + (π − θ)(9cos θ + 6cos³θ);
     * J₄ = sin θ cos θ(55 + 50cos²θ) + (π − θ)(9 + 72cos²θ + 24cos⁴θ). Orders 3 and 4 give the
     * second moments of the order-1 and order-2 features ({@link ShiftInvariantTheory}).
     */
    public static double arcCosineJ(int n, double theta) {
        double s = Math.sin(theta);
        double c = Math.cos(theta);
        double rest = Math.PI - theta;
        double c2 = c * c;
        return switch (n) {
            case 0 -> rest;
            case 1 -> s + rest * c;
            case 2 -> 3 * s * c + rest * (1 + 2 * c2);
            case 3 -> s * (4 + 11 * c2) + rest * c * (9 + 6 * c2);
            case 4 -> s * c * (55 + 50 * c2) + rest * (9 + 72 * c2 + 24 * c2 * c2);
            default -> throw new InvalidParameterException("n", n, "an integer in 0..4");
        };
    }

    /** The angle between two non-zero vectors, in [0, π], from atan2 (accurate near 0 and π). */
    static double angle(double[] x, double[] y, double nx, double ny) {
        double dot = Vectors.dot(x, y);
        // |x̂ − ŷ| and |x̂ + ŷ| give θ = 2·atan2(|x̂ − ŷ|, |x̂ + ŷ|) without acos' loss near 0 and π
        double minus = 0;
        double plus = 0;
        for (int i = 0; i < x.length; i++) {
            double a = x[i] / nx;
            double b = y[i] / ny;
            minus += (a - b) * (a - b);
            plus += (a + b) * (a + b);
        }
        return dot == 0 ? Math.PI / 2 : 2 * Math.atan2(Math.sqrt(minus), Math.sqrt(plus));
    }

    /** The polynomial kernel {@code (γ·xᵀy + c)^p}, p an integer ≥ 1. */
    public static double polynomial(double gamma, double coef0, int degree, double[] x, double[] y) {
        finite("gamma", gamma);
        finite("coef0", coef0);
        if (degree < 1) {
            throw new InvalidParameterException("degree", degree, "an integer >= 1");
        }
        check(x, y);
        return Math.pow(gamma * Vectors.dot(x, y) + coef0, degree);
    }

    /** The additive χ² kernel {@code Σ 2x_i y_i/(x_i + y_i)} (terms with x_i + y_i = 0 are 0). */
    public static double additiveChi2(double[] x, double[] y) {
        check(x, y);
        nonNegative(x, 0, "x");
        nonNegative(y, 0, "y");
        double sum = 0;
        for (int i = 0; i < x.length; i++) {
            double s = x[i] + y[i];
            if (s > 0) {
                sum += 2 * x[i] * y[i] / s;
            }
        }
        return sum;
    }

    /** The skewed χ² kernel {@code Π 2√(x_i+c)√(y_i+c)/(x_i+y_i+2c)}, every entry &gt; −c. */
    public static double skewedChi2(double skewedness, double[] x, double[] y) {
        positive("skewedness", skewedness);
        check(x, y);
        nonNegative(x, skewedness, "x");
        nonNegative(y, skewedness, "y");
        double log = 0;
        for (int i = 0; i < x.length; i++) {
            double a = x[i] + skewedness;
            double b = y[i] + skewedness;
            log += LN2 + 0.5 * (Math.log(a) + Math.log(b)) - Math.log(a + b);
        }
        return Math.exp(log);
    }

    // ------------------------------------------------------------------ blocks over the rows of x and y

    /**
     * {@code out[i·l + j] = laplacian(γ, xᵢ, yⱼ)} over the rows of x (n × d) and y (l × d): the L1
     * distances in one pass over the row-major data (four rows of y at a time, each sum in the scalar
     * form's order), then one vectorised exp (within its documented ulps of {@link Math#exp}).
     */
    public static void laplacian(double gamma, Matrix x, Matrix y, double[] out) {
        positive("gamma", gamma);
        block(x, y, out);
        int n = x.rows();
        int l = y.rows();
        int d = x.cols();
        double[] xd = x.data();
        double[] yd = y.data();
        for (int i = 0; i < n; i++) {
            int xo = i * d;
            int row = i * l;
            int j = 0;
            for (; j + 4 <= l; j += 4) {
                int y0 = j * d;
                int y1 = y0 + d;
                int y2 = y1 + d;
                int y3 = y2 + d;
                double s0 = 0;
                double s1 = 0;
                double s2 = 0;
                double s3 = 0;
                for (int k = 0; k < d; k++) {
                    double v = xd[xo + k];
                    s0 += Math.abs(v - yd[y0 + k]);
                    s1 += Math.abs(v - yd[y1 + k]);
                    s2 += Math.abs(v - yd[y2 + k]);
                    s3 += Math.abs(v - yd[y3 + k]);
                }
                out[row + j] = s0;
                out[row + j + 1] = s1;
                out[row + j + 2] = s2;
                out[row + j + 3] = s3;
            }
            for (; j < l; j++) {
                int y0 = j * d;
                double s0 = 0;
                for (int k = 0; k < d; k++) {
                    s0 += Math.abs(xd[xo + k] - yd[y0 + k]);
                }
                out[row + j] = s0;
            }
        }
        LinearAlgebra.expAffine(out, 0, -gamma, 0.0, out, 0, n * l);
    }

    /**
     * {@code out[i·l + j] = polynomial(γ, c, p, xᵢ, yⱼ)}: the inner products from one product
     * ({@link LinearAlgebra#multiplyTransposed}, fused multiply-adds, so within rounding of the scalar
     * form's sums), then the power entry by entry.
     */
    public static void polynomial(double gamma, double coef0, int degree, Matrix x, Matrix y, double[] out) {
        finite("gamma", gamma);
        finite("coef0", coef0);
        if (degree < 1) {
            throw new InvalidParameterException("degree", degree, "an integer >= 1");
        }
        block(x, y, out);
        int nl = x.rows() * y.rows();
        Matrix z = Matrix.wrap(x.rows(), y.rows(), out.length == nl ? out : new double[nl]);
        LinearAlgebra.multiplyTransposed(x, y, z);
        double[] zd = z.data();
        for (int i = 0; i < nl; i++) {
            out[i] = Math.pow(gamma * zd[i] + coef0, degree);
        }
    }

    /**
     * {@code out[i·l + j] = arcCosine(n, xᵢ, yⱼ)}, bit for bit: each row's norm and direction once,
     * then per pair one pass for the inner product and the two atan2 legs.
     */
    public static void arcCosine(int order, Matrix x, Matrix y, double[] out) {
        if (order < 0 || order > 2) {
            throw new InvalidParameterException("order", order, "0, 1 or 2 (step, ReLU, squared ReLU)");
        }
        block(x, y, out);
        int n = x.rows();
        int l = y.rows();
        int d = x.cols();
        double[] nx = new double[n];
        double[] ny = new double[l];
        double[] ux = directions(x, nx);
        double[] uy = directions(y, ny);
        double[] xd = x.data();
        double[] yd = y.data();
        pairs(x, y, out, (i, xo, j, yo) -> {
            if (nx[i] == 0 || ny[j] == 0) {
                return 0.0;
            }
            double dot = 0;
            double minus = 0;
            double plus = 0;
            for (int k = 0; k < d; k++) {
                dot += xd[xo + k] * yd[yo + k];
                double a = ux[xo + k];
                double b = uy[yo + k];
                minus += (a - b) * (a - b);
                plus += (a + b) * (a + b);
            }
            double theta = dot == 0 ? Math.PI / 2 : 2 * Math.atan2(Math.sqrt(minus), Math.sqrt(plus));
            return Math.pow(nx[i] * ny[j], order) * arcCosineJ(order, theta) / Math.PI;
        });
    }

    /** Each row's norm into {@code norms}; returns the rows divided by their norms (as {@link #angle} does). */
    private static double[] directions(Matrix m, double[] norms) {
        int d = m.cols();
        double[] md = m.data();
        double[] u = new double[md.length];
        for (int i = 0; i < m.rows(); i++) {
            double s = 0;
            for (int k = 0; k < d; k++) {
                s += md[i * d + k] * md[i * d + k];
            }
            norms[i] = Math.sqrt(s);
            for (int k = 0; k < d; k++) {
                u[i * d + k] = md[i * d + k] / norms[i];
            }
        }
        return u;
    }

    /** {@code out[i·l + j] = additiveChi2(xᵢ, yⱼ)}, bit for bit, in one pass over the row-major data. */
    public static void additiveChi2(Matrix x, Matrix y, double[] out) {
        block(x, y, out);
        nonNegative(x, 0, "x");
        nonNegative(y, 0, "y");
        int d = x.cols();
        double[] xd = x.data();
        double[] yd = y.data();
        pairs(x, y, out, (i, xo, j, yo) -> {
            double sum = 0;
            for (int k = 0; k < d; k++) {
                double p = xd[xo + k];
                double q = yd[yo + k];
                double s = p + q;
                if (s > 0) {
                    sum += 2 * p * q / s;
                }
            }
            return sum;
        });
    }

    /**
     * {@code out[i·l + j] = skewedChi2(c, xᵢ, yⱼ)}, bit for bit: the logarithms of each row's shifted
     * entries once, then per pair only {@code log(xᵢₖ + yⱼₖ + 2c)}.
     */
    public static void skewedChi2(double skewedness, Matrix x, Matrix y, double[] out) {
        positive("skewedness", skewedness);
        block(x, y, out);
        nonNegative(x, skewedness, "x");
        nonNegative(y, skewedness, "y");
        int d = x.cols();
        double[] xa = shifted(x, skewedness);
        double[] yb = shifted(y, skewedness);
        double[] lx = logs(xa);
        double[] ly = logs(yb);
        pairs(x, y, out, (i, xo, j, yo) -> {
            double log = 0;
            for (int k = 0; k < d; k++) {
                log += LN2 + 0.5 * (lx[xo + k] + ly[yo + k]) - Math.log(xa[xo + k] + yb[yo + k]);
            }
            return Math.exp(log);
        });
    }

    /** One pair's value from the row indices and the rows' offsets in the row-major data. */
    @FunctionalInterface
    private interface Pair {
        double value(int i, int xOffset, int j, int yOffset);
    }

    /** {@code out[i·l + j] = pair.value(i, i·d, j, j·d)} over every row pair. */
    private static void pairs(Matrix x, Matrix y, double[] out, Pair pair) {
        int l = y.rows();
        int d = x.cols();
        for (int i = 0; i < x.rows(); i++) {
            for (int j = 0; j < l; j++) {
                out[i * l + j] = pair.value(i, i * d, j, j * d);
            }
        }
    }

    private static double[] shifted(Matrix m, double c) {
        double[] v = m.data().clone();
        for (int i = 0; i < v.length; i++) {
            v[i] += c;
        }
        return v;
    }

    private static double[] logs(double[] v) {
        double[] out = new double[v.length];
        for (int i = 0; i < v.length; i++) {
            out[i] = Math.log(v[i]);
        }
        return out;
    }

    /** Same column counts, room for the block, finite entries (named by 1-based row and column). */
    private static void block(Matrix x, Matrix y, double[] out) {
        if (x.cols() != y.cols()) {
            throw new DimensionMismatchException("x has " + x.cols() + " columns but y has " + y.cols());
        }
        if (out.length < (long) x.rows() * y.rows()) {
            throw new DimensionMismatchException("the kernel block needs " + (long) x.rows() * y.rows()
                    + " entries but out has " + out.length);
        }
        finiteEntries(x, "x");
        finiteEntries(y, "y");
    }

    private static void finiteEntries(Matrix m, String name) {
        double[] v = m.data();
        for (int i = 0; i < v.length; i++) {
            if (!Double.isFinite(v[i])) {
                throw new InvalidInputException(name + " row " + (i / m.cols() + 1) + ", column " + (i % m.cols() + 1)
                        + " = " + v[i] + " is not allowed; allowed: a finite number (1-based)");
            }
        }
    }

    private static void nonNegative(Matrix m, double shift, String name) {
        double[] v = m.data();
        for (int i = 0; i < v.length; i++) {
            boolean ok = shift == 0 ? v[i] >= 0 : v[i] + shift > 0;
            if (!ok) {
                throw new InvalidInputException(name + " row " + (i / m.cols() + 1) + ", column " + (i % m.cols() + 1)
                        + " = " + v[i] + " is not allowed; allowed: "
                        + (shift == 0 ? "a number >= 0" : "a number > " + (-shift)) + " (1-based)");
            }
        }
    }

    private static double squaredDistance(double[] x, double[] y) {
        check(x, y);
        return Vectors.squaredNormOfSum(x, y, -1);
    }

    private static void check(double[] x, double[] y) {
        if (x.length != y.length) {
            throw new DimensionMismatchException("x has " + x.length + " entries but y has " + y.length);
        }
        finiteEntries(x, "x");
        finiteEntries(y, "y");
    }

    private static void finiteEntries(double[] v, String name) {
        for (int i = 0; i < v.length; i++) {
            if (!Double.isFinite(v[i])) {
                throw new InvalidInputException(name + "[" + (i + 1) + "] = " + v[i]
                        + " is not allowed; allowed: a finite number (column " + (i + 1) + ", 1-based)");
            }
        }
    }

    /** Entries must be ≥ 0 (shift 0) or &gt; −shift (shift &gt; 0). */
    private static void nonNegative(double[] v, double shift, String name) {
        for (int i = 0; i < v.length; i++) {
            boolean ok = shift == 0 ? v[i] >= 0 : v[i] + shift > 0;
            if (!ok) {
                throw new InvalidInputException(name + "[" + (i + 1) + "] = " + v[i]
                        + " is not allowed; allowed: " + (shift == 0 ? "a number >= 0" : "a number > " + (-shift))
                        + " (column " + (i + 1) + ", 1-based)");
            }
        }
    }

    private static void positive(String key, double value) {
        if (!(value > 0) || Double.isInfinite(value)) {
            throw new InvalidParameterException(key, value, "a finite number > 0");
        }
    }

    private static void finite(String key, double value) {
        if (!Double.isFinite(value)) {
            throw new InvalidParameterException(key, value, "a finite number");
        }
    }

    private static void distances(String shapeKey, double shape, double lengthscale, double[] r, int from, int to) {
        radialParameters(shapeKey, shape, lengthscale, 0.0);
        for (int i = from; i < to; i++) {
            if (!(r[i] >= 0) || Double.isInfinite(r[i])) {
                radialParameters(shapeKey, shape, lengthscale, r[i]);
            }
        }
    }

    private static void radialParameters(String shapeKey, double shape, double lengthscale, double r) {
        positive(shapeKey, shape);
        positive("lengthscale", lengthscale);
        if (!(r >= 0) || Double.isInfinite(r)) {
            throw new InvalidInputException("distance r = " + r + " is not allowed; allowed: a finite number >= 0");
        }
    }
}
