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

import java.math.BigDecimal;
import java.math.MathContext;
import org.junit.jupiter.api.Test;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.theory.special.Normal;

/**
 * {@link CouplingTheory} against references computed differently: the RF-conformity in d = 2 as an
 * integral over the circle (any cosine, acute ones included), ₁F₁ of the RFF pair moment by its
 * Kummer polynomial (even d) and by its series in ~450-digit arithmetic (odd d, where the method
 * switches to the large-argument expansion), and the argument checks at their boundaries.
 */
class CouplingTheoryReferenceTest {
    /** E e^{r s} for r ~ χ₂ (density r e^{−r²/2}): 1 + s√(2π) e^{s²/2} Φ(s). */
    private static double chi2Mgf(double s) {
        return 1 + s * Math.sqrt(2 * Math.PI) * Math.exp(0.5 * s * s) * Normal.cdf(s);
    }

    /**
     * ρ = E e^{(w₁ + w₂)ᵀv} in d = 2 for w = r·u, independent χ₂ norms and u₂ = u₁ turned by
     * α = acos c, u₁ uniform: the mean over the circle of the product of the two χ₂ MGFs (trapezoid
     * rule on a periodic analytic integrand: exact to round-off).
     */
    private static double conformity2(double cosine, double v) {
        double alpha = Math.acos(cosine);
        int n = 256;
        double s = 0;
        for (int i = 0; i < n; i++) {
            double phi = 2 * Math.PI * i / n;
            s += chi2Mgf(v * Math.cos(phi)) * chi2Mgf(v * Math.cos(phi + alpha));
        }
        return s / n;
    }

    @Test
    void conformityInTwoDimensionsIsTheCircleIntegral() {
        for (double cosine : new double[] {-1, -0.4, 0, 0.5, 1}) {
            for (double v2 : new double[] {0.3, 2.5}) {
                double rho = conformity2(cosine, Math.sqrt(v2));
                assertThat(CouplingTheory.logConformity(2, cosine, v2)).as("c=%s v²=%s", cosine, v2)
                        .isCloseTo(Math.log(rho), within(1e-12));
                if (cosine <= 0) {
                    assertThat(CouplingTheory.logConformityGap(2, cosine, v2)).as("gap c=%s v²=%s", cosine, v2)
                            .isCloseTo(Math.log(Math.exp(v2) - rho), within(1e-10));
                }
            }
        }
        assertThat(CouplingTheory.simplexConformity(2, 2.5)).isCloseTo(conformity2(-1, Math.sqrt(2.5)), within(1e-11));
        assertThat(CouplingTheory.orthogonalConformity(2, 2.5)).isCloseTo(conformity2(0, Math.sqrt(2.5)), within(1e-11));
        assertThatThrownBy(() -> CouplingTheory.logConformityGap(2, 0.5, 1.0)).isInstanceOf(InvalidParameterException.class);
        assertThatThrownBy(() -> CouplingTheory.simplexConformity(1, 1.0)).isInstanceOf(InvalidParameterException.class);
    }

    /** ₁F₁(d; d/2; −y) by its series in extended precision. */
    private static double hypergeometric(int d, double y) {
        MathContext mc = new MathContext(30 + (int) Math.ceil(4 * y / Math.log(10)));
        BigDecimal term = BigDecimal.ONE;
        BigDecimal sum = BigDecimal.ONE;
        BigDecimal negY = new BigDecimal(-y);
        for (int k = 0; k < 4 * y + 200; k++) {
            // term_{k+1} = term_k · (d + k)/(d/2 + k) · (−y)/(k + 1)
            term = term.multiply(negY, mc).multiply(BigDecimal.valueOf(2L * (d + k)), mc)
                    .divide(BigDecimal.valueOf((long) (d + 2 * k) * (k + 1)), mc);
            sum = sum.add(term, mc);
        }
        return sum.doubleValue();
    }

    @Test
    void pairMomentOfOrthogonalRffIsTheConfluentHypergeometric() {
        // d = 2: ₁F₁(2; 1; −y) = e^{−y}(1 − y) (Kummer); E[a_i a_j] = ₁F₁(d; d/2; −z²/2)
        for (double z2 : new double[] {0.4, 3.0, 20.0}) {
            double y = z2 / 2;
            assertThat(CouplingTheory.trigonometricOrthogonalPairExpectation(2, z2)).as("z²=%s", z2)
                    .isCloseTo(Math.exp(-y) * (1 - y), within(1e-15));
        }
        // odd d beyond y = 200: the large-argument expansion against the series
        for (int d : new int[] {1, 3, 5}) {
            for (double y : new double[] {201}) {
                double ref = hypergeometric(d, y) - Math.exp(-2 * y);
                assertThat(CouplingTheory.trigonometricOrthogonalCovariance(d, 2 * y)).as("d=%d y=%s", d, y)
                        .isCloseTo(ref, within(1e-10 * Math.abs(ref)));
            }
        }
        // large d at y = 250: the expansion's terms are not decreasing there (d(d/2 + 1) > y/2), so the
        // method must stay with the series
        double ref64 = hypergeometric(64, 250) - Math.exp(-500);
        assertThat(CouplingTheory.trigonometricOrthogonalCovariance(64, 500)).isCloseTo(ref64, within(1e-10 * Math.abs(ref64)));
        // the largest accepted squared norm, and just above it
        assertThat(CouplingTheory.trigonometricOrthogonalCovariance(1, CouplingTheory.MAX_SQUARED_NORM)).isFinite();
        assertThatThrownBy(() -> CouplingTheory.trigonometricOrthogonalCovariance(1, Math.nextUp(CouplingTheory.MAX_SQUARED_NORM)))
                .isInstanceOf(InvalidParameterException.class);
        // beyond the extended-precision budget with d ≥ z²/2: refused rather than wrong
        assertThatThrownBy(() -> CouplingTheory.trigonometricOrthogonalCovariance(3000, 4002))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("z2");
        assertThat(CouplingTheory.trigonometricOrthogonalCovariance(100, 4002)).isCloseTo(0.0, within(1e-300));
    }

    @Test
    void logPositiveMseIsTheLogOfTheMse() {
        double[] x = {0.3, -0.2, 0.5};
        double[] y = {0.1, 0.4, -0.3};
        for (CouplingTheory.Geometry g : CouplingTheory.Geometry.values()) {
            assertThat(CouplingTheory.logPositiveMse(org.rf4j.api.kernel.KernelKind.SOFTMAX, x, y, 5, g))
                    .isCloseTo(Math.log(CouplingTheory.positiveMse(org.rf4j.api.kernel.KernelKind.SOFTMAX, x, y, 5, g)), within(1e-13));
            // x = −y: every positive feature is exactly K, the MSE is 0
            double[] minusX = {-0.3, 0.2, -0.5};
            assertThat(CouplingTheory.logPositiveMse(org.rf4j.api.kernel.KernelKind.SOFTMAX, x, minusX, 5, g))
                    .isEqualTo(Double.NEGATIVE_INFINITY);
        }
    }

    @Test
    void mseRatioChecksItsBlock() {
        assertThatThrownBy(() -> CouplingTheory.trigonometricOrthogonalMseRatio(0, 1, 1.0))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("'d'");
        assertThatThrownBy(() -> CouplingTheory.trigonometricOrthogonalMseRatio(4, 0, 1.0))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("'m'");
        assertThatThrownBy(() -> CouplingTheory.trigonometricOrthogonalMseRatio(4, 5, 1.0))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("'m'");
        // m = 1: no pair, ratio 1; m = d = 2 at z² = 3: 1 + 2(₁F₁(2; 1; −1.5) − e^{−3})/(1 − e^{−3})²
        assertThat(CouplingTheory.trigonometricOrthogonalMseRatio(4, 1, 1.0)).isEqualTo(1.0);
        double t = 1 - Math.exp(-3);
        assertThat(CouplingTheory.trigonometricOrthogonalMseRatio(2, 2, 3.0))
                .isCloseTo(1 + 2 * (Math.exp(-1.5) * (1 - 1.5) - Math.exp(-3)) / (t * t), within(1e-14));
    }
}
