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
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.random.Seeds;

/**
 * Random Maclaurin features for the polynomial kernel against the closed forms of
 * {@link DotProductTheory}, by Monte Carlo: n = 200,000 single products with Rademacher (and
 * Gaussian) vectors and a drawn degree. The mean is checked to 5 standard errors from the
 * closed-form variance (a dropped Maclaurin term moves it by a_n·(xᵀy)ⁿ, 0.09 or more here, far
 * beyond the ~0.01 tolerance), the second moment to 5 of its own sample standard errors (a wrong
 * fourth moment M, e.g. the Gaussian one for Rademacher vectors, moves it by several percent).
 */
class DotProductTheoryTest {
    private static final int N = 200_000;
    private static final double Z = 5;

    @Test
    void coefficientsExpandThePolynomialKernel() {
        double[] x = {0.4, -0.3, 0.8};
        double[] y = {0.5, 0.2, 0.3};
        for (int p = 1; p <= 5; p++) {
            double[] a = DotProductTheory.polynomialCoefficients(0.7, 1.3, p);
            assertThat(DotProductTheory.kernel(a, Vectors.dot(x, y)))
                    .isCloseTo(ExactKernels.polynomial(0.7, 1.3, p, x, y), within(1e-13));
        }
    }

    @Test
    void randomMaclaurinIsUnbiasedWithTheClosedFormVariance() {
        double[] x = {0.4, -0.3, 0.8, 0.1};
        double[] y = {0.5, 0.2, 0.3, -0.6};
        double[] a = DotProductTheory.polynomialCoefficients(1.0, 0.5, 3);
        double dot = Vectors.dot(x, y);
        double k = ExactKernels.polynomial(1.0, 0.5, 3, x, y);
        double mr = DotProductTheory.rademacherFourthMoment(x, y);
        double mg = DotProductTheory.gaussianFourthMoment(x, y);
        double[] uniform = {0.25, 0.25, 0.25, 0.25};
        double[] optimal = DotProductTheory.optimalDegreeLaw(a, mr);
        check("rademacher uniform", a, uniform, true, x, y, k, DotProductTheory.randomMaclaurinVariance(a, uniform, mr, dot));
        check("rademacher optimal", a, optimal, true, x, y, k, DotProductTheory.randomMaclaurinVariance(a, optimal, mr, dot));
        check("gaussian uniform", a, uniform, false, x, y, k, DotProductTheory.randomMaclaurinVariance(a, uniform, mg, dot));
        // the optimum is (Σ a_n M^{n/2})² − k² and beats the uniform law
        double root = 0;
        for (int n = 0; n < a.length; n++) {
            root += a[n] * Math.pow(mr, n / 2.0);
        }
        assertThat(DotProductTheory.randomMaclaurinVariance(a, optimal, mr, dot)).isCloseTo(root * root - k * k, within(1e-12))
                .isLessThan(DotProductTheory.randomMaclaurinVariance(a, uniform, mr, dot));
    }

    @Test
    void aDegreeThatCannotBeDrawnIsRefused() {
        double[] a = DotProductTheory.polynomialCoefficients(1.0, 1.0, 2);
        assertThatThrownBy(() -> DotProductTheory.randomMaclaurinVariance(a, new double[] {0.5, 0.5, 0.0}, 1.0, 0.5))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("degreeLaw[2]");
        assertThatThrownBy(() -> DotProductTheory.polynomialCoefficients(1.0, -1.0, 2)).hasMessageContaining("'coef0' = -1.0");
    }

    private static void check(String label, double[] a, double[] q, boolean rademacher, double[] x, double[] y,
                              double k, double variance) {
        RandomGenerator rng = Seeds.generator(label.hashCode());
        Moments sample = new Moments();
        for (int t = 0; t < N; t++) {
            double u = rng.nextDouble();
            int n = 0;
            double cumulative = q[0];
            while (u >= cumulative && n < q.length - 1) {
                n++;
                cumulative += q[n];
            }
            double product = a[n] / q[n];
            for (int j = 0; j < n; j++) {
                double px = 0;
                double py = 0;
                for (int i = 0; i < x.length; i++) {
                    double w = rademacher ? (rng.nextBoolean() ? 1 : -1) : rng.nextGaussian();
                    px += w * x[i];
                    py += w * y[i];
                }
                product *= px * py;
            }
            sample.add(product);
        }
        assertThat(sample.mean()).as("%s mean", label).isCloseTo(k, within(Z * Math.sqrt(variance / N)));
        sample.assertSecondMoment(label, variance + k * k, Z);
    }
}
