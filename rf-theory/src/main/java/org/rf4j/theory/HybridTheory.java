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

import org.rf4j.api.kernel.KernelKind;
import org.apiguardian.api.API;

/**
 * Closed forms of the Hybrid Random Features paper (Choromanski et al., ICLR 2022, "HRF"):
 * Lemma 2.2, Theorem 3.1 (variants I and II), Lemma 3.2, Definition 3.3, Lemma 3.4, Theorem 3.5
 * (corrected), Theorem D.1 (corrected), Theorems F.1–F.2 (corrected), plus the general
 * p-λ hybrid MSE and the MSE of complex exponential estimators (Eq. 14–16). All inputs are in
 * kernel coordinates (already multiplied by the kernel's input scale); "SM" is exp(xᵀy).
 *
 * <p><b>Corrections of the printed paper</b> (each verified numerically in the tests, by Monte
 * Carlo or by a dense maximisation over θ):
 * <ul>
 *   <li>Eq. 47 (Theorem D.1, equal norms): the coefficient of the second (trigonometric) term is
 *       printed as E[λ̂(1−λ̂)] = (θ/π)(1 − 1/n − θ/π + θ/(nπ)); it must be
 *       E[(1−λ̂)²] = (1 − θ/π)(1 − θ/π + θ/(nπ)), as in Eq. 45.</li>
 *   <li>Eq. 64 (proof of Theorem 3.5): the local maximum of b²_r(θ) = (θ/(nπ))e^{2r²cos θ} is at
 *       θ* sin θ* = 1/(2r²), so θ* ≤ √π/(2r) and b² ≤ e^{2r²}/(2n√π·r): the factor is 1/r, not
 *       1/r². Hence the corrected Eq. 27/65 is
 *       ε ≤ W(r)/√(2m) · √((1 − 1/n)/(π r²) + 1/(n√π·r)); the printed bound
 *       W(r)/(r√(2m))·√(1/π − 1/(nπ) + 1/(n√π)) falls below the exact maximum for large r
 *       (≈ r &gt; 3 for n = 1).</li>
 *   <li>Eq. 66: ε_{θ,r} = e^{r²}/√(2m)·√h_r(θ) (as Eq. 48), not e^{2r²}. The limit in Theorem 3.5
 *       as θ → π is in √(π − θ) (printed √(θ − π)).</li>
 *   <li>Eq. 70: the features of the normalised bipolar Gaussian λ are sin/cos(σ τᵢᵀz) (σ is
 *       missing in print) and carry the factor 1/√(nρ), so ρ₁ᵀρ₂ = −(1/(nρ)) Σ cos(σ τᵢᵀ(x−y)).</li>
 *   <li>Theorem F.1/F.2 "with shared projections the MSE remains the same": true only when
 *       |x| = |y| (F.2); in general variant II subtracts (2/m) SM² (1 − cos(|x|² − |y|²))
 *       E[λ̂(1−λ̂)] exactly as Theorem 3.1 Eq. 23 ({@link #bipolarMse}).</li>
 *   <li>Lemma 3.4 and Theorem D.1 are correct as printed (Eq. 45–46, 25–26).</li>
 * </ul>
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class HybridTheory {
    private HybridTheory() {
    }

    // ---------------------------------------------------------------- Lemma 2.2

    /** HRF Lemma 2.2: MSE of m trigonometric (sin, cos) features estimating SM: f₁(|x+y|) f₃(|x−y|). */
    public static double lemma22TrigonometricMse(double[] x, double[] y, int m) {
        double z2 = Vectors.squaredNormOfSum(x, y, 1);
        double d2 = Vectors.squaredNormOfSum(x, y, -1);
        double f3 = -Math.expm1(-d2);
        return Math.exp(z2 - 2 * Vectors.dot(x, y)) * f3 * f3 / (2.0 * m);
    }

    /** HRF Lemma 2.2: MSE of m positive ± (hyperbolic) features estimating SM: f₂(|x+y|) f₃(|x+y|). */
    public static double lemma22PositiveMse(double[] x, double[] y, int m) {
        double z2 = Vectors.squaredNormOfSum(x, y, 1);
        double f3 = -Math.expm1(-z2);
        return Math.exp(z2 + 2 * Vectors.dot(x, y)) * f3 * f3 / (2.0 * m);
    }

    // ---------------------------------------------------------------- Theorem 3.1

    /**
     * HRF Theorem 3.1 generalised to any two unbiased base estimators A (weight λ̂) and B (weight
     * 1−λ̂), independent of λ̂: {@code E[λ̂²]MSE_A + E[(1−λ̂)²]MSE_B + 2E[λ̂(1−λ̂)]Cov(A, B)}.
     * Variant I (independent bases): cov = 0 (Eq. 22). Variant II (shared projections of the
     * bipolar hyperbolic/trigonometric pair): cov = {@link #sharedBipolarCovariance} (Eq. 23).
     *
     * @param meanLambda   E[λ̂] = λ(x, y)
     * @param secondLambda E[λ̂²]
     */
    public static double bipolarMse(double meanLambda, double secondLambda, double mseA, double mseB, double cov) {
        double oneMinus2 = 1 - 2 * meanLambda + secondLambda;
        double cross = meanLambda - secondLambda;
        return secondLambda * mseA + oneMinus2 * mseB + 2 * cross * cov;
    }

    /**
     * Cov(SM̂⁺⁺, SM̂ᵗʳⁱᵍ) when both use the same m projections (HRF App. C, Eq. 36–38):
     * {@code −(1/m) SM² (1 − cos(|x|² − |y|²))}, times {@code e^{−(|x|²+|y|²)}} for the Gaussian kernel.
     */
    public static double sharedBipolarCovariance(KernelKind kind, double[] x, double[] y, int m) {
        double nx = Vectors.squaredNorm(x);
        double ny = Vectors.squaredNorm(y);
        double logK2 = 2 * Vectors.dot(x, y) + (kind == KernelKind.GAUSSIAN ? -(nx + ny) : 0.0);
        return -Math.exp(logK2) * (1 - Math.cos(nx - ny)) / m;
    }

    /**
     * The general HRF (Eq. 8) with p λ-estimators independent of each other and of p + 1
     * mutually independent unbiased bases: {@code Σₖ E[λ̂ₖ²] MSEₖ + E[(1 − Σλ̂ₖ)²] MSE_{p+1}}, with
     * {@code E[(1 − Σλ̂)²] = 1 − 2Σλₖ + ΣE[λ̂ₖ²] + Σ_{k≠l} λₖλₗ}. (Derivation: E[SM̂²] =
     * Σ_{k,l} E[wₖwₗ]E[AₖAₗ] with Σwₖ = 1 and E[AₖAₗ] = K² + δₖₗ MSEₖ.)
     *
     * @param means   λₖ(x, y), k &lt; p
     * @param seconds E[λ̂ₖ²], k &lt; p
     * @param mses    MSE of the p + 1 bases
     */
    public static double hybridMse(double[] means, double[] seconds, double[] mses) {
        int p = means.length;
        if (seconds.length != p || mses.length != p + 1) {
            throw new IllegalArgumentException("need p means, p second moments and p + 1 MSEs");
        }
        double acc = 0;
        double sumMean = 0;
        double sumSecond = 0;
        double sumSq = 0;
        for (int k = 0; k < p; k++) {
            acc += seconds[k] * mses[k];
            sumMean += means[k];
            sumSecond += seconds[k];
            sumSq += means[k] * means[k];
        }
        double last = 1 - 2 * sumMean + sumSecond + (sumMean * sumMean - sumSq);
        return acc + last * mses[p];
    }

    // ---------------------------------------------------------------- angular λ (Lemma 3.2)

    /** The angle θ between x and y in [0, π] (0 if either is zero). */
    public static double angle(double[] x, double[] y) {
        double nx = Math.sqrt(Vectors.squaredNorm(x));
        double ny = Math.sqrt(Vectors.squaredNorm(y));
        if (nx == 0 || ny == 0) {
            return 0.0;
        }
        double c = Vectors.dot(x, y) / (nx * ny);
        return Math.acos(Math.max(-1.0, Math.min(1.0, c)));
    }

    /** HRF Lemma 3.2: E[λ̂ₙ²] = (θ/π)(θ/π − θ/(nπ) + 1/n) for the angular λ̂ of Eq. 19. */
    public static double angularLambdaSecondMoment(double theta, int n) {
        double t = theta / Math.PI;
        return t * (t - t / n + 1.0 / n);
    }

    /** E[(1 − λ̂ₙ)²] = (1 − θ/π)(1 − θ/π + θ/(nπ)) (HRF Eq. 45, second coefficient). */
    public static double angularOneMinusLambdaSecondMoment(double theta, int n) {
        double t = theta / Math.PI;
        return (1 - t) * (1 - t + t / n);
    }

    /** E[λ̂ₙ(1 − λ̂ₙ)] = (θ/π)(1 − 1/n − θ/π + θ/(nπ)) (HRF Eq. 46, last term). */
    public static double angularLambdaCross(double theta, int n) {
        double t = theta / Math.PI;
        return t * (1 - 1.0 / n - t + t / n);
    }

    // ---------------------------------------------------------------- Theorem D.1

    /**
     * HRF Theorem D.1 (Eq. 45, variant I; Eq. 46, variant II): MSE of the angular hybrid
     * (λ-weighted hyperbolic + (1−λ)-weighted trigonometric, m features each, n sgn features)
     * estimating SM at (x, y).
     */
    public static double angularHybridMse(double[] x, double[] y, int m, int n, boolean shared) {
        double theta = angle(x, y);
        double mse = angularLambdaSecondMoment(theta, n) * lemma22PositiveMse(x, y, m)
                + angularOneMinusLambdaSecondMoment(theta, n) * lemma22TrigonometricMse(x, y, m);
        if (shared) {
            mse += 2 * angularLambdaCross(theta, n) * sharedBipolarCovariance(KernelKind.SOFTMAX, x, y, m);
        }
        return mse;
    }

    /**
     * HRF Eq. 47 (equal norms r, angle θ; both variants), <b>corrected</b>: the second coefficient is
     * E[(1−λ̂)²] = (1 − θ/π)(1 − θ/π + θ/(nπ)), not the printed E[λ̂(1−λ̂)].
     */
    public static double angularHybridMseEqualNorm(double theta, double r, int m, int n) {
        return equalNormMse(theta, r, m, n, angularOneMinusLambdaSecondMoment(theta, n));
    }

    /** The coefficient as printed in Eq. 47 (kept to document the misprint; see the class note). */
    public static double angularHybridMseEqualNormAsPrinted(double theta, double r, int m, int n) {
        return equalNormMse(theta, r, m, n, angularLambdaCross(theta, n));
    }

    /** HRF Eq. 47 with the given coefficient of its second term. */
    private static double equalNormMse(double theta, double r, int m, int n, double second) {
        double r2 = r * r;
        double c2 = Math.cos(theta / 2) * Math.cos(theta / 2);
        double s2 = Math.sin(theta / 2) * Math.sin(theta / 2);
        double a = -Math.expm1(-4 * r2 * c2);
        double b = -Math.expm1(-4 * r2 * s2);
        return angularLambdaSecondMoment(theta, n) / (2.0 * m) * Math.exp(8 * r2 * c2 - 2 * r2) * a * a
                + second / (2.0 * m) * Math.exp(2 * r2) * b * b;
    }

    // ---------------------------------------------------------------- Definition 3.3, Lemma 3.4

    /** HRF Definition 3.3: ε_{x,y} = √MSE / SM. */
    public static double relativeError(double mse, double kernelValue) {
        return Math.sqrt(mse) / kernelValue;
    }

    /** W(r) = e^{2r²}(1 − e^{−4r²}) (HRF Lemma 3.4). */
    public static double w(double r) {
        return Math.exp(2 * r * r) * -Math.expm1(-4 * r * r);
    }

    /** HRF Lemma 3.4, Eq. 25: ε_{θ,r}(SM̂ᵗʳⁱᵍ) = e^{2r²sin²(θ/2)}(1 − e^{−4r²sin²(θ/2)})/√(2m). */
    public static double trigonometricRelativeError(double theta, double r, int m) {
        double s2 = r * r * Math.sin(theta / 2) * Math.sin(theta / 2);
        return Math.exp(2 * s2) * -Math.expm1(-4 * s2) / Math.sqrt(2.0 * m);
    }

    /** HRF Lemma 3.4, Eq. 25: ε_{θ,r}(SM̂⁺⁺) = ε_{π−θ,r}(SM̂ᵗʳⁱᵍ). */
    public static double positiveRelativeError(double theta, double r, int m) {
        return trigonometricRelativeError(Math.PI - theta, r, m);
    }

    /** HRF Lemma 3.4, Eq. 26: ε_{S(r)} of both SM̂ᵗʳⁱᵍ and SM̂⁺⁺ is W(r)/√(2m). */
    public static double baseMaxRelativeError(double r, int m) {
        return w(r) / Math.sqrt(2.0 * m);
    }

    // ---------------------------------------------------------------- Theorem 3.5

    /** a_r(θ) of HRF Eq. 50. */
    static double aR(double theta, double r, int n) {
        double c2 = Math.cos(theta / 2) * Math.cos(theta / 2);
        double e = -Math.expm1(-4 * r * r * c2);
        return angularLambdaSecondMoment(theta, n) * Math.exp(2 * r * r * Math.cos(theta)) * e * e;
    }

    /**
     * ε_{θ,r} of the angular hybrid on S(r) (HRF Eq. 48/66, corrected factor e^{r²}):
     * {@code e^{r²}/√(2m) · √(a_r(θ) + a_r(π − θ))}.
     */
    public static double angularHybridRelativeError(double theta, double r, int m, int n) {
        return Math.exp(r * r) / Math.sqrt(2.0 * m) * Math.sqrt(aR(theta, r, n) + aR(Math.PI - theta, r, n));
    }

    /**
     * The exact max-relative-error ε_{S(r)} of the angular hybrid (Definition 3.3): a dense grid over
     * θ ∈ [0, π] refined by golden-section search around the best grid point.
     */
    public static double angularHybridMaxRelativeError(double r, int m, int n) {
        int grid = 4000;
        int best = 0;
        double bestV = -1;
        for (int i = 0; i <= grid; i++) {
            double v = angularHybridRelativeError(Math.PI * i / grid, r, m, n);
            if (v > bestV) {
                bestV = v;
                best = i;
            }
        }
        double lo = Math.PI * Math.max(0, best - 1) / grid;
        double hi = Math.PI * Math.min(grid, best + 1) / grid;
        double g = (Math.sqrt(5) - 1) / 2;
        for (int it = 0; it < 100; it++) {
            double c = hi - g * (hi - lo);
            double d = lo + g * (hi - lo);
            if (angularHybridRelativeError(c, r, m, n) > angularHybridRelativeError(d, r, m, n)) {
                hi = d;
            } else {
                lo = c;
            }
        }
        return Math.max(bestV, angularHybridRelativeError(0.5 * (lo + hi), r, m, n));
    }

    /** HRF Theorem 3.5, Eq. 27, as printed (fails for large r; see the class note). */
    public static double theorem35BoundAsPrinted(double r, int m, int n) {
        return w(r) / (r * Math.sqrt(2.0 * m)) * Math.sqrt(1 / Math.PI - 1 / (n * Math.PI) + 1 / (n * Math.sqrt(Math.PI)));
    }

    /**
     * HRF Theorem 3.5 corrected (r ≥ 1): with Eq. 64 ending in 1/r,
     * {@code ε_{S(r)} ≤ W(r)/√(2m) · √((1 − 1/n)/(π r²) + 1/(n √π r))}.
     */
    public static double theorem35Bound(double r, int m, int n) {
        return w(r) / Math.sqrt(2.0 * m) * Math.sqrt((1 - 1.0 / n) / (Math.PI * r * r) + 1 / (n * Math.sqrt(Math.PI) * r));
    }

    /** HRF Theorem 3.5 second part: lim_{θ→0} ε_{θ,r}/√θ = lim_{θ→π} ε_{θ,r}/√(π−θ) = W(r)/√(2π m n). */
    public static double theorem35LimitSlope(double r, int m, int n) {
        return w(r) / Math.sqrt(2 * Math.PI * m * (double) n);
    }

    // ---------------------------------------------------------------- Theorems F.1, F.2

    /** ρ = 1 − e^{−2σ²r²} (HRF Eq. 68). */
    public static double bipolarGaussianRho(double sigma, double r) {
        return -Math.expm1(-2 * sigma * sigma * r * r);
    }

    /** λ(x, y) = (1 − e^{−σ²|x−y|²/2})/ρ (HRF Eq. 67), from |x − y|². */
    public static double bipolarGaussianLambda(double deltaSq, double sigma, double r) {
        return -Math.expm1(-0.5 * sigma * sigma * deltaSq) / bipolarGaussianRho(sigma, r);
    }

    /** HRF Eq. 72: E[λ̂²] of the trigonometric estimate (Eq. 69) with n features. */
    public static double bipolarGaussianLambdaSecondMoment(double deltaSq, double sigma, double r, int n) {
        double rho = bipolarGaussianRho(sigma, r);
        double a = -Math.expm1(-0.5 * sigma * sigma * deltaSq);
        double b = -Math.expm1(-sigma * sigma * deltaSq);
        return (a * a + b * b / (2.0 * n)) / (rho * rho);
    }

    /** HRF Eq. 73: E[(1 − λ̂)²]. */
    public static double bipolarGaussianOneMinusLambdaSecondMoment(double deltaSq, double sigma, double r, int n) {
        double rho = bipolarGaussianRho(sigma, r);
        double a = (1 - rho) - Math.exp(-0.5 * sigma * sigma * deltaSq);
        double b = -Math.expm1(-sigma * sigma * deltaSq);
        return (a * a + b * b / (2.0 * n)) / (rho * rho);
    }

    /**
     * HRF Theorem F.1 (Eq. 71): MSE of the normalised bipolar Gaussian hybrid (λ·hyperbolic +
     * (1−λ)·trigonometric) estimating SM. Variant II (shared) adds the covariance term of
     * Theorem 3.1, which vanishes only for |x| = |y| (the printed "remains the same" is corrected).
     */
    public static double gaussianHybridMse(double[] x, double[] y, int m, int n, double sigma, double r, boolean shared) {
        double d2 = Vectors.squaredNormOfSum(x, y, -1);
        double e2 = bipolarGaussianLambdaSecondMoment(d2, sigma, r, n);
        double mse = e2 * lemma22PositiveMse(x, y, m)
                + bipolarGaussianOneMinusLambdaSecondMoment(d2, sigma, r, n) * lemma22TrigonometricMse(x, y, m);
        if (shared) {
            double cross = bipolarGaussianLambda(d2, sigma, r) - e2;
            mse += 2 * cross * sharedBipolarCovariance(KernelKind.SOFTMAX, x, y, m);
        }
        return mse;
    }

    /** HRF Theorem F.2 (Eq. 77–80): the same for |x| = |y| = r, angle θ (both variants). */
    public static double gaussianHybridMseEqualNorm(double theta, double r, int m, int n, double sigma) {
        double d2 = 4 * r * r * Math.sin(theta / 2) * Math.sin(theta / 2);
        double r2 = r * r;
        double c2 = Math.cos(theta / 2) * Math.cos(theta / 2);
        double s2 = Math.sin(theta / 2) * Math.sin(theta / 2);
        double a = -Math.expm1(-4 * r2 * c2);
        double b = -Math.expm1(-4 * r2 * s2);
        double msePos = Math.exp(8 * r2 * c2 - 2 * r2) * a * a / (2.0 * m);
        double mseTrig = Math.exp(2 * r2) * b * b / (2.0 * m);
        return bipolarGaussianLambdaSecondMoment(d2, sigma, r, n) * msePos
                + bipolarGaussianOneMinusLambdaSecondMoment(d2, sigma, r, n) * mseTrig;
    }

    // ---------------------------------------------------------------- complex exponential (Eq. 14–16)

    /**
     * MSE of the complex exponential estimator (HRF Eq. 16) with m iid projections, for
     * u = A x and v = (Aᵀ)⁻¹ y (complex, given as real and imaginary parts), estimating SM (the
     * estimate is the real part). With c = e^{−(u² + v²)/2}, z = u + v and one ω ~ N(0, I):
     * {@code E[(Re c e^{ωᵀz})²] = (|c|² e^{2|Re z|²} + Re(c² e^{2z²}))/2} (Lemma 2.4 applied to
     * z + z̄ and 2z) and the mean is SM, so the per-feature variance is that minus SM².
     */
    public static double complexExponentialMse(double[] uRe, double[] uIm, double[] vRe, double[] vIm, int m) {
        double u2Re = 0;
        double u2Im = 0;
        double v2Re = 0;
        double v2Im = 0;
        double z2Re = 0;
        double z2Im = 0;
        double reZ2 = 0;
        for (int k = 0; k < uRe.length; k++) {
            u2Re += uRe[k] * uRe[k] - uIm[k] * uIm[k];
            u2Im += 2 * uRe[k] * uIm[k];
            v2Re += vRe[k] * vRe[k] - vIm[k] * vIm[k];
            v2Im += 2 * vRe[k] * vIm[k];
            double zr = uRe[k] + vRe[k];
            double zi = uIm[k] + vIm[k];
            z2Re += zr * zr - zi * zi;
            z2Im += 2 * zr * zi;
            reZ2 += zr * zr;
        }
        double logCRe = -0.5 * (u2Re + v2Re);
        double logCIm = -0.5 * (u2Im + v2Im);
        double meanLogRe = logCRe + 0.5 * z2Re;
        double meanLogIm = logCIm + 0.5 * z2Im;
        double mean = Math.exp(meanLogRe) * Math.cos(meanLogIm);
        double t1 = Math.exp(2 * logCRe + 2 * reZ2);
        double t2 = Math.exp(2 * logCRe + 2 * z2Re) * Math.cos(2 * logCIm + 2 * z2Im);
        return (0.5 * (t1 + t2) - mean * mean) / m;
    }
}
