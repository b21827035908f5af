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
package org.rf4j.hybrid;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;
import org.rf4j.api.Spec;
import org.rf4j.api.mechanism.DataSample;
import org.rf4j.api.mechanism.DrawnLambda;
import org.rf4j.api.mechanism.LambdaEstimator;
import org.rf4j.api.mechanism.LambdaRequest;
import org.rf4j.api.mechanism.Side;
import org.rf4j.api.random.Seeds;
import org.rf4j.spi.MechanismKind;
import org.rf4j.theory.HybridTheory;

/**
 * Exact per-draw properties of the angular λ̂ (HRF Eq. 19): every draw is the fraction of the n sgn
 * features that separate x and y, so λ̂(x, x) = 0, λ̂(x, −x) = 1 and n·λ̂ is an integer in [0, n] —
 * a wrong constant, scale or sign of either side breaks these on the first draw, unlike a Monte
 * Carlo mean.
 */
class AngularLambdaTest {
    private static final double[] X = {0.4, -0.3, 0.5, 0.2};
    private static final double[] Y = {-0.2, 0.6, 0.1, -0.7};

    private static LambdaEstimator lambda(int n, Spec coupling) {
        return Fixtures.REGISTRY.create(MechanismKind.LAMBDA_ESTIMATOR, "lambda",
                Spec.of("angular", "n", (long) n, "coupling", coupling));
    }

    private static double estimate(DrawnLambda f, double[] x, double[] y) {
        double[] a = f.map(Side.QUERY, x);
        double[] b = f.map(Side.KEY, y);
        double s = f.constant();
        for (int i = 0; i < a.length; i++) {
            s += a[i] * b[i];
        }
        return s;
    }

    @Test
    void everyDrawIsTheFractionOfSeparatingFeatures() {
        double[] minusX = {-X[0], -X[1], -X[2], -X[3]};
        for (int n : new int[] {1, 5, 8}) {
            LambdaEstimator l = lambda(n, Spec.of("iid"));
            for (int t = 0; t < 20; t++) {
                DrawnLambda f = l.draw(new LambdaRequest(4, Seeds.generator(100 + t)));
                assertThat(f.outputDimension()).isEqualTo(n);
                assertThat(estimate(f, X, X)).as("λ̂(x, x)").isCloseTo(0.0, within(1e-15));
                assertThat(estimate(f, X, minusX)).as("λ̂(x, −x)").isCloseTo(1.0, within(1e-15));
                double k = estimate(f, X, Y) * n;
                assertThat(k).as("n·λ̂").isCloseTo(Math.rint(k), within(1e-12)).isBetween(-1e-12, n + 1e-12);
            }
        }
    }

    @Test
    void valueIsTheAngleOverPiAndTheSecondMomentNeedsIndependentFeatures() {
        LambdaEstimator iid = lambda(3, Spec.of("iid"));
        assertThat(iid.value(new double[] {1, 0}, new double[] {0, 2})).isCloseTo(0.5, within(1e-15));
        assertThat(iid.value(new double[] {1, 0}, new double[] {-1, 1})).isCloseTo(0.75, within(1e-15));
        double theta = HybridTheory.angle(X, Y);
        // Lemma 3.2 for n = 3: (θ/π)(θ/π − θ/(3π) + 1/3), written out
        double t = theta / Math.PI;
        assertThat(iid.secondMoment(X, Y).orElseThrow()).isCloseTo(t * (2 * t / 3 + 1.0 / 3), within(1e-15));
        assertThat(lambda(3, Spec.of("orthogonal")).secondMoment(X, Y)).isEmpty();
        assertThat(((AngularLambda) iid).n()).isEqualTo(3);
        assertThat(iid.spec().get("n")).isEqualTo(3L);
    }
}
