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
package org.rf4j.couplings;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.rf4j.api.Matrix;
import org.rf4j.api.random.Seeds;
import org.rf4j.testkit.MonteCarlo;

/**
 * HD couplings when d is not a power of two: inputs are zero-padded to D = 2^⌈log₂ d⌉ and
 * a row of the HD product can vanish on the d input coordinates (measured before the fix: about one
 * block in seven at d = 5, k = 3; one in sixteen at k = 2). Such blocks are redrawn; the law keeps
 * its exact second moments because the redraw depends on the whole D×D block (see {@link HdCoupling}).
 */
class HdPaddedBlocksTest {

    private static double norm2(Matrix w, int i) {
        double s = 0;
        for (int k = 0; k < w.cols(); k++) {
            s += w.get(i, k) * w.get(i, k);
        }
        return s;
    }

    /**
     * m ≡ 1 and 2 (mod d) and partial padded blocks, d not a power of two, k = 1..3, both
     * geometries, 20 seeds each: no row is zero (|w|² &gt; 1e-6; P(χ²_D &lt; 1e-6) is negligible) and
     * no two rows of a draw coincide up to sign. Before the fix the zero rows appeared here hundreds
     * of times.
     */
    @Test
    void paddedBlocksHaveNoZeroOrRepeatedRows() {
        for (BlockGeometry g : BlockGeometry.values()) {
            for (int k = 1; k <= 3; k++) {
                HdCoupling c = new HdCoupling(g, k);
                for (int d : new int[] {3, 5, 6, 7, 9, 12}) {
                    for (int m : new int[] {1, 2, d + 1, d + 2, 2 * d + 1, 2 * d + 2, 6}) {
                        for (int seed = 0; seed < 20; seed++) {
                            Matrix w = c.draw(m, d, Seeds.generator(1900 + seed, m * 31L + d)).matrix();
                            JointStructureTest.assertNoZeroOrRepeatedRows(w, 1e-3,
                                    c + " m=" + m + " d=" + d + " seed=" + seed);
                        }
                    }
                }
            }
        }
    }

    /** The case where vanishing rows were first seen: d = 5, m = 6, k = 3 over 2,000 seeds. */
    @Test
    void theReportedCaseNeverDrawsAZeroRow() {
        HdCoupling c = new HdCoupling(BlockGeometry.ORTHOGONAL, 3);
        for (int seed = 0; seed < 2000; seed++) {
            Matrix w = c.draw(6, 5, Seeds.generator(2000, seed)).matrix();
            for (int i = 0; i < 6; i++) {
                assertThat(norm2(w, i)).as("seed %d row %d", seed, i).isGreaterThan(1e-6);
            }
        }
    }

    /**
     * The redraw keeps the law's second moments: for both rows of a partial block (m = 2, d = 5,
     * k = 3, D = 8), {@code E[|w_i|²] = d} and {@code E[w_i1 w_i2] = 0}. 100,000 draws; Z·SE resolves
     * 1% of d. A redraw that looked only at the rows a partial block uses would condition exactly
     * those rows on being long and raise their mean by about 2%.
     */
    @Test
    void redrawKeepsTheSecondMomentsOfEveryRow() {
        int d = 5;
        int m = 2;
        int trials = 100_000;
        HdCoupling c = new HdCoupling(BlockGeometry.ORTHOGONAL, 3);
        double[][] n2 = new double[m][trials];
        double[] cross = new double[trials];
        for (int t = 0; t < trials; t++) {
            Matrix w = c.draw(m, d, Seeds.generator(2100, t)).matrix();
            double x = 0;
            for (int i = 0; i < m; i++) {
                n2[i][t] = norm2(w, i);
                x += w.get(i, 0) * w.get(i, 1);
            }
            cross[t] = x / m;
        }
        for (int i = 0; i < m; i++) {
            MonteCarlo.summarize(n2[i]).assertMeanMatches(d, 0.01, "E|w_" + i + "|² at d = 5, k = 3");
        }
        MonteCarlo.Summary x = MonteCarlo.summarize(cross);
        assertThat(Math.abs(x.mean())).as("E[w_i1 w_i2] = 0 (SE %s)", x.standardError())
                .isLessThanOrEqualTo(MonteCarlo.Z * x.standardError());
    }
}
