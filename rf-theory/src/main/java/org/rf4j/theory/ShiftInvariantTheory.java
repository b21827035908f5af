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

import java.util.function.DoubleUnaryOperator;
import org.rf4j.api.InvalidParameterException;
import org.apiguardian.api.API;

/**
 * Closed-form variance of iid random-feature estimators for any shift-invariant kernel
 * {@code k(Δ) = E[cos(ωᵀΔ)]}, for the arc-cosine kernels, and for positive and hyperbolic
 * features of Gaussian scale mixtures (Matérn, rational quadratic, Cauchy).
 *
 * <p>Derivations (Δ = x − y, S = x + y, one spectral draw ω; see docs/kernels-math.md):
 * <ul>
 *   <li><b>Trigonometric pair</b> {@code cos ωᵀx cos ωᵀy + sin ωᵀx sin ωᵀy = cos ωᵀΔ}:
 *       {@code E[cos²ωᵀΔ] = (1 + E cos 2ωᵀΔ)/2}, so {@code Var = (1 + k(2Δ))/2 − k(Δ)²}.</li>
 *   <li><b>Random Fourier</b> {@code 2cos(ωᵀx + b)cos(ωᵀy + b) = cos ωᵀΔ + cos(ωᵀS + 2b)},
 *       b ~ U[0, 2π): the second term has mean 0 and mean square ½ and is uncorrelated with the first
 *       for every ω (averaging over b is exact), so {@code Var = 1 + k(2Δ)/2 − k(Δ)²}, free of x + y.
 *       This is the form of Sutherland &amp; Schneider, "On the Error of Random Fourier Features"
 *       (UAI 2015). At the same number F of features (F/2 pairs against F cosines) the MSEs are
 *       {@code (1 + k(2Δ) − 2k(Δ)²)/F} and {@code (1 + k(2Δ)/2 − k(Δ)²)/F}: the pairs win exactly
 *       where {@code k(2Δ) < 2k(Δ)²}, which holds for the Gaussian ({@code k(2Δ) = k(Δ)⁴}), the
 *       Laplacian and Matérn-½ ({@code k(2Δ) = k(Δ)²}).</li>
 *   <li><b>Arc-cosine</b> (Cho &amp; Saul, "Kernel Methods for Deep Learning", NIPS 2009), feature
 *       {@code √2·Θ(wᵀx)(wᵀx)ⁿ}, w ~ N(0, I): the product's second moment is
 *       {@code 4E[Θ(wᵀx)Θ(wᵀy)(wᵀx)^{2n}(wᵀy)^{2n}] = 2k_{2n}(x, y) = (2/π)‖x‖^{2n}‖y‖^{2n}J_{2n}(θ)}.</li>
 *   <li><b>Scale mixtures</b>: if {@code k(Δ) = E_τ[exp(−τ‖Δ‖²/2)]} with mixing Laplace transform
 *       {@code L(t) = E[e^{−τt}]} (so {@code k(r) = L(r²/2)}), the positive estimator with its own
 *       mixing draw per projection, {@code Y = exp(√τ ωᵀS − τ(‖x‖² + ‖y‖²))}, ω ~ N(0, I), is unbiased:
 *       {@code E[Y | τ] = exp(τ‖S‖²/2 − τ(‖x‖²+‖y‖²)) = exp(−τ‖Δ‖²/2)}. Its second moment is
 *       {@code E[Y²] = E_τ[exp(4τ·xᵀy)] = L(−4xᵀy)}, finite only where L extends to negative t: never
 *       for Matérn when {@code xᵀy > 0} (the inverse-Gamma precision has no exponential moment),
 *       and for the rational quadratic only when {@code 4xᵀy < αℓ²}. The hyperbolic estimator
 *       {@code exp(−τ(‖x‖²+‖y‖²))cosh(√τ ωᵀS)} has {@code E[Y²] = ½L(2(‖x‖²+‖y‖²)) + ½L(−4xᵀy)}.</li>
 * </ul>
 * With m iid draws every MSE is the single-draw variance over m.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class ShiftInvariantTheory {
    private ShiftInvariantTheory() {
    }

    /** Variance of one sin/cos pair: {@code (1 + k(2Δ))/2 − k(Δ)²}. */
    public static double trigonometricPairVariance(double kDelta, double kTwoDelta) {
        return 0.5 * (1 + kTwoDelta) - kDelta * kDelta;
    }

    /** MSE of {@code pairs} iid sin/cos pairs (2·pairs features). */
    public static double trigonometricMse(double kDelta, double kTwoDelta, int pairs) {
        return trigonometricPairVariance(kDelta, kTwoDelta) / count("pairs", pairs);
    }

    /** Variance of one random-Fourier product {@code 2cos(ωᵀx+b)cos(ωᵀy+b)}: {@code 1 + k(2Δ)/2 − k(Δ)²}. */
    public static double randomFourierVariance(double kDelta, double kTwoDelta) {
        return 1 + 0.5 * kTwoDelta - kDelta * kDelta;
    }

    /** MSE of m iid random-Fourier features {@code √(2/m)·cos(ωᵀx + b)}. */
    public static double randomFourierMse(double kDelta, double kTwoDelta, int m) {
        return randomFourierVariance(kDelta, kTwoDelta) / count("m", m);
    }

    /**
     * Second moment of one arc-cosine product {@code 2Θ(wᵀx)Θ(wᵀy)(wᵀx)ⁿ(wᵀy)ⁿ}, order 0, 1 or 2:
     * {@code (2/π)‖x‖^{2n}‖y‖^{2n}J_{2n}(θ)}.
     */
    public static double arcCosineSecondMoment(int order, double[] x, double[] y) {
        double k = ExactKernels.arcCosine(order, x, y); // checks order and the vectors
        double nx = Math.sqrt(Vectors.squaredNorm(x));
        double ny = Math.sqrt(Vectors.squaredNorm(y));
        if (nx == 0 || ny == 0) {
            return k;
        }
        double theta = ExactKernels.angle(x, y, nx, ny);
        return 2 / Math.PI * Math.pow(nx * ny, 2 * order) * ExactKernels.arcCosineJ(2 * order, theta);
    }

    /** MSE of m iid arc-cosine features {@code √(2/m)·Θ(wᵀx)(wᵀx)ⁿ}. */
    public static double arcCosineMse(int order, double[] x, double[] y, int m) {
        double k = ExactKernels.arcCosine(order, x, y);
        return (arcCosineSecondMoment(order, x, y) - k * k) / count("m", m);
    }

    /**
     * The Matérn mixing law's Laplace transform {@code L(t) = E[e^{−τt}]}, τ = ν/(Gℓ²),
     * G ~ Gamma(ν, 1): the Matérn kernel at {@code r = √(2t)} for t ≥ 0, +∞ for t &lt; 0.
     */
    public static double maternMixtureLaplace(double nu, double lengthscale, double t) {
        return t < 0 ? Double.POSITIVE_INFINITY : ExactKernels.maternOfDistance(nu, lengthscale, Math.sqrt(2 * t));
    }

    /**
     * The rational-quadratic mixing law's Laplace transform, τ = G/(αℓ²), G ~ Gamma(α, 1):
     * {@code (1 + t/(αℓ²))^{−α}} for {@code t > −αℓ²}, +∞ otherwise.
     */
    public static double rationalQuadraticMixtureLaplace(double alpha, double lengthscale, double t) {
        double rate = alpha * lengthscale * lengthscale;
        if (t <= -rate) {
            return Double.POSITIVE_INFINITY;
        }
        return t >= 0 ? ExactKernels.rationalQuadraticOfDistance(alpha, lengthscale, Math.sqrt(2 * t))
                : Math.exp(-alpha * Math.log1p(t / rate));
    }

    /**
     * One positive-feature estimate for a Gaussian scale mixture, with the projection's own mixing
     * draw τ: {@code exp(√τ·ωᵀ(x+y) − τ(‖x‖² + ‖y‖²))}, ω ~ N(0, I).
     */
    public static double positiveMixtureEstimate(double tau, double[] omega, double[] x, double[] y) {
        double s = Math.sqrt(tau);
        double proj = Vectors.dot(omega, x) + Vectors.dot(omega, y);
        return Math.exp(s * proj - tau * (Vectors.squaredNorm(x) + Vectors.squaredNorm(y)));
    }

    /** One hyperbolic-feature estimate: {@code exp(−τ(‖x‖² + ‖y‖²))·cosh(√τ·ωᵀ(x+y))}. */
    public static double hyperbolicMixtureEstimate(double tau, double[] omega, double[] x, double[] y) {
        double s = Math.sqrt(tau);
        double proj = Vectors.dot(omega, x) + Vectors.dot(omega, y);
        double norms = Vectors.squaredNorm(x) + Vectors.squaredNorm(y);
        return 0.5 * (Math.exp(s * proj - tau * norms) + Math.exp(-s * proj - tau * norms));
    }

    /** {@code E[Y²] = L(−4xᵀy)} of the positive mixture estimate; +∞ where the variance is infinite. */
    public static double positiveMixtureSecondMoment(DoubleUnaryOperator laplace, double[] x, double[] y) {
        return laplace.applyAsDouble(-4 * Vectors.dot(x, y));
    }

    /** {@code E[Y²] = ½L(2(‖x‖²+‖y‖²)) + ½L(−4xᵀy)} of the hyperbolic mixture estimate. */
    public static double hyperbolicMixtureSecondMoment(DoubleUnaryOperator laplace, double[] x, double[] y) {
        double norms = Vectors.squaredNorm(x) + Vectors.squaredNorm(y);
        return 0.5 * laplace.applyAsDouble(2 * norms) + 0.5 * laplace.applyAsDouble(-4 * Vectors.dot(x, y));
    }

    private static int count(String key, int n) {
        if (n < 1) {
            throw new InvalidParameterException(key, n, "an integer >= 1");
        }
        return n;
    }
}
