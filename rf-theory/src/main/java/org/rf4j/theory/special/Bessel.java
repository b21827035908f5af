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
package org.rf4j.theory.special;

import org.apiguardian.api.API;

/**
 * The modified Bessel function of the first kind of order 0, {@code I₀(z) = Σ_k (z²/4)^k/(k!)²},
 * needed by the geometric-RF variance (CRT paper Theorem 3.5, Eq. 13).
 *
 * <p>Method: for {@code |z| ≤ 30} the defining power series (all terms positive, so no
 * cancellation; at most ~90 terms); for {@code |z| > 30} the large-argument asymptotic expansion
 * {@code I₀(z) = e^z/√(2πz) · Σ_k ((2k−1)!!)²/(k!·(8z)^k)}, truncated at its smallest term,
 * which is below 1e-25 relative there. Both branches are accurate to a few ulps (tests compare
 * against mpmath reference values). {@link #logI0} works in log space and is finite for every
 * finite argument; {@link #i0} overflows to +∞ only where the true value exceeds
 * {@link Double#MAX_VALUE} (|z| ≳ 713.99).
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class Bessel {
    private static final double SERIES_LIMIT = 30.0;
    private static final double LOG_2PI = Math.log(2.0 * Math.PI);

    private Bessel() {
    }

    /** {@code I₀(z)}; even in z; +∞ where the value is not representable. */
    public static double i0(double z) {
        double a = Math.abs(z);
        if (Double.isNaN(z)) {
            return Double.NaN;
        }
        if (a <= SERIES_LIMIT) {
            return 1.0 + seriesTail(a);
        }
        if (a < 709.0) {
            return Math.exp(a) * asymptoticSum(a) / Math.sqrt(2.0 * Math.PI * a);
        }
        return Math.exp(logI0(a));
    }

    /** {@code ln I₀(z)}, finite for every finite z (≈ |z| − ½ln(2π|z|) for large |z|). */
    public static double logI0(double z) {
        double a = Math.abs(z);
        if (Double.isNaN(z)) {
            return Double.NaN;
        }
        if (Double.isInfinite(a)) {
            return Double.POSITIVE_INFINITY;
        }
        if (a <= SERIES_LIMIT) {
            return Math.log1p(seriesTail(a));
        }
        return a - 0.5 * (LOG_2PI + Math.log(a)) + Math.log(asymptoticSum(a));
    }

    /**
     * {@code I₁(z)/I₀(z)} (the derivative of {@code ln I₀}), in (−1, 1); used to minimise the
     * geometric-RF variance in p.
     */
    public static double i1OverI0(double z) {
        double a = Math.abs(z);
        double r;
        if (a <= SERIES_LIMIT) {
            // I1(z) = Σ (z/2)^{2k+1}/(k!(k+1)!)
            double q = a * a / 4.0;
            double t0 = 1.0;
            double s0 = 1.0;
            double t1 = a / 2.0;
            double s1 = t1;
            for (int k = 1; k < 200; k++) {
                t0 *= q / ((double) k * k);
                t1 *= q / ((double) k * (k + 1));
                s0 += t0;
                s1 += t1;
                if (t0 < 1e-17 * s0 && t1 < 1e-17 * s1) {
                    break;
                }
            }
            r = s1 / s0;
        } else {
            // Asymptotic: I1 ~ e^z/√(2πz) Σ (-1)^k... use the ratio of the two expansions.
            r = asymptoticSum1(a) / asymptoticSum(a);
        }
        return z < 0 ? -r : r;
    }

    /** I₀(a) − 1 = Σ_{k≥1} (a²/4)^k/(k!)² (kept apart from the 1 so ln I₀ is accurate for tiny a). */
    private static double seriesTail(double a) {
        double q = a * a / 4.0;
        double term = 1.0;
        double sum = 0.0;
        for (int k = 1; k < 200; k++) {
            term *= q / ((double) k * k);
            sum += term;
            if (term < 1e-17 * (1.0 + sum)) {
                break;
            }
        }
        return sum;
    }

    /** Σ_k ((2k−1)!!)²/(k!(8z)^k), truncated where the terms stop decreasing or are negligible. */
    private static double asymptoticSum(double a) {
        double term = 1.0;
        double sum = 1.0;
        for (int k = 1; k < 200; k++) {
            double next = term * (2.0 * k - 1) * (2.0 * k - 1) / (k * 8.0 * a);
            if (next >= term || next < 1e-18 * sum) {
                if (next < term) {
                    sum += next;
                }
                break;
            }
            term = next;
            sum += term;
        }
        return sum;
    }

    /** The I₁ analogue: Σ_k (−1)^k Π_{j≤k}(4 − (2j−1)²)/(k!(8z)^k). */
    private static double asymptoticSum1(double a) {
        double term = 1.0;
        double sum = 1.0;
        for (int k = 1; k < 200; k++) {
            double next = -term * (4.0 - (2.0 * k - 1) * (2.0 * k - 1)) / (k * 8.0 * a);
            if (Math.abs(next) >= Math.abs(term) || Math.abs(next) < 1e-18 * Math.abs(sum)) {
                if (Math.abs(next) < Math.abs(term)) {
                    sum += next;
                }
                break;
            }
            term = next;
            sum += term;
        }
        return sum;
    }
}
