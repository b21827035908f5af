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
package org.rf4j.sampling;

import org.rf4j.api.Matrix;
import org.rf4j.api.kernel.KernelKind;
import org.rf4j.api.mechanism.ProjectionFeatureMap;
import org.rf4j.theory.ImportanceSamplingTheory;
import org.rf4j.theory.SymmetricEigen;

/**
 * Exact-variance refinement of a Gaussian proposal for maps whose per-projection second moment is
 * a sum of exponentials of linear functions of ω — {@code positive} ({@code f² = e^{2c} e^{2sᵀω}})
 * and {@code hyperbolic} ({@code f² = e^{2c}(e^{2sᵀω} + e^{−2sᵀω} + 2)/4}), s = x₁ + x₂.
 *
 * <p>For Ψ = N(μ, Σ) with Σ = V diag(1/a) Vᵀ (V fixed, precisions a_k), the expected second moment
 * over the pairs of the sample is, by {@link ImportanceSamplingTheory}'s Gaussian integral,
 * <pre>
 *   S(μ, a) = mean_pairs Σ_r ρ_r · exp(G(t_r)),   G(t) = Σ_k [−½ log a_k − ½ log(2 − a_k) + ½ a_k m_k²
 *                                                     + ½ (t_k − a_k m_k)²/(2 − a_k)],
 * </pre>
 * with m = Vᵀμ, t_r = Vᵀ(2s), Vᵀ(−2s), 0 in the eigenbasis and ρ_r = e^{2c}·(1 | ¼, ¼, ½). This is Sernau et al.'s objective (Definition
 * 2) itself, restricted to the Gaussian family, so minimising it over (m, a) gives the
 * variance-optimal Gaussian — the cross-entropy fit only matches moments of p_Ω·q, which
 * minimises a KL divergence, not the variance, and is blind to rare far-out pairs that dominate
 * heavy-tailed data. The refinement is diagonally preconditioned projected gradient descent on
 * log S with Armijo backtracking (monotone), the a_k kept in [1/maxVariance, 1/minVariance],
 * started from the better of the cross-entropy fit and Ω, over ALL pairs of the fit sample (a
 * work budget of about 4·10⁸ flops caps the iterations, at least 8); so the exact expected variance
 * on the fit sample never exceeds either of them.
 */
final class ExactRefinement {
    private static final int MAX_ITERATIONS = 300;
    private static final int MIN_ITERATIONS = 8;
    private static final long MAX_WORK = 400_000_000L;

    private final int d;
    private final boolean hyperbolic;
    /** Query and key rows in the eigenbasis, doubled: 2Vᵀx. */
    private final double[][] e1;
    private final double[][] e2;
    /** Per-pair log prefactor 2c (c the map's shift). */
    private final double[] c1;
    private final double[] c2;
    private final double lowA;
    private final double highA;
    private int maxIterations = MAX_ITERATIONS;

    private ExactRefinement(int d, boolean hyperbolic, double[][] e1, double[][] e2, double[] c1, double[] c2,
            double lowA, double highA) {
        this.d = d;
        this.hyperbolic = hyperbolic;
        this.e1 = e1;
        this.e2 = e2;
        this.c1 = c1;
        this.c2 = c2;
        this.lowA = lowA;
        this.highA = highA;
    }

    /** True if the map's second moment has the supported closed form. */
    static boolean supports(ProjectionFeatureMap.Form form) {
        return form == ProjectionFeatureMap.Form.POSITIVE || form == ProjectionFeatureMap.Form.HYPERBOLIC;
    }

    /**
     * The refined proposal and the exact expected variances on all pairs of the sample.
     *
     * @param start the cross-entropy fit; its eigenbasis V is kept
     */
    static Result refine(ProjectionFeatureMap.Form form, KernelKind kind, Matrix xq, Matrix xk, GaussianProposal start,
            double minVariance, double maxVariance) {
        int d = start.dimension();
        SymmetricEigen basis = start.covariance();
        int n1 = xq.rows();
        int n2 = xk.rows();
        double[][] e1 = new double[n1][];
        double[][] e2 = new double[n2][];
        double[] c1 = new double[n1];
        double[] c2 = new double[n2];
        double factor = kind == KernelKind.SOFTMAX ? -1.0 : -2.0; // 2c = factor·(|x|² + |y|²)
        double[] sq1 = xq.rowSquaredNorms();
        double[] sq2 = xk.rowSquaredNorms();
        for (int i = 0; i < n1; i++) {
            e1[i] = basis.toEigenbasis(xq.row(i));
            c1[i] = factor * sq1[i];
            for (int k = 0; k < d; k++) {
                e1[i][k] *= 2;
            }
        }
        for (int j = 0; j < n2; j++) {
            e2[j] = basis.toEigenbasis(xk.row(j));
            c2[j] = factor * sq2[j];
            for (int k = 0; k < d; k++) {
                e2[j][k] *= 2;
            }
        }
        double k2 = ImportanceSamplingTheory.meanSquaredKernel(kind, xq, xk);
        ExactRefinement problem = new ExactRefinement(d, form == ProjectionFeatureMap.Form.HYPERBOLIC, e1, e2, c1, c2, 1 / maxVariance,
                1 / minVariance);
        int terms = problem.hyperbolic ? 3 : 1;
        // every pair counts (a regular subsample would drop exactly the rare far-out pairs that dominate
        // heavy-tailed data), so the work budget caps the iterations instead: each costs about four
        // evaluations of pairs·d·terms
        long perIteration = 4L * n1 * n2 * d * terms;
        problem.maxIterations = (int) Math.max(MIN_ITERATIONS, Math.min(MAX_ITERATIONS, MAX_WORK / perIteration));
        return problem.run(start, basis, k2);
    }

    /**
     * The refined proposal, and the exact expected second moments on all pairs of the sample under
     * the cross-entropy fit, the standard distribution and the refined proposal, with {@code E K²}.
     */
    record Result(GaussianProposal proposal, double startSecondMoment, double standardSecondMoment,
            double refinedSecondMoment, double meanSquaredKernel) {
    }

    private Result run(GaussianProposal start, SymmetricEigen basis, double k2) {
        double[] m0 = basis.toEigenbasis(start.mean());
        double[] a0 = new double[d];
        for (int k = 0; k < d; k++) {
            a0[k] = clamp(1 / basis.value(k));
        }
        double[] mStd = new double[d];
        double[] aStd = new double[d];
        java.util.Arrays.fill(aStd, clamp(1.0));
        double fStart = objective(m0, a0, null, null);
        double fStd = objective(mStd, aStd, null, null);
        double[] m = fStd < fStart ? mStd : m0.clone();
        double[] a = fStd < fStart ? aStd : a0.clone();
        double f = Math.min(fStart, fStd);
        double[] gm = new double[d];
        double[] ga = new double[d];
        double step = 1.0;
        for (int it = 0; it < maxIterations && Double.isFinite(f); it++) {
            objective(m, a, gm, ga);
            double gnorm = 0;
            for (int k = 0; k < d; k++) {
                gnorm += gm[k] * gm[k] + ga[k] * ga[k];
            }
            if (gnorm < 1e-20) {
                break;
            }
            double[] mNew = new double[d];
            double[] aNew = new double[d];
            boolean accepted = false;
            double rel = 0;
            for (int bt = 0; bt < 40; bt++) {
                double decrease = 0;
                for (int k = 0; k < d; k++) {
                    // diagonal preconditioning by the curvature of one term: ∂²G/∂m² = a + a²/(2 − a),
                    // and of the log-barrier part in a: 1/(2a²) + 1/(2(2 − a)²)
                    double b = 2 - a[k];
                    double pm = 1 / (a[k] + a[k] * a[k] / b);
                    double pa = 1 / (0.5 / (a[k] * a[k]) + 0.5 / (b * b));
                    mNew[k] = m[k] - step * pm * gm[k];
                    aNew[k] = clamp(a[k] - step * pa * ga[k]);
                    decrease += gm[k] * (m[k] - mNew[k]) + ga[k] * (a[k] - aNew[k]);
                }
                double fNew = objective(mNew, aNew, null, null);
                if (fNew <= f - 1e-4 * decrease) {
                    accepted = fNew < f;
                    if (accepted) {
                        rel = (f - fNew) / Math.max(1.0, Math.abs(f));
                        m = mNew.clone();
                        a = aNew.clone();
                        f = fNew;
                        step = Math.min(1.0, step * 2);
                    }
                    break;
                }
                step *= 0.5;
            }
            if (!accepted || rel < 1e-10) {
                break;
            }
        }
        double allStart = fStart;
        double allStd = fStd;
        double allRefined = f;
        double[] lam = new double[d];
        for (int k = 0; k < d; k++) {
            lam[k] = 1 / a[k];
        }
        Matrix v = basis.vectors();
        double[] mu = new double[d];
        for (int i = 0; i < d; i++) {
            for (int k = 0; k < d; k++) {
                mu[i] += v.get(i, k) * m[k];
            }
        }
        GaussianProposal refined = GaussianProposal.of(mu, SymmetricEigen.of(lam, v));
        return new Result(refined, Math.exp(allStart), Math.exp(allStd), Math.exp(allRefined), k2);
    }

    private double clamp(double a) {
        return Math.min(highA, Math.max(lowA, a));
    }

    /**
     * {@code log S(m, a)}, S the mean over all pairs of the exact second moment; fills the
     * gradient when gm, ga are non-null. Two passes: the maximum log-term, then the sums.
     */
    private double objective(double[] m, double[] a, double[] gm, double[] ga) {
        double base = 0;
        double[] inv = new double[d];
        double[] am = new double[d];
        for (int k = 0; k < d; k++) {
            base += -0.5 * Math.log(a[k]) - 0.5 * Math.log(2 - a[k]) + 0.5 * a[k] * m[k] * m[k];
            inv[k] = 0.5 / (2 - a[k]);
            am[k] = a[k] * m[k];
        }
        int signs = hyperbolic ? 3 : 1;
        double max = Double.NEGATIVE_INFINITY;
        for (int pass = 0; pass < 2; pass++) {
            double sum = 0;
            double[] su = gm == null ? null : new double[d];
            double[] su2 = gm == null ? null : new double[d];
            int pairs = 0;
            for (int i = 0; i < e1.length; i++) {
                for (int j = 0; j < e2.length; j++) {
                    pairs++;
                    for (int sIdx = 0; sIdx < signs; sIdx++) {
                        double sign = sIdx == 0 ? 1 : sIdx == 1 ? -1 : 0;
                        double logW = c1[i] + c2[j] + (hyperbolic ? (sIdx == 2 ? Math.log(0.5) : Math.log(0.25)) : 0);
                        double g = base;
                        double[] x = e1[i];
                        double[] y = e2[j];
                        for (int k = 0; k < d; k++) {
                            double u = sign * (x[k] + y[k]) - am[k];
                            g += u * u * inv[k];
                        }
                        double lt = logW + g;
                        if (pass == 0) {
                            max = Math.max(max, lt);
                            continue;
                        }
                        double p = Math.exp(lt - max);
                        sum += p;
                        if (su != null && p > 0) {
                            for (int k = 0; k < d; k++) {
                                double u = sign * (x[k] + y[k]) - am[k];
                                su[k] += p * u;
                                su2[k] += p * u * u;
                            }
                        }
                    }
                }
            }
            if (pass == 0) {
                if (!Double.isFinite(max)) {
                    return max;
                }
                continue;
            }
            if (su != null) {
                for (int k = 0; k < d; k++) {
                    double b = 2 - a[k];
                    double mu = su[k] / sum;
                    double mu2 = su2[k] / sum;
                    // ∂G/∂m = a m − a u/(2 − a);  ∂G/∂a = −1/(2a) + 1/(2(2−a)) + m²/2 − m u/(2−a) + u²/(2(2−a)²)
                    gm[k] = a[k] * m[k] - a[k] * mu / b;
                    ga[k] = -0.5 / a[k] + 0.5 / b + 0.5 * m[k] * m[k] - m[k] * mu / b + 0.5 * mu2 / (b * b);
                }
            }
            return max + Math.log(sum / pairs);
        }
        throw new AssertionError();
    }
}
