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

import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.rf4j.api.Matrix;
import org.rf4j.api.mechanism.Coupling;
import org.rf4j.api.mechanism.DenseProjection;
import org.rf4j.api.random.ChiDistribution;
import org.rf4j.api.random.HaarOrthogonal;
import org.rf4j.api.random.Seeds;




/**
 * Isotropy, the property that keeps positive features unbiased: for fixed x,
 * {@code E[exp(wᵀx)] = exp(|x|²/2)} for every row of every coupling. Each draw contributes the mean
 * over its m rows (rows within a draw are dependent; draws are independent), and the test requires
 * the Monte Carlo mean within 4 standard errors. Raw Householder QR without the sign correction
 * fails the same test by many standard errors.
 */
class IsotropyTest {
    private static final int DRAWS = 3000;

    private static double[] direction(int d, boolean axis, double length) {
        double[] x = new double[d];
        if (axis) {
            x[0] = length;
            return x;
        }
        RandomGenerator rng = Seeds.generator(99);
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

    private static double zScore(Coupling c, int m, int d, double[] x, long seed) {
        RandomGenerator rng = Seeds.generator(seed);
        double[] means = new double[DRAWS];
        for (int t = 0; t < DRAWS; t++) {
            double[] z = Support.project(c.draw(m, d, rng), x);
            double s = 0;
            for (double v : z) {
                s += Math.exp(v);
            }
            means[t] = s / m;
        }
        Support.Stats st = Support.Stats.of(means);
        return (st.mean() - Math.exp(0.5 * Support.dot(x, x))) / st.se();
    }

    @Test
    void everyCouplingIsIsotropicForADenseDirection() {
        int d = 8;
        double[] x = direction(d, false, 0.9);
        for (Coupling c : Support.all()) {
            double z = zScore(c, d, d, x, 21);
            assertTrue(Math.abs(z) < 4, c + ": z = " + z);
        }
    }

    @Test
    void exactCouplingsAreIsotropicForAnAxisDirectionToo() {
        int d = 5;
        double[] x = direction(d, true, 0.9);
        for (Coupling c : Support.all()) {
            if (c instanceof HdCoupling || c instanceof GivensCoupling) {
                continue; // structured proxies are only approximately Haar
            }
            double z = zScore(c, 7, d, x, 22);
            assertTrue(Math.abs(z) < 4, c + ": z = " + z);
        }
    }

    /** The common bug: Q of Householder QR without Q·diag(sign(diag R)) is not Haar. */
    @Test
    void qrWithoutSignCorrectionIsCaught() {
        int d = 5;
        double[] x = direction(d, true, 0.9);
        Coupling buggy = new Coupling() {
            @Override
            public org.rf4j.api.Spec spec() {
                return org.rf4j.api.Spec.of("orthogonal-unsigned");
            }

            @Override
            public org.rf4j.api.mechanism.Projection draw(int m, int dd, RandomGenerator rng) {
                double[] q = HaarOrthogonal.rows(m, dd, rng, false);
                for (int i = 0; i < m; i++) {
                    double norm = ChiDistribution.sample(dd, rng);
                    for (int t = 0; t < dd; t++) {
                        q[i * dd + t] *= norm;
                    }
                }
                return new DenseProjection(Matrix.wrap(m, dd, q));
            }
        };
        double zBuggy = zScore(buggy, d, d, x, 23);
        assertTrue(Math.abs(zBuggy) > 10, "unsigned QR should be grossly biased: z = " + zBuggy);
        double zFixed = zScore(new OrthogonalCoupling(), d, d, x, 23);
        assertTrue(Math.abs(zFixed) < 4, "sign-corrected QR: z = " + zFixed);
    }
}
