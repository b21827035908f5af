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

import org.junit.jupiter.api.Test;
import org.rf4j.api.DimensionMismatchException;
import org.rf4j.api.InvalidInputException;
import org.rf4j.api.Matrix;
import org.rf4j.api.kernel.Kernel;
import org.rf4j.api.mechanism.EstimatorRequest;
import org.rf4j.api.mechanism.DrawnEstimator;
import org.rf4j.api.random.Seeds;

class NadarayaWatsonTest {

    private static final LabeledData BLOBS = Datasets.gaussianBlobs(600, 6, 3, 0.9, 7);

    @Test
    void scoresEqualTheDirectSumOverTheApproximateKernel() {
        Split split = Split.of(BLOBS, 0.6, 0.2, 1);
        Kernel k = Kernel.gaussian(2.0);
        DrawnEstimator e = Fixtures.estimator("iid", "positive", 32).draw(new EstimatorRequest(k, 6, 3));
        NadarayaWatson nw = NadarayaWatson.fit(e, split.train());
        Matrix scores = nw.scores(split.test().x());
        Matrix gram = e.gram(split.test().x(), split.train().x());
        for (int i = 0; i < split.test().size(); i++) {
            double[] direct = new double[3];
            for (int j = 0; j < split.train().size(); j++) {
                direct[split.train().labels()[j]] += gram.get(i, j);
            }
            for (int c = 0; c < 3; c++) {
                assertThat(scores.get(i, c)).isCloseTo(direct[c], within(1e-9 * (1 + Math.abs(direct[c]))));
            }
        }
        Matrix p = nw.probabilities(split.test().x());
        for (int i = 0; i < p.rows(); i++) {
            assertThat(p.get(i, 0) + p.get(i, 1) + p.get(i, 2)).isCloseTo(1.0, within(1e-9));
        }
    }

    @Test
    void exactPredictionsMatchANaiveEvaluationAcrossBlocks() {
        Split split = Split.of(BLOBS, 0.6, 0.2, 2);
        Kernel k = Kernel.gaussian(0.3); // narrow: plain weights underflow for some rows, log-space must not
        int[] blocked = NadarayaWatson.predictExact(k, split.train(), split.test().x(), 7);
        int[] single = NadarayaWatson.predictExact(k, split.train(), split.test().x(), 1000);
        assertThat(blocked).containsExactly(single);
        Kernel wide = Kernel.gaussian(3.0);
        int[] pred = NadarayaWatson.predictExact(wide, split.train(), split.test().x(), 16);
        for (int i = 0; i < split.test().size(); i++) {
            double[] acc = new double[3];
            for (int j = 0; j < split.train().size(); j++) {
                acc[split.train().labels()[j]] += wide.value(split.test().x().row(i), split.train().x().row(j));
            }
            int best = acc[1] > acc[0] ? 1 : 0;
            best = acc[2] > acc[best] ? 2 : best;
            assertThat(pred[i]).isEqualTo(best);
        }
    }

    /** SimRF Sec. 5.3: with more features the RF accuracy tends to the exact-kernel accuracy. */
    @Test
    void randomFeatureAccuracyApproachesExactAccuracyAsMGrows() {
        Split split = Split.of(BLOBS, 0.6, 0.2, 3);
        Kernel k = Kernel.gaussian(1.5);
        double exact = NadarayaWatson.accuracy(NadarayaWatson.predictExact(k, split.train(), split.test().x(), 64),
                split.test().labels());
        assertThat(exact).isGreaterThan(0.6);
        int seeds = 12;
        double[] small = new double[seeds];
        double[] large = new double[seeds];
        for (int s = 0; s < seeds; s++) {
            small[s] = accuracy(split, k, 2, s);
            large[s] = accuracy(split, k, 1024, s);
        }
        double gapSmall = exact - Fixtures.mean(small);
        double gapLarge = Math.abs(exact - Fixtures.mean(large));
        assertThat(gapSmall).isGreaterThan(4 * Fixtures.se(small));
        assertThat(gapLarge).isLessThan(gapSmall / 3);
        assertThat(gapLarge).isLessThan(4 * Fixtures.se(large) + 0.02);
    }

    private static double accuracy(Split split, Kernel k, int m, int seed) {
        DrawnEstimator e = Fixtures.estimator("iid", "positive", m)
                .draw(new EstimatorRequest(k, split.train().dimension(), Seeds.derive(99, seed)));
        return NadarayaWatson.accuracy(NadarayaWatson.fit(e, split.train()).predict(split.test().x()),
                split.test().labels());
    }

    @Test
    void badInputIsRejectedWithItsLocation() {
        assertThatThrownBy(() -> new LabeledData("x", Matrix.zeros(3, 2), new int[] {0, 1}, 2))
                .isInstanceOf(DimensionMismatchException.class).hasMessageContaining("3 rows but 2 labels");
        assertThatThrownBy(() -> new LabeledData("x", Matrix.zeros(2, 2), new int[] {0, 5}, 2))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("row 1").hasMessageContaining("label 5");
        Matrix nan = Matrix.zeros(2, 2);
        nan.set(1, 1, Double.NaN);
        assertThatThrownBy(() -> LabeledData.of("nan", nan, new int[] {0, 1})).isInstanceOf(InvalidInputException.class);
        DrawnEstimator e = Fixtures.estimator("iid", "positive", 4).draw(new EstimatorRequest(Kernel.gaussian(1), 3, 1));
        assertThatThrownBy(() -> NadarayaWatson.fit(e, BLOBS)).isInstanceOf(DimensionMismatchException.class);
    }

    @Test
    void irisIsBundled() {
        LabeledData iris = Datasets.iris();
        assertThat(iris.size()).isEqualTo(150);
        assertThat(iris.dimension()).isEqualTo(4);
        assertThat(iris.classes()).isEqualTo(3);
        assertThat(iris.x().get(0, 0)).isEqualTo(5.1);
    }
}
