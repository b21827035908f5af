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
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Matrix;
import org.rf4j.api.random.Seeds;

/**
 * {@link KMeans} directly: on well-separated clusters it returns the true partition with the exact
 * cluster means; its output is a Lloyd fixed point; degenerate data (repeated points, an empty
 * cluster) give finite centres on the data.
 */
class KMeansTest {
    /** Three clusters of five points around (0, 0), (10, 0), (0, 10), spread ≤ 0.5. */
    private static final double[][] OFFSETS = {{0, 0}, {0.5, 0.1}, {-0.3, 0.4}, {0.2, -0.5}, {-0.4, -0.2}};
    private static final double[][] CENTRES = {{0, 0}, {10, 0}, {0, 10}};

    private static Matrix separated() {
        double[][] rows = new double[15][];
        for (int c = 0; c < 3; c++) {
            for (int i = 0; i < 5; i++) {
                rows[c * 5 + i] = new double[] {CENTRES[c][0] + OFFSETS[i][0], CENTRES[c][1] + OFFSETS[i][1]};
            }
        }
        return Matrix.of(rows);
    }

    /**
     * k-means++ seeding picks one point per cluster with probability ≈ 1 − 1e-3 per pick (D²
     * weights ~100 vs ~0.3), and Lloyd then converges to the true partition; with uniform seeding
     * (a seeding fault) about half of the 30 seeds start with two centres in one cluster and end in
     * a wrong local optimum. The means are exact (mean offset (0, −0.04)).
     */
    @Test
    void separatedClustersGiveTheTruePartitionAndExactMeans() {
        Matrix x = separated();
        for (int seed = 0; seed < 30; seed++) {
            KMeans.Result r = KMeans.fit(x, 3, 50, Seeds.generator(seed), "clusters");
            assertThat(r.counts()).as("seed %d", seed).containsExactly(5, 5, 5);
            int[] a = r.assignment();
            for (int c = 0; c < 3; c++) {
                int label = a[c * 5];
                for (int i = 0; i < 5; i++) {
                    assertThat(a[c * 5 + i]).as("seed %d, cluster %d", seed, c).isEqualTo(label);
                }
                assertThat(r.centres().get(label, 0)).isCloseTo(CENTRES[c][0], within(1e-12));
                assertThat(r.centres().get(label, 1)).isCloseTo(CENTRES[c][1] - 0.04, within(1e-12));
            }
        }
    }

    /**
     * One Lloyd pass happens even with iterations = 0 (no pass would leave every row unassigned, −1):
     * on separated data one pass already assigns every row to its nearest final centre, and the counts
     * are the sizes of the assigned groups.
     */
    @Test
    void resultIsALloydAssignmentEvenWithZeroIterations() {
        Matrix x = separated();
        for (int iterations : new int[] {0, 1}) {
            KMeans.Result r = KMeans.fit(x, 3, iterations, Seeds.generator(5), "clusters");
            int[] counts = new int[3];
            for (int i = 0; i < x.rows(); i++) {
                assertThat(r.assignment()[i]).isEqualTo(nearest(r.centres(), x.row(i)));
                counts[r.assignment()[i]]++;
            }
            assertThat(r.counts()).containsExactly(counts).containsExactly(5, 5, 5);
        }
    }

    /**
     * Repeated points: after two distinct centres every D² weight is 0, so the third centre repeats a
     * point and its cluster stays empty; the empty cluster keeps its centre (not 0/0 = NaN).
     */
    @Test
    void repeatedPointsGiveAnEmptyClusterWithAFiniteCentre() {
        Matrix x = Matrix.of(new double[][] {{1, 2}, {1, 2}, {4, -1}, {4, -1}});
        for (int seed = 0; seed < 10; seed++) {
            KMeans.Result r = KMeans.fit(x, 3, 10, Seeds.generator(seed), "clusters");
            assertThat(Arrays.stream(r.counts()).sum()).isEqualTo(4);
            assertThat(r.counts()).contains(0);
            for (int j = 0; j < 3; j++) {
                double[] c = r.centres().row(j);
                assertThat(Arrays.equals(c, new double[] {1, 2}) || Arrays.equals(c, new double[] {4, -1}))
                        .as("seed %d: centre %s is a data point", seed, Arrays.toString(c)).isTrue();
            }
        }
        Matrix same = Matrix.of(new double[][] {{3, 3}, {3, 3}, {3, 3}});
        KMeans.Result r = KMeans.fit(same, 2, 5, Seeds.generator(1), "clusters");
        assertThat(r.centres().row(0)).containsExactly(3, 3);
        assertThat(r.centres().row(1)).containsExactly(3, 3);
        assertThat(r.counts()).containsExactly(3, 0);
    }

    /**
     * A generator whose k-means++ choices are fixed (first centre: row 0; D² pick with u = 0.005·Σ = 0.57,
     * i.e. the row with cumulative weight ≥ 0.57: row 1) makes the Lloyd iterates exact: on 0, 1, 2, 3,
     * 10 the centres are (0, 4) after one pass, (1, 6.5) after two, (1.5, 10) after three, and the
     * fourth pass changes nothing. {@code iterations} caps the passes; convergence stops them.
     */
    @Test
    void iterationsCapTheLloydPassesAndConvergenceStopsThem() {
        Matrix x = Matrix.of(new double[][] {{0}, {1}, {2}, {3}, {10}});
        double[][] centres = {{0, 4}, {1, 6.5}, {1.5, 10}};
        int[][] counts = {{1, 4}, {3, 2}, {4, 1}};
        for (int iterations : new int[] {1, 2, 3, 4, 50}) {
            KMeans.Result r = KMeans.fit(x, 2, iterations, fixedChoices(), "clusters");
            int passes = Math.min(iterations, 3) - 1;
            assertThat(r.centres().data()).as("%d iterations", iterations).containsExactly(centres[passes]);
            assertThat(r.counts()).as("%d iterations", iterations).containsExactly(counts[passes]);
        }
    }

    /** nextInt → 0, nextDouble → 0.005 (only what k-means++ asks for). */
    private static java.util.random.RandomGenerator fixedChoices() {
        return new java.util.random.RandomGenerator() {
            @Override
            public long nextLong() {
                return 0;
            }

            @Override
            public int nextInt(int bound) {
                return 0;
            }

            @Override
            public double nextDouble() {
                return 0.005;
            }
        };
    }

    @Test
    void moreClustersThanRowsIsRejectedNamingTheKey() {
        assertThatThrownBy(() -> KMeans.fit(Matrix.zeros(2, 3), 3, 5, Seeds.generator(1), "queryClusters"))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("queryClusters");
    }

    private static int nearest(Matrix centres, double[] p) {
        int best = 0;
        for (int j = 1; j < centres.rows(); j++) {
            if (dist2(centres.row(j), p) < dist2(centres.row(best), p)) {
                best = j;
            }
        }
        return best;
    }

    private static double dist2(double[] a, double[] b) {
        double s = 0;
        for (int t = 0; t < a.length; t++) {
            s += (a[t] - b[t]) * (a[t] - b[t]);
        }
        return s;
    }
}
