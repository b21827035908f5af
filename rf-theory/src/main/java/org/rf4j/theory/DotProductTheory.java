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

import org.rf4j.api.InvalidParameterException;
import org.apiguardian.api.API;

/**
 * Random Maclaurin features for dot-product kernels {@code k(x, y) = Σ_n a_n (xᵀy)ⁿ}, a_n ≥ 0 (Kar &amp;
 * Karnick, "Random Feature Maps for Dot Product Kernels", AISTATS 2012), with the degree drawn from
 * any law q (importance sampling of the degree), and their variance in closed form.
 *
 * <p>One feature product: draw n with probability q_n, then n independent vectors w_j with
 * {@code E[w wᵀ] = I}; the estimate is {@code Y = (a_n/q_n)·Π_{j≤n}(w_jᵀx)(w_jᵀy)} (Y = a₀/q₀ for n = 0).
 * Then {@code E[Y] = Σ_n a_n (xᵀy)ⁿ = k} as long as q_n &gt; 0 wherever a_n ≠ 0, and
 * {@code E[Y²] = Σ_n (a_n²/q_n)·Mⁿ} with {@code M = E[(wᵀx)²(wᵀy)²]}:
 * <ul>
 *   <li>Rademacher w: {@code M = ‖x‖²‖y‖² + 2(xᵀy)² − 2Σ_i x_i²y_i²};</li>
 *   <li>Gaussian w: {@code M = ‖x‖²‖y‖² + 2(xᵀy)²}.</li>
 * </ul>
 * By Cauchy–Schwarz the degree law minimising {@code E[Y²]} is {@code q_n ∝ a_n·M^{n/2}}, with
 * {@code E[Y²] = (Σ_n a_n M^{n/2})²}. The polynomial kernel {@code (γxᵀy + c)^p} has
 * {@code a_n = C(p, n)·c^{p−n}·γⁿ} (needs γ, c ≥ 0 for a positive-coefficient expansion).
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class DotProductTheory {
    private DotProductTheory() {
    }

    /** {@code a_n = C(p, n)·c^{p−n}·γⁿ}, n = 0 … p, of {@code (γxᵀy + c)^p}; γ, c ≥ 0, p ≥ 1. */
    public static double[] polynomialCoefficients(double gamma, double coef0, int degree) {
        if (!(gamma >= 0) || Double.isInfinite(gamma)) {
            throw new InvalidParameterException("gamma", gamma, "a finite number >= 0 (Maclaurin coefficients must be >= 0)");
        }
        if (!(coef0 >= 0) || Double.isInfinite(coef0)) {
            throw new InvalidParameterException("coef0", coef0, "a finite number >= 0 (Maclaurin coefficients must be >= 0)");
        }
        if (degree < 1) {
            throw new InvalidParameterException("degree", degree, "an integer >= 1");
        }
        double[] a = new double[degree + 1];
        double binomial = 1;
        for (int n = 0; n <= degree; n++) {
            a[n] = binomial * Math.pow(coef0, degree - n) * Math.pow(gamma, n);
            binomial = binomial * (degree - n) / (n + 1);
        }
        return a;
    }

    /** {@code E[(wᵀx)²(wᵀy)²]} for Rademacher w: {@code ‖x‖²‖y‖² + 2(xᵀy)² − 2Σ x_i²y_i²}. */
    public static double rademacherFourthMoment(double[] x, double[] y) {
        double diagonal = 0;
        for (int i = 0; i < x.length; i++) {
            diagonal += x[i] * x[i] * y[i] * y[i];
        }
        return gaussianFourthMoment(x, y) - 2 * diagonal;
    }

    /** {@code E[(wᵀx)²(wᵀy)²]} for w ~ N(0, I): {@code ‖x‖²‖y‖² + 2(xᵀy)²}. */
    public static double gaussianFourthMoment(double[] x, double[] y) {
        double dot = Vectors.dot(x, y);
        return Vectors.squaredNorm(x) * Vectors.squaredNorm(y) + 2 * dot * dot;
    }

    /** The kernel {@code Σ a_n tⁿ} at {@code t = xᵀy}. */
    public static double kernel(double[] coefficients, double dot) {
        double sum = 0;
        for (int n = coefficients.length - 1; n >= 0; n--) {
            sum = sum * dot + coefficients[n];
        }
        return sum;
    }

    /**
     * Variance of one Random Maclaurin product: {@code Σ_n (a_n²/q_n)·Mⁿ − k²}. A degree with
     * a_n ≠ 0 and q_n = 0 would make the estimate biased and is refused.
     */
    public static double randomMaclaurinVariance(double[] coefficients, double[] degreeLaw, double fourthMoment,
                                                 double dot) {
        if (degreeLaw.length != coefficients.length) {
            throw new InvalidParameterException("degreeLaw", degreeLaw.length + " probabilities for "
                    + coefficients.length + " coefficients; one per degree is needed");
        }
        double second = 0;
        double power = 1;
        for (int n = 0; n < coefficients.length; n++) {
            if (coefficients[n] != 0) {
                if (!(degreeLaw[n] > 0)) {
                    throw new InvalidParameterException("degreeLaw[" + n + "]", degreeLaw[n],
                            "a probability > 0 where the coefficient is not 0 (otherwise the estimate is biased)");
                }
                second += coefficients[n] * coefficients[n] / degreeLaw[n] * power;
            }
            power *= fourthMoment;
        }
        double k = kernel(coefficients, dot);
        return second - k * k;
    }

    /** The variance-minimising degree law {@code q_n ∝ a_n·M^{n/2}} for one pair's M. */
    public static double[] optimalDegreeLaw(double[] coefficients, double fourthMoment) {
        double[] q = new double[coefficients.length];
        double root = Math.sqrt(fourthMoment);
        double power = 1;
        double total = 0;
        for (int n = 0; n < q.length; n++) {
            q[n] = coefficients[n] * power;
            total += q[n];
            power *= root;
        }
        for (int n = 0; n < q.length; n++) {
            q[n] /= total;
        }
        return q;
    }

    /**
     * Variance of {@code φ(x)ᵀφ(y)} for TensorSketch features of {@code (γxᵀy + c)^p} with m outputs
     * (Pham &amp; Pagh 2013; scikit-learn's {@code PolynomialCountSketch}): p count sketches with
     * independent uniform hashes onto Z_m and independent uniform signs, of {@code v = (√γ·x, √c)},
     * circularly convolved. With {@code a = (vᵀw)²}, {@code b = ‖v‖²‖w‖² − Σv_i²w_i²} and
     * {@code c = (vᵀw)² − Σv_i²w_i²} (w the same map of y):
     * {@code Var = [(a+b)^p + (a+c)^p − 2a^p]/m + g·[(a+b+c)^p − (a+b)^p − (a+c)^p + a^p]/m²}, g = gcd(2, m).
     *
     * <p>Derivation: the sign expectation pairs each degree's four indices in one of three ways —
     * A (i = j, k = l; weight a), B (i = k ≠ j = l; weight b) or C (i = l ≠ j = k; weight c) — and the
     * two hash-collision events then hold with probability 1 (no B or C), 1/m (only B's or only C's:
     * one uniform difference must vanish) or g/m² (both: β + γ ≡ 0 and β − γ ≡ 0 need 2γ ≡ 0). For
     * p = 1 it is the count sketch's {@code (‖v‖²‖w‖² + (vᵀw)² − 2Σv_i²w_i²)/m}.
     */
    public static double tensorSketchVariance(double gamma, double coef0, int degree, int m, double[] x, double[] y) {
        if (!(gamma > 0) || Double.isInfinite(gamma)) {
            throw new InvalidParameterException("gamma", gamma, "a finite number > 0");
        }
        if (!(coef0 >= 0) || Double.isInfinite(coef0)) {
            throw new InvalidParameterException("coef0", coef0, "a finite number >= 0");
        }
        if (degree < 1) {
            throw new InvalidParameterException("degree", degree, "an integer >= 1");
        }
        if (m < 1) {
            throw new InvalidParameterException("m", m, "an integer >= 1");
        }
        if (x.length != y.length) {
            throw new org.rf4j.api.DimensionMismatchException("x has " + x.length + " entries but y has " + y.length);
        }
        double dot = gamma * Vectors.dot(x, y) + coef0;
        double diagonal = 0;
        for (int i = 0; i < x.length; i++) {
            diagonal += gamma * gamma * x[i] * x[i] * y[i] * y[i];
        }
        diagonal += coef0 * coef0;
        double norms = (gamma * Vectors.squaredNorm(x) + coef0) * (gamma * Vectors.squaredNorm(y) + coef0);
        double a = dot * dot;
        double b = norms - diagonal;
        double c = a - diagonal;
        double ap = Math.pow(a, degree);
        double abp = Math.pow(a + b, degree);
        double acp = Math.pow(a + c, degree);
        double all = Math.pow(a + b + c, degree);
        double g = m % 2 == 0 ? 2 : 1;
        return (abp + acp - 2 * ap) / m + g * (all - abp - acp + ap) / ((double) m * m);
    }
}
