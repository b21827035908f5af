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
package org.rf4j.api.random;

import java.util.random.RandomGenerator;
import org.rf4j.api.InvalidParameterException;
import org.apiguardian.api.API;

/**
 * Draws from the spectral laws of shift-invariant kernels (Bochner: {@code k(Δ) = E[cos(ωᵀΔ)]}),
 * deterministic in the {@link RandomGenerator}'s stream, so the same seed gives the same bits.
 *
 * <p>Conventions are scikit-learn's ({@code Matern}, {@code RationalQuadratic},
 * {@code laplacian_kernel}):
 * <ul>
 *   <li><b>Matérn</b> (ν, ℓ): {@code ω = z·√(2ν/u)/ℓ}, {@code z ~ N(0, I_d)}, {@code u ~ χ²_{2ν}}: the
 *       multivariate Student-t law with 2ν degrees of freedom. As a Gaussian scale mixture,
 *       {@code ω | τ ~ N(0, τ·I)} with precision-of-the-kernel {@code τ = ν/(G·ℓ²)}, {@code G ~ Gamma(ν, 1)}
 *       (an inverse-Gamma law), so {@code k(r) = E_τ[exp(−τr²/2)]}. Equivalently the squared length
 *       scale {@code 1/τ} of the mixed Gaussian kernel is Gamma(ν, rate ν/ℓ²).</li>
 *   <li><b>Rational quadratic</b> (α, ℓ): {@code τ = G/(α·ℓ²)}, {@code G ~ Gamma(α, 1)} (a Gamma law with
 *       rate αℓ²), {@code ω | τ ~ N(0, τ·I)}; {@code E_τ[exp(−τr²/2)] = (1 + r²/(2αℓ²))^{−α}}. α = 1 is
 *       the Cauchy kernel.</li>
 *   <li><b>Laplacian</b> (γ): {@code exp(−γ‖Δ‖₁) = Π_i exp(−γ|Δ_i|)}, so the coordinates of ω are
 *       independent Cauchy(0, γ) draws {@code γ·tan(π(U − ½))}. Not isotropic: there is no radial law.</li>
 *   <li><b>Skewed χ²</b>: independent hyperbolic-secant draws, applied to {@code ln(x + c)}.</li>
 * </ul>
 *
 * <p>Order of draws: a vector method draws its d Gaussians (or d uniforms) first, then the mixing
 * variable. A radial ({@code …Norm}) method draws χ_d first, then the mixing variable; it is the
 * norm of the vector law, for couplings that set the directions themselves.
 *
 * <p>Mixing draws use {@link GammaDistribution#logSample} so that small shapes stay finite; a
 * mixing scale or precision beyond {@value #MAX_SCALE} is returned as {@value #MAX_SCALE}, so no
 * draw is infinite. For Matérn with ℓ = 1 that needs {@code G < ν·10^{−600}} (a scale) or
 * {@code G < ν·10^{−300}} (a precision), of probability about {@code (ν·10^{−600})^ν/Γ(ν+1)} and
 * {@code (ν·10^{−300})^ν/Γ(ν+1)}: below 1e-5 even at ν = 0.02.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class SpectralSamplers {
    /** Largest mixing scale or precision returned (a larger draw is clamped to this value). */
    public static final double MAX_SCALE = 1e300;

    private SpectralSamplers() {
    }

    /**
     * The Matérn mixing precision {@code τ = ν/(G·ℓ²)}, {@code G ~ Gamma(ν, 1)}:
     * {@code Matérn(r) = E[exp(−τ r²/2)]}, and {@code ω | τ ~ N(0, τ·I)}.
     */
    public static double maternPrecision(double nu, double lengthscale, RandomGenerator rng) {
        return precision(matern(nu, lengthscale), rng);
    }

    /** One Matérn spectral vector into {@code out} (dimension {@code out.length}): {@code z·√(ν/G)/ℓ}. */
    public static void matern(double nu, double lengthscale, RandomGenerator rng, double[] out) {
        vector(matern(nu, lengthscale), rng, out);
    }

    /** The norm of a Matérn spectral vector in dimension d: {@code χ_d·√(ν/G)/ℓ}. */
    public static double maternNorm(double nu, double lengthscale, int d, RandomGenerator rng) {
        return norm(matern(nu, lengthscale), d, rng);
    }

    /**
     * The rational-quadratic mixing precision {@code τ = G/(α·ℓ²)}, {@code G ~ Gamma(α, 1)}:
     * {@code (1 + r²/(2αℓ²))^{−α} = E[exp(−τ r²/2)]}.
     */
    public static double rationalQuadraticPrecision(double alpha, double lengthscale, RandomGenerator rng) {
        return precision(rationalQuadratic(alpha, lengthscale), rng);
    }

    /** One rational-quadratic spectral vector into {@code out}: {@code z·√(G/α)/ℓ}. */
    public static void rationalQuadratic(double alpha, double lengthscale, RandomGenerator rng, double[] out) {
        vector(rationalQuadratic(alpha, lengthscale), rng, out);
    }

    /** The norm of a rational-quadratic spectral vector in dimension d: {@code χ_d·√(G/α)/ℓ}. */
    public static double rationalQuadraticNorm(double alpha, double lengthscale, int d, RandomGenerator rng) {
        return norm(rationalQuadratic(alpha, lengthscale), d, rng);
    }

    /** One Laplacian spectral vector into {@code out}: independent Cauchy(0, γ) coordinates. */
    public static void laplacian(double gamma, RandomGenerator rng, double[] out) {
        check("gamma", gamma);
        checkDimension(out.length);
        for (int i = 0; i < out.length; i++) {
            out[i] = gamma * Math.tan(Math.PI * (GammaDistribution.positiveUniform(rng) - 0.5));
        }
    }

    /**
     * One skewed-χ² spectral vector into {@code out}: independent draws of the hyperbolic-secant law
     * with density {@code sech(πω)}, {@code ω = (1/π)·ln tan(πU/2)} (scikit-learn's
     * {@code SkewedChi2Sampler}). Its characteristic function is {@code sech(t/2)}, and
     * {@code 2√(ab)/(a + b) = sech(ln(a/b)/2)}, so {@code E[cos(ωᵀ(ln(x + c) − ln(y + c)))]} is the
     * skewed χ² kernel of skewedness c (Li, Ionescu &amp; Sminchisescu 2010).
     */
    public static void skewedChi2(RandomGenerator rng, double[] out) {
        checkDimension(out.length);
        for (int i = 0; i < out.length; i++) {
            out[i] = Math.log(Math.tan(0.5 * Math.PI * GammaDistribution.positiveUniform(rng))) / Math.PI;
        }
    }

    /** A Gaussian scale mixture: the logarithm of one draw of its precision τ. */
    private interface LogPrecision {
        double draw(RandomGenerator rng);
    }

    /** Matérn: ln τ = ln(ν/(G·ℓ²)), G ~ Gamma(ν, 1) (parameters checked here, before any draw). */
    private static LogPrecision matern(double nu, double lengthscale) {
        check("nu", nu);
        check("lengthscale", lengthscale);
        double shift = Math.log(nu) - 2 * Math.log(lengthscale);
        return rng -> shift - GammaDistribution.logSample(nu, rng);
    }

    /** Rational quadratic: ln τ = ln(G/(α·ℓ²)), G ~ Gamma(α, 1). */
    private static LogPrecision rationalQuadratic(double alpha, double lengthscale) {
        check("alpha", alpha);
        check("lengthscale", lengthscale);
        double shift = -Math.log(alpha) - 2 * Math.log(lengthscale);
        return rng -> shift + GammaDistribution.logSample(alpha, rng);
    }

    private static double precision(LogPrecision law, RandomGenerator rng) {
        return clamp(Math.exp(law.draw(rng)));
    }

    /** d Gaussians, then the mixing draw; the vector is z·√τ. */
    private static void vector(LogPrecision law, RandomGenerator rng, double[] out) {
        checkDimension(out.length);
        for (int i = 0; i < out.length; i++) {
            out[i] = rng.nextGaussian();
        }
        double s = clamp(Math.exp(0.5 * law.draw(rng)));
        for (int i = 0; i < out.length; i++) {
            out[i] *= s;
        }
    }

    /** χ_d, then the mixing draw; the norm is χ_d·√τ. */
    private static double norm(LogPrecision law, int d, RandomGenerator rng) {
        checkDimension(d);
        double chi = ChiDistribution.sample(d, rng);
        return chi * clamp(Math.exp(0.5 * law.draw(rng)));
    }

    private static double clamp(double s) {
        return Math.min(s, MAX_SCALE);
    }

    private static void check(String key, double value) {
        if (!(value > 0) || Double.isInfinite(value)) {
            throw new InvalidParameterException(key, value, "a finite number > 0");
        }
    }

    private static void checkDimension(int d) {
        if (d < 1) {
            throw new InvalidParameterException("d", d, "an integer >= 1 (dimension)");
        }
    }
}
