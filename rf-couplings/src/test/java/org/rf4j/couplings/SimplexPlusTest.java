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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.rf4j.api.Matrix;
import org.rf4j.api.random.ChiDistribution;
import org.rf4j.api.random.Seeds;



/** SimRF+ (Eq. 15–17): lower truncated conformity than SimRF on the same norms, norms kept, Eq. 16 reached. */
class SimplexPlusTest {
    /** {@code Σ_{i≠j} |w_i + w_j|²}, proportional to the truncated conformity ρ̃ of Eq. 15. */
    static double truncated(double[] v, int n, int c) {
        double s = 0;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                if (i != j) {
                    for (int k = 0; k < c; k++) {
                        double t = v[i * c + k] + v[j * c + k];
                        s += t * t;
                    }
                }
            }
        }
        return s;
    }

    @Test
    void lowersTheTruncatedConformityOfTheSimplexWithTheSameNorms() {
        for (int n : new int[] {3, 6, 16, 64}) {
            RandomGenerator rng = Seeds.generator(70 + n);
            for (int trial = 0; trial < 20; trial++) {
                double[] norms = new double[n];
                ChiDistribution.fill(n, rng, norms, 0, n);
                double[] v = SimplexPlusCoupling.initialise(n, norms);
                double before = truncated(v, n, n - 1);
                int passes = SimplexPlusCoupling.optimise(v, n, norms, 1000, 1e-12);
                double after = truncated(v, n, n - 1);
                assertTrue(after < before * (1 - 1e-9), "n=" + n + ": " + after + " !< " + before);
                assertTrue(passes < 1000, "converged in " + passes + " passes");
                double[] total = new double[n - 1];
                for (int i = 0; i < n; i++) {
                    double nn = 0;
                    for (int k = 0; k < n - 1; k++) {
                        nn += v[i * (n - 1) + k] * v[i * (n - 1) + k];
                        total[k] += v[i * (n - 1) + k];
                    }
                    assertEquals(norms[i], Math.sqrt(nn), 1e-10 * norms[i], "norm kept");
                }
                // Eq. 16 at the fixed point: w_i is anti-parallel to the resultant of the others
                for (int i = 0; i < n; i++) {
                    double dot = 0;
                    double rr = 0;
                    for (int k = 0; k < n - 1; k++) {
                        double rest = total[k] - v[i * (n - 1) + k];
                        dot += rest * v[i * (n - 1) + k];
                        rr += rest * rest;
                    }
                    if (rr > 1e-20) {
                        assertEquals(-1.0, dot / (Math.sqrt(rr) * norms[i]), 1e-8, "Eq. 16 for vector " + i);
                    }
                }
            }
        }
    }

    @Test
    void equalNormsLeaveTheSimplexUnchanged() {
        int n = 7;
        double[] norms = new double[n];
        java.util.Arrays.fill(norms, 2.5);
        double[] v = SimplexPlusCoupling.initialise(n, norms);
        double[] start = v.clone();
        assertEquals(1, SimplexPlusCoupling.optimise(v, n, norms, 50, 1e-12));
        for (int i = 0; i < v.length; i++) {
            assertEquals(start[i], v[i], 1e-12);
        }
    }

    @Test
    void drawnBlocksAreTheOptimisedConfigurationRotated() {
        int d = 8;
        Matrix w = new SimplexPlusCoupling(200, 1e-12).draw(d, d, Seeds.generator(75)).matrix();
        double[] total = new double[d];
        for (int i = 0; i < d; i++) {
            for (int t = 0; t < d; t++) {
                total[t] += w.get(i, t);
            }
        }
        for (int i = 0; i < d; i++) {
            double[] r = w.row(i);
            double[] rest = new double[d];
            for (int t = 0; t < d; t++) {
                rest[t] = total[t] - r[t];
            }
            double cos = Support.dot(rest, r) / Math.sqrt(Support.dot(rest, rest) * Support.dot(r, r));
            assertEquals(-1.0, cos, 1e-8, "row " + i);
        }
    }
}
