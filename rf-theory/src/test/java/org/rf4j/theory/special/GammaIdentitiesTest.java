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
package org.rf4j.theory.special;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** Closed-form identities of {@link Gamma} (integer-shape incomplete gamma, Beta values, the χ CDF). */
class GammaIdentitiesTest {
    @Test
    void betaAndGammaRatios() {
        assertThat(Gamma.logBeta(2, 3)).isCloseTo(Math.log(1.0 / 12), within(1e-15));
        assertThat(Gamma.logBeta(0.5, 0.5)).isCloseTo(Math.log(Math.PI), within(1e-15));
        assertThat(Gamma.logGammaRatio(7.5, 6.5)).isCloseTo(Math.log(6.5), within(1e-14));
        assertThat(Gamma.logGammaRatio(3, 5)).isCloseTo(-Math.log(12), within(1e-15));
        assertThat(Gamma.logGamma(Double.POSITIVE_INFINITY)).isEqualTo(Double.POSITIVE_INFINITY);
    }

    @Test
    void gammaOfIntegersAndBeyondTheTable() {
        double f = 1;
        for (int n = 1; n <= 25; n++) {
            if (n <= 21) {
                // (n − 1)! is a double exactly up to 20! and the product is computed exactly
                assertThat(Gamma.gamma(n)).as("Γ(%d)", n).isEqualTo(f);
            }
            assertThat(Gamma.gamma(n)).as("Γ(%d)", n).isCloseTo(f, within(1e-14 * f));
            f *= n;
        }
        // Γ(x + 1) = x Γ(x) off the integers, on both sides of the Stirling shift at 15
        for (double x : new double[] {0.3, 2.7, 14.2, 14.7, 30.5}) {
            assertThat(Gamma.gamma(x + 1)).as("x=%s", x).isCloseTo(x * Gamma.gamma(x), within(1e-13 * x * Gamma.gamma(x)));
        }
    }

    /** P(n, x) = 1 − e^{−x} Σ_{k<n} x^k/k! for integer n, on both sides of x = a + 1 (series vs continued fraction). */
    @Test
    void incompleteGammaAtIntegerShapes() {
        for (int n : new int[] {2, 3, 5}) {
            for (double x : new double[] {0.2, 1.5, 3.9, 4.1, 9.0, 30.0}) {
                double s = 0;
                double t = 1;
                for (int k = 0; k < n; k++) {
                    s += t;
                    t *= x / (k + 1);
                }
                double q = Math.exp(-x) * s;
                assertThat(Gamma.regularizedQ(n, x)).as("Q(%d, %s)", n, x).isCloseTo(q, within(2e-15 * Math.max(q, 1e-300) + 1e-16));
                assertThat(Gamma.regularizedP(n, x)).as("P(%d, %s)", n, x).isCloseTo(1 - q, within(2e-15));
            }
        }
        assertThat(Gamma.regularizedP(2.5, 0)).isEqualTo(0.0);
        assertThat(Gamma.regularizedQ(2.5, 0)).isEqualTo(1.0);
        assertThat(Gamma.regularizedP(2.5, Double.POSITIVE_INFINITY)).isEqualTo(1.0);
        assertThat(Gamma.regularizedQ(2.5, Double.POSITIVE_INFINITY)).isEqualTo(0.0);
    }

    @Test
    void chiCdfIsTheNormalCdfAtOneDegreeAndZeroBelowZero() {
        for (double r : new double[] {0.1, 1.0, 2.5}) {
            assertThat(Gamma.chiCdf(1, r)).isCloseTo(1 - 2 * Normal.cdf(-r), within(1e-15));
            assertThat(Gamma.chiCdf(4, r)).isCloseTo(1 - Math.exp(-r * r / 2) * (1 + r * r / 2), within(1e-15));
        }
        assertThat(Gamma.chiCdf(3, 0)).isEqualTo(0.0);
        // a valid shape with a negative argument, and Γ at 0, are refused (not summed)
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> Gamma.regularizedP(1, -1))
                .isInstanceOf(org.rf4j.api.InvalidParameterException.class);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> Gamma.gamma(0))
                .isInstanceOf(org.rf4j.api.InvalidParameterException.class);
        assertThat(Gamma.chiCdf(3, -1)).isEqualTo(0.0);
    }
}
