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

import org.rf4j.api.linalg.GoldenSection;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.kernel.KernelKind;
import org.rf4j.theory.special.Bessel;
import org.rf4j.theory.special.Complex;
import org.apiguardian.api.API;

/**
 * Closed forms of the Chefs' Random Tables paper (Likhosherstov, Choromanski et al., NeurIPS 2022;
 * {@code chefs-random-tables.txt}): generalised exponential RFs (GERF, Eq. 4–6), optimal positive
 * RFs (OPRF, Theorem 3.3), Poisson and geometric discretely-induced RFs (Eq. 9–13), the Sec. 2.2
 * variances of trigonometric and positive RFs, the Hoeffding tail bound of Theorem 4.2 and the
 * feature count of Theorem 4.3.
 *
 * <p>All variances are of ONE feature estimating the unit Gaussian kernel
 * {@code K(x, y) = exp(−|x − y|²/2)} (the paper's convention); the {@code *Mse} methods divide by
 * m (iid features are independent) and convert to the softmax kernel with
 * {@link BaseFeatureTheory#convert}. Second moments are formed in log space and the variance as
 * {@code e^L·(−expm1(ln K² − L))}, so nothing overflows before the true value does, and no NaN
 * arises from ∞ − ∞.
 *
 * <p>Verification and corrections (each checked numerically, see {@code GeneralizedFeatureTheoryTest}):
 * <ul>
 *   <li>Theorem 3.2 (Eq. 6) is correct for complex A and s = ±1: checked against per-coordinate
 *       quadrature of {@code E(f₁f₂)²} and {@code E|f₁f₂|²} (the integrands factorise). We evaluate
 *       α₁ as {@code exp(d·(Log(1 − 4A) − ½Log(1 − 8A)))}, i.e. {@code D⁴(√(1 − 8A))^{−d}}, which
 *       is what the proof produces; the printed {@code (√(1 + 16A²/(1 − 8A)))^d} agrees wherever
 *       Re(1 − 8A) &gt; 0 (no sign flip for odd d was found, but the log form needs no argument).</li>
 *   <li>Theorem 3.3 (Eq. 7) is correct; it is evaluated in the cancellation-free form
 *       {@code ρ* = 2d/((2|v|² + d) + √((2|v|² + d)² + 8d|v|²))} (the printed form loses all digits
 *       as |v|² → 0, where ρ* → 1).</li>
 *   <li>Theorem 3.4 (Eq. 11) and Theorem 3.5 (Eq. 13) are correct (checked by summing the
 *       series of the second moment directly). The paper says "evaluation of (11)" after Eq. 14;
 *       (13) is meant.</li>
 *   <li>Theorem 4.2, iid part: the printed {@code 2exp(−(Mε²/2)·e^{(|x|²+|y|²)/(2A)}(1 − 4A)^{−d/2})}
 *       is not what Hoeffding's inequality gives (the proof is not in our copy): with
 *       {@code 0 ≤ Z ≤ Z_max}, {@code Z_max = max_ω f₁f₂ = (1 − 4A)^{d/2}exp(−(1 − 4A)|x + y|²/(8A) − |x|² − |y|²)},
 *       Hoeffding gives {@code 2exp(−2Mε²/Z_max²)}, with {@code (1 − 4A)^{−d}} where the print has
 *       {@code (1 − 4A)^{−d/2}}; the printed form is not implied by it. We found no counterexample
 *       (in the CLT regime it would need {@code Var·e^{S/(2A)}(1 − 4A)^{−d/2} > 1}; a grid over d ≤ 64,
 *       |x|, |y| ≤ 3, A ∈ [−3, −0.01] gives at most 0.44), so it may hold by a finer argument.
 *       {@link #tailBound} returns the proven Hoeffding bound; {@link #tailBoundAsPrinted} the printed
 *       expression. The orthogonal part, {@code exp(−M·L(K + ε))}, is {@link #orthogonalTailBound},
 *       with the Legendre transform computed from the exact moments {@code E[Z^k]}
 *       ({@link #logProductMoment}).</li>
 *   <li>Theorem 4.1 gives no closed form (only an unspecified {@code C(|x + y|) ≥ 0}); we derive the
 *       exact orthogonal MSE, {@link #orthogonalGerfMse}, and check it by Monte Carlo.</li>
 * </ul>
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class GeneralizedFeatureTheory {
    private GeneralizedFeatureTheory() {
    }

    // ------------------------------------------------------------------ GERF (Sec. 3.1)

    /**
     * Checks the GERF parameters: s ∈ {−1, +1} and {@code Re(1 − 4A) > 0} (Theorem 3.1).
     *
     * @throws InvalidParameterException naming the violated condition
     */
    public static void requireGerfParameters(Complex a, int s) {
        if (s != 1 && s != -1) {
            throw new InvalidParameterException("s", s, "-1 or +1 (CRT Eq. 4)");
        }
        if (!a.isFinite() || !(1.0 - 4.0 * a.re() > 0.0)) {
            throw new InvalidParameterException("A", a.toString(),
                    "a finite complex A with Re(1 - 4A) > 0, i.e. Re(A) < 0.25 (CRT Theorem 3.1)");
        }
    }

    /** {@code B = √(s(1 − 4A))}, principal root (Theorem 3.1, Eq. 5). */
    public static Complex gerfB(Complex a, int s) {
        return Complex.ONE.minus(a.times(4.0)).times(s).sqrt();
    }

    /** {@code C = −(s + 1)/2} (Eq. 5). */
    public static double gerfC(int s) {
        return -(s + 1) / 2.0;
    }

    /** {@code ln D = (d/4)·Log(1 − 4A)}, i.e. {@code D = (⁴√(1 − 4A))^d} with the principal root (Eq. 5). */
    public static Complex gerfLogD(Complex a, int d) {
        return Complex.ONE.minus(a.times(4.0)).log().times(d / 4.0);
    }

    /** True if Theorem 3.2 applies (and the variance is finite): {@code Re(1 − 8A) > 0}. */
    public static boolean gerfVarianceFinite(Complex a) {
        return 1.0 - 8.0 * a.re() > 0.0;
    }

    /**
     * {@code ln E[Re(f₁f₂)²]} of one GERF (Theorem 3.2, the first term of Eq. 6), in log space.
     *
     * @throws InvalidParameterException if {@code Re(1 − 8A) ≤ 0} (the second moment is infinite)
     */
    public static double gerfLogSecondMoment(Complex a, int s, double[] x, double[] y) {
        return gerfLogSecondMoment(a, s, x.length, Vectors.squaredNorm(x) + Vectors.squaredNorm(y),
                Vectors.squaredNormOfSum(x, y, s));
    }

    /**
     * {@code ln E[Re(f₁f₂)²]} (Eq. 6 without the −K² term) from scalar statistics: the dimension d,
     * {@code |x|² + |y|²} and {@code |x + s·y|²}, or their data averages (Eq. 8), as the paper
     * suggests for sets of inputs.
     */
    public static double gerfLogSecondMoment(Complex a, int s, int d, double sumOfSquaredNorms, double v2) {
        requireGerfParameters(a, s);
        if (!gerfVarianceFinite(a)) {
            throw new InvalidParameterException("A", a.toString(),
                    "Re(1 - 8A) > 0 for a finite GERF variance (CRT Theorem 3.2)");
        }
        double shift = -(s + 1) * sumOfSquaredNorms;
        Complex oneMinus4a = Complex.ONE.minus(a.times(4.0));
        Complex oneMinus8a = Complex.ONE.minus(a.times(8.0));
        // α₁ = D⁴ (√(1 − 8A))^{−d}, α₂ = 2s(1 − 4A)/(1 − 8A)
        Complex logAlpha1 = oneMinus4a.log().times(d).minus(oneMinus8a.log().times(0.5 * d));
        Complex alpha2 = oneMinus4a.times(2.0 * s).divide(oneMinus8a);
        Complex l1 = logAlpha1.plus(alpha2.times(v2)).plus(shift);
        // α₃ = (|1 − 4A|²/(1 − 8Re A))^{d/2}, α₄ = (|1 − 4A| + s(1 − 4Re A))/(1 − 8Re A)
        double abs14 = oneMinus4a.abs();
        double den = 1.0 - 8.0 * a.re();
        double logAlpha3 = 0.5 * d * (2.0 * Math.log(abs14) - Math.log(den));
        double alpha4 = (abs14 + s * (1.0 - 4.0 * a.re())) / den;
        double l2 = logAlpha3 + alpha4 * v2 + shift;
        // ½(e^{Re l1} cos(Im l1) + e^{l2}) with Re l1 ≤ l2 (|E w²| ≤ E|w|²)
        double ratio = Math.exp(Math.min(0.0, l1.re() - l2)) * Math.cos(l1.im());
        return l2 + Math.log(0.5 * (1.0 + ratio));
    }

    /** A GERF parameter pair (A, s). */
    public record GerfParameters(Complex a, int s) {
    }

    /**
     * The (A, s) minimising the GERF second moment (Eq. 6; −K² does not depend on A or s) at the
     * statistics d, {@code |x|² + |y|²}, {@code |x + y|²} and {@code |x − y|²} (or their Eq. 8 data
     * averages) — the "numerical optimization of (6) with respect to A ∈ ℂ and s ∈ {−1, +1}" of CRT
     * Sec. 3.1. For each s, Nelder–Mead over {@code (ln(1 − 8 Re A), Im A)} (which keeps
     * Re(1 − 8A) &gt; 0) from a grid of starts, including s = +1 at OPRF's A*; the best is returned.
     * The result is never worse than OPRF (for s = +1) or A = 0.
     */
    public static GerfParameters optimalGerf(int d, double sumOfSquaredNorms, double v2Plus, double v2Minus) {
        GerfParameters best = null;
        double bestValue = Double.POSITIVE_INFINITY;
        for (int s : new int[] {1, -1}) {
            double v2 = s == 1 ? v2Plus : v2Minus;
            java.util.function.ToDoubleFunction<double[]> f = p -> {
                double re = -Math.expm1(p[0]) / 8.0;
                double val = gerfLogSecondMoment(Complex.of(re, p[1]), s, d, sumOfSquaredNorms, v2);
                // the second moment is ≥ K² > 0: a NaN or −∞ can only be round-off at extreme A; skip it
                return Double.isNaN(val) || val == Double.NEGATIVE_INFINITY ? Double.POSITIVE_INFINITY : val;
            };
            java.util.List<double[]> starts = new java.util.ArrayList<>();
            for (double u : new double[] {0.0, 0.7, 2.0}) {
                for (double im : new double[] {-0.3, 0.0, 0.3}) {
                    starts.add(new double[] {u, im});
                }
            }
            if (s == 1) {
                starts.add(new double[] {-Math.log(rhoStar(v2Plus, d)), 0.0});
            }
            for (double[] start : starts) {
                double[] p = nelderMead(f, start, 0.25, 400);
                double val = f.applyAsDouble(p);
                if (val < bestValue) {
                    bestValue = val;
                    best = new GerfParameters(Complex.of(-Math.expm1(p[0]) / 8.0, p[1]), s);
                }
            }
        }
        return best;
    }

    /**
     * A small Nelder–Mead minimiser (standard coefficients: reflection 1, expansion 2, inside
     * contraction ½, shrink ½), at most {@code iterations} steps from the simplex {@code start},
     * {@code start + step·e_i}; stops when the simplex values agree to 1e-13 (relative). Package-private
     * for its test ({@code NelderMeadTest}).
     */
    static double[] nelderMead(java.util.function.ToDoubleFunction<double[]> f, double[] start, double step,
            int iterations) {
        int n = start.length;
        double[][] pts = new double[n + 1][];
        double[] val = new double[n + 1];
        pts[0] = start.clone();
        for (int i = 0; i < n; i++) {
            pts[i + 1] = start.clone();
            pts[i + 1][i] += step;
        }
        for (int i = 0; i <= n; i++) {
            val[i] = f.applyAsDouble(pts[i]);
        }
        for (int it = 0; it < iterations; it++) {
            // sort
            for (int i = 0; i <= n; i++) {
                for (int j = i + 1; j <= n; j++) {
                    if (val[j] < val[i]) {
                        double tv = val[i];
                        val[i] = val[j];
                        val[j] = tv;
                        double[] tp = pts[i];
                        pts[i] = pts[j];
                        pts[j] = tp;
                    }
                }
            }
            if (Math.abs(val[n] - val[0]) < 1e-13 * (1 + Math.abs(val[0]))) {
                break;
            }
            double[] c = new double[n];
            for (int i = 0; i < n; i++) {
                for (int k = 0; k < n; k++) {
                    c[k] += pts[i][k] / n;
                }
            }
            double[] r = new double[n];
            for (int k = 0; k < n; k++) {
                r[k] = c[k] + (c[k] - pts[n][k]);
            }
            double fr = f.applyAsDouble(r);
            if (fr < val[0]) {
                double[] e = new double[n];
                for (int k = 0; k < n; k++) {
                    e[k] = c[k] + 2 * (c[k] - pts[n][k]);
                }
                double fe = f.applyAsDouble(e);
                pts[n] = fe < fr ? e : r;
                val[n] = Math.min(fe, fr);
            } else if (fr < val[n - 1]) {
                pts[n] = r;
                val[n] = fr;
            } else {
                double[] k2 = new double[n];
                for (int k = 0; k < n; k++) {
                    k2[k] = c[k] + 0.5 * (pts[n][k] - c[k]);
                }
                double fk = f.applyAsDouble(k2);
                if (fk < val[n]) {
                    pts[n] = k2;
                    val[n] = fk;
                } else {
                    for (int i = 1; i <= n; i++) {
                        for (int k = 0; k < n; k++) {
                            pts[i][k] = pts[0][k] + 0.5 * (pts[i][k] - pts[0][k]);
                        }
                        val[i] = f.applyAsDouble(pts[i]);
                    }
                }
            }
        }
        int bestIdx = 0;
        for (int i = 1; i <= n; i++) {
            if (val[i] < val[bestIdx]) {
                bestIdx = i;
            }
        }
        return pts[bestIdx];
    }

    /** Variance of one GERF (Theorem 3.2, Eq. 6) estimating the Gaussian kernel at (x, y). */
    public static double gerfVariance(Complex a, int s, double[] x, double[] y) {
        return varianceFromLogSecondMoment(gerfLogSecondMoment(a, s, x, y), x, y);
    }

    /** {@code ln Var} of one GERF (Eq. 6); −∞ for a zero-variance pair (e.g. PosRF at x = −y). */
    public static double gerfLogVariance(Complex a, int s, double[] x, double[] y) {
        return logVarianceFromLogSecondMoment(gerfLogSecondMoment(a, s, x, y), x, y);
    }

    /** MSE of m iid GERFs estimating {@code kind} at (x, y). */
    public static double gerfMse(KernelKind kind, Complex a, int s, double[] x, double[] y, int m) {
        return BaseFeatureTheory.convert(gerfVariance(a, s, x, y), KernelKind.GAUSSIAN, kind, x, y) / m;
    }

    // ------------------------------------------------------------------ OPRF (Theorem 3.3)

    /**
     * ρ* of Theorem 3.3 (Eq. 7) for {@code |x + y|² = sumSquaredNorm} (or its data average, Eq. 8),
     * in (0, 1]; 1 at |x + y|² = 0 (then A = 0: positive RFs). Cancellation-free form.
     */
    public static double rhoStar(double sumSquaredNorm, int d) {
        if (!(sumSquaredNorm >= 0) || Double.isInfinite(sumSquaredNorm)) {
            throw new InvalidParameterException("|x + y|^2", sumSquaredNorm, "a finite number >= 0");
        }
        if (d < 1) {
            throw new InvalidParameterException("d", d, "an integer >= 1");
        }
        double b = 2.0 * sumSquaredNorm + d;
        double disc = Math.sqrt(b * b + 8.0 * d * sumSquaredNorm);
        return 2.0 * d / (b + disc);
    }

    /** OPRF's {@code A = (1 − 1/ρ)/8} (Theorem 3.3); ≤ 0 for ρ ∈ (0, 1]. */
    public static double oprfA(double rho) {
        if (!(rho > 0) || Double.isInfinite(rho)) {
            throw new InvalidParameterException("rho", rho, "a finite number > 0");
        }
        return (1.0 - 1.0 / rho) / 8.0;
    }

    /** The variance-minimising real A for s = +1 at {@code |x + y|²} in dimension d. */
    public static double optimalPositiveA(double sumSquaredNorm, int d) {
        return oprfA(rhoStar(sumSquaredNorm, d));
    }

    /**
     * Figure 1 (right): {@code μ = ln(Var_OPRF/Var_PosRF)} as a function of {@code |x + y|²} and d,
     * with OPRF at its pairwise optimum. Both variances share the factor
     * {@code e^{−2(|x|²+|y|²)}}, so μ depends on |x + y|² and d only:
     * {@code Var_OPRF ∝ α₁e^{α₂V} − e^V}, {@code Var_PosRF ∝ e^{2V} − e^V}.
     */
    public static double logOprfToPositiveVarianceRatio(double sumSquaredNorm, int d) {
        double v = sumSquaredNorm;
        double a = optimalPositiveA(v, d);
        double logAlpha1 = 0.5 * d * (2.0 * Math.log1p(-4.0 * a) - Math.log1p(-8.0 * a));
        double alpha2 = 2.0 * (1.0 - 4.0 * a) / (1.0 - 8.0 * a);
        double lo = logAlpha1 + alpha2 * v;
        double logOprf = lo + Math.log(-Math.expm1(v - lo));
        double logPos = 2.0 * v + Math.log(-Math.expm1(-v));
        return logOprf - logPos;
    }

    // ------------------------------------------------------------------ Theorem 4.1 (orthogonal OPRF)

    /**
     * {@code ln E[Z₁Z₂]} for two GERF products (real A, s = +1) on ORTHOGONAL projections
     * {@code ω₁ ⊥ ω₂} with Haar directions and independent χ_d norms, estimating the Gaussian kernel:
     * {@code E[Z₁Z₂] = e^{−2(|x|²+|y|²)}·₁F₁(d; d/2; |x + y|²/2)}.
     *
     * <p>Derivation (ours; Theorem 4.1 only states the sign of the gain): write ω = r·u. Expanding
     * {@code e^{B r uᵀv}} and using {@code E[r^{2p}e^{2Ar²}] = 2^p Γ(p + d/2)/Γ(d/2)·(1 − 4A)^{−p−d/2}}
     * gives {@code E[Z | u] = e^{−S} Σ_p (|v|²/2)^p (uᵀv̂)^{2p}(d/2)_p·2^{2p}/(2p)!}: A cancels (with
     * D² and B² = 1 − 4A), so the covariance of an orthogonal pair is the same for every real A —
     * positive RFs included. With the moments
     * {@code E[t₁^{2p}t₂^{2q}] = Γ(d/2)Γ(p + ½)Γ(q + ½)/(πΓ(d/2 + p + q))} of two coordinates of a
     * uniform unit vector and Vandermonde's identity {@code Σ_p C(n, p)(a)_p(a)_{n−p} = (2a)_n}, the
     * double series collapses to {@code Σ_n (|v|²/2)^n (d)_n/((d/2)_n n!) = ₁F₁(d; d/2; |v|²/2)}. Since
     * {@code (d)_n/(d/2)_n ≤ 2^n}, {@code E[Z₁Z₂] ≤ e^{−2S}e^{|v|²} = K²}: the covariance is ≤ 0 for every
     * d, which is Theorem 4.1; it tends to 0 as d → ∞. Checked by Monte Carlo in rf-features.
     */
    public static double logOrthogonalPairMoment(double[] x, double[] y) {
        int d = x.length;
        double z = 0.5 * Vectors.squaredNormOfSum(x, y, 1);
        double shift = -2.0 * (Vectors.squaredNorm(x) + Vectors.squaredNorm(y));
        // ln ₁F₁(d; d/2; z) by its positive series, rescaled to stay finite
        double logScale = 0.0;
        double term = 1.0;
        double sum = 1.0;
        for (int n = 0; n < 10_000_000; n++) {
            term *= (d + n) / (0.5 * d + n) * z / (n + 1.0);
            sum += term;
            if (sum > 1e280) {
                sum *= 1e-280;
                term *= 1e-280;
                logScale += 280 * Math.log(10);
            }
            if (n > 2 * z + d && term < 1e-17 * sum) {
                break;
            }
        }
        return shift + logScale + Math.log(sum);
    }

    /**
     * MSE of m GERFs with real A, s = +1 (OPRF, positive RFs) on the {@code orthogonal} coupling
     * (independent blocks of d orthogonal Haar directions with χ_d norms, the last block partial),
     * Theorem 4.1 made exact: {@code MSE = Var/m + (P/m²)·Cov}, with Var of Eq. 6, the within-block
     * pair count {@code P = Σ_blocks b(b − 1)} and
     * {@code Cov = E[Z₁Z₂] − K² ≤ 0} from {@link #logOrthogonalPairMoment}.
     */
    public static double orthogonalGerfMse(KernelKind kind, double a, double[] x, double[] y, int m) {
        int d = x.length;
        double var1 = gerfVariance(Complex.real(a), 1, x, y);
        long full = m / d;
        long rem = m % d;
        double pairs = full * (double) d * (d - 1) + rem * (double) (rem - 1);
        double logK2 = -Vectors.squaredNormOfSum(x, y, -1);
        double logPair = logOrthogonalPairMoment(x, y);
        double cov = pairs == 0 ? 0.0 : Math.exp(logK2) * Math.expm1(logPair - logK2);
        double mse = var1 / m + pairs / ((double) m * m) * cov;
        return BaseFeatureTheory.convert(Math.max(0.0, mse), KernelKind.GAUSSIAN, kind, x, y);
    }

    /**
     * MSE of m GERFs with real A, s = +1 (OPRF; A = 0 is positive RFs) on a coupling whose blocks
     * of d directions have the given {@link CouplingTheory.Geometry} and whose norms are independent
     * χ_d: {@code MSE = Var_A/m − (e^{−2(|x|²+|y|²)}/m²)·Σ_blocks n_b(n_b − 1)(e^{|x+y|²} − ρ_b)}
     * (Gaussian kernel), with Var_A of Eq. 6 and the conformity gap {@code e^{v²} − ρ_b} of
     * {@link CouplingTheory#logConformityGap} (SimRF Eq. 21–24). The pair covariance does not depend
     * on A (see {@link #logOrthogonalPairMoment}), so this is the SimRF Eq. 11 covariance with the
     * OPRF variance.
     *
     * <p>This replaces the earlier evaluation as {@code MSE_0 + (Var_A − Var_0)/m}: that is the same
     * quantity in exact arithmetic, but where positive RFs' variance {@code Var_0} is many orders of
     * magnitude above OPRF's (large |x + y|²) it subtracts two huge, nearly equal numbers and
     * returned rounding noise (e.g. 4e21 relative MSE for simplex/oprf where iid/oprf's is 3.9).
     * Here both terms are of the size of the result or smaller.
     *
     * @throws InvalidParameterException for {@code IID} with blocks, d &lt; 2 with simplex, or a bad m
     */
    public static double coupledGerfMse(KernelKind kind, double a, double[] x, double[] y, int m,
            CouplingTheory.Geometry geometry) {
        if (m < 1) {
            throw new InvalidParameterException("m", m, "an integer >= 1");
        }
        int d = x.length;
        double var1 = gerfVariance(Complex.real(a), 1, x, y);
        double v2 = Vectors.squaredNormOfSum(x, y, 1);
        double s = Vectors.squaredNorm(x) + Vectors.squaredNorm(y);
        double reduction = 0.0;
        if (geometry != CouplingTheory.Geometry.IID && v2 > 0) {
            for (int[] block : CouplingTheory.blocks(m, d)) {
                int n = block[0];
                if (n >= 2) {
                    double logGap = CouplingTheory.logConformityGap(d, geometry.cosine(n), v2);
                    reduction += block[1] * (double) n * (n - 1) * Math.exp(logGap - 2.0 * s);
                }
            }
        }
        double mse = var1 / m - reduction / ((double) m * m);
        return BaseFeatureTheory.convert(Math.max(0.0, mse), KernelKind.GAUSSIAN, kind, x, y);
    }

    // ------------------------------------------------------------------ Sec. 2.2 baselines

    /** Trigonometric RF variance (Sec. 2.2): {@code ½(1 − K²)²}, equal to {@link BaseFeatureTheory#trigonometricMse} at m = 1. */
    public static double trigonometricVariance(double[] x, double[] y) {
        double t = -Math.expm1(-Vectors.squaredNormOfSum(x, y, -1));
        return 0.5 * t * t;
    }

    /** Positive RF variance (Sec. 2.2): {@code e^{4xᵀy} − K²}, equal to {@link BaseFeatureTheory#positiveMse} (Gaussian, m = 1). */
    public static double positiveVariance(double[] x, double[] y) {
        return varianceFromLogSecondMoment(4.0 * Vectors.dot(x, y), x, y);
    }

    // ------------------------------------------------------------------ Poisson (Sec. 3.2.1)

    /**
     * λ* of Theorem 3.4: {@code √(Σ_l x_l²y_l² / d)}, from the statistic Σ_l x_l²y_l² (or its data
     * average, Eq. 12).
     */
    public static double poissonLambdaStar(double sumCoordinateSquareProducts, int d) {
        if (!(sumCoordinateSquareProducts >= 0) || Double.isInfinite(sumCoordinateSquareProducts)) {
            throw new InvalidParameterException("sum x_l^2 y_l^2", sumCoordinateSquareProducts, "a finite number >= 0");
        }
        return Math.sqrt(sumCoordinateSquareProducts / d);
    }

    /** {@code ln E[(f(x)f(y))²] = λd + λ⁻¹Σ x_l²y_l² − |x|² − |y|²} (Theorem 3.4, Eq. 11). */
    public static double poissonLogSecondMoment(double lambda, double[] x, double[] y) {
        requirePositive("lambda", lambda);
        double acc = 0;
        for (int l = 0; l < x.length; l++) {
            double t = x[l] * y[l];
            acc += t * t;
        }
        return lambda * x.length + acc / lambda - Vectors.squaredNorm(x) - Vectors.squaredNorm(y);
    }

    /** Variance of one Poisson RF (Theorem 3.4, Eq. 11). */
    public static double poissonVariance(double lambda, double[] x, double[] y) {
        return varianceFromLogSecondMoment(poissonLogSecondMoment(lambda, x, y), x, y);
    }

    /** MSE of m iid Poisson RFs estimating {@code kind}. */
    public static double poissonMse(KernelKind kind, double lambda, double[] x, double[] y, int m) {
        return BaseFeatureTheory.convert(poissonVariance(lambda, x, y), KernelKind.GAUSSIAN, kind, x, y) / m;
    }

    // ------------------------------------------------------------------ geometric (Sec. 3.2.2)

    /**
     * {@code ln E[(f(x)f(y))²] = −d ln p − |x|² − |y|² + Σ_l ln I₀(2|x_l y_l|/√(1 − p))}
     * (Theorem 3.5, Eq. 13).
     */
    public static double geometricLogSecondMoment(double p, double[] x, double[] y) {
        double[] abs = new double[x.length];
        for (int l = 0; l < x.length; l++) {
            abs[l] = Math.abs(x[l] * y[l]);
        }
        return geometricLogObjective(p, abs) - Vectors.squaredNorm(x) - Vectors.squaredNorm(y);
    }

    /** Variance of one geometric RF (Theorem 3.5, Eq. 13). */
    public static double geometricVariance(double p, double[] x, double[] y) {
        return varianceFromLogSecondMoment(geometricLogSecondMoment(p, x, y), x, y);
    }

    /** MSE of m iid geometric RFs estimating {@code kind}. */
    public static double geometricMse(KernelKind kind, double p, double[] x, double[] y, int m) {
        return BaseFeatureTheory.convert(geometricVariance(p, x, y), KernelKind.GAUSSIAN, kind, x, y) / m;
    }

    /**
     * The p-dependent part of ln Eq. 13: {@code g(p) = −d ln p + Σ_l ln I₀(2a_l/√(1 − p))} with
     * {@code a_l} = |x_l y_l| or its data average (Eq. 14).
     */
    public static double geometricLogObjective(double p, double[] absProducts) {
        if (!(p > 0 && p < 1)) {
            throw new InvalidParameterException("p", p, "a number in (0, 1)");
        }
        double scale = 2.0 / Math.sqrt(1.0 - p);
        double acc = -absProducts.length * Math.log(p);
        for (double a : absProducts) {
            acc += Bessel.logI0(scale * a);
        }
        return acc;
    }

    /**
     * The p ∈ (0, 1) minimising Eq. 13 for the statistics {@code a_l} (Eq. 14). The paper leaves this
     * to numerical optimisation; {@code g'(p) = −d/p + Σ_l a_l(1 − p)^{−3/2} I₁/I₀(2a_l/√(1 − p))}
     * is increasing (both terms are), so g is convex and its stationary point is found by bisection
     * on g' in the logit of p, to full double precision. Returns a value in
     * [1e-12, 1 − 1e-12] (the upper end when all a_l = 0: then p → 1, ω ≡ 0 is optimal).
     */
    public static double geometricOptimalP(double[] absProducts) {
        int d = absProducts.length;
        double lo = -27.6;  // logit bounds ≈ 1e-12 .. 1 − 1e-12
        double hi = 27.6;
        if (geometricDerivative(sigmoid(hi), absProducts, d) <= 0) {
            return sigmoid(hi);
        }
        if (geometricDerivative(sigmoid(lo), absProducts, d) >= 0) {
            return sigmoid(lo);
        }
        for (int it = 0; it < 200 && hi - lo > 1e-13; it++) {
            double mid = 0.5 * (lo + hi);
            if (geometricDerivative(sigmoid(mid), absProducts, d) > 0) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        return sigmoid(0.5 * (lo + hi));
    }

    private static double geometricDerivative(double p, double[] a, int d) {
        double q = 1.0 - p;
        double scale = 2.0 / Math.sqrt(q);
        double acc = -d / p;
        for (double al : a) {
            if (al > 0) {
                acc += al * Math.pow(q, -1.5) * Bessel.i1OverI0(scale * al);
            }
        }
        return acc;
    }

    private static double sigmoid(double t) {
        return 1.0 / (1.0 + Math.exp(-t));
    }

    // ------------------------------------------------------------------ Sec. 4

    /**
     * Theorem 4.2 (iid part), proven form: for real {@code A < 0}, s = +1, M iid features,
     * {@code P[|K̂ − K| ≥ ε] ≤ 2exp(−2Mε²/Z_max²)} with
     * {@code Z_max = (1 − 4A)^{d/2} exp(−(1 − 4A)|x + y|²/(8A) − |x|² − |y|²)} the largest value of
     * one product {@code f₁f₂} (Hoeffding; the features are bounded because A &lt; 0). Capped at 1.
     * See the class comment for why this differs from the printed bound.
     */
    public static double tailBound(double a, double[] x, double[] y, int m, double epsilon) {
        requireNegative(a);
        requirePositive("epsilon", epsilon);
        int d = x.length;
        double logZmax = logMaxProduct(a, x, y, d);
        double exponent = -2.0 * m * epsilon * epsilon * Math.exp(-2.0 * logZmax);
        return Math.min(1.0, 2.0 * Math.exp(exponent));
    }

    /** ln of the largest value of one OPRF-type product {@code f₁f₂} (A &lt; 0, s = +1). */
    public static double logMaxProduct(double a, double[] x, double[] y, int d) {
        requireNegative(a);
        double v2 = Vectors.squaredNormOfSum(x, y, 1);
        return 0.5 * d * Math.log1p(-4.0 * a) - (1.0 - 4.0 * a) * v2 / (8.0 * a) - Vectors.squaredNorm(x)
                - Vectors.squaredNorm(y);
    }

    /**
     * Theorem 4.2 (iid part) exactly as printed:
     * {@code 2exp(−(Mε²/2)·exp((|x|²+|y|²)/(2A))·(1 − 4A)^{−d/2})}, capped at 1. Kept for
     * comparison; use {@link #tailBound}.
     */
    public static double tailBoundAsPrinted(double a, double[] x, double[] y, int m, double epsilon) {
        requireNegative(a);
        requirePositive("epsilon", epsilon);
        int d = x.length;
        double s = Vectors.squaredNorm(x) + Vectors.squaredNorm(y);
        double exponent = -0.5 * m * epsilon * epsilon * Math.exp(s / (2.0 * a) - 0.5 * d * Math.log1p(-4.0 * a));
        return Math.min(1.0, 2.0 * Math.exp(exponent));
    }

    /**
     * {@code ln E[Z^k]} for one OPRF-type product {@code Z = f₁f₂} (real A &lt; 0, s = +1), estimating
     * the Gaussian kernel: {@code k·(d/2)ln(1 − 4A) − k(|x|²+|y|²) − (d/2)ln(1 − 4Ak)
     * + k²(1 − 4A)|x + y|²/(2(1 − 4Ak))} (a Gaussian integral; k = 1 gives ln K).
     */
    public static double logProductMoment(double a, double[] x, double[] y, int k) {
        requireNegative(a);
        int d = x.length;
        double v2 = Vectors.squaredNormOfSum(x, y, 1);
        double s = Vectors.squaredNorm(x) + Vectors.squaredNorm(y);
        double den = 1.0 - 4.0 * a * k;
        return k * 0.5 * d * Math.log1p(-4.0 * a) - k * s - 0.5 * d * Math.log(den)
                + (double) k * k * (1.0 - 4.0 * a) * v2 / (2.0 * den);
    }

    /**
     * {@code ψ(θ) = ln E[e^{θZ}]} of one product (A &lt; 0, θ ≥ 0), summed as the power series
     * {@code Σ_k θ^k E[Z^k]/k!} in log space (all terms positive; it converges because
     * {@code 0 < Z ≤ Z_max}).
     */
    public static double logMomentGeneratingFunction(double a, double[] x, double[] y, double theta) {
        if (!(theta >= 0) || Double.isInfinite(theta)) {
            throw new InvalidParameterException("theta", theta, "a finite number >= 0");
        }
        if (theta == 0) {
            return 0.0;
        }
        double zmax = logMaxProduct(a, x, y, x.length);
        double logTheta = Math.log(theta);
        double acc = 0.0;       // term k = 0 is 1; acc holds ln Σ so far
        double logFact = 0.0;
        double bound = theta * Math.exp(zmax);
        for (int k = 1; k < 50_000_000; k++) {
            logFact += Math.log(k);
            double t = k * logTheta + logProductMoment(a, x, y, k) - logFact;
            acc = acc > t ? acc + Math.log1p(Math.exp(t - acc)) : t + Math.log1p(Math.exp(acc - t));
            if (k > 2 * bound + 20 && t < acc - 40) {
                break;
            }
        }
        return acc;
    }

    /**
     * The Legendre transform {@code L(u) = sup_{θ≥0} (θu − ψ(θ))} of one product (A &lt; 0) at level u,
     * maximised numerically over θ (ψ is convex, so θu − ψ(θ) is concave). Any θ gives a valid Chernoff
     * bound, so the value is never an overestimate beyond rounding; θ is capped at
     * {@code 10⁵/Z_max}. Returns +∞ for {@code u ≥ Z_max} (the event is impossible), 0 for u ≤ K.
     */
    public static double legendreTransform(double a, double[] x, double[] y, double u) {
        double logK = -0.5 * Vectors.squaredNormOfSum(x, y, -1);
        if (u <= Math.exp(logK)) {
            return 0.0;
        }
        double zmax = Math.exp(logMaxProduct(a, x, y, x.length));
        if (u >= zmax) {
            return Double.POSITIVE_INFINITY;
        }
        java.util.function.DoubleUnaryOperator g = t -> t * u - logMomentGeneratingFunction(a, x, y, t);
        double cap = 1e5 / zmax;
        double hi = 1.0 / zmax;
        while (hi < cap && g.applyAsDouble(2 * hi) > g.applyAsDouble(hi)) {
            hi *= 2;
        }
        return Math.max(0.0, GoldenSection.maximise(g, 0, Math.min(2 * hi, cap), 100).value());
    }

    /**
     * Theorem 4.2, orthogonal part: {@code P[K̂_M − K ≥ ε] ≤ exp(−M·L(K + ε))} with L the Legendre
     * transform of one product ({@link #legendreTransform}); capped at 1. The same Chernoff bound holds
     * for iid projections.
     */
    public static double orthogonalTailBound(double a, double[] x, double[] y, int m, double epsilon) {
        requirePositive("epsilon", epsilon);
        double k = Math.exp(-0.5 * Vectors.squaredNormOfSum(x, y, -1));
        return Math.min(1.0, Math.exp(-m * legendreTransform(a, x, y, k + epsilon)));
    }

    /**
     * ln of the Theorem 4.3 feature count
     * {@code M = (1 − 4A)^{d/2}·Γ·(d/ε²)·ln(γρ/ε)} with {@code Γ = exp(−3R²/(√d·A))},
     * {@code ρ = √2·R·d^{−1/4}}, {@code γ = (1 − 4A)^{d/2}√(4Γ(R²/√d + d²))}: the number of
     * independent GERF projections (A &lt; 0) for which the softmax-attention matrix is within ε in
     * max-norm with constant probability, rows of Q and K in the ball of radius R. The theorem states
     * an Ω(·); the hidden constant is taken as 1 and the logarithm floored at 1 (the bound is
     * meaningful only for γρ/ε &gt; e).
     */
    public static double logFeatureCount(double a, int d, double radius, double epsilon) {
        requireNegative(a);
        requirePositive("R", radius);
        requirePositive("epsilon", epsilon);
        double half = 0.5 * d * Math.log1p(-4.0 * a);
        double sqrtD = Math.sqrt(d);
        double logGammaBig = -3.0 * radius * radius / (sqrtD * a);
        double logRho = Math.log(Math.sqrt(2.0) * radius) - 0.25 * Math.log(d);
        double logGammaSmall = half + 0.5 * (Math.log(4.0) + logGammaBig + Math.log(radius * radius / sqrtD
                + (double) d * d));
        double logTerm = Math.max(1.0, logGammaSmall + logRho - Math.log(epsilon));
        return half + logGammaBig + Math.log(d) - 2.0 * Math.log(epsilon) + Math.log(logTerm);
    }

    /** Theorem 4.3's feature count {@code exp(logFeatureCount)}, rounded up (+∞ if it exceeds a double). */
    public static double featureCount(double a, int d, double radius, double epsilon) {
        return Math.ceil(Math.exp(logFeatureCount(a, d, radius, epsilon)));
    }

    // ------------------------------------------------------------------ helpers

    /** {@code e^L − K²} without cancellation to NaN: {@code e^L·(−expm1(ln K² − L))}. */
    static double varianceFromLogSecondMoment(double logSecond, double[] x, double[] y) {
        double logK2 = -Vectors.squaredNormOfSum(x, y, -1);
        if (logSecond == Double.POSITIVE_INFINITY) {
            return Double.POSITIVE_INFINITY;
        }
        double v = -Math.exp(logSecond) * Math.expm1(logK2 - logSecond);
        return Math.max(0.0, v);
    }

    static double logVarianceFromLogSecondMoment(double logSecond, double[] x, double[] y) {
        double logK2 = -Vectors.squaredNormOfSum(x, y, -1);
        double t = -Math.expm1(logK2 - logSecond);
        return t <= 0 ? Double.NEGATIVE_INFINITY : logSecond + Math.log(t);
    }

    private static void requirePositive(String key, double v) {
        if (!(v > 0) || Double.isInfinite(v)) {
            throw new InvalidParameterException(key, v, "a finite number > 0");
        }
    }

    private static void requireNegative(double a) {
        if (!(a < 0) || Double.isInfinite(a)) {
            throw new InvalidParameterException("A", a, "a finite real A < 0 (CRT Theorems 4.2, 4.3: bounded features)");
        }
    }
}
