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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.rf4j.api.kernel.KernelKind;

/**
 * Analytic identities between the HRF closed forms, and the documented corrections. The
 * independent references (quadrature, enumeration) are in {@link HybridTheoryReferenceTest}.
 */
class HybridTheoryTest {
    private static final double[] X = {0.4, -0.3, 0.5};
    private static final double[] Y = {-0.2, 0.6, 0.1};

    @Test
    void lemma22MatchesTheBaseEstimatorDerivations() {
        assertThat(HybridTheory.lemma22TrigonometricMse(X, Y, 7))
                .isCloseTo(BaseFeatureTheory.trigonometricMse(KernelKind.SOFTMAX, X, Y, 7), within(1e-14));
        assertThat(HybridTheory.lemma22PositiveMse(X, Y, 7))
                .isCloseTo(BaseFeatureTheory.hyperbolicMse(KernelKind.SOFTMAX, X, Y, 7), within(1e-14));
    }

    @ParameterizedTest
    @CsvSource({"0.3, 1.2, 4, 2", "1.7, 0.8, 10, 1", "2.9, 1.5, 3, 8"})
    void theoremD1AtEqualNormsIsTheCorrectedEq47(double theta, double r, int m, int n) {
        double[] x = polar(3, r, 0);
        double[] y = polar(3, r, theta);
        double corrected = HybridTheory.angularHybridMseEqualNorm(theta, r, m, n);
        assertThat(HybridTheory.angularHybridMse(x, y, m, n, false)).isCloseTo(corrected, within(1e-10 * corrected));
        // variant II coincides for equal norms (cos(|x|² − |y|²) = 1)
        assertThat(HybridTheory.angularHybridMse(x, y, m, n, true)).isCloseTo(corrected, within(1e-10 * corrected));
        // the printed coefficient E[λ̂(1−λ̂)] is not the MSE
        assertThat(Math.abs(HybridTheory.angularHybridMseEqualNormAsPrinted(theta, r, m, n) - corrected))
                .isGreaterThan(1e-4 * corrected);
    }

    @Test
    void theorem31VariantIIReducesTheMseForUnequalNorms() {
        double one = HybridTheory.angularHybridMse(X, Y, 5, 3, false);
        double two = HybridTheory.angularHybridMse(X, Y, 5, 3, true);
        assertThat(two).isLessThan(one);
        double theta = HybridTheory.angle(X, Y);
        double sm = Math.exp(Vectors.dot(X, Y));
        double nx = Vectors.squaredNorm(X);
        double ny = Vectors.squaredNorm(Y);
        double eq23 = one - 2.0 / 5 * sm * sm * (1 - Math.cos(nx - ny)) * HybridTheory.angularLambdaCross(theta, 3);
        assertThat(two).isCloseTo(eq23, within(1e-12 * one));
    }

    @Test
    void generalHybridMseReducesToTheorem31ForOneLambda() {
        double e = 0.3;
        double e2 = 0.2;
        assertThat(HybridTheory.hybridMse(new double[] {e}, new double[] {e2}, new double[] {2.0, 5.0}))
                .isCloseTo(HybridTheory.bipolarMse(e, e2, 2.0, 5.0, 0.0), within(1e-14));
        assertThat(HybridTheory.bipolarMse(e, e2, 2.0, 5.0, 0.0)).isCloseTo(e2 * 2 + (1 - 2 * e + e2) * 5, within(1e-14));
    }

    @ParameterizedTest
    @CsvSource({"0.4, 1.0, 8", "2.0, 1.5, 1", "3.1, 0.7, 32"})
    void lemma34RelativeErrorsFollowFromLemma22(double theta, double r, int m) {
        double[] x = polar(4, r, 0);
        double[] y = polar(4, r, theta);
        double sm = Math.exp(r * r * Math.cos(theta));
        assertThat(HybridTheory.trigonometricRelativeError(theta, r, m)).isCloseTo(
                HybridTheory.relativeError(HybridTheory.lemma22TrigonometricMse(x, y, m), sm), within(1e-10));
        assertThat(HybridTheory.positiveRelativeError(theta, r, m)).isCloseTo(
                HybridTheory.relativeError(HybridTheory.lemma22PositiveMse(x, y, m), sm), within(1e-10));
    }

    @Test
    void lemma34MaximumIsAtTheAntipodeAndEqualsW() {
        double r = 1.3;
        int m = 16;
        double max = 0;
        for (int i = 0; i <= 2000; i++) {
            max = Math.max(max, HybridTheory.trigonometricRelativeError(Math.PI * i / 2000, r, m));
        }
        assertThat(max).isCloseTo(HybridTheory.baseMaxRelativeError(r, m), within(1e-12 * max));
        assertThat(HybridTheory.trigonometricRelativeError(Math.PI, r, m))
                .isCloseTo(HybridTheory.positiveRelativeError(0, r, m), within(1e-12));
    }

    @ParameterizedTest
    @CsvSource({"0.3, 1.1, 4, 2", "2.5, 1.4, 9, 5"})
    void eq48RelativeErrorIsSqrtMseOverSm(double theta, double r, int m, int n) {
        double mse = HybridTheory.angularHybridMseEqualNorm(theta, r, m, n);
        double sm = Math.exp(r * r * Math.cos(theta));
        assertThat(HybridTheory.angularHybridRelativeError(theta, r, m, n))
                .isCloseTo(Math.sqrt(mse) / sm, within(1e-10 * Math.sqrt(mse) / sm));
    }

    @Test
    void correctedTheorem35BoundHoldsAndThePrintedOneFailsForLargeR() {
        for (int n : new int[] {1, 2, 4, 16}) {
            for (int m : new int[] {1, 16}) {
                for (double r = 1.0; r <= 6.0; r += 0.25) {
                    double exact = HybridTheory.angularHybridMaxRelativeError(r, m, n);
                    assertThat(HybridTheory.theorem35Bound(r, m, n)).as("r=%s n=%s m=%s", r, n, m)
                            .isGreaterThanOrEqualTo(exact);
                    // the exact maximum is below both base estimators' (Lemma 3.4)
                    assertThat(exact).isLessThan(HybridTheory.baseMaxRelativeError(r, m));
                }
            }
        }
        double exact = HybridTheory.angularHybridMaxRelativeError(5.0, 1, 1);
        assertThat(HybridTheory.theorem35BoundAsPrinted(5.0, 1, 1)).isLessThan(exact);
    }

    @Test
    void theorem35LimitsAtBothEnds() {
        double r = 1.2;
        int m = 3;
        int n = 5;
        double slope = HybridTheory.theorem35LimitSlope(r, m, n);
        double t = 1e-7;
        assertThat(HybridTheory.angularHybridRelativeError(t, r, m, n) / Math.sqrt(t)).isCloseTo(slope, within(1e-4 * slope));
        assertThat(HybridTheory.angularHybridRelativeError(Math.PI - t, r, m, n) / Math.sqrt(t))
                .isCloseTo(slope, within(1e-4 * slope));
    }

    @ParameterizedTest
    @CsvSource({"0.5, 1.0, 6, 4, 0.8", "2.2, 1.3, 3, 2, 1.5"})
    void theoremF2IsF1AtEqualNorms(double theta, double r, int m, int n, double sigma) {
        double[] x = polar(3, r, 0);
        double[] y = polar(3, r, theta);
        double f2 = HybridTheory.gaussianHybridMseEqualNorm(theta, r, m, n, sigma);
        assertThat(HybridTheory.gaussianHybridMse(x, y, m, n, sigma, r, false)).isCloseTo(f2, within(1e-10 * f2));
        assertThat(HybridTheory.gaussianHybridMse(x, y, m, n, sigma, r, true)).isCloseTo(f2, within(1e-10 * f2));
    }

    @Test
    void theoremF1SharedProjectionsDoChangeTheMseForUnequalNorms() {
        double one = HybridTheory.gaussianHybridMse(X, Y, 4, 3, 1.0, 0.6, false);
        double two = HybridTheory.gaussianHybridMse(X, Y, 4, 3, 1.0, 0.6, true);
        assertThat(Math.abs(one - two)).isGreaterThan(1e-3 * one);
    }

    @Test
    void complexExponentialMseSpecialisesToPositiveAndTrigonometric() {
        double[] zero = new double[3];
        double[] minusY = {-Y[0], -Y[1], -Y[2]};
        // A = I: u = x, v = y (Eq. 16 becomes the positive estimator, Eq. 3 without the ± pairing)
        assertThat(HybridTheory.complexExponentialMse(X, zero, Y, zero, 5))
                .isCloseTo(BaseFeatureTheory.positiveMse(KernelKind.SOFTMAX, X, Y, 5), within(1e-14));
        // A = iI: u = i x, v = (iI)⁻¹ y = −i y (the trigonometric estimator)
        assertThat(HybridTheory.complexExponentialMse(zero, X, zero, minusY, 5))
                .isCloseTo(BaseFeatureTheory.trigonometricMse(KernelKind.SOFTMAX, X, Y, 5), within(1e-14));
        // Eq. 17/18: zero variance when z = Ax + (Aᵀ)⁻¹y = 0
        double[] uRe = {0.3, -0.2, 0.5};
        double[] uIm = {0.1, 0.4, -0.3};
        double[] vRe = {-0.3, 0.2, -0.5};
        double[] vIm = {-0.1, -0.4, 0.3};
        assertThat(HybridTheory.complexExponentialMse(uRe, uIm, vRe, vIm, 3)).isCloseTo(0.0, within(1e-14));
    }

    @Test
    void bipolarGaussianLambdaIsNormalised() {
        double r = 1.3;
        double sigma = 0.7;
        assertThat(HybridTheory.bipolarGaussianLambda(0, sigma, r)).isEqualTo(0.0);
        assertThat(HybridTheory.bipolarGaussianLambda(4 * r * r, sigma, r)).isCloseTo(1.0, within(1e-14));
    }

    static double[] polar(int d, double r, double theta) {
        double[] v = new double[d];
        v[0] = r * Math.cos(theta);
        v[1] = r * Math.sin(theta);
        return v;
    }
}
