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
}
