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

import java.util.List;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.rf4j.api.kernel.KernelKind;
import org.rf4j.api.mechanism.Coupling;
import org.rf4j.api.random.Seeds;
import org.rf4j.theory.CouplingTheory;
import org.rf4j.theory.CouplingTheory.Geometry;

/**
 * The fast variants (HD products, Givens products): unbiased within 4 standard errors, and
 * their PRF MSE within a factor {@value #FACTOR} of the closed form of the regular coupling they
 * approximate (plus 4 standard errors), at a power-of-2 dimension and at a padded one.
 */
class FastVariantsTest {
    /** The stated factor between a fast variant's MSE and its regular coupling's. */
    static final double FACTOR = 1.25;

    private static double[] vec(long seed, int d, double length) {
        RandomGenerator rng = Seeds.generator(seed);
        double[] x = new double[d];
        double s = 0;
        for (int i = 0; i < d; i++) {
            x[i] = rng.nextGaussian();
            s += x[i] * x[i];
        }
        for (int i = 0; i < d; i++) {
            x[i] *= length / Math.sqrt(s);
        }
        return x;
    }

    record Case(Coupling fast, Geometry regular) {
    }

    @Test
    void fastVariantsAreUnbiasedAndCloseToTheirRegularCouplings() {
        List<Case> cases = List.of(new Case(new HdCoupling(BlockGeometry.ORTHOGONAL, 3), Geometry.ORTHOGONAL),
                new Case(new HdCoupling(BlockGeometry.SIMPLEX, 3), Geometry.SIMPLEX),
                new Case(new GivensCoupling(0, BlockGeometry.ORTHOGONAL), Geometry.ORTHOGONAL),
                new Case(new GivensCoupling(0, BlockGeometry.SIMPLEX), Geometry.SIMPLEX));
        for (int d : new int[] {16, 12}) {
            double[] x = vec(61, d, 0.5);
            double[] y = vec(62, d, 0.5);
            double sx = Support.dot(x, x) + Support.dot(y, y);
            double exact = Math.exp(-0.5 * (sx - 2 * Support.dot(x, y)));
            double factor = Math.exp(-0.5 * sx);
            for (Case c : cases) {
                RandomGenerator rng = Seeds.generator(63);
                int n = 6000;
                double[] est = new double[n];
                double[] sq = new double[n];
                for (int t = 0; t < n; t++) {
                    est[t] = factor * Support.positiveSoftmax(c.fast().draw(d, d, rng), x, y);
                    sq[t] = (est[t] - exact) * (est[t] - exact);
                }
                Support.Stats mean = Support.Stats.of(est);
                Support.Stats mse = Support.Stats.of(sq);
                double z = (mean.mean() - exact) / mean.se();
                assertTrue(Math.abs(z) < 4, c.fast() + " d=" + d + " biased: " + mean + " vs " + exact + " (z = " + z + ")");
                double regular = CouplingTheory.positiveMse(KernelKind.GAUSSIAN, x, y, d, c.regular());
                assertTrue(mse.mean() < FACTOR * regular + 4 * mse.se() && mse.mean() > regular / FACTOR - 4 * mse.se(),
                        c.fast() + " d=" + d + ": MSE " + mse + " vs regular " + regular);
            }
        }
    }

    /** The harness detects bias: a single HD block (k = 1) on an axis-aligned input is visibly biased. */
    @Test
    void oneHdBlockIsBiasedOnAxisInputs() {
        int d = 16;
        double[] x = new double[d];
        x[0] = 1.5;
        RandomGenerator rng = Seeds.generator(64);
        Coupling c = new HdCoupling(BlockGeometry.ORTHOGONAL, 1);
        double[] s = new double[3000];
        for (int t = 0; t < s.length; t++) {
            double[] z = Support.project(c.draw(d, d, rng), x);
            double acc = 0;
            for (double v : z) {
                acc += Math.exp(v);
            }
            s[t] = acc / d;
        }
        Support.Stats st = Support.Stats.of(s);
        double z = (st.mean() - Math.exp(0.5 * 1.5 * 1.5)) / st.se();
        assertTrue(Math.abs(z) > 6, "k = 1 HD on e_1 should be biased: z = " + z);
    }
}
