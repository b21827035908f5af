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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.kernel.KernelKind;
import org.rf4j.theory.CouplingTheory.Geometry;

/**
 * Closed forms against independent references: mpmath quadrature at 40 digits of
 * {@code E_ψ[₁F₁(d; d/2; v²(1 + c sin ψ)/2)]} (ψ ∝ sin^{d−1}ψ) and {@code ₁F₁(d; d/2; −z²/2) − e^{−z²}}.
 * Monte Carlo checks of the MSEs live in rf-couplings ({@code CouplingMseMonteCarloTest}).
 */
class CouplingTheoryTest {
    private static void rel(double expected, double actual, double tol) {
        assertEquals(expected, actual, tol * Math.abs(expected), () -> "expected " + expected + " got " + actual);
    }

    @Test
    void conformityMatchesQuadratureReferences() {
        rel(1.8538152150668265533, CouplingTheory.orthogonalConformity(6, 0.64), 1e-14);
        rel(1.6599662132327405878, CouplingTheory.simplexConformity(6, 0.64), 1e-14);
        rel(4.102592964036380308, CouplingTheory.conformity(5, 0.3, 1.21), 1e-14);
        rel(2.8993785072097887604, CouplingTheory.conformity(2, -1, 4.0), 1e-13);
        rel(6.9637868541051489406, CouplingTheory.simplexConformity(64, 2.0), 1e-14);
        rel(65.706086048279918387, CouplingTheory.conformity(3, -0.5, 9.0), 1e-14);
        rel(Math.exp(2.5), CouplingTheory.iidConformity(2.5), 1e-15);
    }

    @Test
    void gapIsSummedWithoutCancellation() {
        rel(0.042665664238124825269, Math.exp(CouplingTheory.logConformityGap(6, 0, 0.64)), 1e-13);
        rel(0.2365146660722107908, Math.exp(CouplingTheory.logConformityGap(6, -0.2, 0.64)), 1e-13);
        rel(51.698771525934450318, Math.exp(CouplingTheory.logConformityGap(2, -1, 4.0)), 1e-13);
        rel(8037.3778415271040893, Math.exp(CouplingTheory.logConformityGap(3, -0.5, 9.0)), 1e-13);
        // tiny v: the ORF gap is v⁴/(2(d+2)) + O(v⁶) — a difference of numbers near 1 would lose it entirely
        double v2 = 1e-6;
        int d = 10;
        double leading = v2 * v2 / (2 * (d + 2));
        rel(leading, Math.exp(CouplingTheory.logConformityGap(d, 0, v2)), 1e-5);
        // Eq. 19: iid-equivalent (no gap) at v = 0
        assertEquals(Double.NEGATIVE_INFINITY, CouplingTheory.logConformityGap(d, 0, 0));
    }

    @Test
    void conformityOrderingSimplexBelowOrthogonalBelowIid() {
        for (int d : new int[] {2, 3, 8, 64}) {
            for (double v2 : new double[] {0.01, 1, 6}) {
                double iid = CouplingTheory.iidConformity(v2);
                double orth = CouplingTheory.orthogonalConformity(d, v2);
                double simp = CouplingTheory.simplexConformity(d, v2);
                assertTrue(simp < orth && orth <= iid, "d=" + d + " v2=" + v2 + ": " + simp + " " + orth + " " + iid);
            }
        }
    }

    @Test
    void smallVPrefactorIsTheQuotedValueAndTheMseLimit() {
        rel(0.0077817464144574883081, CouplingTheory.simplexSmallVPrefactor(64), 1e-12);
        // the limit of MSE_SimRF / MSE_IID at m = d as v → 0
        int d = 64;
        double[] x = new double[d];
        double[] y = new double[d];
        x[0] = 1e-4;
        y[1] = 1e-4;
        double ratio = CouplingTheory.positiveMse(KernelKind.GAUSSIAN, x, y, d, Geometry.SIMPLEX)
                / CouplingTheory.positiveMse(KernelKind.GAUSSIAN, x, y, d, Geometry.IID);
        rel(CouplingTheory.simplexSmallVPrefactor(d), ratio, 1e-5);
    }

    @Test
    void iidGeometryReproducesBaseEstimators() {
        double[] x = {0.3, -0.2, 0.5};
        double[] y = {0.1, 0.4, -0.2};
        for (KernelKind k : KernelKind.values()) {
            for (int m : new int[] {1, 3, 7}) {
                rel(BaseFeatureTheory.positiveMse(k, x, y, m), CouplingTheory.positiveMse(k, x, y, m, Geometry.IID), 1e-13);
            }
        }
    }

    @Test
    void mseForOneBlockIsEquation11() {
        double[] x = {0.3, -0.2, 0.1, 0.4, 0.0, 0.2};
        double[] y = {0.1, 0.2, -0.3, 0.1, 0.2, 0.0};
        double v2 = Vectors.squaredNormOfSum(x, y, 1);
        // softmax units: Eq. 11 with e^{-|x|²-|y|²} in place of e^{-2|x|²-2|y|²}
        double pref = Math.exp(-(Vectors.squaredNorm(x) + Vectors.squaredNorm(y)));
        int m = 6;
        double rho = CouplingTheory.simplexConformity(6, v2);
        double eq11 = pref / m * ((Math.exp(2 * v2) - Math.exp(v2)) + (m - 1) * (rho - Math.exp(v2)));
        rel(eq11, CouplingTheory.positiveMse(KernelKind.SOFTMAX, x, y, m, Geometry.SIMPLEX), 1e-12);
        // the same number was confirmed by an independent 40 000-sample simulation (0.03076 ± 0.00061)
        rel(0.030964170496826173, eq11, 1e-9);
        // m = 1: no pairs, every geometry equals iid
        rel(BaseFeatureTheory.positiveMse(KernelKind.GAUSSIAN, x, y, 1),
                CouplingTheory.positiveMse(KernelKind.GAUSSIAN, x, y, 1, Geometry.SIMPLEX), 1e-13);
    }

    @Test
    void positiveOrthogonalityGapIsCorrectedEquation25() {
        double[] x = {0.3, -0.2, 0.1, 0.4, 0.0, 0.2};
        double[] y = {0.1, 0.2, -0.3, 0.1, 0.2, 0.0};
        double v2 = Vectors.squaredNormOfSum(x, y, 1);
        int m = 4;
        int d = 6;
        // corrected Eq. 25 summed directly with the 2^k: e^{-2|x|²-2|y|²} (m-1)/m Σ v^{2k}/k! (1 - r_k)
        double s = 0;
        double r = 1;
        double term = 1;
        for (int k = 0; k < 80; k++) {
            if (k > 0) {
                r *= (d + k - 1.0) / (d + 2.0 * (k - 1));
                term *= v2 / k;
            }
            s += term * (1 - r);
        }
        double pref = Math.exp(-2 * (Vectors.squaredNorm(x) + Vectors.squaredNorm(y)));
        double expected = pref * (m - 1.0) / m * s;
        rel(expected, CouplingTheory.positiveOrthogonalityGap(KernelKind.GAUSSIAN, x, y, m), 1e-12);
        rel(CouplingTheory.positiveMse(KernelKind.GAUSSIAN, x, y, m, Geometry.IID)
                - CouplingTheory.positiveMse(KernelKind.GAUSSIAN, x, y, m, Geometry.ORTHOGONAL), expected, 1e-9);
        // the printed Eq. 25 (without 2^{-k}) gives a different, wrong number
        double printed = 0;
        double t = 1;
        for (int k = 0; k < 80; k++) {
            if (k > 0) {
                t *= v2 / k;
            }
            printed += t * Math.exp(Gamma(k + d) - Gamma(k + d / 2.0));
        }
        printed = pref * (m - 1.0) / m * (Math.exp(v2) - Math.exp(Gamma(d / 2.0) - Gamma(d)) * printed);
        assertTrue(Math.abs(printed - expected) > 0.5 * expected, "printed Eq. 25 should be off: " + printed);
    }

    private static double Gamma(double x) {
        return org.rf4j.theory.special.Gamma.logGamma(x);
    }

    @Test
    void trigonometricCovarianceMatchesReferencesEvenUnderCancellation() {
        rel(-0.010464122877513916371, CouplingTheory.trigonometricOrthogonalCovariance(6, 0.5), 1e-14);
        rel(-0.000011567941352376604792, CouplingTheory.trigonometricOrthogonalCovariance(5, 30.0), 1e-13);
        rel(-0.0035987014566707290022, CouplingTheory.trigonometricOrthogonalCovariance(64, 3.0), 1e-14);
        rel(-9.9928597215910276576e-8, CouplingTheory.trigonometricOrthogonalCovariance(3, 1e-3), 1e-13);
        rel(0.000011387821024092187479, CouplingTheory.trigonometricOrthogonalCovariance(16, 12.0), 1e-13);
        // z² = 402 (y = 201) switches to the large-argument expansion; 60-digit mpmath references
        rel(-0.0025063610933329193419, CouplingTheory.trigonometricOrthogonalCovariance(1, 402.0), 1e-13);
        rel(4.7964282989624726578e-8, CouplingTheory.trigonometricOrthogonalCovariance(3, 402.0), 1e-13);
        assertEquals(0.0, CouplingTheory.trigonometricOrthogonalCovariance(4, 402.0), 1e-80);
        // just below the switch the extended-precision series is used (378 digits)
        rel(4.9068570530508221409e-8, CouplingTheory.trigonometricOrthogonalCovariance(3, 399.0), 1e-13);
    }

    @Test
    void trigonometricMseRatioUsesTheCorrectedDenominatorOfEquation77() {
        int d = 8;
        int m = 8;
        double[] x = {0.2, 0.1, -0.3, 0, 0.4, 0.1, 0, 0.2};
        double[] y = new double[8];
        double z2 = Vectors.squaredNormOfSum(x, y, -1);
        double ratio = CouplingTheory.trigonometricOrthogonalMse(KernelKind.GAUSSIAN, x, y, m)
                / BaseFeatureTheory.trigonometricMse(KernelKind.GAUSSIAN, x, y, m);
        rel(ratio, CouplingTheory.trigonometricOrthogonalMseRatio(d, m, z2), 1e-12);
        // Eq. 27's leading term: 1 − (m−1) e^{−z²} z⁴ / (d (1 − e^{−z²})²) + O(1/d²), here at d = 1024 and small m
        int big = 1024;
        double t = -Math.expm1(-z2);
        double asymptotic = 1 - 3 * Math.exp(-z2) * z2 * z2 / (big * t * t);
        assertEquals(asymptotic, CouplingTheory.trigonometricOrthogonalMseRatio(big, 4, z2), 1e-4);
        // the RFF gap (Eq. 26) is positive at small z and negative beyond z_crit(d): at d = 3, z² = 16
        // the covariance is +2.3e-3 (40-digit reference), so ORFs lose there
        double[] far = {4, 0, 0};
        double[] near = {0.3, 0, 0};
        double[] origin = {0, 0, 0};
        assertTrue(CouplingTheory.trigonometricOrthogonalityGap(KernelKind.GAUSSIAN, near, origin, 3) > 0);
        assertTrue(CouplingTheory.trigonometricOrthogonalityGap(KernelKind.GAUSSIAN, far, origin, 3) < 0);
    }

    @Test
    void largeInputsStayFiniteInLogSpace() {
        double[] x = {20, 0, 0, 0};
        double[] y = {20, 0, 0, 0};
        double log = CouplingTheory.logPositiveMse(KernelKind.SOFTMAX, x, y, 4, Geometry.SIMPLEX);
        assertTrue(Double.isFinite(log) && log > 700, "log MSE = " + log);
        assertTrue(Double.isFinite(CouplingTheory.logConformity(4, 0, 1600)));
    }

    @Test
    void badArgumentsAreRejected() {
        assertThrows(InvalidParameterException.class, () -> CouplingTheory.simplexConformity(1, 1));
        assertThrows(InvalidParameterException.class, () -> CouplingTheory.conformity(4, 1.5, 1));
        assertThrows(InvalidParameterException.class, () -> CouplingTheory.conformity(4, 0, Double.NaN));
        assertThrows(InvalidParameterException.class, () -> CouplingTheory.logConformityGap(4, 0.2, 1));
        assertThrows(InvalidParameterException.class, () -> CouplingTheory.trigonometricOrthogonalMseRatio(4, 5, 1));
        assertThrows(org.rf4j.api.DimensionMismatchException.class,
                () -> CouplingTheory.positiveMse(KernelKind.SOFTMAX, new double[2], new double[3], 2, Geometry.SIMPLEX));
    }
}
