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

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.rf4j.api.Matrix;
import org.rf4j.api.mechanism.Coupling;
import org.rf4j.api.random.ChiDistribution;
import org.rf4j.api.random.Seeds;
import org.rf4j.theory.special.Gamma;



/**
 * Kolmogorov–Smirnov goodness of fit of the row norms against the χ_k CDF
 * ({@code P(k/2, r²/2)}, {@link Gamma#chiCdf}); with fixed seeds, at the α = 0.001 critical value
 * {@code 1.95/√n}. Each coupling's norms are independent χ_d by construction (χ_D, D the padded
 * dimension, for the HD variants).
 */
class NormsTest {
    private static final double CRITICAL = 1.95;

    private static double ks(double[] sample, int k) {
        double[] s = sample.clone();
        Arrays.sort(s);
        int n = s.length;
        double stat = 0;
        for (int i = 0; i < n; i++) {
            double f = Gamma.chiCdf(k, s[i]);
            stat = Math.max(stat, Math.max(f - (double) i / n, (i + 1.0) / n - f));
        }
        return stat;
    }

    @Test
    void chiSamplerFitsTheChiDistribution() {
        for (int k : new int[] {1, 2, 3, 64, 1024}) {
            RandomGenerator rng = Seeds.generator(100 + k);
            double[] s = new double[4000];
            for (int i = 0; i < s.length; i++) {
                s[i] = ChiDistribution.sample(k, rng);
            }
            double stat = ks(s, k);
            assertTrue(stat < CRITICAL / Math.sqrt(s.length), "k = " + k + ": KS = " + stat);
        }
    }

    @Test
    void ksTestRejectsTheWrongDegreesOfFreedom() {
        RandomGenerator rng = Seeds.generator(7);
        double[] s = new double[4000];
        for (int i = 0; i < s.length; i++) {
            s[i] = ChiDistribution.sample(8, rng);
        }
        assertTrue(ks(s, 9) > CRITICAL / Math.sqrt(s.length), "chi_8 draws must fail a chi_9 test");
    }

    @Test
    void rowNormsOfEveryCouplingAreChiDistributed() {
        for (Coupling c : Support.all()) {
            // HD blocks live in R^D (D = 8 here, a power of 2), so their full rows are chi_D
            int d = c instanceof HdCoupling ? 8 : 6;
            RandomGenerator rng = Seeds.generator(11);
            double[] s = new double[3000];
            int filled = 0;
            while (filled < s.length) {
                Matrix w = c.draw(d, d, rng).matrix();
                for (int i = 0; i < d && filled < s.length; i++) {
                    double[] r = w.row(i);
                    s[filled++] = Math.sqrt(Support.dot(r, r));
                }
            }
            int k = d;
            double stat = ks(s, k);
            assertTrue(stat < CRITICAL / Math.sqrt(s.length), c + ": KS = " + stat);
        }
    }

    /**
     * The rows of a trailing partial block (m ≡ 1 and m ≡ 2 mod d) are χ too: these blocks take
     * their own code path (a block of one vector has no simplex frame). Power: the KS test at
     * α = 0.001 with 2000 norms reliably rejects a 5% scale error of the χ_6 norms (sup of the CDF
     * shift ≈ 1.34·scale error, critical value 0.044), so it
     * catches a block of one written as {@code norm / r[t]} (norms of order √d/|r_t| ≫ √d) or
     * left unscaled (norm 1).
     */
    @Test
    void rowNormsOfTrailingPartialBlocksAreChiDistributed() {
        for (Coupling c : Support.all()) {
            int d = c instanceof HdCoupling ? 8 : 6;
            for (int extra : new int[] {1, 2}) {
                RandomGenerator rng = Seeds.generator(13 + extra);
                double[] s = new double[2000];
                for (int i = 0; i < s.length; i++) {
                    Matrix w = c.draw(d + extra, d, rng).matrix();
                    // alternate between the rows of a partial block of two
                    double[] r = w.row(d + i % extra);
                    s[i] = Math.sqrt(Support.dot(r, r));
                }
                double stat = ks(s, d);
                assertTrue(stat < CRITICAL / Math.sqrt(s.length), c + ", m = d + " + extra + ": KS = " + stat);
            }
        }
    }
}
