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
package org.rf4j.advise;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.rf4j.RandomFeatures;

/** {@code RandomFeatures.advise}: the advisor from the front door, ranked best first with configs the front door accepts. */
class FrontDoorAdviceTest {
    @Test
    void adviceFromTheFrontDoorRanksCandidatesWhoseConfigsRun() {
        SplittableRandom r = new SplittableRandom(3);
        double[][] x = new double[40][3];
        for (double[] row : x) {
            for (int j = 0; j < 3; j++) {
                row[j] = 0.5 * r.nextGaussian();
            }
        }
        Advice a = RandomFeatures.gaussian(1.0).advise(
                AdviceRequest.of(x, org.rf4j.api.kernel.Kernel.gaussian(1.0)).withM(32).withTrials(8).withPairs(16)
                        .withCandidates(java.util.List.of("iid/positive", "orthogonal/trigonometric")));
        assertThat(a.candidates()).isNotEmpty();
        Advice.Ranked best = a.best();
        for (Advice.Ranked c : a.candidates()) {
            assertThat(c.predictedRelMse()).isGreaterThanOrEqualTo(best.predictedRelMse());
        }
        String json = new com.fasterxml.jackson.databind.ObjectMapper().valueToTree(best.config()).toString();
        assertThat(RandomFeatures.fromConfig(json).fit(x).outputDimension()).isPositive();
    }
}
