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

/**
 * Tanh–sinh on intervals not starting at 0 and with endpoint singularities, and the normal quantile
 * deep in the tail (where Acklam's start alone is far from converged and the Halley loop must finish).
 */
class QuadratureAndNormalTailTest {
    @Test
    void tanhSinhIntegratesOnShiftedIntervalsAndThroughEndpointSingularities() {
        Quadrature q = Quadrature.tanhSinh(1, 3, 1.0 / 32);
        assertThat(q.integrate(x -> x * x)).isCloseTo(26.0 / 3, within(1e-14));
        assertThat(q.integrate(x -> 1.0)).isCloseTo(2.0, within(1e-14));
        for (double x : q.nodes()) {
            assertThat(x).isStrictlyBetween(1.0, 3.0);
        }
        assertThat(q.nodes()).hasSameSizeAs(q.weights());
        // ∫_{−2}^{5} (x + 2)^{−1/2} dx = 2√7: an inverse square root at the left end (the nodes closer to the
        // end than the dropped weights below 1e-300 cost ~1e-8 here)
        Quadrature r = Quadrature.tanhSinh(-2, 5, 1.0 / 64);
        assertThat(r.integrate(x -> 1 / Math.sqrt(x + 2))).isCloseTo(2 * Math.sqrt(7), within(1e-7));
        // ... and at the right end: ∫_{−2}^{5} (5 − x)^{−1/2} dx = 2√7
        assertThat(r.integrate(x -> 1 / Math.sqrt(5 - x))).isCloseTo(2 * Math.sqrt(7), within(1e-7));
        // ln at the left end: ∫_0^1 ln x dx = −1
        assertThat(Quadrature.tanhSinh(0, 1, 1.0 / 64).integrate(Math::log)).isCloseTo(-1.0, within(1e-12));
        // the step halves the node spacing: twice as many nodes (up to the dropped tails)
        assertThat(Quadrature.tanhSinh(0, 1, 1.0 / 64).nodes().length)
                .isBetween(2 * Quadrature.tanhSinh(0, 1, 1.0 / 32).nodes().length - 8,
                        2 * Quadrature.tanhSinh(0, 1, 1.0 / 32).nodes().length + 8);
    }

    @Test
    void quantileRoundTripsDeepInBothTails() {
        for (double p : new double[] {1e-300, 1e-200, 1e-100, 1e-50, 1e-20, 0.02, 0.0243, 0.0245, 0.3, 0.49}) {
            double x = Normal.inverseCdf(p);
            assertThat(Normal.cdf(x)).as("Φ(Φ⁻¹(%s))", p).isCloseTo(p, within(1e-13 * p));
            if (p > 1e-15) {
                // 1 − p is rounded: compare at the precision it carries
                assertThat(Normal.inverseCdf(1 - p)).isCloseTo(-x, within(1e-6 * Math.abs(x)));
            }
        }
        assertThat(Normal.erfc(Double.NaN)).isNaN();
        assertThat(Normal.erfc(0)).isEqualTo(1.0);
        assertThat(Normal.erfc(-0.5)).isCloseTo(2 - Normal.erfc(0.5), within(1e-15));
        assertThat(Normal.pdf(1.0)).isCloseTo(Math.exp(-0.5) / Math.sqrt(2 * Math.PI), within(1e-16));
    }

    /**
     * The quantile is the inverse of the CDF everywhere, not only at a few points: 400 levels
     * log-spaced over [1e-300, 0.5) and 200 equally spaced over [0.02, 0.5), each to the precision the
     * rounded quantile x carries: Φ(x(1 + ε)) ≈ Φ(x)(1 + x²ε) in the tail, so 1e-14·max(1, x²) relative.
     */
    @Test
    void quantileInvertsTheCdfOnADenseGrid() {
        for (int i = 0; i < 600; i++) {
            double p = i < 400 ? Math.pow(10, -300 + i * (300 - 0.302) / 400) : 0.02 + (i - 400) * 0.48 / 200;
            double x = Normal.inverseCdf(p);
            assertThat(Normal.cdf(x)).as("p = %s", p).isCloseTo(p, within(1e-14 * Math.max(1, x * x) * p));
        }
    }
}
