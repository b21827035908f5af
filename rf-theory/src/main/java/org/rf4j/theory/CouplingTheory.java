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

import java.math.BigDecimal;
import java.math.MathContext;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.kernel.KernelKind;
import org.rf4j.theory.special.Gamma;
import org.rf4j.theory.special.Quadrature;
import org.apiguardian.api.API;

/**
 * Closed forms for coupled projections (Reid et al., "Simplex Random Features", ICML 2023):
 * RF-conformity, kernel-estimator MSE of positive (PRF) and trigonometric (RFF) features with
 * iid, orthogonal and simplex couplings, the orthogonality gaps and the small-v prefactor.
 *
 * <h2>Notation</h2>
 * Inputs are in kernel coordinates. {@code v = |x + y|}, {@code z = |x − y|}, {@code b_i = e^{w_iᵀv}}
 * (PRF, Eq. 29), {@code a_i = cos(w_iᵀz)} (RFF, Eq. 73). The estimators are those of rf4j's
 * {@code positive} and {@code trigonometric} maps; the softmax kernel is estimated by
 * {@code e^{−(|x|²+|y|²)/2} m⁻¹ Σ b_i} and the Gaussian kernel by {@code e^{−|x|²−|y|²} m⁻¹ Σ b_i}
 * (paper Eq. 28), so every MSE converts between kinds by the deterministic factor of
 * {@link BaseFeatureTheory#convert}.
 *
 * <h2>RF-conformity (Eq. 10, 19, 21, 23, 24)</h2>
 * For two vectors with independent χ_d norms whose directions are Haar-random subject to a
 * fixed cosine c, {@code |w_i + w_j|² = R²(1 + c sin ψ)} with {@code R ~ χ_{2d}} and ψ on [0, π] of
 * density ∝ {@code sin^{d−1}ψ}, independent (proof of Lemma 4.2). Integrating R term by term gives
 * the form of Eq. 21, which we evaluate as
 * <pre>  ρ_c = Σ_k (v²)^k / k! · r_k · M_k(c),   r_k = Γ(d/2)Γ(k+d) / (2^k Γ(d)Γ(k+d/2)) = Π_{j<k} (d+j)/(d+2j),
 *   M_k(c) = E[(1 + c sin ψ)^k].</pre>
 * c = 0 gives Eq. 23 (ORF), c = −1/(d−1) gives Eq. 24 (SimRF) and independent vectors give
 * Eq. 19, {@code ρ = e^{v²}}. Eq. 24 expands M_k in an alternating binomial series whose terms cancel
 * catastrophically for small d (for d = 2 the terms grow like 2^k while M_k shrinks); we instead
 * integrate the nonnegative {@code (1 + c sin ψ)^k} by tanh–sinh quadrature
 * ({@link Quadrature}, step 1/128), which is accurate to ~1e-15 relative for every k, any
 * c ∈ [−1, 1] and d up to several thousand. The
 * series over k has positive terms and is summed in log space until {@code k > 2v²(1+c⁺) + 2} and
 * the bound {@code (v²(1+c⁺))^k/k!} on the next term is below e^{−40} (≈ 4e-18) of the sum, so the
 * truncation error is below 1e-17 relative; values that overflow are available as logarithms.
 *
 * <h2>The conformity gap, without cancellation</h2>
 * The MSE depends on {@code e^{v²} − ρ_c}, which for small v is a tiny difference of two numbers
 * near 1 (O(v⁴) for ORF). For c ≤ 0 we sum it directly:
 * <pre>  e^{v²} − ρ_c = Σ_k (v²)^k / k! · [(1 − r_k) + r_k (1 − M_k(c))],</pre>
 * where every bracket is ≥ 0, {@code 1 − r_k = −expm1(Σ_{j<k} log1p(−j/(d+2j)))} and
 * {@code 1 − M_k = −E[expm1(k log1p(c sin ψ))]}: no subtraction of close numbers anywhere. This is the
 * corrected Eq. 25 / Eq. 69: the printed Eq. 25 lacks the factor {@code 2^{−k}} of Eq. 23 (its
 * terms are {@code v^{2k}/k! · Γ(k+d)/Γ(k+d/2)} instead of {@code v^{2k}/(2^k k!) · …}); the second
 * line of Eq. 69 is correct and is what we implement.
 *
 * <h2>MSE with blocks (Eq. 11)</h2>
 * With m projections in independent blocks (full blocks of d vectors, then a partial block),
 * pairs in different blocks are independent and contribute {@code ρ = e^{v²}}; Eq. 11 generalises to
 * <pre>  MSE_SM = e^{−|x|²−|y|²} / m² · [ m(e^{2v²} − e^{v²}) − Σ_blocks n_b(n_b−1)(e^{v²} − ρ_b) ],</pre>
 * which is Eq. 11 (times {@code e^{|x|²+|y|²}} for the softmax kernel) when m ≤ d. rf4j's simplex
 * coupling places a block of n vectors on the n-vertex simplex (cosine −1/(n−1)); a full block
 * (n = d) is the paper's simplex.
 *
 * <h2>RFFs (Eq. 26, 74, 77)</h2>
 * For orthogonal directions {@code w_i ± w_j} both have norm χ_{2d} and Haar direction, so
 * {@code E[a_i a_j] = E[cos((w_i+w_j)ᵀz)] = ₁F₁(d; d/2; −z²/2)} (Eq. 75 with v → −iz), and Eq. 74 gives
 * the MSE. The series alternates; we sum {@code E[a_ia_j] − e^{−z²} = Σ_k (−z²/2)^k/k! [(d)_k/(d/2)_k − 2^k]}
 * in {@link BigDecimal} with {@code 30 + 4·(z²/2)/ln 10} significant digits, which covers the worst
 * cancellation (terms up to e^{z²} for a result of order e^{−z²}), so the returned double is
 * correctly rounded up to ~1e-16; for {@code z² > 400} (and small enough d) the large-argument
 * expansion of ₁F₁ is used instead (see {@code asymptoticCovariance}). Eq. 26 (the RFF gap) is
 * consistent with this. Eq. 77 prints
 * {@code (1 + e^{−z²})²} in the denominator; from Eq. 74 the iid MSE is {@code (1 − e^{−z²})²/(2m)}, so
 * the correct denominator is {@code (1 − e^{−z²})²} (as in Eq. 86), which
 * {@link #trigonometricOrthogonalMseRatio} uses.
 *
 * <p>Every formula here is checked against quadrature, reference values and high-sample Monte
 * Carlo in the tests of rf-theory and rf-couplings.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class CouplingTheory {
    /** Quadrature step of the tanh–sinh rule for M_k(c). */
    public static final double QUADRATURE_STEP = 1.0 / 128;
    /** Series are stopped when the bound on the remaining terms is below this factor e^{−40} of the sum. */
    public static final double LOG_SERIES_TOLERANCE = -40;

    /** Geometry of a coupled block, as far as the closed forms are concerned. */
    public enum Geometry {
        /** Independent vectors. */
        IID,
        /** Mutually orthogonal directions (ORF), blocks of d. */
        ORTHOGONAL,
        /** Simplex directions (SimRF), blocks of d; a block of n vectors has cosine −1/(n−1). */
        SIMPLEX;

        /** The pairwise cosine within a block of n ≥ 2 vectors. */
        public double cosine(int n) {
            return switch (this) {
                case IID -> Double.NaN;
                case ORTHOGONAL -> 0.0;
                case SIMPLEX -> -1.0 / (n - 1);
            };
        }
    }

    private CouplingTheory() {
    }

    // ------------------------------------------------------------------ conformity

    /** RF-conformity of iid vectors (Eq. 19): {@code e^{v²}}. */
    public static double iidConformity(double v2) {
        return Math.exp(v2);
    }

    /** {@code ln ρ} for two vectors at fixed cosine c (Eq. 21), v2 = |x+y|². */
    public static double logConformity(int d, double cosine, double v2) {
        checkD(d);
        checkCosine(cosine);
        checkV2(v2);
        if (v2 == 0) {
            return 0;
        }
        AngleMoments mk = new AngleMoments(d, cosine);
        double logV2 = Math.log(v2);
        double growth = 1 + Math.max(cosine, 0);
        LogSum sum = new LogSum();
        double logR = 0;
        for (int k = 0;; k++) {
            if (k > 0) {
                logR += Math.log1p(-(k - 1.0) / (d + 2.0 * (k - 1)));
            }
            double logTermBound = k * logV2 - Gamma.logGamma(k + 1.0);
            double m = mk.moment(k);
            if (m > 0) {
                sum.add(logTermBound + logR + Math.log(m));
            }
            if (k > 2 * v2 * growth + 2 && logTermBound + k * Math.log(growth) < sum.log() + LOG_SERIES_TOLERANCE) {
                return sum.log();
            }
        }
    }

    /** RF-conformity at fixed cosine (Eq. 21); may overflow to infinity (use {@link #logConformity}). */
    public static double conformity(int d, double cosine, double v2) {
        return Math.exp(logConformity(d, cosine, v2));
    }

    /** ORF conformity (Eq. 23). */
    public static double orthogonalConformity(int d, double v2) {
        return conformity(d, 0.0, v2);
    }

    /** SimRF conformity (Eq. 24), d ≥ 2. */
    public static double simplexConformity(int d, double v2) {
        checkSimplexD(d);
        return conformity(d, -1.0 / (d - 1), v2);
    }

    /**
     * {@code ln(e^{v²} − ρ_c)} for cosine c ∈ [−1, 0], summed without cancellation (see class
     * doc); −∞ when the gap is 0 (v = 0).
     */
    public static double logConformityGap(int d, double cosine, double v2) {
        checkD(d);
        checkCosine(cosine);
        checkV2(v2);
        if (cosine > 0) {
            throw new InvalidParameterException("cosine", cosine,
                    "a cosine in [-1, 0] (the gap is summed termwise only for non-acute couplings)");
        }
        if (v2 == 0) {
            return Double.NEGATIVE_INFINITY;
        }
        AngleMoments mk = new AngleMoments(d, cosine);
        double logV2 = Math.log(v2);
        LogSum sum = new LogSum();
        double logR = 0;
        for (int k = 1;; k++) {
            logR += Math.log1p(-(k - 1.0) / (d + 2.0 * (k - 1)));
            double oneMinusR = -Math.expm1(logR);
            double bracket = oneMinusR + Math.exp(logR) * mk.oneMinusMoment(k);
            double logTermBound = k * logV2 - Gamma.logGamma(k + 1.0);
            if (bracket > 0) {
                sum.add(logTermBound + Math.log(bracket));
            }
            if (k > 2 * v2 + 2 && logTermBound < sum.log() + LOG_SERIES_TOLERANCE) {
                return sum.log();
            }
        }
    }

    /**
     * The small-v prefactor of Sec. 5.1: with m = d SimRFs, {@code MSE_SimRF / MSE_IIDRF → 1 − μ₁} as
     * v → 0, where {@code μ₁ = E[sin ψ] = √π Γ(d+1) Γ(d/2+1/2) / (Γ(d/2) Γ(d/2+1)² 2^d)}. At d = 64 this is
     * 0.0077817… (the paper quotes 0.0078; it is ≈ 1/(2d)).
     */
    public static double simplexSmallVPrefactor(int d) {
        checkSimplexD(d);
        double n = 0.5 * d;
        double logMu = 2 * (Gamma.logGamma(n + 0.5) - Gamma.logGamma(n)) - Math.log(n);
        return -Math.expm1(logMu);
    }

    // ------------------------------------------------------------------ PRF MSE

    /**
     * MSE of m positive features (rf4j's {@code positive} map) estimating {@code kind} at (x, y) with
     * projections in independent blocks of {@code x.length} vectors of the given geometry
     * (Eq. 11 generalised to blocks; IID gives {@link BaseFeatureTheory#positiveMse}).
     */
    public static double positiveMse(KernelKind kind, double[] x, double[] y, int m, Geometry geometry) {
        return Math.exp(logPositiveMse(kind, x, y, m, geometry));
    }

    /** {@code ln} of {@link #positiveMse}, finite where the MSE itself overflows. */
    public static double logPositiveMse(KernelKind kind, double[] x, double[] y, int m, Geometry geometry) {
        int d = checkPair(x, y, m);
        double v2 = Vectors.squaredNormOfSum(x, y, 1);
        double s = Vectors.squaredNorm(x) + Vectors.squaredNorm(y);
        if (v2 == 0) {
            return Double.NEGATIVE_INFINITY;
        }
        // relative reduction: Σ n_b(n_b-1) (e^{v²}-ρ_b)/e^{v²}
        double reduction = 0;
        if (geometry != Geometry.IID) {
            for (int[] block : blocks(m, d)) {
                int n = block[0];
                if (n >= 2) {
                    double gap = Math.exp(logConformityGap(d, geometry.cosine(n), v2) - v2);
                    reduction += (double) block[1] * n * (n - 1) * gap;
                }
            }
        }
        // m(e^{2v²} − e^{v²}) − Σ… = e^{2v²} · [m(1 − e^{−v²}) − e^{−v²} Σ n_b(n_b−1) gap_b/e^{v²}]
        double bracket = -m * Math.expm1(-v2) - reduction * Math.exp(-v2);
        double logSoftmax = -s + 2 * v2 + Math.log(bracket) - 2 * Math.log(m);
        return kind == KernelKind.SOFTMAX ? logSoftmax : logSoftmax - s;
    }

    /**
     * The PRF orthogonality gap {@code MSE_IID − MSE_ORF} (corrected Eq. 25: for m ≤ d it is
     * {@code e^{−2|x|²−2|y|²} (m−1)/m · Σ_k v^{2k}/k! (1 − r_k)} for the Gaussian kernel); positive.
     */
    public static double positiveOrthogonalityGap(KernelKind kind, double[] x, double[] y, int m) {
        int d = checkPair(x, y, m);
        double v2 = Vectors.squaredNormOfSum(x, y, 1);
        double s = Vectors.squaredNorm(x) + Vectors.squaredNorm(y);
        if (v2 == 0) {
            return 0;
        }
        double logGap = logConformityGap(d, 0.0, v2);
        double pairs = 0;
        for (int[] block : blocks(m, d)) {
            pairs += (double) block[1] * block[0] * (block[0] - 1);
        }
        if (pairs == 0) {
            return 0;
        }
        double logSoftmax = -s + logGap + Math.log(pairs) - 2 * Math.log(m);
        return Math.exp(kind == KernelKind.SOFTMAX ? logSoftmax : logSoftmax - s);
    }

    // ------------------------------------------------------------------ RFF

    /**
     * {@code E[a_i a_j] − e^{−z²}} for two orthogonal vectors with χ_d norms, i.e.
     * {@code ₁F₁(d; d/2; −z²/2) − e^{−z²}} (Eq. 75), computed in extended precision (class doc).
     */
    public static double trigonometricOrthogonalCovariance(int d, double z2) {
        checkD(d);
        checkV2(z2);
        if (z2 == 0) {
            return 0;
        }
        double y = 0.5 * z2;
        if (y > ASYMPTOTIC_Y && (double) d * (0.5 * d + 1) < 0.5 * y) {
            return asymptoticCovariance(d, y);
        }
        if (y > 2000) {
            // beyond the extended-precision budget (3500 digits): here d(d/2+1) ≥ y/2 > 1000, so d > 44, and
            // for d < y the covariance is of order (d/(2ey))^d < 0.19^44 ≈ 1e-32 (leading asymptotic term)
            // plus e^{−y}·poly: negligible beside the variance term (1 − e^{−z²})²/2 ≈ 1/2
            if (d < y) {
                return -Math.exp(-2 * y);
            }
            throw new InvalidParameterException("z2", z2, "at most " + 2 * 2000 + " when d >= z²/2 (d = " + d + ")");
        }
        int digits = 30 + (int) Math.ceil(4 * y / Math.log(10));
        MathContext mc = new MathContext(digits);
        BigDecimal negY = new BigDecimal(-y);
        BigDecimal a = BigDecimal.ONE; // (-y)^k/k! (d)_k/(d/2)_k
        BigDecimal b = BigDecimal.ONE; // (-2y)^k/k!
        BigDecimal sum = BigDecimal.ZERO;
        BigDecimal threshold = new BigDecimal(1e-32 * Math.exp(-2 * Math.min(y, 300)));
        for (int k = 1;; k++) {
            // a_k = a_{k-1} * (-y) * 2(d+k-1) / ((d+2k-2) k)
            a = a.multiply(negY, mc).multiply(BigDecimal.valueOf(2L * (d + k - 1)), mc)
                    .divide(BigDecimal.valueOf((long) (d + 2 * k - 2) * k), mc);
            b = b.multiply(negY, mc).multiply(BigDecimal.valueOf(2), mc).divide(BigDecimal.valueOf(k), mc);
            sum = sum.add(a.subtract(b, mc), mc);
            if (k > 2 * y + 2 && a.abs().add(b.abs()).compareTo(threshold) < 0) {
                return sum.doubleValue();
            }
        }
    }

    /** Above this y = z²/2 (and when d(d/2+1) &lt; y/2) the large-argument expansion is used. */
    private static final double ASYMPTOTIC_Y = 200;

    /**
     * Large-argument expansion (DLMF 13.7.2 with z = −y): {@code ₁F₁(d; d/2; −y) = Γ(d/2)/Γ(−d/2) y^{−d}
     * Σ_n (d)_n (d/2+1)_n / n! · y^{−n} + O(e^{−y} y^{−d/2})}, all terms positive and decreasing for
     * {@code d(d/2+1) < y/2}, summed to 1e-17. {@code 1/Γ(−d/2) = 0} for even d (the function is then
     * e^{−y} times a polynomial, below e^{−y/2} here); for odd d,
     * {@code Γ(d/2)/Γ(−d/2) = −(−1)^{(d−1)/2} Γ(d/2) Γ(1+d/2)/π} (reflection formula). The dropped
     * exponentially small part is below {@code e^{−100}} relative to the variance term.
     */
    private static double asymptoticCovariance(int d, double y) {
        double tail = -Math.exp(-2 * y);
        if (d % 2 == 0) {
            return tail;
        }
        double term = 1;
        double sum = 1;
        for (int n = 0; n < 1000; n++) {
            term *= (d + n) * (0.5 * d + 1 + n) / ((n + 1) * y);
            sum += term;
            if (term < 1e-17 * sum) {
                break;
            }
        }
        double log = Gamma.logGamma(0.5 * d) + Gamma.logGamma(1 + 0.5 * d) - Math.log(Math.PI) - d * Math.log(y)
                + Math.log(sum);
        double sign = ((d - 1) / 2) % 2 == 0 ? -1 : 1;
        return sign * Math.exp(log) + tail;
    }

    /** {@code E[a_i a_j]} for two orthogonal vectors: {@code ₁F₁(d; d/2; −z²/2)}. */
    public static double trigonometricOrthogonalPairExpectation(int d, double z2) {
        return trigonometricOrthogonalCovariance(d, z2) + Math.exp(-z2);
    }

    /**
     * MSE of m trigonometric features with orthogonal coupling (Eq. 74, blocks of d), estimating
     * {@code kind} at (x, y).
     */
    public static double trigonometricOrthogonalMse(KernelKind kind, double[] x, double[] y, int m) {
        int d = checkPair(x, y, m);
        double z2 = Vectors.squaredNormOfSum(x, y, -1);
        double t = -Math.expm1(-z2);
        double pairs = 0;
        for (int[] block : blocks(m, d)) {
            pairs += (double) block[1] * block[0] * (block[0] - 1);
        }
        double cov = pairs == 0 ? 0 : trigonometricOrthogonalCovariance(d, z2);
        double mse = (m * 0.5 * t * t + pairs * cov) / ((double) m * m);
        return BaseFeatureTheory.convert(mse, KernelKind.GAUSSIAN, kind, x, y);
    }

    /**
     * The RFF orthogonality gap {@code MSE_IID − MSE_ORF} (Eq. 26, and its block generalisation for
     * m > d), estimating {@code kind}; it is negative beyond some z_crit(d).
     */
    public static double trigonometricOrthogonalityGap(KernelKind kind, double[] x, double[] y, int m) {
        int d = checkPair(x, y, m);
        double z2 = Vectors.squaredNormOfSum(x, y, -1);
        double pairs = 0;
        for (int[] block : blocks(m, d)) {
            pairs += (double) block[1] * block[0] * (block[0] - 1);
        }
        double gap = pairs == 0 ? 0 : -pairs * trigonometricOrthogonalCovariance(d, z2) / ((double) m * m);
        return BaseFeatureTheory.convert(gap, KernelKind.GAUSSIAN, kind, x, y);
    }

    /**
     * {@code MSE_ORF / MSE_IID} for RFFs with m ≤ d (Eq. 77, corrected: the denominator is
     * {@code (1 − e^{−z²})²}, not the printed {@code (1 + e^{−z²})²}).
     */
    public static double trigonometricOrthogonalMseRatio(int d, int m, double z2) {
        checkD(d);
        if (m < 1 || m > d) {
            throw new InvalidParameterException("m", m, "an integer in [1, d = " + d + "] (one orthogonal block)");
        }
        double t = -Math.expm1(-z2);
        return 1 + 2.0 * (m - 1) / (t * t) * trigonometricOrthogonalCovariance(d, z2);
    }

    // ------------------------------------------------------------------ helpers

    /** Blocks of m projections in dimension d: {size, count} pairs (full blocks, then the partial one). */
    static int[][] blocks(int m, int d) {
        int full = m / d;
        int rem = m % d;
        if (full == 0) {
            return new int[][] {{rem, 1}};
        }
        return rem == 0 ? new int[][] {{d, full}} : new int[][] {{d, full}, {rem, 1}};
    }

    private static int checkPair(double[] x, double[] y, int m) {
        if (x.length != y.length || x.length == 0) {
            throw new org.rf4j.api.DimensionMismatchException("x has dimension " + x.length + " but y has dimension "
                    + y.length + "; equal dimensions >= 1 are required");
        }
        if (m < 1) {
            throw new InvalidParameterException("m", m, "an integer >= 1");
        }
        return x.length;
    }

    private static void checkD(int d) {
        if (d < 1) {
            throw new InvalidParameterException("d", d, "an integer >= 1");
        }
    }

    private static void checkSimplexD(int d) {
        if (d < 2) {
            throw new InvalidParameterException("d", d, "an integer >= 2 (the simplex needs d >= 2)");
        }
    }

    private static void checkCosine(double c) {
        if (!(c >= -1 && c <= 1)) {
            throw new InvalidParameterException("cosine", c, "a number in [-1, 1]");
        }
    }

    /** Largest squared norm accepted (the k-series needs about 2·v² terms; e^{v²} is then e^{20000}). */
    public static final double MAX_SQUARED_NORM = 2e4;

    private static void checkV2(double v2) {
        if (!(v2 >= 0) || v2 > MAX_SQUARED_NORM) {
            throw new InvalidParameterException("v2", v2, "a squared norm in [0, " + MAX_SQUARED_NORM
                    + "] (|x ± y|² in kernel coordinates; larger values overflow every estimator)");
        }
    }

    /** Moments M_k(c) = E[(1 + c sin ψ)^k], ψ ∝ sin^{d−1}ψ on [0, π], by tanh–sinh quadrature on [0, π/2]. */
    private static final class AngleMoments {
        private final double[] weight;
        private final double[] logBase;

        AngleMoments(int d, double c) {
            Quadrature q = Quadrature.tanhSinh(0, 0.5 * Math.PI, QUADRATURE_STEP);
            double[] psi = q.nodes();
            double[] w = q.weights();
            weight = new double[psi.length];
            logBase = new double[psi.length];
            double total = 0;
            for (int i = 0; i < psi.length; i++) {
                double sin = Math.sin(psi[i]);
                weight[i] = w[i] * Math.exp((d - 1) * Math.log(sin));
                total += weight[i];
                logBase[i] = Math.log1p(c * sin);
            }
            for (int i = 0; i < weight.length; i++) {
                weight[i] /= total;
            }
        }

        double moment(int k) {
            if (k == 0) {
                return 1;
            }
            double s = 0;
            for (int i = 0; i < weight.length; i++) {
                s += weight[i] * Math.exp(k * logBase[i]);
            }
            return s;
        }

        double oneMinusMoment(int k) {
            double s = 0;
            for (int i = 0; i < weight.length; i++) {
                s -= weight[i] * Math.expm1(k * logBase[i]);
            }
            return s;
        }
    }

    /** Streaming log-sum-exp. */
    private static final class LogSum {
        private double max = Double.NEGATIVE_INFINITY;
        private double scaled;

        void add(double logTerm) {
            if (logTerm == Double.NEGATIVE_INFINITY) {
                return;
            }
            if (logTerm > max) {
                scaled = scaled * Math.exp(max - logTerm) + 1;
                max = logTerm;
            } else {
                scaled += Math.exp(logTerm - max);
            }
        }

        double log() {
            return max == Double.NEGATIVE_INFINITY ? max : max + Math.log(scaled);
        }
    }
}
