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
import org.rf4j.api.Matrix;
import org.rf4j.api.kernel.KernelKind;
import org.apiguardian.api.API;

/**
 * Closed forms for importance sampling of the projections (Sernau, Bonacina &amp; Saurous, "All
 * Random Features Representations are Equivalent"; cited as "AE" below).
 *
 * <p><b>Setting.</b> A kernel {@code K(x₁, x₂) = E_{ω~Ω}[f(x₁, x₂, ω)]} with Ω = N(0, I_d) and
 * per-projection estimate {@code f}; sampling ω from a proposal Ψ with weight
 * {@code w = p_Ω/p_Ψ} keeps it unbiased (AE Eq. 2), and one sample has variance
 * {@code E_Ψ[w² f²] − K² = E_Ω[w f²] − K²}.
 *
 * <p><b>Theorem 1 (AE), stated for the estimators rf4j draws.</b> For a map with one column per
 * projection (f = φ(x₁, ω)φ(x₂, ω)) the expected variance over x₁ ~ X₁, x₂ ~ X₂ is minimised by
 * {@code p_Ψ ∝ p_Ω q} with {@code q = sqrt(E φ(x₁, ω)² · E φ(x₂, ω)²)}, and the minimum is
 * {@code (E_Ω q)² − E K(x₁, x₂)²} ({@link #theorem1Variance}). The proof (AE Eq. 3 and the
 * Lagrangian after it) only uses {@code E_{x₁}E_{x₂} f² }, so it holds verbatim for maps with
 * several columns per projection ({@code f = Σ_b φ_b(x₁, ω) ψ_b(x₂, ω)}, e.g. trigonometric
 * [cos | sin], hyperbolic [+ | −]) with {@code q(ω)² = E_{x₁}E_{x₂} f² = tr(A(ω)·B(ω))},
 * {@code A_{bb'} = E φ_bφ_{b'}(x₁)}, {@code B_{bb'} = E ψ_bψ_{b'}(x₂)}. For one column this is the
 * paper's q_φ exactly.
 *
 * <p><b>Corollary 1</b> ({@link #corollary1Bound}): {@code (E_Ω q)² ≤ E K(x₁,x₁) · E K(x₂,x₂)}, so the
 * optimum is at most {@code E[K(x₁,x₁)K(x₂,x₂) − K(x₁,x₂)²]} (x₁, x₂ independent). For several
 * columns the same bound follows from {@code tr(AB) ≤ tr A · tr B} (A, B positive semi-definite).
 *
 * <p><b>Corollary 2 — correction of scope.</b> With X₁ = X₂ the paper states equality. That holds
 * for one column per projection (q = E φ², so E_Ω q = E K(x, x)), but NOT for several columns:
 * then {@code q = ‖A‖_F ≤ tr A} with equality only where A(ω) has rank one, so e.g. trigonometric
 * features sampled optimally beat the bound strictly (the sum over the blocks integrates a
 * discrete auxiliary variable exactly). Both statements are checked numerically in the tests of
 * rf-sampling.
 *
 * <p><b>Gaussian proposals.</b> For Ψ = N(μ, Σ), with P = Σ⁻¹ and A = 2I − P (needs Σ ≻ I/2),
 * <pre>
 *   J(t)    = E_Ω[w e^{tᵀω}]   = |Σ|^{1/2} |A|^{-1/2} exp(½μᵀPμ + ½uᵀA⁻¹u),  u = t − Pμ
 *   Jcos(t) = E_Ω[w cos(tᵀω)]  = |Σ|^{1/2} |A|^{-1/2} exp(½μᵀPμ + ½(bᵀA⁻¹b − tᵀA⁻¹t)) cos(tᵀA⁻¹b),  b = Pμ
 * </pre>
 * (a Gaussian integral of {@code p_Ω²/p_Ψ}; with μ = 0, Σ = I they reduce to the moment
 * generating function e^{|t|²/2} and characteristic function e^{−|t|²/2} of N(0, I)). From these
 * the exact variance of positive, hyperbolic and trigonometric features under a Gaussian proposal
 * follows ({@link #positiveMse}, {@link #hyperbolicMse}, {@link #trigonometricMse}); with the
 * standard proposal they equal {@link BaseFeatureTheory}. If Σ has an eigenvalue ≤ ½ the second
 * moment diverges and +∞ is returned.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class ImportanceSamplingTheory {
    private ImportanceSamplingTheory() {
    }

    /**
     * AE Theorem 1: the optimal expected per-sample variance {@code (E_Ω q)² − E K(x₁, x₂)²}.
     *
     * @param meanQ             {@code E_{ω~Ω} q(ω)}
     * @param meanSquaredKernel {@code E_{x₁}E_{x₂} K(x₁, x₂)²}
     */
    public static double theorem1Variance(double meanQ, double meanSquaredKernel) {
        return meanQ * meanQ - meanSquaredKernel;
    }

    /** {@code E_{x₁}E_{x₂} K(x₁, x₂)²} over the empirical distributions of the rows of X₁ and X₂. */
    public static double meanSquaredKernel(KernelKind kind, Matrix x1, Matrix x2) {
        check(x1, x2);
        double acc = 0;
        for (int i = 0; i < x1.rows(); i++) {
            double[] a = x1.row(i);
            for (int j = 0; j < x2.rows(); j++) {
                double k = kind.value(a, x2.row(j));
                acc += k * k;
            }
        }
        return acc / ((double) x1.rows() * x2.rows());
    }

    /** {@code E_x K(x, x)} over the rows of X (1 for the Gaussian kernel, mean of e^{|x|²} for softmax). */
    public static double meanDiagonalKernel(KernelKind kind, Matrix x) {
        x.requireNonEmpty("data").requireFinite("data");
        double acc = 0;
        for (int i = 0; i < x.rows(); i++) {
            double[] a = x.row(i);
            acc += kind.value(a, a);
        }
        return acc / x.rows();
    }

    /**
     * AE Corollary 1: {@code E_{x₁}E_{x₂}[K(x₁,x₁)K(x₂,x₂) − K(x₁,x₂)²]} over the empirical
     * distributions (x₁, x₂ independent, so the first term factorises). With X₁ = X₂ this is the
     * value of Corollary 2, which the optimum attains exactly for one-column maps.
     */
    public static double corollary1Bound(KernelKind kind, Matrix x1, Matrix x2) {
        return meanDiagonalKernel(kind, x1) * meanDiagonalKernel(kind, x2) - meanSquaredKernel(kind, x1, x2);
    }

    /** One coordinate of the eigenbasis of Σ: λ_k, p = 1/λ_k, a = 2 − p (&gt; 0), and μ and t in that basis. */
    @FunctionalInterface
    private interface Coordinate {
        void add(double lam, double p, double a, double mu, double t);
    }

    /**
     * Visits the coordinates of the eigenbasis of Σ in order; false (the moment is +∞) at the first
     * eigenvalue ≤ ½, where {@code a = 2 − 1/λ ≤ 0}.
     */
    private static boolean forEachCoordinate(double[] mean, SymmetricEigen covariance, double[] t, Coordinate c) {
        int d = covariance.dimension();
        check(d, mean, t);
        double[] mu = covariance.toEigenbasis(mean);
        double[] tt = covariance.toEigenbasis(t);
        for (int k = 0; k < d; k++) {
            double lam = covariance.value(k);
            double p = 1 / lam;
            double a = 2 - p;
            if (!(a > 0)) {
                return false;
            }
            c.add(lam, p, a, mu[k], tt[k]);
        }
        return true;
    }

    /** {@code J(t) = E_Ω[(p_Ω/p_Ψ)(ω) e^{tᵀω}]} for Ψ = N(μ, Σ), Σ given by its eigendecomposition. */
    public static double exponentialMoment(double[] mean, SymmetricEigen covariance, double[] t) {
        return Math.exp(logExponentialMoment(mean, covariance, t));
    }

    /** The log of {@link #exponentialMoment} (+∞ if Σ has an eigenvalue ≤ ½). */
    public static double logExponentialMoment(double[] mean, SymmetricEigen covariance, double[] t) {
        double[] log = new double[1];
        boolean finite = forEachCoordinate(mean, covariance, t, (lam, p, a, mu, tk) -> {
            double u = tk - p * mu;
            log[0] += 0.5 * Math.log(lam) - 0.5 * Math.log(a) + 0.5 * p * mu * mu + 0.5 * u * u / a;
        });
        return finite ? log[0] : Double.POSITIVE_INFINITY;
    }

    /** {@code Jcos(t) = E_Ω[(p_Ω/p_Ψ)(ω) cos(tᵀω)]} for Ψ = N(μ, Σ). */
    public static double cosineMoment(double[] mean, SymmetricEigen covariance, double[] t) {
        double[] logAndPhase = new double[2];
        boolean finite = forEachCoordinate(mean, covariance, t, (lam, p, a, mu, tk) -> {
            double b = p * mu;
            logAndPhase[0] += 0.5 * Math.log(lam) - 0.5 * Math.log(a) + 0.5 * p * mu * mu
                    + 0.5 * (b * b - tk * tk) / a;
            logAndPhase[1] += tk * b / a;
        });
        if (!finite) {
            return Double.POSITIVE_INFINITY;
        }
        return Math.exp(logAndPhase[0]) * Math.cos(logAndPhase[1]);
    }

    /**
     * MSE of m positive (FAVOR+) features drawn iid from N(μ, Σ) with weights p_Ω/p_Ψ, estimating
     * {@code kind} at (x, y): per projection {@code f = e^{ωᵀ(x+y) + c}} with
     * {@code c = −(|x|²+|y|²)/2} (softmax) or {@code −(|x|²+|y|²)} (Gaussian), so
     * {@code E_Ψ[w²f²] = e^{2c} J(2(x+y))}.
     */
    public static double positiveMse(KernelKind kind, double[] x, double[] y, int m, double[] mean,
            SymmetricEigen covariance) {
        double c = shift(kind, x, y);
        double[] s = sum(x, y, 2);
        double second = Math.exp(2 * c + logExponentialMoment(mean, covariance, s));
        return variance(second, kind, x, y) / m;
    }

    /**
     * MSE of m hyperbolic features from N(μ, Σ): {@code f = cosh(ωᵀ(x+y)) e^{c}}, so
     * {@code E_Ψ[w²f²] = e^{2c}(J(2v) + J(−2v) + 2J(0))/4}.
     */
    public static double hyperbolicMse(KernelKind kind, double[] x, double[] y, int m, double[] mean,
            SymmetricEigen covariance) {
        double c = shift(kind, x, y);
        double[] s = sum(x, y, 2);
        double[] ns = s.clone();
        for (int i = 0; i < ns.length; i++) {
            ns[i] = -ns[i];
        }
        double second = Math.exp(2 * c) * (exponentialMoment(mean, covariance, s)
                + exponentialMoment(mean, covariance, ns) + 2 * exponentialMoment(mean, covariance, new double[s.length]))
                / 4;
        return variance(second, kind, x, y) / m;
    }

    /**
     * MSE of m trigonometric (cos | sin) features from N(μ, Σ): {@code f = g·cos(ωᵀ(x−y))} with
     * g = 1 (Gaussian) or {@code e^{(|x|²+|y|²)/2}} (softmax), so
     * {@code E_Ψ[w²f²] = g²(J(0) + Jcos(2(x−y)))/2}.
     */
    public static double trigonometricMse(KernelKind kind, double[] x, double[] y, int m, double[] mean,
            SymmetricEigen covariance) {
        double g2 = kind == KernelKind.SOFTMAX ? Math.exp(Vectors.squaredNorm(x) + Vectors.squaredNorm(y)) : 1.0;
        double[] dlt = new double[x.length];
        for (int i = 0; i < dlt.length; i++) {
            dlt[i] = 2 * (x[i] - y[i]);
        }
        double second = g2 * 0.5 * (exponentialMoment(mean, covariance, new double[x.length])
                + cosineMoment(mean, covariance, dlt));
        return variance(second, kind, x, y) / m;
    }

    private static double variance(double second, KernelKind kind, double[] x, double[] y) {
        double k = kind.value(x, y);
        return Double.isInfinite(second) ? Double.POSITIVE_INFINITY : Math.max(0.0, second - k * k);
    }

    private static double shift(KernelKind kind, double[] x, double[] y) {
        check(x.length, x, y);
        double s = Vectors.squaredNorm(x) + Vectors.squaredNorm(y);
        return kind == KernelKind.SOFTMAX ? -0.5 * s : -s;
    }

    private static double[] sum(double[] x, double[] y, double factor) {
        double[] s = new double[x.length];
        for (int i = 0; i < s.length; i++) {
            s[i] = factor * (x[i] + y[i]);
        }
        return s;
    }

    private static void check(int d, double[] a, double[] b) {
        if (a.length != d || b.length != d) {
            throw new DimensionMismatchException("vectors have dimensions " + a.length + " and " + b.length + " but "
                    + d + " is required");
        }
    }

    private static void check(Matrix x1, Matrix x2) {
        x1.requireNonEmpty("query data").requireFinite("query data");
        x2.requireNonEmpty("key data").requireFinite("key data");
        if (x1.cols() != x2.cols()) {
            throw new DimensionMismatchException("query data is " + x1.shape() + " but key data is " + x2.shape()
                    + "; both need the same number of columns");
        }
        if (x1.rows() == 0) {
            throw new InvalidInputException("query data is empty");
        }
    }
}
