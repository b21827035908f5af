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
        return Math.exp((1 - nu) * LN2 - Gamma.logGamma(nu) + nu * Math.log(z) + Bessel.logBesselK(nu, z));
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

    private static void radialParameters(String shapeKey, double shape, double lengthscale, double r) {
        positive(shapeKey, shape);
        positive("lengthscale", lengthscale);
        if (!(r >= 0) || Double.isInfinite(r)) {
            throw new InvalidInputException("distance r = " + r + " is not allowed; allowed: a finite number >= 0");
        }
    }
}
