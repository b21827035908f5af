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

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.rf4j.api.Matrix;
import org.rf4j.api.Spec;
import org.rf4j.api.kernel.KernelKind;
import org.rf4j.api.mechanism.DataSample;
import org.rf4j.api.random.Seeds;

/**
 * The {@code optimal} policy's fit where the answer is known in closed form, and its covariance models.
 *
 * <p>One query row x and one key row y with positive features: f(ω) = e^{ωᵀs + c}, s = x + y, so
 * Theorem 1's optimum p_Ω·q ∝ e^{−|ω|²/2 + sᵀω} is N(s, I), and with it w·f ≡ K(x, y): zero variance.
 * The cross-entropy fit estimates the mean and covariance of exactly that Gaussian by self-normalised
 * importance sampling (standard error ≈ 1/√ESS per coordinate of μ, √(2/ESS) per variance); the
 * exact refinement then minimises the closed-form variance, whose minimum 0 is at (s, I) itself. The
 * Monte Carlo diagnostics have closed forms too: E_Ω q = K, E_Ω q² = e^{2c + 2|s|²}, floor 0.
 */
class OptimalFitTest {
    private static final double[] X = {0.25, -0.1, 0.2};
    private static final double[] Y = {0.05, -0.1, -0.1};
    private static final DataSample PAIR = new DataSample(Matrix.row(X), Matrix.row(Y));

    private static OptimalSampling policy(boolean refine, String covariance, double minVariance, double maxVariance,
            int fitSamples) {
        return new OptimalSampling(Spec.of("optimal"), fitSamples, 3, 256,
                OptimalSampling.CovarianceModel.valueOf(covariance), minVariance, maxVariance, 0L, refine);
    }

    private static double[] s() {
        double[] s = new double[3];
        for (int k = 0; k < 3; k++) {
            s[k] = X[k] + Y[k];
        }
        return s;
    }

    /**
     * Cross-entropy fit alone: μ within 5 standard errors of s, every eigenvalue of Σ within 5 standard
     * errors of 1 (or clamped up to minVariance = 1). Detects a wrong weight (e.g. q² for q, a sign in the
     * log-weight), a wrong moment (unweighted, not centred) or a lost round.
     */
    @ParameterizedTest(name = "{0}, {1}")
    @org.junit.jupiter.params.provider.CsvSource({"SOFTMAX, FULL", "GAUSSIAN, FULL", "SOFTMAX, DIAGONAL",
            "GAUSSIAN, DIAGONAL", "SOFTMAX, IDENTITY"})
    void crossEntropyFitFindsTheGaussianOptimum(KernelKind kind, String model) {
        ProposalFit fit = policy(false, model, 1.0, 100.0, 4096).fit(Fixtures.map("positive"), kind, PAIR, Fixtures.iid());
        double ess = fit.effectiveSampleSize();
        // the last round's proposal is already near the optimum, so the weights are nearly equal
        assertThat(ess).isGreaterThan(0.9 * 4096).isLessThanOrEqualTo(4096.0 + 1e-9);
        double[] mu = fit.proposal().mean();
        double[] s = s();
        for (int k = 0; k < 3; k++) {
            assertThat(mu[k]).as("μ[%d]", k).isCloseTo(s[k], within(5 / Math.sqrt(ess)));
        }
        for (double lam : fit.proposal().covariance().values()) {
            assertThat(lam).isBetween(1.0, 1 + 5 * Math.sqrt(2 / ess));
        }
        assertThat(fit.exactProposalVariance()).isNaN();
        assertThat(fit.queryRows()).isEqualTo(1);
        assertThat(fit.keyRows()).isEqualTo(1);
    }

    /**
     * The exact refinement reaches the zero-variance optimum (s, I) of its closed form, and the Monte
     * Carlo diagnostics match their closed forms (within 5 of their own standard errors; at the optimum
     * E_Ψ[w²q²] = K² exactly, so that one to round-off).
     */
    @ParameterizedTest
    @EnumSource(value = KernelKind.class, names = {"SOFTMAX", "GAUSSIAN"})
    void refinementReachesTheZeroVarianceOptimumAndTheDiagnosticsTheirClosedForms(KernelKind kind) {
        ProposalFit fit = policy(true, "AUTO", 1.0, 100.0, 4096).fit(Fixtures.map("positive"), kind, PAIR, Fixtures.iid());
        double[] mu = fit.proposal().mean();
        double[] s = s();
        for (int k = 0; k < 3; k++) {
            assertThat(mu[k]).as("μ[%d]", k).isCloseTo(s[k], within(1e-4));
        }
        for (double lam : fit.proposal().covariance().values()) {
            assertThat(lam).isCloseTo(1.0, within(1e-6));
        }
        double k = kind.value(X, Y);
        double c = kind == KernelKind.SOFTMAX ? -(dot(X, X) + dot(Y, Y)) / 2 : -(dot(X, X) + dot(Y, Y));
        double standardSecond = Math.exp(2 * c + 2 * dot(s, s));
        assertThat(fit.meanSquaredKernel()).isCloseTo(k * k, within(1e-14));
        assertThat(fit.exactStandardVariance()).isCloseTo(standardSecond - k * k, within(1e-12 * standardSecond));
        assertThat(fit.exactProposalVariance()).isCloseTo(0.0, within(1e-8 * k * k));
        // Monte Carlo diagnostics (fresh draws): E_Ω q = K, E_Ω q² in closed form, E_Ψ[w² q²] = K²
        assertThat(fit.meanQ()).isCloseTo(k, within(5 * fit.meanQError() + 1e-12 * k));
        assertThat(fit.meanQError()).isLessThan(1e-3 * k);
        assertThat(fit.standardSecondMoment()).isCloseTo(standardSecond, within(5 * fit.standardSecondMomentError()));
        // the standard error is that of 4096 draws of e^{2sᵀω + 2c}: √((e^{4|s|²} − 1)/4096)·E (to 30%)
        double sd = standardSecond * Math.sqrt(Math.expm1(4 * dot(s, s)));
        assertThat(fit.standardSecondMomentError()).isCloseTo(sd / 64, within(0.3 * sd / 64));
        assertThat(fit.proposalSecondMoment()).isCloseTo(k * k, within(1e-5 * k * k));
        assertThat(fit.floorVariance()).isCloseTo(0.0, within(5 * fit.floorVarianceError() + 1e-9 * k * k));
    }

    private static double dot(double[] a, double[] b) {
        double r = 0;
        for (int i = 0; i < a.length; i++) {
            r += a[i] * b[i];
        }
        return r;
    }

    private static boolean axisAligned(GaussianProposal g) {
        Matrix v = g.covariance().vectors();
        for (int i = 0; i < v.rows(); i++) {
            for (int j = 0; j < v.cols(); j++) {
                if (v.get(i, j) != (i == j ? 1.0 : 0.0)) {
                    return false;
                }
            }
        }
        return true;
    }

    /**
     * Covariance models: {@code identity} fits the mean only (Σ = minVariance·I, the smallest allowed),
     * {@code diagonal} keeps the coordinate axes, {@code full} rotates them; {@code auto} is full for
     * d ≤ fitSamples/20 and diagonal above; every eigenvalue lies in [minVariance, maxVariance].
     */
    @Test
    void covarianceModelsShapeTheFittedCovariance() {
        RandomGenerator rng = Seeds.generator(41);
        DataSample d3 = new DataSample(Fixtures.gaussian(20, new double[] {0.5, -0.3, 0.2}, 0.3, rng),
                Fixtures.gaussian(20, new double[] {0.4, 0.2, -0.3}, 0.3, rng));
        DataSample d4 = new DataSample(Fixtures.gaussian(20, new double[] {0.5, -0.3, 0.2, 0.1}, 0.3, rng),
                Fixtures.gaussian(20, new double[] {0.4, 0.2, -0.3, 0.1}, 0.3, rng));
        var map = Fixtures.map("hyperbolic");
        KernelKind kind = KernelKind.SOFTMAX;
        GaussianProposal identity = policy(false, "IDENTITY", 1.5, 100.0, 512).fit(map, kind, d3, Fixtures.iid()).proposal();
        assertThat(identity.covariance().values()).containsExactly(1.5, 1.5, 1.5);
        assertThat(axisAligned(identity)).isTrue();
        assertThat(identity.isStandard()).isFalse();
        GaussianProposal diagonal = policy(false, "DIAGONAL", 1.0, 100.0, 512).fit(map, kind, d3, Fixtures.iid()).proposal();
        assertThat(axisAligned(diagonal)).isTrue();
        GaussianProposal full = policy(false, "FULL", 1.0, 100.0, 512).fit(map, kind, d3, Fixtures.iid()).proposal();
        assertThat(axisAligned(full)).isFalse();
        for (GaussianProposal g : new GaussianProposal[] {diagonal, full}) {
            for (double lam : g.covariance().values()) {
                assertThat(lam).isBetween(1.0, 100.0);
            }
            // the hyperbolic optimum is wider than Ω along s: some eigenvalue exceeds the lower bound
            assertThat(java.util.Arrays.stream(g.covariance().values()).max().orElseThrow()).isGreaterThan(1.05);
        }
        // a cap of 1.02 clamps every eigenvalue into [1, 1.02]
        for (String model : new String[] {"DIAGONAL", "FULL"}) {
            for (double lam : policy(false, model, 1.0, 1.02, 512).fit(map, kind, d3, Fixtures.iid()).proposal()
                    .covariance().values()) {
                assertThat(lam).isBetween(1.0, 1.02);
            }
        }
        // auto with 64 candidates: full up to d = 64/20 = 3, diagonal at d = 4
        assertThat(axisAligned(policy(false, "AUTO", 1.0, 100.0, 64).fit(map, kind, d3, Fixtures.iid()).proposal()))
                .isFalse();
        assertThat(axisAligned(policy(false, "AUTO", 1.0, 100.0, 64).fit(map, kind, d4, Fixtures.iid()).proposal()))
                .isTrue();
    }
    /**
     * Kish's effective sample size of the last round's weights. With one round the candidates come from
     * Ω and the weights are ∝ q ∝ e^{sᵀω}, whose ESS/n tends to (E e^{sᵀω})²/E e^{2sᵀω} = e^{−|s|²}
     * (0.517 here, |s|² = 0.66); a second round draws from the fitted N(≈s, ≈I), where it is ≈ 1.
     */
    @Test
    void effectiveSampleSizeOfOneRoundIsThatOfTheStandardDistribution() {
        double[] x = {0.3, 0.4, 0.1};
        double[] y = {0.2, 0.1, 0.3};   // s = (0.5, 0.5, 0.4), |s|² = 0.66 → e^{−0.66} = 0.517
        DataSample pair = new DataSample(Matrix.row(x), Matrix.row(y));
        double expected = Math.exp(-0.66);
        for (int rounds : new int[] {1, 2}) {
            ProposalFit fit = new OptimalSampling(Spec.of("optimal"), 4096, rounds, 256,
                    OptimalSampling.CovarianceModel.FULL, 1.0, 100.0, 0L, false)
                    .fit(Fixtures.map("positive"), KernelKind.SOFTMAX, pair, Fixtures.iid());
            double ratio = fit.effectiveSampleSize() / 4096;
            // the ratio's standard error at n = 4096 is below 0.01 (lognormal weights, log-sd |s| = 0.81)
            if (rounds == 1) {
                assertThat(ratio).isCloseTo(expected, within(0.05));
            } else {
                assertThat(ratio).isGreaterThan(0.9);
            }
        }
    }

    /** The helpers: the mean and the standard error of the mean √(Σ(x − x̄)²/(n − 1)/n). */
    @Test
    void meanAndStandardErrorOfTheMean() {
        double[] a = {1, 2, 3, 4, 10};
        assertThat(OptimalSampling.mean(a)).isEqualTo(4.0);
        assertThat(OptimalSampling.standardError(a, 4.0)).isCloseTo(Math.sqrt((9 + 4 + 1 + 0 + 36) / 4.0 / 5.0), within(1e-15));
    }
    /**
     * The refinement keeps every eigenvalue in [minVariance, maxVariance]: with minVariance = 2 the
     * pair's optimum (Σ = I) is out of reach and every eigenvalue ends on the bound 2; the refinement
     * still lowers the exact variance below the cross-entropy fit's. Trigonometric features have no
     * such closed form: no refinement, no exact variance.
     */
    @Test
    void refinementRespectsTheVarianceBoundsAndOnlyRefinesMapsWithAClosedForm() {
        ProposalFit bounded = policy(true, "AUTO", 2.0, 100.0, 1024).fit(Fixtures.map("positive"), KernelKind.SOFTMAX,
                PAIR, Fixtures.iid());
        for (double lam : bounded.proposal().covariance().values()) {
            assertThat(lam).isCloseTo(2.0, within(1e-12));
        }
        ProposalFit ce = policy(false, "AUTO", 2.0, 100.0, 1024).fit(Fixtures.map("positive"), KernelKind.SOFTMAX,
                PAIR, Fixtures.iid());
        double k = KernelKind.SOFTMAX.value(X, Y);
        double vCe = org.rf4j.theory.ImportanceSamplingTheory.positiveMse(KernelKind.SOFTMAX, X, Y, 1,
                ce.proposal().mean(), ce.proposal().covariance());
        assertThat(bounded.exactProposalVariance()).isLessThan(vCe).isGreaterThan(1e-6 * k * k);
        ProposalFit trig = policy(true, "AUTO", 1.0, 100.0, 1024).fit(Fixtures.map("trigonometric"), KernelKind.SOFTMAX,
                PAIR, Fixtures.iid());
        assertThat(trig.exactProposalVariance()).isNaN();
        assertThat(trig.exactStandardVariance()).isNaN();
    }
}
