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
 * Modified Bessel functions: of the first kind of order 0, {@code I₀(z) = Σ_k (z²/4)^k/(k!)²},
 * needed by the geometric-RF variance (CRT paper Theorem 3.5, Eq. 13); and of the second kind
 * {@code K_ν(x)} for every real order ν and x &gt; 0, needed by the Matérn kernel
 * ({@link #besselK}, {@link #logBesselK}).
 *
 * <p>Method: for {@code |z| ≤ 30} the defining power series (all terms positive, so no
 * cancellation; at most ~90 terms); for {@code |z| > 30} the large-argument asymptotic expansion
 * {@code I₀(z) = e^z/√(2πz) · Σ_k ((2k−1)!!)²/(k!·(8z)^k)}, truncated at its smallest term,
 * which is below 1e-25 relative there. Both branches are accurate to a few ulps (tests compare
 * against mpmath reference values). {@link #logI0} works in log space and is finite for every
 * finite argument; {@link #i0} overflows to +∞ only where the true value exceeds
 * {@link Double#MAX_VALUE} (|z| ≳ 713.99).
 *
 * <p>{@code K_ν} method (Temme, "On the numerical evaluation of the modified Bessel function of the
 * third kind", J. Comput. Phys. 19, 1975; as arranged in Numerical Recipes' {@code bessik}): with
 * {@code ν = n + μ}, |μ| ≤ ½, the pair {@code K_μ, K_{μ+1}} comes from Temme's series for x &lt; 2
 * and from Steed's continued fraction (CF2) for x ≥ 2; forward recurrence
 * {@code K_{μ+k+1} = 2(μ+k)/x·K_{μ+k} + K_{μ+k−1}} (stable for K) gives {@code K_ν}. The
 * reciprocal-Gamma terms of Temme's series come from the Taylor series of {@code 1/Γ(1+μ)}
 * (coefficients to 25 digits), so they stay accurate at μ → 0. Tests compare against mpmath
 * to 1e-13 relative.
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
    /** Taylor coefficients of {@code 1/Γ(1+z)} about 0 (|z| ≤ ½ needs the first 22). */
    private static final double[] RGAMMA1 = {
        1.0, 0.5772156649015328606065121, -0.6558780715202538810770195, -0.04200263503409523552900393,
        0.1665386113822914895017008, -0.0421977345555443367482083, -0.009621971527876973562114922,
        0.00721894324666309954239501, -0.001165167591859065112113971, -0.00021524167411495097281573,
        0.0001280502823881161861531986, -0.00002013485478078823865568939, -0.000001250493482142670657345359,
        0.00000113302723198169588237413, -0.0000002056338416977607103450154, 6.116095104481415817862499e-9,
        5.002007644469222930055665e-9, -1.181274570487020144588127e-9, 1.04342671169110051049154e-10,
        7.782263439905071254049937e-12, -3.696805618642205708187816e-12, 5.100370287454475979015481e-13,
        -2.05832605356650678322243e-14, -5.348122539423017982370017e-15};
    private static final double K_EPS = 1e-17;
    private static final int K_MAX_ITERATIONS = 100_000;
    private static final double RESCALE = 1e200;
    private static final double LOG_RESCALE = Math.log(RESCALE);

    /**
     * {@code K_ν(x)}, the modified Bessel function of the second kind, for real ν (even in ν) and
     * x &gt; 0; +∞ at x = 0 and where the value exceeds {@link Double#MAX_VALUE}, 0 where it underflows.
     */
    public static double besselK(double nu, double x) {
        if (Double.isNaN(nu) || Double.isNaN(x) || x < 0 || Double.isInfinite(nu)) {
            return Double.NaN;
        }
        if (x == 0) {
            return Double.POSITIVE_INFINITY;
        }
        if (Double.isInfinite(x)) {
            return 0.0;
        }
        double[] scaled = scaledK(Math.abs(nu), x);
        if (scaled[1] == 0 && x < 700) {
            return scaled[0] * Math.exp(-x);
        }
        return Math.exp(Math.log(scaled[0]) + scaled[1] * LOG_RESCALE - x);
    }

    /** {@code ln K_ν(x)} for real ν and x &gt; 0; finite for every finite x &gt; 0. */
    public static double logBesselK(double nu, double x) {
        if (Double.isNaN(nu) || Double.isNaN(x) || x < 0 || Double.isInfinite(nu)) {
            return Double.NaN;
        }
        if (x == 0) {
            return Double.POSITIVE_INFINITY;
        }
        if (Double.isInfinite(x)) {
            return Double.NEGATIVE_INFINITY;
        }
        double[] scaled = scaledK(Math.abs(nu), x);
        return Math.log(scaled[0]) + scaled[1] * LOG_RESCALE - x;
    }

    /** {@code {m, e}} with {@code e^x·K_ν(x) = m·RESCALE^e}, ν ≥ 0, 0 &lt; x &lt; ∞. */
    private static double[] scaledK(double nu, double x) {
        int nl = (int) (nu + 0.5);
        double mu = nu - nl;
        double[] pair = x < 2 ? temme(mu, x) : steed(mu, x);
        double kmu = pair[0];
        double k1 = pair[1];
        double twoOverX = 2 / x;
        int exponent = 0;
        for (int i = 1; i <= nl; i++) {
            double next = (mu + i) * twoOverX * k1 + kmu;
            kmu = k1;
            k1 = next;
            if (k1 > RESCALE) {
                kmu /= RESCALE;
                k1 /= RESCALE;
                exponent++;
            }
        }
        return new double[] {kmu, exponent};
    }

    /** Temme's series for {@code e^x·K_μ(x), e^x·K_{μ+1}(x)}, |μ| ≤ ½, 0 &lt; x &lt; 2. */
    private static double[] temme(double mu, double x) {
        double mu2 = mu * mu;
        double x2 = 0.5 * x;
        double pimu = Math.PI * mu;
        double fact = Math.abs(pimu) < 1e-300 ? 1.0 : pimu / Math.sin(pimu);
        double d = -Math.log(x2);
        double e = mu * d;
        double fact2 = Math.abs(e) < 1e-8 ? 1.0 + e * e / 6 : Math.sinh(e) / e;
        double gamPlus = 0;   // 1/Γ(1+μ)
        double gamMinus = 0;  // 1/Γ(1−μ)
        double gam1 = 0;      // (1/Γ(1−μ) − 1/Γ(1+μ))/(2μ)
        double power = 1;
        for (int k = 0; k < RGAMMA1.length; k++) {
            double term = RGAMMA1[k] * power;
            gamPlus += term;
            gamMinus += (k % 2 == 0) ? term : -term;
            if (k % 2 == 1) {
                gam1 -= RGAMMA1[k] * power / (mu == 0 ? 1 : mu);
            }
            power *= mu;
        }
        if (mu == 0) {
            gam1 = -RGAMMA1[1];
        }
        double gam2 = 0.5 * (gamMinus + gamPlus);
        double ff = fact * (gam1 * Math.cosh(e) + gam2 * fact2 * d);
        double sum = ff;
        double ee = Math.exp(e);
        double p = 0.5 * ee / gamPlus;
        double q = 0.5 / (ee * gamMinus);
        double c = 1.0;
        double dd = x2 * x2;
        double sum1 = p;
        for (int i = 1; i < K_MAX_ITERATIONS; i++) {
            ff = (i * ff + p + q) / (i * (double) i - mu2);
            c *= dd / i;
            p /= i - mu;
            q /= i + mu;
            double del = c * ff;
            sum += del;
            sum1 += c * (p - i * ff);
            if (Math.abs(del) < Math.abs(sum) * K_EPS) {
                break;
            }
        }
        double scale = Math.exp(x);
        return new double[] {sum * scale, sum1 * (2 / x) * scale};
    }

    /** Steed's continued fraction CF2 for {@code e^x·K_μ(x), e^x·K_{μ+1}(x)}, |μ| ≤ ½, x ≥ 2. */
    private static double[] steed(double mu, double x) {
        double mu2 = mu * mu;
        double b = 2.0 * (1.0 + x);
        double d = 1.0 / b;
        double h = d;
        double delh = d;
        double q1 = 0.0;
        double q2 = 1.0;
        double a1 = 0.25 - mu2;
        double q = a1;
        double c = a1;
        double a = -a1;
        double s = 1.0 + q * delh;
        for (int i = 2; i < K_MAX_ITERATIONS; i++) {
            a -= 2 * (i - 1);
            c = -a * c / i;
            double qnew = (q1 - b * q2) / a;
            q1 = q2;
            q2 = qnew;
            q += c * qnew;
            b += 2.0;
            d = 1.0 / (b + a * d);
            delh = (b * d - 1.0) * delh;
            h += delh;
            double dels = q * delh;
            s += dels;
            if (Math.abs(dels / s) < K_EPS) {
                break;
            }
        }
        h = a1 * h;
        double kmu = Math.sqrt(Math.PI / (2.0 * x)) / s;
        double k1 = kmu * (mu + x + 0.5 - h) / x;
        return new double[] {kmu, k1};
    }
}
