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

import org.junit.jupiter.api.Test;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.kernel.KernelKind;
import org.rf4j.theory.special.Complex;

/**
 * The Sec. 4 bounds of {@link GeneralizedFeatureTheory} (Theorems 4.2, 4.3) written out from their
 * statements in plain (non-log) arithmetic, the moment generating function of one OPRF product by
 * one-dimensional quadrature, its Legendre transform by an independent maximisation, the MSE
 * wrappers from their variances, and the argument checks at their exact boundaries.
 */
class GeneralizedFeatureTheoryReferenceTest {
    private static final double[] X3 = {0.4, -0.3, 0.2};
    private static final double[] Y3 = {0.1, 0.5, 0.3};

    @Test
    void featureCountIsTheorem43WrittenOut() {
        // M = (1 − 4A)^{d/2}·Γ·(d/ε²)·max(1, ln(γρ/ε)), Γ = e^{−3R²/(√d A)}, ρ = √2 R d^{−1/4},
        // γ = (1 − 4A)^{d/2}·√(4Γ(R²/√d + d²))
        double[][] cases = {{-0.1, 4, 1.0, 0.05}, {-0.3, 9, 0.7, 0.2}, {-0.05, 2, 1.5, 0.01}, {-0.2, 16, 0.3, 1000.0}};
        boolean floored = false;
        for (double[] c : cases) {
            double a = c[0];
            int d = (int) c[1];
            double r = c[2];
            double eps = c[3];
            double half = Math.pow(1 - 4 * a, d / 2.0);
            double bigGamma = Math.exp(-3 * r * r / (Math.sqrt(d) * a));
            double rho = Math.sqrt(2) * r / Math.pow(d, 0.25);
            double gamma = half * Math.sqrt(4 * bigGamma * (r * r / Math.sqrt(d) + d * d));
            double log = Math.log(gamma * rho / eps);
            floored |= log < 1;
            double m = half * bigGamma * d / (eps * eps) * Math.max(1, log);
            assertThat(Math.exp(GeneralizedFeatureTheory.logFeatureCount(a, d, r, eps))).as("A=%s d=%d R=%s ε=%s", a, d, r, eps)
                    .isCloseTo(m, within(1e-12 * m));
            assertThat(GeneralizedFeatureTheory.featureCount(a, d, r, eps)).isEqualTo(Math.ceil(Math.exp(
                    GeneralizedFeatureTheory.logFeatureCount(a, d, r, eps))));
        }
        assertThat(floored).as("one case exercises the floor of the logarithm at 1").isTrue();
    }

    @Test
    void tailBoundsAreTheoremFourTwoWrittenOut() {
        int d = 3;
        double s = Vectors.squaredNorm(X3) + Vectors.squaredNorm(Y3);
        double v2 = Vectors.squaredNormOfSum(X3, Y3, 1);
        for (double a : new double[] {-0.05, -0.4}) {
            for (double[] me : new double[][] {{40, 0.25}, {5, 0.1}, {200_000, 0.3}}) {
                int m = (int) me[0];
                double eps = me[1];
                // printed: 2·exp(−(Mε²/2)·e^{(|x|²+|y|²)/(2A)}·(1 − 4A)^{−d/2}), capped at 1
                double printed = Math.min(1, 2 * Math.exp(-m * eps * eps / 2 * Math.exp(s / (2 * a)) / Math.pow(1 - 4 * a, d / 2.0)));
                assertThat(GeneralizedFeatureTheory.tailBoundAsPrinted(a, X3, Y3, m, eps)).as("printed A=%s m=%d", a, m)
                        .isCloseTo(printed, within(1e-13));
                // proven: 2·exp(−2Mε²/Z_max²), Z_max = (1 − 4A)^{d/2}·e^{−(1 − 4A)|x+y|²/(8A) − |x|² − |y|²}
                double zmax = Math.pow(1 - 4 * a, d / 2.0) * Math.exp(-(1 - 4 * a) * v2 / (8 * a) - s);
                assertThat(Math.exp(GeneralizedFeatureTheory.logMaxProduct(a, X3, Y3, d))).isCloseTo(zmax, within(1e-13 * zmax));
                double hoeffding = Math.min(1, 2 * Math.exp(-2 * m * eps * eps / (zmax * zmax)));
                assertThat(GeneralizedFeatureTheory.tailBound(a, X3, Y3, m, eps)).isCloseTo(hoeffding, within(1e-13));
            }
        }
        // one case below the cap, so the cap is not all that is checked
        assertThat(GeneralizedFeatureTheory.tailBoundAsPrinted(-0.05, X3, Y3, 200_000, 0.3)).isLessThan(0.5);
    }

    /** One OPRF product for d = 1: Z(ω) = √(1 − 4A)·e^{2Aω² + √(1 − 4A)·ω(x + y) − x² − y²}, ω ~ N(0, 1). */
    private static double product(double a, double x, double y, double w) {
        return Math.sqrt(1 - 4 * a) * Math.exp(2 * a * w * w + Math.sqrt(1 - 4 * a) * w * (x + y) - x * x - y * y);
    }

    /** ln E e^{θZ} by the trapezoid rule on [−14, 14], step 1/40, in log-sum-exp form (the integrand is smooth and bounded: A &lt; 0). */
    private static double psi(double a, double x, double y, double theta) {
        return psi(a, x, y, theta, -14, 14);
    }

    /** The same on [lo, hi] (integers), step 1/40. */
    private static double psi(double a, double x, double y, double theta, int lo, int hi) {
        double[] e = new double[40 * (hi - lo) + 1];
        double max = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < e.length; i++) {
            double w = lo + i / 40.0;
            e[i] = -0.5 * w * w + theta * product(a, x, y, w);
            max = Math.max(max, e[i]);
        }
        double s = 0;
        for (double t : e) {
            s += Math.exp(t - max);
        }
        return max + Math.log(s / 40.0 / Math.sqrt(2 * Math.PI));
    }

    @Test
    void momentGeneratingFunctionIsTheExpectationByQuadrature() {
        double a = -0.2;
        double[] x = {0.5};
        double[] y = {0.3};
        for (double theta : new double[] {0.4, 3.0, 25.0}) {
            double ref = psi(a, 0.5, 0.3, theta);
            assertThat(GeneralizedFeatureTheory.logMomentGeneratingFunction(a, x, y, theta)).as("θ=%s", theta)
                    .isCloseTo(ref, within(1e-12 * Math.max(1, ref)));
        }
        assertThat(GeneralizedFeatureTheory.logMomentGeneratingFunction(a, x, y, 0)).isEqualTo(0.0);
        assertThatThrownBy(() -> GeneralizedFeatureTheory.logMomentGeneratingFunction(a, x, y, -1e-9))
                .isInstanceOf(InvalidParameterException.class);
        assertThatThrownBy(() -> GeneralizedFeatureTheory.logMomentGeneratingFunction(a, x, y, Double.POSITIVE_INFINITY))
                .isInstanceOf(InvalidParameterException.class);
    }

    /**
     * ψ at a small θ where the power series Σ θ^k E[Z^k]/k! starts far below 1 and peaks late: for
     * A = −0.1, x = y = 3 the moments grow like e^{18k²} at first, so at θ = e^{−40} the first twenty
     * terms are below e^{−40} and the sum (ψ ≈ 18.2) comes from terms around k = θ·Z_max ≈ 180. A stop
     * test that does not wait for the peak (e.g. one that takes θ/Z_max for θ·Z_max) returns ψ ≈ 0.
     * The quadrature reaches ω = 40 (the product peaks near ω = 17.7).
     */
    @Test
    void momentGeneratingFunctionSumsPastTheLatePeakOfItsSeries() {
        double theta = Math.exp(-40);
        double ref = psi(-0.1, 3, 3, theta, -20, 40);
        assertThat(ref).isGreaterThan(18);
        assertThat(GeneralizedFeatureTheory.logMomentGeneratingFunction(-0.1, new double[] {3}, new double[] {3}, theta))
                .isCloseTo(ref, within(1e-11 * ref));
    }

    /**
     * ψ(θ) = θK + O(θ²) as θ → 0 (E Z = K), down to θK below the smallest normal double. The running
     * log-sum-exp has to add the small term to the large sum (ln(1 + e^{t − acc})): added the other way
     * round (t + ln(1 + e^{acc − t})) it cancels to round-off at θK = 1e-12 and overflows to +∞ once
     * acc − t &gt; 709.
     */
    @Test
    void momentGeneratingFunctionIsThetaTimesTheKernelAsThetaVanishes() {
        double[] x = {3.5};
        double[] y = {3.5 - Math.sqrt(40)};
        double k = Math.exp(-20);   // e^{−|x − y|²/2}
        for (double theta : new double[] {1e-4, 1e-12, 1e-300}) {
            assertThat(GeneralizedFeatureTheory.logMomentGeneratingFunction(-0.2, x, y, theta)).as("θ = %s", theta)
                    .isCloseTo(theta * k, within(1e-6 * theta * k));
        }
        assertThat(GeneralizedFeatureTheory.logMomentGeneratingFunction(-0.2, new double[] {0.5}, new double[] {0.5}, 1e-12))
                .isCloseTo(1e-12, within(1e-18));
    }

    /**
     * L(u) = sup_θ (θu − ψ(θ)) against a golden-section maximisation of the quadrature ψ on
     * [0, 400/Z_max]. The levels are chosen so that the maximiser is far beyond the method's first
     * bracket 1/Z_max (θ* Z_max ≈ 3.5 at the lower level, more at the higher), which its doubling
     * search has to find.
     */
    @Test
    void legendreTransformIsTheSupremumOfTheChernoffExponent() {
        double a = -0.2;
        double[] x = {0.5};
        double[] y = {0.3};
        double k = Math.exp(-0.5 * 0.2 * 0.2);
        double zmax = Math.exp(GeneralizedFeatureTheory.logMaxProduct(a, x, y, 1));
        for (double f : new double[] {0.6, 0.95}) {
            double u = k + f * (zmax - k);
            double lo = 0;
            double hi = 400 / zmax;
            double g = (Math.sqrt(5) - 1) / 2;
            for (int it = 0; it < 200; it++) {
                double c = hi - g * (hi - lo);
                double e = lo + g * (hi - lo);
                if (c * u - psi(a, 0.5, 0.3, c) > e * u - psi(a, 0.5, 0.3, e)) {
                    hi = e;
                } else {
                    lo = c;
                }
            }
            double theta = 0.5 * (lo + hi);
            assertThat(theta * zmax).as("the maximiser is far beyond the first bracket").isGreaterThan(2);
            double ref = theta * u - psi(a, 0.5, 0.3, theta);
            assertThat(GeneralizedFeatureTheory.legendreTransform(a, x, y, u)).as("u = K + %s(Z_max − K)", f)
                    .isCloseTo(ref, within(1e-9 * ref));
            // at the largest value of a product the event is impossible: L = +∞ (also exactly at Z_max)
            assertThat(GeneralizedFeatureTheory.legendreTransform(a, x, y, zmax)).isEqualTo(Double.POSITIVE_INFINITY);
            // Theorem 4.2's orthogonal part is exp(−M·L(K + ε))
            assertThat(GeneralizedFeatureTheory.orthogonalTailBound(a, x, y, 3, u - k)).isCloseTo(Math.exp(-3 * ref),
                    within(1e-9 * Math.exp(-3 * ref)));
        }
    }

    @Test
    void mseWrappersDivideTheVarianceByMAndConvertTheKernel() {
        double k2 = Math.exp(-Vectors.squaredNormOfSum(X3, Y3, -1));
        double toSoftmax = Math.exp(Vectors.squaredNorm(X3) + Vectors.squaredNorm(Y3));
        double pv = Math.exp(GeneralizedFeatureTheory.poissonLogSecondMoment(0.7, X3, Y3)) - k2;
        assertThat(GeneralizedFeatureTheory.poissonVariance(0.7, X3, Y3)).isCloseTo(pv, within(1e-14));
        assertThat(GeneralizedFeatureTheory.poissonMse(KernelKind.GAUSSIAN, 0.7, X3, Y3, 5)).isCloseTo(pv / 5, within(1e-14));
        assertThat(GeneralizedFeatureTheory.poissonMse(KernelKind.SOFTMAX, 0.7, X3, Y3, 5))
                .isCloseTo(pv * toSoftmax / 5, within(1e-13));
        double gv = Math.exp(GeneralizedFeatureTheory.geometricLogSecondMoment(0.4, X3, Y3)) - k2;
        assertThat(GeneralizedFeatureTheory.geometricVariance(0.4, X3, Y3)).isCloseTo(gv, within(1e-14));
        assertThat(GeneralizedFeatureTheory.geometricMse(KernelKind.GAUSSIAN, 0.4, X3, Y3, 7)).isCloseTo(gv / 7, within(1e-14));
        assertThat(GeneralizedFeatureTheory.geometricMse(KernelKind.SOFTMAX, 0.4, X3, Y3, 7))
                .isCloseTo(gv * toSoftmax / 7, within(1e-13));
        // ln Var: finite and exact for a generic pair; −∞ for positive RFs at x = −y (zero variance)
        Complex oprf = Complex.real(-0.1);
        assertThat(GeneralizedFeatureTheory.gerfLogVariance(oprf, 1, X3, Y3))
                .isCloseTo(Math.log(GeneralizedFeatureTheory.gerfVariance(oprf, 1, X3, Y3)), within(1e-13));
        double[] minusX = {-0.4, 0.3, -0.2};
        assertThat(GeneralizedFeatureTheory.gerfLogVariance(Complex.ZERO, 1, X3, minusX)).isEqualTo(Double.NEGATIVE_INFINITY);
        assertThat(GeneralizedFeatureTheory.coupledGerfMse(KernelKind.GAUSSIAN, -0.1, X3, Y3, 1, CouplingTheory.Geometry.SIMPLEX))
                .isCloseTo(GeneralizedFeatureTheory.gerfVariance(oprf, 1, X3, Y3), within(1e-14));
    }

    @Test
    void argumentChecksHoldAtTheirExactBoundaries() {
        for (double bad : new double[] {0.0, 0.1, Double.NEGATIVE_INFINITY, Double.NaN}) {
            assertThatThrownBy(() -> GeneralizedFeatureTheory.tailBound(bad, X3, Y3, 4, 0.1)).as("A = %s", bad)
                    .isInstanceOf(InvalidParameterException.class);
            assertThatThrownBy(() -> GeneralizedFeatureTheory.tailBoundAsPrinted(bad, X3, Y3, 4, 0.1))
                    .isInstanceOf(InvalidParameterException.class);
            assertThatThrownBy(() -> GeneralizedFeatureTheory.logMaxProduct(bad, X3, Y3, 3))
                    .isInstanceOf(InvalidParameterException.class);
            assertThatThrownBy(() -> GeneralizedFeatureTheory.logProductMoment(bad, X3, Y3, 2))
                    .isInstanceOf(InvalidParameterException.class);
            assertThatThrownBy(() -> GeneralizedFeatureTheory.logFeatureCount(bad, 3, 1.0, 0.1))
                    .isInstanceOf(InvalidParameterException.class);
        }
        for (double bad : new double[] {0.0, -1.0, Double.POSITIVE_INFINITY}) {
            assertThatThrownBy(() -> GeneralizedFeatureTheory.tailBound(-0.1, X3, Y3, 4, bad)).as("ε = %s", bad)
                    .isInstanceOf(InvalidParameterException.class).hasMessageContaining("epsilon");
            assertThatThrownBy(() -> GeneralizedFeatureTheory.tailBoundAsPrinted(-0.1, X3, Y3, 4, bad))
                    .isInstanceOf(InvalidParameterException.class).hasMessageContaining("epsilon");
            assertThatThrownBy(() -> GeneralizedFeatureTheory.orthogonalTailBound(-0.1, X3, Y3, 4, bad))
                    .isInstanceOf(InvalidParameterException.class).hasMessageContaining("epsilon");
            assertThatThrownBy(() -> GeneralizedFeatureTheory.logFeatureCount(-0.1, 3, 1.0, bad))
                    .isInstanceOf(InvalidParameterException.class).hasMessageContaining("epsilon");
            assertThatThrownBy(() -> GeneralizedFeatureTheory.logFeatureCount(-0.1, 3, bad, 0.1))
                    .isInstanceOf(InvalidParameterException.class).hasMessageContaining("R");
            assertThatThrownBy(() -> GeneralizedFeatureTheory.poissonLogSecondMoment(bad, X3, Y3))
                    .isInstanceOf(InvalidParameterException.class).hasMessageContaining("lambda");
        }
        for (int s : new int[] {0, 2, -2}) {
            assertThatThrownBy(() -> GeneralizedFeatureTheory.gerfLogSecondMoment(Complex.real(-0.1), s, X3, Y3))
                    .as("s = %d", s).isInstanceOf(InvalidParameterException.class);
        }
        assertThatThrownBy(() -> GeneralizedFeatureTheory.oprfA(0.0)).isInstanceOf(InvalidParameterException.class);
        assertThat(GeneralizedFeatureTheory.oprfA(1e-300)).isFinite();
        assertThat(GeneralizedFeatureTheory.poissonLambdaStar(0.0, 3)).isEqualTo(0.0);
        assertThat(GeneralizedFeatureTheory.gerfVarianceFinite(Complex.of(0.125, 0.3))).isFalse();
        assertThat(GeneralizedFeatureTheory.gerfVarianceFinite(Complex.of(Math.nextDown(0.125), 0.3))).isTrue();
        for (double p : new double[] {0.0, 1.0}) {
            assertThatThrownBy(() -> GeneralizedFeatureTheory.geometricLogObjective(p, new double[] {0.3}))
                    .isInstanceOf(InvalidParameterException.class);
        }
        // g'(p) ≥ 0 already at p = 1e-12 (a statistic of order 1e13): the lower end is returned
        assertThat(GeneralizedFeatureTheory.geometricOptimalP(new double[] {1e13}))
                .isCloseTo(1 / (1 + Math.exp(27.6)), within(1e-20));
        // a λ so small that λ⁻¹Σx²y² overflows: the variance is +∞, not NaN
        assertThat(GeneralizedFeatureTheory.poissonVariance(Double.MIN_VALUE, X3, Y3)).isEqualTo(Double.POSITIVE_INFINITY);
    }
}
