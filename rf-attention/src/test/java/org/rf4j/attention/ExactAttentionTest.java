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
package org.rf4j.attention;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.rf4j.api.Matrix;

class ExactAttentionTest {

    static Matrix naive(Matrix q, Matrix k, Matrix v, boolean causal) {
        int d = q.cols();
        Matrix out = Matrix.zeros(q.rows(), v.cols());
        for (int t = 0; t < q.rows(); t++) {
            int limit = causal ? t + 1 : k.rows();
            double[] s = new double[limit];
            double mx = Double.NEGATIVE_INFINITY;
            for (int u = 0; u < limit; u++) {
                double dot = 0;
                for (int j = 0; j < d; j++) {
                    dot += q.get(t, j) * k.get(u, j);
                }
                s[u] = dot / Math.sqrt(d);
                mx = Math.max(mx, s[u]);
            }
            double sum = 0;
            for (int u = 0; u < limit; u++) {
                s[u] = Math.exp(s[u] - mx);
                sum += s[u];
            }
            for (int u = 0; u < limit; u++) {
                for (int c = 0; c < v.cols(); c++) {
                    out.set(t, c, out.get(t, c) + s[u] / sum * v.get(u, c));
                }
            }
        }
        return out;
    }

    @Test
    void blockedExactAttentionEqualsTheTextbookFormula() {
        Matrix q = Matrix.gaussian(150, 8, 2.0, 1);
        Matrix k = Matrix.gaussian(150, 8, 2.0, 2);
        Matrix v = Matrix.gaussian(150, 3, 1.0, 3);
        for (boolean causal : new boolean[] {false, true}) {
            Matrix got = causal ? ExactAttention.causal(q, k, v, null) : ExactAttention.bidirectional(q, k, v, null);
            assertThat(PerformerAttentionTest.maxRelativeDifference(got, naive(q, k, v, causal))).isLessThan(1e-12);
        }
        assertThat(ExactAttention.causal(q, k, v, null).row(0)).containsExactly(v.row(0));
    }
}
