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
package org.rf4j.features;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.rf4j.api.kernel.KernelKind;
import org.rf4j.api.mechanism.FeatureMap;
import org.rf4j.api.mechanism.FeatureRequest;
import org.rf4j.api.mechanism.PointQuery;
import org.rf4j.api.mechanism.DrawnFeatures;
import org.rf4j.api.mechanism.Side;
import org.rf4j.api.random.Seeds;
import org.rf4j.couplings.IidCoupling;
import org.rf4j.testkit.MonteCarlo;

/**
 * Empirical MSE of the iid base estimators against the closed forms of rf-theory's BaseFeatureTheory
 * (HRF Lemma 2.2, CRT Sec. 2.2) at several (x, y), feature counts and both kernels. Tolerance: Z = 4.5
 * standard errors of the mean squared error, which must itself be below 20% of the closed form (the
 * squared errors of exponential features are heavy-tailed, so inputs are kept at moderate norms).
 */
class BaseFeatureTheoryMonteCarloTest {
    private static final int TRIALS = 30000;

    static Stream<Arguments> cases() {
        List<Arguments> out = new ArrayList<>();
        FeatureMap[] maps = {new TrigonometricFeatures(), new PositiveFeatures(), new HyperbolicFeatures()};
        double[][][] pairs = {
            {{0.3, -0.2, 0.1, 0.4}, {0.1, 0.25, -0.3, 0.2}},
            {{0.4, 0.15, -0.25, 0.05}, {0.3, 0.2, -0.15, 0.0}},
            {{-0.1, 0.45, 0.05, -0.2}, {0.25, -0.3, 0.2, 0.1}},
        };
        for (FeatureMap f : maps) {
            for (KernelKind kind : KernelKind.values()) {
                for (int p = 0; p < pairs.length; p++) {
                    for (int m : new int[] {2, 16}) {
                        out.add(Arguments.of(f.spec().id(), f, kind, pairs[p][0], pairs[p][1], m));
                    }
                }
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} {2} pair {3} m={5}")
    @MethodSource("cases")
    void empiricalMseMatchesClosedForm(String id, FeatureMap map, KernelKind kind, double[] x, double[] y, int m) {
        IidCoupling iid = new IidCoupling();
        double exact = kind.value(x, y);
        double[] est = new double[TRIALS];
        for (int t = 0; t < TRIALS; t++) {
            DrawnFeatures f = map.draw(new FeatureRequest(kind, x.length, m, iid, null, Seeds.generator(Seeds.derive(31337, t))));
            double[] a = f.map(Side.QUERY, x);
            double[] b = f.map(Side.KEY, y);
            double s = 0;
            for (int i = 0; i < a.length; i++) {
                s += a[i] * b[i];
            }
            est[t] = s;
        }
        double theory = map.theoryMse(new PointQuery(kind, m, iid, null, x, y)).orElseThrow();
        MonteCarlo.summarize(est).assertMeanMatches(exact, 0.05, id + " unbiased");
        MonteCarlo.assertMseMatches(est, exact, theory, 0.2, id + " " + kind);
    }
}
