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
package org.rf4j.evaluation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.kernel.Kernel;
import org.rf4j.api.mechanism.Estimator;

class PointwiseStudyTest {

    @Test
    void equalLengthPairsHaveTheRequestedLengthAndAngle() {
        double[][] p = PointwiseStudy.equalLengthPair(5, 1.5, 2.0);
        assertThat(norm(p[0])).isCloseTo(1.5, within(1e-12));
        assertThat(norm(p[1])).isCloseTo(1.5, within(1e-12));
        double dot = 0;
        for (int i = 0; i < 5; i++) {
            dot += p[0][i] * p[1][i];
        }
        assertThat(Math.acos(dot / 2.25)).isCloseTo(2.0, within(1e-12));
        double[][] q = PointwiseStudy.pairWithSum(4, 3.0);
        assertThat(Math.hypot(q[0][0] + q[1][0], q[0][1] + q[1][1])).isCloseTo(3.0, within(1e-12));
        assertThatThrownBy(() -> PointwiseStudy.equalLengthPair(1, 1, 1)).isInstanceOf(InvalidParameterException.class)
                .hasMessageContaining("d");
    }

    /** HRF Fig. 2 protocol: Monte Carlo MSE against θ agrees with the closed form within 4 SE. */
    @Test
    void monteCarloMseAgreesWithTheoryAcrossAngles() {
        Kernel softmax = Kernel.softmax();
        for (String f : List.of("trigonometric", "positive")) {
            Estimator e = Fixtures.estimator("iid", f, 16);
            List<PointwiseStudy.Point> pts = PointwiseStudy.versusAngle(e, softmax, 8, 1.0,
                    new double[] {0.3, 1.5, 2.8}, 1500, 5);
            for (PointwiseStudy.Point p : pts) {
                assertThat(p.theoryValue()).isPresent();
                assertThat(Math.abs(p.mse() - p.theory())).as("%s θ=%s", f, p.parameter()).isLessThan(4 * p.mseSe());
                assertThat(p.relativeError()).isPositive();
            }
        }
        List<PointwiseStudy.Point> byR = PointwiseStudy.versusLength(Fixtures.estimator("iid", "positive", 16),
                softmax, 8, 1.0, new double[] {0.5, 1.0}, 800, 6);
        assertThat(byR.get(1).theory()).isGreaterThan(byR.get(0).theory());
        assertThat(Math.abs(byR.get(1).mse() - byR.get(1).theory())).isLessThan(4 * byR.get(1).mseSe());
    }

    /** SimRF Fig. 6 setting: MSE ratio against v; the ratio of an estimator to itself is exactly 1. */
    @Test
    void ratioAgainstVMatchesTheory() {
        Kernel g = Kernel.gaussian(1.0);
        Estimator m8 = Fixtures.estimator("iid", "positive", 8);
        Estimator m32 = Fixtures.estimator("iid", "positive", 32);
        List<PointwiseStudy.Point> self = PointwiseStudy.ratioVersusV(m8, m8, g, 6, new double[] {0.5, 2}, 50, 1);
        for (PointwiseStudy.Point p : self) {
            assertThat(p.mse()).isCloseTo(1.0, within(1e-12));
            assertThat(p.theory()).isCloseTo(1.0, within(1e-12));
        }
        List<PointwiseStudy.Point> r = PointwiseStudy.ratioVersusV(m32, m8, g, 6, new double[] {1.0}, 2000, 2);
        assertThat(r.get(0).theory()).isCloseTo(0.25, within(1e-12));
        assertThat(Math.abs(r.get(0).mse() - 0.25)).isLessThan(4 * r.get(0).mseSe());
        List<TheoryCurves.Point> curve = TheoryCurves.ratioVersusV(m32, m8, g, 6, TheoryCurves.grid(0.5, 3, 4));
        assertThat(curve).allSatisfy(p -> assertThat(p.value()).isCloseTo(0.25, within(1e-12)));
    }

    private static double norm(double[] v) {
        double s = 0;
        for (double x : v) {
            s += x * x;
        }
        return Math.sqrt(s);
    }
}
