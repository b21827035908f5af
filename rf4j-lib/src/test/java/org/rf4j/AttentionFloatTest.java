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
import org.rf4j.api.DimensionMismatchException;
import org.rf4j.api.FloatMatrix;
import org.rf4j.api.InvalidInputException;

/** The fp32 overloads of {@link Attention}: they agree with the double ones and check their inputs the same way. */
class AttentionFloatTest {
    static float[][] floats(double[][] x) {
        float[][] f = new float[x.length][];
        for (int i = 0; i < x.length; i++) {
            f[i] = new float[x[i].length];
            for (int j = 0; j < f[i].length; j++) {
                f[i][j] = (float) x[i][j];
            }
        }
        return f;
    }

    static double[][] doubles(float[][] x) {
        double[][] d = new double[x.length][];
        for (int i = 0; i < x.length; i++) {
            d[i] = new double[x[i].length];
            for (int j = 0; j < d[i].length; j++) {
                d[i][j] = x[i][j];
            }
        }
        return d;
    }

    /** max |a − b| over entries. */
    static double maxDifference(float[][] a, double[][] b) {
        double e = 0;
        for (int i = 0; i < a.length; i++) {
            for (int j = 0; j < a[i].length; j++) {
                e = Math.max(e, Math.abs(a[i][j] - b[i][j]));
            }
        }
        return e;
    }

    /**
     * The float front door against the double one on the same (float) inputs, raw Q and K (the
     * d^-1/4 scaling inside), a data-free map (positive, orthogonal) and a data-driven one (OPRF,
     * fitted to the widened inputs): within 1e-4·max|v| (|v| ≤ 1 here), which is above the stated
     * bound 2η/(1 − η) ≈ 2.4e-5 at m = 64 with the measured feature error of these maps (≤ 1e-6),
     * and far below any fault of the scaling (1/d instead of 1/√d moves outputs by ~1e-2, see
     * RandomFeaturesTest) or of the stabilisers. Also: the FloatMatrix overloads give the same
     * bits as the float[][] ones.
     */
    @Test
    void floatFrontDoorAgreesWithTheDoubleOneAndItsBulkForm() {
        int d = 16;
        for (String features : new String[] {"positive", "oprf"}) {
            for (int len : new int[] {1, 63, 64, 65, 300}) {
                float[][] q = floats(RandomFeaturesTest.data(len, d, 1.0, 31));
                float[][] k = floats(RandomFeaturesTest.data(len, d, 1.0, 32));
                float[][] v = floats(RandomFeaturesTest.data(len, 3, 1.0, 33));
                Attention att = RandomFeatures.softmax().coupling("orthogonal").features(features).m(64).seed(5)
                        .attention(d);
                float[][] bi = att.bidirectional(q, k, v);
                float[][] ca = att.causal(q, k, v);
                assertThat(maxDifference(bi, att.bidirectional(doubles(q), doubles(k), doubles(v))))
                        .as("%s bidirectional L = %d", features, len).isLessThan(1e-4);
                assertThat(maxDifference(ca, att.causal(doubles(q), doubles(k), doubles(v))))
                        .as("%s causal L = %d", features, len).isLessThan(1e-4);
                FloatMatrix fq = FloatMatrix.of(q);
                FloatMatrix fk = FloatMatrix.of(k);
                FloatMatrix fv = FloatMatrix.of(v);
                assertThat(att.bidirectional(fq, fk, fv).toArray()).isDeepEqualTo(bi);
                assertThat(att.causal(fq, fk, fv).toArray()).isDeepEqualTo(ca);
            }
        }
    }

    @Test
    void badFloatInputsFailWithOneLineNamingWhatAndWhatIsAllowed() {
        int d = 4;
        Attention att = RandomFeatures.softmax().features("positive").m(16).seed(1).attention(d);
        float[][] q = floats(RandomFeaturesTest.data(5, d, 1.0, 1));
        float[][] v = floats(RandomFeaturesTest.data(5, 2, 1.0, 2));
        float[][] nan = floats(RandomFeaturesTest.data(5, d, 1.0, 3));
        nan[2][1] = Float.NaN;
        float[][] inf = floats(RandomFeaturesTest.data(5, 2, 1.0, 4));
        inf[4][0] = Float.NEGATIVE_INFINITY;
        assertThatThrownBy(() -> att.bidirectional(nan, q, v)).isInstanceOf(InvalidInputException.class)
                .hasMessage("Q has NaN at row 3, column 2 (1-based); only finite values are allowed");
        assertThatThrownBy(() -> att.causal(q, q, inf)).isInstanceOf(InvalidInputException.class)
                .hasMessage("V has -Infinity at row 5, column 1 (1-based); only finite values are allowed");
        assertThatThrownBy(() -> att.bidirectional(q, floats(RandomFeaturesTest.data(5, 3, 1.0, 5)), v))
                .isInstanceOf(DimensionMismatchException.class)
                .hasMessage("Q has shape 5x4 and K 5x3 but this attention was built for d = 4");
        assertThatThrownBy(() -> att.bidirectional(q, q, floats(RandomFeaturesTest.data(4, 2, 1.0, 6))))
                .isInstanceOf(DimensionMismatchException.class)
                .hasMessage("V has 4 rows but K has 5; each key needs one value row");
        float[][] k6 = floats(RandomFeaturesTest.data(6, d, 1.0, 7));
        float[][] v6 = floats(RandomFeaturesTest.data(6, 2, 1.0, 8));
        assertThat(att.bidirectional(q, k6, v6)).hasNumberOfRows(5); // L_q ≠ L_k is fine without a mask
        assertThatThrownBy(() -> att.causal(q, k6, v6)).isInstanceOf(DimensionMismatchException.class)
                .hasMessage("causal attention needs as many queries as keys; Q has 5 rows and K 6");
        assertThatThrownBy(() -> att.causal(new float[0][], q, v)).isInstanceOf(InvalidInputException.class)
                .hasMessage("Q has no rows; at least 1 is required");
        assertThatThrownBy(() -> att.causal(q, new float[][] {{1, 2, 3, 4}, {1, 2}}, v))
                .isInstanceOf(DimensionMismatchException.class).hasMessage("K row 2 (1-based) has 2 columns but row 1 has 4");
        assertThatThrownBy(() -> att.bidirectional(null, q, v)).isInstanceOf(InvalidInputException.class)
                .hasMessage("Q is null");
        // the bulk form
        FloatMatrix fq = FloatMatrix.of(q);
        FloatMatrix fv = FloatMatrix.of(v);
        assertThatThrownBy(() -> att.bidirectional(FloatMatrix.zeros(0, d), fq, fv))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("Q").hasMessageContaining("at least one row");
        assertThatThrownBy(() -> att.causal(FloatMatrix.of(nan), fq, fv)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("NaN").hasMessageContaining("row 3, column 2 (1-based)");
        assertThatThrownBy(() -> att.causal(fq, FloatMatrix.of(k6), FloatMatrix.of(v6)))
                .isInstanceOf(DimensionMismatchException.class).hasMessageContaining("as many queries as keys");
        assertThatThrownBy(() -> att.bidirectional(fq, fq, FloatMatrix.of(inf)))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("values V");
    }
}
