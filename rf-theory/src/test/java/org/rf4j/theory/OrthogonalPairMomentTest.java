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

import org.junit.jupiter.api.Test;
import org.rf4j.theory.special.Complex;

/**
 * Closed-form references for two GERF building blocks whose only other checks live in rf-features
 * (Monte Carlo over drawn features): the orthogonal pair moment {@code ₁F₁(d; d/2; z)} and the
 * normaliser {@code ln D = (d/4)·Log(1 − 4A)}.
 */
class OrthogonalPairMomentTest {
    /**
     * For even d = 2k, Kummer's transformation {@code ₁F₁(a; b; z) = e^z ₁F₁(b − a; b; −z)} with
     * b − a = −k makes the series a polynomial: {@code ₁F₁(2k; k; z) = e^z Σ_{n≤k} k!/(k−n)! zⁿ/((k)ₙ n!)}
     * (d = 2: e^z(1 + z)). Exact for every z, so it also checks the method's rescaling by 1e-280
     * (z = 900: the series sum passes 1e280) and its stopping rule, to 1e-13 relative.
     */
    @Test
    void pairMomentIsKummersPolynomialForEvenD() {
        for (int d : new int[] {2, 4, 8}) {
            for (double z : new double[] {0.2, 6.0, 900.0}) {
                // x = y along the first axis: |x + y|²/2 = 2|x|² = z, |x|² + |y|² = z
                double[] x = new double[d];
                x[0] = Math.sqrt(z / 2);
                double[] y = x.clone();
                int k = d / 2;
                double poly = 0;
                for (int n = 0; n <= k; n++) {
                    double falling = 1;   // k!/(k−n)!
                    double rising = 1;    // (k)_n
                    double fact = 1;
                    for (int j = 0; j < n; j++) {
                        falling *= k - j;
                        rising *= k + j;
                        fact *= j + 1;
                    }
                    poly += falling / (rising * fact) * Math.pow(z, n);
                }
                double expected = -2 * z + z + Math.log(poly);
                assertThat(GeneralizedFeatureTheory.logOrthogonalPairMoment(x, y)).as("d=%d z=%s", d, z)
                        .isCloseTo(expected, within(1e-13 * Math.max(1, Math.abs(expected))));
            }
        }
        // x = −y: z = 0, the series is 1 and only the shift −2(|x|² + |y|²) remains
        double[] x = {0.3, -0.4, 0.5};
        double[] y = {-0.3, 0.4, -0.5};
        assertThat(GeneralizedFeatureTheory.logOrthogonalPairMoment(x, y)).isCloseTo(-2 * 2 * 0.5, within(1e-15));
    }

    @Test
    void logDIsTheQuarterPowerOfOneMinusFourA() {
        for (double[] c : new double[][] {{-0.3, 0.2}, {0.1, -0.7}, {-2.0, 0.0}}) {
            Complex a = Complex.of(c[0], c[1]);
            for (int d : new int[] {1, 5}) {
                double re = 1 - 4 * c[0];
                double im = -4 * c[1];
                Complex logD = GeneralizedFeatureTheory.gerfLogD(a, d);
                assertThat(logD.re()).isCloseTo(d / 4.0 * 0.5 * Math.log(re * re + im * im), within(1e-15));
                assertThat(logD.im()).isCloseTo(d / 4.0 * Math.atan2(im, re), within(1e-15));
            }
        }
    }
}
