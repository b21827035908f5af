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

import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rf4j.RandomFeatures;
import org.rf4j.api.Matrix;
import org.rf4j.api.mechanism.DataSample;
import org.rf4j.theory.GeneralizedFeatureTheory;

/**
 * Pins how the attention path fits its data-driven maps: data-driven maps are fitted
 * to the queries AND keys the attention is computed on, in the map's coordinates q·d^(-1/4) (OPRF's
 * ρ* from the Eq. 8 mean of |q' + k'|² over all (query, key) pairs) — not to nothing, not to the
 * unscaled inputs, not to the queries alone. Each of those wirings changes ρ* on this data (checked
 * below), so each would change the output bits and fail the equality.
 */
class AttentionPathTest {
    @Test
    void oprfIsFittedToTheScaledQueriesAndKeys() {
        int d = 16;
        Matrix q = AdvisorTest.cloud(40, d, 1.0, 0.0, 31);
        Matrix k = AdvisorTest.cloud(50, d, 1.0, 0.3, 32);
        Matrix v = AdvisorTest.cloud(50, 4, 1.0, 0.0, 33);
        double s = Math.pow(d, -0.25);
        double rho = rhoStar(new DataSample(q.scaled(s), k.scaled(s)), d);
        double[][] fitted = RandomFeatures.softmax().coupling("orthogonal").features("oprf").m(32).seed(9)
                .attention(d).bidirectional(rows(q), rows(k), rows(v));
        double[][] explicit = RandomFeatures.softmax().coupling("orthogonal").features("oprf", Map.of("rho", rho)).m(32)
                .seed(9).attention(d).bidirectional(rows(q), rows(k), rows(v));
        assertThat(fitted).isDeepEqualTo(explicit);
        // the wrong wirings would give another ρ* (so the equality above can fail)
        assertThat(rhoStar(new DataSample(q, k), d)).isNotCloseTo(rho, org.assertj.core.data.Offset.offset(1e-3));
        assertThat(rhoStar(new DataSample(q.scaled(s), q.scaled(s)), d)).isNotCloseTo(rho,
                org.assertj.core.data.Offset.offset(1e-3));
        double[][] other = RandomFeatures.softmax().coupling("orthogonal").features("oprf",
                Map.of("rho", rhoStar(new DataSample(q, k), d))).m(32).seed(9).attention(d)
                .bidirectional(rows(q), rows(k), rows(v));
        assertThat(Arrays.deepEquals(other, fitted)).isFalse();
    }

    private static double rhoStar(DataSample data, int d) {
        return GeneralizedFeatureTheory.rhoStar(data.statistics().meanPairSquaredNorm(1), d);
    }

    private static double[][] rows(Matrix m) {
        double[][] r = new double[m.rows()][];
        for (int i = 0; i < r.length; i++) {
            r[i] = Arrays.copyOfRange(m.data(), i * m.cols(), (i + 1) * m.cols());
        }
        return r;
    }
}
