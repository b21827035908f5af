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
package org.rf4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.rf4j.api.FloatMatrix;
import org.rf4j.api.RowNormException;

/**
 * The float path checks what it computes, not just what it reads: a finite float row whose float
 * projection overflows (an entry of 3e38 is inside float's range) is mapped in double at the same
 * inputs and rounded once, as {@link RandomFeatureMap}'s Javadoc states, and a row whose features
 * do not fit float even so is refused naming it — never NaN features.
 */
class FloatRangeTest {
    private static double[][] widen(float[][] x) {
        double[][] w = new double[x.length][x[0].length];
        for (int i = 0; i < x.length; i++) {
            for (int j = 0; j < x[i].length; j++) {
                w[i][j] = x[i][j];
            }
        }
        return w;
    }

    @Test
    void aRowWhoseFloatProjectionOverflowsGetsTheDoubleFeaturesRoundedOnce() {
        for (String map : new String[] {"trigonometric", "positive", "random-fourier", "hyperbolic"}) {
            // such a row's positive/hyperbolic features underflow, which the degenerate-row rule refuses
            // (DegenerateRowsTest); here the float path's fallback is under test, so those rows are allowed
            RandomFeatureMap phi = RandomFeatures.gaussian(1.0).features(map).m(16).seed(4).allowDegenerateRows(true)
                    .fit(3);
            float[][] x = {{0.5f, -0.25f, 1f}, {3e38f, 3e38f, -3e38f}, {0.1f, 0.2f, 0.3f}};
            float[][] got = phi.transform(x);
            double[][] ref = phi.transform(widen(x));
            float[][] plain = phi.transform(new float[][] {x[0], x[2]});
            for (int j = 0; j < got[1].length; j++) {
                assertThat(got[1][j]).as(map + " feature " + j).isEqualTo((float) ref[1][j]);
            }
            // the other rows keep their float-path bits
            assertThat(got[0]).as(map).isEqualTo(plain[0]);
            assertThat(got[2]).as(map).isEqualTo(plain[1]);
            assertThat(phi.transform(FloatMatrix.of(x)).toArray()).isEqualTo(got);
            assertThat(phi.transformKeys(x)[1]).doesNotContain(Float.NaN);
        }
    }

    @Test
    void aRowWhoseFeaturesDoNotFitFloatIsRefusedNamingIt() {
        // softmax kernel, trigonometric features: e^{|x|²/2} ≈ e^{112} fits a double, not a float
        RandomFeatureMap phi = RandomFeatures.softmax().features("trigonometric").m(8).seed(2).fit(2);
        float[][] x = {{0.1f, 0.2f}, {0.3f, 0.1f}, {15f, 0f}};
        assertThat(phi.transform(widen(x))[2][0]).isFinite();
        assertThatThrownBy(() -> phi.transform(x)).isInstanceOf(RowNormException.class)
                .hasMessageContaining("row 3 (1-based)").hasMessageContaining("overflows float")
                .satisfies(e -> assertThat(((RowNormException) e).row()).isEqualTo(2));
    }
}
