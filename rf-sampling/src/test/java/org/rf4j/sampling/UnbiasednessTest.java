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

import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.rf4j.api.Matrix;
import org.rf4j.api.Spec;
import org.rf4j.api.kernel.KernelKind;
import org.rf4j.api.mechanism.Coupling;
import org.rf4j.api.mechanism.DataSample;
import org.rf4j.api.mechanism.DrawnFeatures;
import org.rf4j.api.mechanism.FeatureRequest;
import org.rf4j.api.mechanism.ProjectionFeatureMap;
import org.rf4j.api.mechanism.SamplingPolicy;
import org.rf4j.api.random.Seeds;
import org.rf4j.spi.MechanismKind;


/**
 * Sernau et al. Eq. 2: every policy × every projection feature map of the registry (discovered,
 * so maps added later are covered) × both kernels stays unbiased, with iid and with coupled
 * (orthogonal) draws.
 */
class UnbiasednessTest {
    private static final double[] X = {0.35, -0.2, 0.25};
    private static final double[] Y = {0.1, 0.3, -0.15};

    private static DataSample data() {
        RandomGenerator rng = Seeds.generator(11);
        return new DataSample(Fixtures.gaussian(96, new double[] {0.4, -0.1, 0.2}, 0.3, rng),
                Fixtures.gaussian(96, new double[] {0.1, 0.3, -0.2}, 0.3, rng));
    }

    static Stream<Arguments> cases() {
        List<Arguments> out = new ArrayList<>();
        List<ProjectionFeatureMap> maps = Fixtures.registryMaps();
        assertThat(maps).extracting(m -> m.spec().id()).contains("trigonometric", "positive", "hyperbolic");
        for (ProjectionFeatureMap map : maps) {
            for (String policy : List.of("standard", "optimal")) {
                for (KernelKind kind : KernelKind.values()) {
                    out.add(Arguments.of(map.spec().id(), policy, kind));
                }
            }
        }
        return out.stream();
    }

    /**
     * The policy fitted once to the data (kernel coordinates: a unit-bandwidth kernel of the kind); the
     * requests still carry the data for data-driven maps (OPRF), which a fitted policy does not use.
     */
    private static SamplingPolicy fitted(SamplingPolicy policy, ProjectionFeatureMap map, KernelKind kind, DataSample data,
            Coupling coupling) {
        org.rf4j.api.kernel.Kernel kernel = kind == KernelKind.GAUSSIAN ? org.rf4j.api.kernel.Kernel.gaussian(1)
                : org.rf4j.api.kernel.Kernel.softmax();
        return policy.fit(org.rf4j.api.mechanism.FitData.of(kernel, data), map, coupling);
    }

    private static SamplingPolicy policy(String id) {
        return Fixtures.REGISTRY.create(MechanismKind.SAMPLING_POLICY, "sampling",
                id.equals("optimal") ? Spec.of(id, "fitSamples", 2048, "rounds", 2) : Spec.of(id));
    }

    @ParameterizedTest(name = "{0} × {1} × {2}, iid")
    @MethodSource("cases")
    void iidDrawsAreUnbiased(String mapId, String policyId, KernelKind kind) {
        ProjectionFeatureMap map = Fixtures.fitted(Fixtures.map(mapId), kind, data());
        SamplingPolicy policy = fitted(policy(policyId), map, kind, data(), Fixtures.iid());
        int m = 40_000;
        FeatureRequest req = new FeatureRequest(kind, 3, m, Fixtures.iid(), policy, Seeds.generator(Seeds.derive(5, mapId + policyId + kind)));
        DrawnFeatures rf = map.draw(req);
        double[][] c = Fixtures.contributions(rf, map.blocks(), Matrix.row(X), Matrix.row(Y));
        double[] f = new double[m];
        for (int j = 0; j < m; j++) {
            f[j] = c[j][0];
        }
        double[] me = Fixtures.meanAndError(f);
        double exact = kind.value(X, Y);
        assertThat(me[1]).isPositive();
        assertThat(Math.abs(me[0] - exact)).as("|mean − K| vs 4 SE (mean %s, K %s, SE %s)", me[0], exact, me[1])
                .isLessThan(4 * me[1]);
        if (policyId.equals("optimal")) {
            assertThat(rf.outputDimension()).isEqualTo(map.blocks() * m);
        }
    }

    @ParameterizedTest(name = "{0} × {1} × {2}, orthogonal coupling")
    @MethodSource("cases")
    void coupledDrawsAreUnbiased(String mapId, String policyId, KernelKind kind) {
        ProjectionFeatureMap map = Fixtures.map(mapId);
        Coupling orthogonal = new Fixtures.Orthogonal();
        org.junit.jupiter.api.Assumptions.assumeTrue(map.accepts(orthogonal), mapId + " needs independent draws");
        DataSample data = data();
        map = Fixtures.fitted(map, kind, data);
        SamplingPolicy policy = fitted(policy(policyId), map, kind, data, orthogonal);
        int trials = 1500;
        double[] est = new double[trials];
        RandomGenerator rng = Seeds.generator(Seeds.derive(6, mapId + policyId + kind));
        for (int t = 0; t < trials; t++) {
            FeatureRequest req = new FeatureRequest(kind, 3, 6, orthogonal, policy, rng);
            DrawnFeatures rf = map.draw(req);
            double[][] c = Fixtures.contributions(rf, map.blocks(), Matrix.row(X), Matrix.row(Y));
            double s = 0;
            for (double[] cj : c) {
                s += cj[0];
            }
            est[t] = s / c.length;
        }
        double[] me = Fixtures.meanAndError(est);
        double exact = kind.value(X, Y);
        assertThat(Math.abs(me[0] - exact)).as("|mean − K| vs 4 SE (mean %s, K %s, SE %s)", me[0], exact, me[1])
                .isLessThan(4 * me[1]);
    }

    @ParameterizedTest(name = "covariance {0}, {1}")
    @org.junit.jupiter.params.provider.CsvSource({"diagonal, positive", "diagonal, hyperbolic", "identity, positive",
            "full, trigonometric"})
    void everyCovarianceModelIsUnbiased(String model, String mapId) {
        ProjectionFeatureMap map = Fixtures.map(mapId);
        SamplingPolicy policy = Fixtures.REGISTRY.create(MechanismKind.SAMPLING_POLICY, "sampling",
                Spec.of("optimal", "covariance", model, "fitSamples", 1024, "rounds", 2, "refine", false));
        int m = 40_000;
        KernelKind kind = KernelKind.SOFTMAX;
        DrawnFeatures rf = map.draw(new FeatureRequest(kind, 3, m, Fixtures.iid(),
                fitted(policy, map, kind, data(), Fixtures.iid()), Seeds.generator(Seeds.derive(8, model + mapId))));
        double[][] c = Fixtures.contributions(rf, map.blocks(), Matrix.row(X), Matrix.row(Y));
        double[] f = new double[m];
        for (int j = 0; j < m; j++) {
            f[j] = c[j][0];
        }
        double[] me = Fixtures.meanAndError(f);
        double exact = kind.value(X, Y);
        assertThat(Math.abs(me[0] - exact)).as("|mean − K| vs 4 SE (mean %s, K %s, SE %s)", me[0], exact, me[1])
                .isLessThan(4 * me[1]);
    }
}
