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

import java.util.OptionalDouble;
import java.util.random.RandomGenerator;
import org.assertj.core.data.Percentage;
import org.junit.jupiter.api.Test;
import org.rf4j.api.Matrix;
import org.rf4j.api.kernel.KernelKind;
import org.rf4j.api.mechanism.DataSample;
import org.rf4j.api.mechanism.DrawnFeatures;
import org.rf4j.api.mechanism.FeatureRequest;
import org.rf4j.api.mechanism.PointQuery;
import org.rf4j.api.mechanism.ProjectionFeatureMap;
import org.rf4j.api.random.Seeds;


/** {@code theoryMse} of the policies: closed forms, the Monte Carlo fallback, and when it is empty. */
class TheoryMseTest {
    private static final double[] X = {0.4, -0.2, 0.3};
    private static final double[] Y = {0.2, 0.1, -0.3};
    private static final DataSample DATA = new DataSample(
            Fixtures.gaussian(50, new double[] {0.4, -0.1, 0.2}, 0.3, Seeds.generator(71)),
            Fixtures.gaussian(50, new double[] {0.1, 0.2, -0.2}, 0.3, Seeds.generator(72)));

    @Test
    void monteCarloFallbackAgreesWithTheClosedForms() {
        OptimalSampling policy = OptimalSampling.withDefaults();
        for (String id : new String[] {"positive", "hyperbolic", "trigonometric"}) {
            for (KernelKind kind : KernelKind.values()) {
                ProjectionFeatureMap map = Fixtures.map(id);
                PointQuery q = new PointQuery(kind, 16, Fixtures.iid(), policy, X, Y);
                double exact = Fixtures.fitted(policy, map, kind, DATA).theoryMse(q, map).orElseThrow();
                OptionalDouble mc = policy.monteCarloMse(q, map, policy.fit(map, kind, DATA, Fixtures.iid()).proposal());
                assertThat(mc).as("%s %s", id, kind).isPresent();
                // the fallback reports only at relative SE <= 2%: 4 SE = 8%
                assertThat(mc.getAsDouble()).as("%s %s", id, kind).isCloseTo(exact, Percentage.withPercentage(8));
            }
        }
    }

    @Test
    void mapWithoutClosedFormGetsAMonteCarloValueThatMatchesItsEmpiricalMse() {
        OptimalSampling policy = OptimalSampling.withDefaults();
        ProjectionFeatureMap map = new Fixtures.PhaseCosine();
        int m = 8;
        OptionalDouble theory = Fixtures.fitted(policy, map, KernelKind.GAUSSIAN, DATA)
                .theoryMse(new PointQuery(KernelKind.GAUSSIAN, m, Fixtures.iid(), policy, X, Y), map);
        assertThat(theory).isPresent();
        double exact = KernelKind.GAUSSIAN.value(X, Y);
        RandomGenerator rng = Seeds.generator(73);
        int trials = 20_000;
        double[] se = new double[trials];
        // fitted once to the same data: the proposal theoryMse used
        org.rf4j.api.mechanism.SamplingPolicy fitted = policy.fit(
                org.rf4j.api.mechanism.FitData.of(org.rf4j.api.kernel.Kernel.gaussian(1), DATA), map, Fixtures.iid());
        for (int t = 0; t < trials; t++) {
            DrawnFeatures rf = map.draw(new FeatureRequest(KernelKind.GAUSSIAN, 3, m, Fixtures.iid(), fitted, rng));
            double[][] c = Fixtures.contributions(rf, 1, Matrix.row(X), Matrix.row(Y));
            double k = 0;
            for (double[] cj : c) {
                k += cj[0] / m;
            }
            se[t] = (k - exact) * (k - exact);
        }
        double[] mse = Fixtures.meanAndError(se);
        // the theory value carries its own Monte Carlo error (relative SE <= 2%)
        assertThat(Math.abs(mse[0] - theory.getAsDouble())).as("empirical %s ± %s vs theory %s", mse[0], mse[1],
                theory.getAsDouble()).isLessThan(4 * Math.hypot(mse[1], 0.02 * theory.getAsDouble()));
    }

    @Test
    void emptyForCoupledDrawsOrWithoutData() {
        OptimalSampling policy = OptimalSampling.withDefaults();
        ProjectionFeatureMap map = Fixtures.map("positive");
        assertThat(policy.theoryMse(new PointQuery(KernelKind.SOFTMAX, 8, new Fixtures.Orthogonal(), policy, X, Y), map)).isEmpty();
        assertThat(policy.theoryMse(new PointQuery(KernelKind.SOFTMAX, 8, Fixtures.iid(), policy, X, Y), map))
                .isEmpty();
        StandardSampling standard = new StandardSampling();
        assertThat(standard.theoryMse(new PointQuery(KernelKind.SOFTMAX, 8, Fixtures.iid(), standard, X, Y), map))
                .isPresent();
    }

    @Test
    void pairDataReachTheZeroVarianceOptimumOfPositiveFeatures() {
        // one pair: q(ω) = φ(x, ω)φ(y, ω) ∝ e^{ωᵀ(x+y)}, so p_Ω·q = N(x + y, I) is in the family and the
        // optimal estimator has zero variance (Theorem 1: (E_Ω q)² − K² = K² − K²)
        OptimalSampling policy = OptimalSampling.withDefaults();
        ProjectionFeatureMap map = Fixtures.map("positive");
        for (KernelKind kind : KernelKind.values()) {
            DataSample pair = DataSample.pair(X, Y);
            ProposalFit fit = policy.fit(map, kind, pair, Fixtures.iid());
            double k = kind.value(X, Y);
            assertThat(fit.exactStandardVariance()).isGreaterThan(0.1 * k * k);
            assertThat(fit.exactProposalVariance()).as("%s", kind).isLessThan(1e-8 * k * k);
            double[] mu = fit.proposal().mean();
            for (int i = 0; i < 3; i++) {
                assertThat(mu[i]).isCloseTo(X[i] + Y[i], org.assertj.core.data.Offset.offset(1e-4));
            }
            double mse = Fixtures.fitted(policy, map, kind, pair).theoryMse(new PointQuery(kind, 4, Fixtures.iid(), policy, X, Y),
                    map).orElseThrow();
            assertThat(mse).isLessThan(1e-8 * k * k);
        }
    }
}
