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
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rf4j.api.DimensionMismatchException;
import org.rf4j.api.InvalidInputException;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Matrix;
import org.rf4j.api.Spec;
import org.rf4j.api.kernel.KernelKind;
import org.rf4j.api.mechanism.DataSample;
import org.rf4j.api.mechanism.DenseProjection;
import org.rf4j.api.mechanism.FeatureRequest;
import org.rf4j.api.mechanism.PointQuery;
import org.rf4j.api.mechanism.Projection;
import org.rf4j.api.mechanism.SamplingPolicy;
import org.rf4j.api.random.Seeds;
import org.rf4j.spi.MechanismKind;
import org.rf4j.theory.ImportanceSamplingTheory;

/**
 * The {@code optimal} policy's fitted-proposal parameters and the projections it draws from them:
 * a proposal given in the spec is used exactly (ω = μ + V diag(√λ) z, weight p_Ω(ω)/p_Ψ(ω) times the
 * input's weight, both recomputed here from the density formula), incomplete or inconsistent proposal
 * parameters are refused naming the key, dimensions are checked, and the subsample of at most
 * {@code maxRows} rows per side is a subset of the data.
 */
class OptimalSamplingChecksTest {
    /** Σ = V diag(λ) Vᵀ with V the rotation by 30° in the plane. */
    private static final double C = Math.cos(Math.PI / 6);
    private static final double S = Math.sin(Math.PI / 6);
    private static final List<Double> V = List.of(C, -S, S, C);

    private static SamplingPolicy create(Spec spec) {
        return Fixtures.REGISTRY.create(MechanismKind.SAMPLING_POLICY, "estimator.sampling", spec);
    }

    private static Spec fitted(Object... extra) {
        Spec s = Spec.of("optimal", "mean", List.of(0.3, -0.2), "eigenvalues", List.of(2.0, 1.25), "eigenvectors", V);
        for (int i = 0; i < extra.length; i += 2) {
            s = extra[i + 1] == null ? s.without((String) extra[i]) : s.with((String) extra[i], extra[i + 1]);
        }
        return s;
    }

    @Test
    void aProposalInTheSpecIsUsedExactlyWithItsDensityRatioAsWeight() {
        SamplingPolicy p = create(fitted());
        assertThat(p.needsFit()).isFalse();
        assertThat(p.toString()).isEqualTo(p.spec().toString());
        GaussianProposal g = ((OptimalSampling) p).proposal();
        assertThat(g.mean()).containsExactly(0.3, -0.2);
        assertThat(GaussianProposal.of(new double[] {0.3, -0.4}, g.covariance()).toString())
                .isEqualTo("N(μ, Σ) with |μ| = 0.5, eigenvalues of Σ in [1.25, 2.0]");
        assertThat(g.covariance().values()).containsExactly(2.0, 1.25);
        double[] prior = {1.0, 0.5, 2.0, 0.25};
        Matrix z = Matrix.of(new double[][] {{0.1, -0.7}, {1.2, 0.4}, {-0.5, -1.1}, {0.0, 2.0}});
        var map = Fixtures.map("positive");
        Projection adapted = p.adapt(new DenseProjection(z, prior), map,
                new FeatureRequest(KernelKind.SOFTMAX, 2, 4, Fixtures.iid(), p, Seeds.generator(1)));
        double[] lam = {2.0, 1.25};
        double[][] v = {{C, -S}, {S, C}};
        for (int j = 0; j < 4; j++) {
            double[] omega = new double[2];
            for (int i = 0; i < 2; i++) {
                omega[i] = g.mean()[i];
                for (int k = 0; k < 2; k++) {
                    omega[i] += v[i][k] * Math.sqrt(lam[k]) * z.get(j, k);
                }
                assertThat(adapted.matrix().get(j, i)).isCloseTo(omega[i], within(1e-14));
            }
            // p_Ω(ω)/p_Ψ(ω) with p_Ψ the N(μ, Σ) density, Σ⁻¹ through V
            double quad = 0;
            for (int k = 0; k < 2; k++) {
                double c = v[0][k] * (omega[0] - 0.3) + v[1][k] * (omega[1] + 0.2);
                quad += c * c / lam[k];
            }
            double logPsi = -0.5 * quad - 0.5 * Math.log(lam[0] * lam[1]) - Math.log(2 * Math.PI);
            double logOmega = -0.5 * (omega[0] * omega[0] + omega[1] * omega[1]) - Math.log(2 * Math.PI);
            assertThat(adapted.importanceWeights()[j]).isCloseTo(Math.exp(logOmega - logPsi) * prior[j],
                    within(1e-13 * Math.exp(logOmega - logPsi)));
        }
        // the proposal's closed-form MSE without any data
        double[] x = {0.2, 0.1};
        double[] y = {-0.1, 0.3};
        assertThat(p.theoryMse(new PointQuery(KernelKind.SOFTMAX, 4, Fixtures.iid(), p, x, y), map).orElseThrow())
                .isCloseTo(ImportanceSamplingTheory.positiveMse(KernelKind.SOFTMAX, x, y, 4, g.mean(), g.covariance()),
                        within(1e-15));
        // the standard distribution leaves a projection as it is
        Projection z0 = new DenseProjection(z);
        assertThat(OptimalSampling.apply(GaussianProposal.standard(2), z0)).isSameAs(z0);
    }

    @Test
    void incompleteOrInconsistentProposalParametersAreRefusedNamingTheKey() {
        for (String missing : new String[] {"mean", "eigenvalues", "eigenvectors"}) {
            assertThatThrownBy(() -> create(fitted(missing, null))).as(missing)
                    .isInstanceOf(InvalidParameterException.class)
                    .hasMessageContaining("estimator.sampling." + missing).hasMessageContaining("together");
        }
        assertThatThrownBy(() -> create(fitted("eigenvalues", List.of(1.0, 2.0, 3.0))))
                .isInstanceOf(DimensionMismatchException.class).hasMessageContaining("estimator.sampling.eigenvectors")
                .hasMessageContaining("expected d = 2 eigenvalues and d² = 4");
        assertThatThrownBy(() -> create(fitted("eigenvectors", List.of(1.0, 0.0, 0.0))))
                .isInstanceOf(DimensionMismatchException.class).hasMessageContaining("has 3 entries");
        assertThatThrownBy(() -> create(fitted("eigenvalues", List.of(1.0, -2.0))))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("estimator.sampling.eigenvalues")
                .hasMessageContaining("eigenvalue 1 = -2.0");
        assertThatThrownBy(() -> create(Spec.of("optimal", "keyData", "k.csv")))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("estimator.sampling.queryData");
        assertThatThrownBy(() -> new OptimalSampling(Spec.of("optimal"), 64, 1, 8, OptimalSampling.CovarianceModel.AUTO,
                0.5, 2.0, 0L, true)).isInstanceOf(InvalidParameterException.class).hasMessageContaining("'minVariance'");
        assertThatThrownBy(() -> new OptimalSampling(Spec.of("optimal"), 64, 1, 8, OptimalSampling.CovarianceModel.AUTO,
                2.0, 1.5, 0L, true)).isInstanceOf(InvalidParameterException.class).hasMessageContaining("maxVariance = 1.5");
        // minVariance = maxVariance is allowed (by the provider too)
        assertThat(create(Spec.of("optimal", "minVariance", 2.0, "maxVariance", 2.0)).needsFit()).isTrue();
        assertThat(new OptimalSampling(Spec.of("optimal"), 64, 1, 8, OptimalSampling.CovarianceModel.AUTO, 1.0, 1.0, 0L,
                true).needsFit()).isTrue();
    }

    @Test
    void dimensionsOfProjectionsDataAndPointsAreChecked() {
        SamplingPolicy p = create(fitted());
        var map = Fixtures.map("positive");
        Projection three = new DenseProjection(Matrix.zeros(4, 3));
        assertThatThrownBy(() -> p.adapt(three, map, new FeatureRequest(KernelKind.SOFTMAX, 2, 4, Fixtures.iid(), p, Seeds.generator(1)))).isInstanceOf(DimensionMismatchException.class).hasMessageContaining("d = 2");
        assertThatThrownBy(() -> OptimalSampling.apply(((OptimalSampling) p).proposal(), three))
                .isInstanceOf(DimensionMismatchException.class).hasMessageContaining("proposal has 2");
        OptimalSampling unfitted = OptimalSampling.withDefaults();
        // an unfitted policy has no proposal, so no closed form; drawing it is refused
        assertThat(unfitted.theoryMse(new PointQuery(KernelKind.SOFTMAX, 4, Fixtures.iid(), unfitted,
                new double[] {0.1, 0.2}, new double[] {0.2, 0.1}), map)).isEmpty();
        assertThatThrownBy(() -> unfitted.adapt(Fixtures.iid().draw(4, 2, Seeds.generator(1)), map,
                new FeatureRequest(KernelKind.SOFTMAX, 2, 4, Fixtures.iid(), unfitted, Seeds.generator(1))))
                .isInstanceOf(org.rf4j.api.mechanism.NotFittedException.class)
                .hasMessageContaining("sampling policy 'optimal' is not fitted").hasMessageContaining("call fit first");
    }

    /**
     * maxRows = 5 of 6 rows per side: q and E K² are evaluated on 5 distinct rows of each side, so E K²
     * is the mean over one of the 36 ways to leave out a query and a key row (a subsample that repeated
     * or skipped rows, or used all 6, would give another value).
     */
    @Test
    void theSubsampleIsMaxRowsDistinctRowsOfEachSide() {
        Matrix q = Fixtures.gaussian(6, new double[] {0.3, -0.2}, 0.4, Seeds.generator(81));
        Matrix k = Fixtures.gaussian(6, new double[] {-0.1, 0.2}, 0.4, Seeds.generator(82));
        ProposalFit fit = new OptimalSampling(Spec.of("optimal"), 128, 1, 5, OptimalSampling.CovarianceModel.AUTO, 1.0,
                100.0, 0L, false).fit(Fixtures.map("positive"), KernelKind.SOFTMAX, new DataSample(q, k), Fixtures.iid());
        assertThat(fit.queryRows()).isEqualTo(5);
        assertThat(fit.keyRows()).isEqualTo(5);
        double best = Double.POSITIVE_INFINITY;
        for (int oq = 0; oq < 6; oq++) {
            for (int ok = 0; ok < 6; ok++) {
                double acc = 0;
                for (int i = 0; i < 6; i++) {
                    for (int j = 0; j < 6; j++) {
                        if (i != oq && j != ok) {
                            double v = KernelKind.SOFTMAX.value(q.row(i), k.row(j));
                            acc += v * v;
                        }
                    }
                }
                best = Math.min(best, Math.abs(acc / 25 - fit.meanSquaredKernel()));
            }
        }
        assertThat(best).isLessThan(1e-14);
    }

    /** Features that overflow on the data are reported, not turned into NaN weights. */
    @Test
    void overflowingFeaturesAreReported() {
        // softmax trigonometric features carry e^{|x|²/2}: |x|² ≈ 1600 overflows
        DataSample huge = DataSample.symmetric(Matrix.of(new double[][] {{28.0, 28.0}, {-28.0, 29.0}}));
        assertThatThrownBy(() -> OptimalSampling.withDefaults().fit(Fixtures.map("trigonometric"), KernelKind.SOFTMAX, huge,
                Fixtures.iid())).isInstanceOf(InvalidInputException.class).hasMessageContaining("overflow");
    }
    /**
     * The Monte Carlo fallback (2¹⁵ draws) reports a value only at a relative standard error of at most
     * 2%: for bounded trigonometric features (per-projection variance ≈ 2.8 > 1 here) it reports the
     * closed form (within 4 of its 2%); for positive features far out (log-normal squared errors) it
     * reports nothing.
     */
    @Test
    void monteCarloFallbackReportsOnlyPreciseValues() {
        OptimalSampling policy = OptimalSampling.withDefaults();
        double[] x = {1.0, 0.5, 0.0};
        double[] y = {0.8, -0.6, 0.3};
        GaussianProposal standard = GaussianProposal.standard(3);
        PointQuery q = new PointQuery(KernelKind.SOFTMAX, 5, Fixtures.iid(), policy, x, y);
        double exact = ImportanceSamplingTheory.trigonometricMse(KernelKind.SOFTMAX, x, y, 5, standard.mean(),
                standard.covariance());
        assertThat(exact * 5).isGreaterThan(1.0);
        assertThat(policy.monteCarloMse(q, Fixtures.map("trigonometric"), standard).orElseThrow())
                .isCloseTo(exact, within(0.08 * exact));
        double[] far = {1.3, 0.4, 0.0};
        assertThat(policy.monteCarloMse(new PointQuery(KernelKind.SOFTMAX, 5, Fixtures.iid(), policy, far, far), Fixtures.map("positive"), standard)).isEmpty();
    }

    /** A fitted policy is not fitted again. */
    @Test
    void aFittedPolicyIsReturnedAsIs() {
        SamplingPolicy p = create(fitted());
        assertThat(p.fit(org.rf4j.api.mechanism.FitData.of(org.rf4j.api.kernel.Kernel.gaussian(1.0),
                DataSample.pair(new double[] {0.1, 0.2}, new double[] {0.3, 0.1})), Fixtures.map("positive"),
                Fixtures.iid())).isSameAs(p);
    }
}
