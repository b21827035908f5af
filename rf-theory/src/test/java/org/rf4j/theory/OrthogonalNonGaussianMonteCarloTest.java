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
package org.rf4j.theory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.function.DoubleUnaryOperator;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.rf4j.api.random.HaarOrthogonal;
import org.rf4j.api.random.Seeds;
import org.rf4j.api.random.SpectralSamplers;

/**
 * Orthogonal directions with a non-Gaussian radial law, by Monte Carlo only (no closed form):
 * m = d Haar-orthogonal rows, each scaled by its own draw of the kernel's radial law, give
 * trigonometric estimates that stay unbiased for Matérn and the rational quadratic (each row is
 * marginally isotropic with the right norm), and their MSE is compared with iid draws.
 *
 * <p>R = 20,000 estimators per case; the mean error is checked to 5 standard errors (from the
 * sample), so a bias above ~5·√(MSE/R) ≈ 0.004 fails (e.g. χ_d norms in place of the radial law
 * move k by 0.05 or more). The MSE ratio orthogonal/iid must be below 1 by more than 5 standard
 * errors of the orthogonal MSE (about 1% here): measured at d = m = 8 it is 0.62–0.68 for
 * Matérn-3⁄2 and Cauchy and 0.84–0.85 for Matérn-½ at ‖Δ‖ = 0.5 and 1.
 */
class OrthogonalNonGaussianMonteCarloTest {
    private static final int R = 20_000;
    private static final double Z = 5;

    @FunctionalInterface
    private interface RadialLaw {
        double norm(int d, RandomGenerator rng);
    }

    @Test
    void orthogonalRowsWithMaternAndRationalQuadraticNormsAreUnbiasedAndBetterThanIid() {
        int d = 8;
        for (double r : new double[] {0.5, 1.0}) {
            check("matern 1.5 r=" + r, (dim, rng) -> SpectralSamplers.maternNorm(1.5, 1.0, dim, rng),
                    s -> ExactKernels.maternOfDistance(1.5, 1.0, s), d, r);
            check("matern 0.5 r=" + r, (dim, rng) -> SpectralSamplers.maternNorm(0.5, 1.0, dim, rng),
                    s -> ExactKernels.maternOfDistance(0.5, 1.0, s), d, r);
            check("cauchy r=" + r, (dim, rng) -> SpectralSamplers.rationalQuadraticNorm(1.0, 1.0, dim, rng),
                    s -> ExactKernels.rationalQuadraticOfDistance(1.0, 1.0, s), d, r);
        }
    }

    private static void check(String label, RadialLaw law, DoubleUnaryOperator kernel, int d, double r) {
        double k = kernel.applyAsDouble(r);
        double[] delta = new double[d];
        for (int i = 0; i < d; i++) {
            delta[i] = (i % 2 == 0 ? 1 : -1) * r / Math.sqrt(d);
        }
        RandomGenerator rng = Seeds.generator(label.hashCode());
        Moments orthogonal = new Moments();
        Moments iid = new Moments();
        double[] u = new double[d];
        for (int t = 0; t < R; t++) {
            double[] rows = HaarOrthogonal.rows(d, d, rng);
            double so = 0;
            double si = 0;
            for (int j = 0; j < d; j++) {
                double p = 0;
                for (int i = 0; i < d; i++) {
                    p += rows[j * d + i] * delta[i];
                }
                so += Math.cos(law.norm(d, rng) * p);
                for (int i = 0; i < d; i++) {
                    u[i] = rng.nextGaussian();
                }
                double iidProjection = Vectors.dot(u, delta) / Math.sqrt(Vectors.squaredNorm(u));
                si += Math.cos(law.norm(d, rng) * iidProjection);
            }
            orthogonal.add(so / d - k);
            iid.add(si / d - k);
        }
        double iidMse = ShiftInvariantTheory.trigonometricMse(k, kernel.applyAsDouble(2 * r), d);
        iid.assertSecondMoment(label + " iid", iidMse, Z);
        double seOrth = Math.sqrt(orthogonal.secondMoment() / R);
        assertThat(orthogonal.mean()).as("%s orthogonal bias", label).isCloseTo(0, within(Z * seOrth));
        double ratio = orthogonal.secondMoment() / iidMse;
        assertThat(ratio).as("%s MSE ratio orthogonal/iid", label)
                .isLessThan(1 - Z * orthogonal.secondMomentStandardError() / iidMse);
    }
}
