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
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;
import org.rf4j.api.Matrix;
import org.rf4j.api.kernel.Kernel;
import org.rf4j.api.mechanism.DataSample;
import org.rf4j.api.mechanism.Estimator;
import org.rf4j.api.mechanism.EstimatorRequest;
import org.rf4j.api.mechanism.DrawnEstimator;
import org.rf4j.api.random.Seeds;

class GramApproximationTest {
    private static final Kernel K = Kernel.gaussian(1.0);

    @Test
    void blockedExactErrorEqualsTheFullGramComputation() {
        Matrix x = Datasets.gaussianCloud(300, 5, 0.5, 1); // > one 256-row block
        DrawnEstimator e = Fixtures.estimator("iid", "trigonometric", 16).draw(new EstimatorRequest(K, 5, 2));
        Matrix approx = e.gram(x, x);
        double num = 0;
        double den = 0;
        for (int i = 0; i < 300; i++) {
            for (int j = 0; j < 300; j++) {
                double k = K.value(x.row(i), x.row(j));
                num += (approx.get(i, j) - k) * (approx.get(i, j) - k);
                den += k * k;
            }
        }
        GramApproximation.Estimate est = GramApproximation.exact(e, x);
        assertThat(est.value()).isCloseTo(num / den, within(1e-9 * num / den));
        assertThat(est.pairs()).isEqualTo(90_000);
    }

    @Test
    void sampledPairsEstimateAgreesWithExactWithinItsStandardError() {
        Matrix x = Datasets.gaussianCloud(400, 8, 0.3, 3);
        DrawnEstimator e = Fixtures.estimator("iid", "positive", 8).draw(new EstimatorRequest(K, 8, 4));
        double exact = GramApproximation.exact(e, x).value();
        GramApproximation.Estimate s = GramApproximation.sampled(e, x, 20_000, Seeds.generator(5));
        assertThat(s.standardError()).isPositive();
        assertThat(Math.abs(s.value() - exact)).isLessThan(4 * s.standardError());
        assertThat(GramApproximation.evaluate(e, x, 100, 5_000, Seeds.generator(6)).pairs()).isEqualTo(5_000);
    }

    /** SimRF Sec. 5.2 protocol; the mean error over draws matches Σ MSE / Σ K² and shrinks like 1/m. */
    @Test
    void gramErrorMatchesTheoryAndShrinksWithM() {
        Matrix x = Datasets.gaussianCloud(64, 64, 0.1, 11);
        int seeds = 40;
        double[] small = errors(x, 16, seeds);
        double[] large = errors(x, 256, seeds);
        double thSmall = GramApproximation.theory(Fixtures.estimator("iid", "positive", 16), K, x, 1 << 16).orElseThrow();
        double thLarge = GramApproximation.theory(Fixtures.estimator("iid", "positive", 256), K, x, 1 << 16).orElseThrow();
        assertThat(Math.abs(Fixtures.mean(small) - thSmall)).isLessThan(4 * Fixtures.se(small));
        assertThat(Math.abs(Fixtures.mean(large) - thLarge)).isLessThan(4 * Fixtures.se(large));
        assertThat(Fixtures.mean(large)).isLessThan(Fixtures.mean(small) / 8);
        assertThat(thSmall / thLarge).isCloseTo(16.0, within(1e-9));
    }

    private static double[] errors(Matrix x, int m, int seeds) {
        Estimator est = Fixtures.estimator("iid", "positive", m);
        double[] v = new double[seeds];
        for (int s = 0; s < seeds; s++) {
            DrawnEstimator e = est.draw(new EstimatorRequest(K, x.cols(), Seeds.derive(21, s)));
            v[s] = GramApproximation.exact(e, x).value();
        }
        return v;
    }
}
