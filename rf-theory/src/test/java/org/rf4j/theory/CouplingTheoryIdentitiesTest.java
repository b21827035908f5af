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
import org.rf4j.api.DimensionMismatchException;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.kernel.KernelKind;
import org.rf4j.theory.CouplingTheory.Geometry;

/**
 * Identities that tie {@link CouplingTheory}'s public functions to each other and to independent
 * references: each gap is exactly the difference of the two MSEs it names (so a wrong pair count or
 * a wrong power of m in one of them shows), the block pair count is Σ n_b(n_b − 1), the
 * large-argument expansion of ₁F₁ agrees with a direct extended-precision series for odd and even
 * d, and every public function rejects bad arguments naming the key.
 */
class CouplingTheoryIdentitiesTest {

    private static double[] vec(double... v) {
        return v;
    }

    private static void rel(double expected, double actual, double tol, String what) {
        assertThat(actual).as(what).isCloseTo(expected, within(tol * Math.abs(expected) + 1e-300));
    }

    /** (d, m) with one block, full blocks, and partial blocks of one and two vectors. */
    private static final int[][] SHAPES = {{4, 1}, {4, 3}, {4, 4}, {4, 5}, {4, 6}, {4, 11}, {3, 7}, {6, 6}};

    private static double[][] pair(int d, double lx, double ly) {
        double[] x = new double[d];
        double[] y = new double[d];
        for (int k = 0; k < d; k++) {
            x[k] = Math.sin(1.0 + k);
            y[k] = Math.cos(2.0 + 3 * k);
        }
        scale(x, lx);
        scale(y, ly);
        return new double[][] {x, y};
    }

    private static void scale(double[] v, double len) {
        double s = 0;
        for (double t : v) {
            s += t * t;
        }
        for (int k = 0; k < v.length; k++) {
            v[k] *= len / Math.sqrt(s);
        }
    }

    private static double pairs(int m, int d) {
        int full = m / d;
        int rem = m % d;
        return (double) full * d * (d - 1) + (double) rem * (rem - 1);
    }

    @Test
    void trigonometricGapIsTheDifferenceOfTheMsesAndCountsPairsPerBlock() {
        for (int[] s : SHAPES) {
            int d = s[0];
            int m = s[1];
            for (double len : new double[] {0.4, 1.3}) {
                double[][] p = pair(d, len, 0.7 * len);
                double[] x = p[0];
                double[] y = p[1];
                for (KernelKind kind : KernelKind.values()) {
                    double iid = BaseFeatureTheory.trigonometricMse(kind, x, y, m);
                    double orf = CouplingTheory.trigonometricOrthogonalMse(kind, x, y, m);
                    double gap = CouplingTheory.trigonometricOrthogonalityGap(kind, x, y, m);
                    assertThat(gap).as("d=%d m=%d %s: gap = iid − orf", d, m, kind)
                            .isCloseTo(iid - orf, within(1e-12 * iid));
                }
                double z2 = 0;
                for (int k = 0; k < d; k++) {
                    z2 += (x[k] - y[k]) * (x[k] - y[k]);
                }
                double cov = CouplingTheory.trigonometricOrthogonalCovariance(d, z2);
                double gap = CouplingTheory.trigonometricOrthogonalityGap(KernelKind.GAUSSIAN, x, y, m);
                rel(-pairs(m, d) * cov / ((double) m * m), gap, 1e-12, "Eq. 26 with Σ n(n−1) pairs, d=" + d + " m=" + m);
            }
        }
    }

    @Test
    void positiveGapIsTheDifferenceOfTheMsesAndScalesAsPairsOverMSquared() {
        for (int[] s : SHAPES) {
            int d = s[0];
            int m = s[1];
            double[][] p = pair(d, 0.6, 0.5);
            for (KernelKind kind : KernelKind.values()) {
                double iid = BaseFeatureTheory.positiveMse(kind, p[0], p[1], m);
                double orf = CouplingTheory.positiveMse(kind, p[0], p[1], m, Geometry.ORTHOGONAL);
                double gap = CouplingTheory.positiveOrthogonalityGap(kind, p[0], p[1], m);
                assertThat(gap).as("d=%d m=%d %s: positive gap = iid − orf", d, m, kind)
                        .isCloseTo(iid - orf, within(1e-9 * iid));
            }
        }
        // the scale: twice the projections (two full blocks instead of one) halve the gap
        double[][] p = pair(4, 0.6, 0.5);
        double one = CouplingTheory.positiveOrthogonalityGap(KernelKind.SOFTMAX, p[0], p[1], 4);
        double two = CouplingTheory.positiveOrthogonalityGap(KernelKind.SOFTMAX, p[0], p[1], 8);
        rel(one / 2, two, 1e-12, "gap(2d) = gap(d)/2");
    }

    @Test
    void simplexMseIsBelowOrthogonalBelowIidForEveryBlockShape() {
        for (int[] s : SHAPES) {
            int d = s[0];
            int m = s[1];
            double[][] p = pair(d, 0.6, 0.5);
            double iid = CouplingTheory.positiveMse(KernelKind.GAUSSIAN, p[0], p[1], m, Geometry.IID);
            double orf = CouplingTheory.positiveMse(KernelKind.GAUSSIAN, p[0], p[1], m, Geometry.ORTHOGONAL);
            double sim = CouplingTheory.positiveMse(KernelKind.GAUSSIAN, p[0], p[1], m, Geometry.SIMPLEX);
            rel(BaseFeatureTheory.positiveMse(KernelKind.GAUSSIAN, p[0], p[1], m), iid, 1e-12, "IID geometry");
            if (m == 1) {
                rel(iid, orf, 1e-12, "one vector: no pairs");
                rel(iid, sim, 1e-12, "one vector: no pairs");
            } else {
                assertThat(orf).as("d=%d m=%d orthogonal < iid", d, m).isLessThan(iid);
                assertThat(sim).as("d=%d m=%d simplex < orthogonal", d, m).isLessThan(orf);
            }
        }
    }

    /** ₁F₁(d; d/2; −y) by its series in extended precision (an independent reference). */
    private static double hypergeometric(int d, double y) {
        int digits = 60 + (int) Math.ceil(2 * y / Math.log(10));
        MathContext mc = new MathContext(digits);
        BigDecimal negY = new BigDecimal(-y);
        BigDecimal term = BigDecimal.ONE;
        BigDecimal sum = BigDecimal.ONE;
        BigDecimal small = new BigDecimal("1e-60");
        for (int k = 0; k < 20 * y + 200; k++) {
            // term_{k+1} = term_k · (d + k) / (d/2 + k) · (−y) / (k + 1)
            term = term.multiply(BigDecimal.valueOf(2L * (d + k)), mc).multiply(negY, mc)
                    .divide(BigDecimal.valueOf((long) (d + 2 * k) * (k + 1)), mc);
            sum = sum.add(term, mc);
            if (k > 2 * y && term.abs().compareTo(small) < 0) {
                break;
            }
        }
        return sum.doubleValue();
    }

    /**
     * Above y = z²/2 = 200 the covariance uses the large-argument expansion whose sign alternates with
     * (d − 1)/2 for odd d: checked against the direct series for d = 1, 3, 5, 7, 9 and 11 (and 0 up to
     * e^{−2y} for even d).
     */
    @Test
    void largeArgumentExpansionMatchesTheSeriesForOddAndEvenD() {
        for (int d = 1; d <= 12; d++) {
            for (double y : new double[] {210, 260}) {
                double exact = hypergeometric(d, y);
                double got = CouplingTheory.trigonometricOrthogonalPairExpectation(d, 2 * y);
                if (d % 2 == 1) {
                    assertThat(Math.signum(got)).as("sign at d=%d", d).isEqualTo(Math.signum(exact));
                    rel(exact, got, 1e-9, "₁F₁(" + d + "; " + d / 2.0 + "; −" + y + ")");
                } else {
                    assertThat(Math.abs(got)).as("even d=%d: e^{−y}·poly", d).isLessThan(1e-60);
                    assertThat(Math.abs(exact)).isLessThan(1e-60);
                }
            }
        }
    }

    @Test
    void everyPublicFunctionRejectsBadArgumentsNamingTheKey() {
        double[] x = vec(0.1, 0.2);
        double[] y = vec(0.3, -0.1);
        for (int m : new int[] {0, -3}) {
            assertThatThrownBy(() -> CouplingTheory.positiveMse(KernelKind.GAUSSIAN, x, y, m, Geometry.ORTHOGONAL))
                    .isInstanceOf(InvalidParameterException.class).hasMessageContaining("m");
            assertThatThrownBy(() -> CouplingTheory.logPositiveMse(KernelKind.SOFTMAX, x, y, m, Geometry.SIMPLEX))
                    .isInstanceOf(InvalidParameterException.class).hasMessageContaining("m");
            assertThatThrownBy(() -> CouplingTheory.positiveOrthogonalityGap(KernelKind.GAUSSIAN, x, y, m))
                    .isInstanceOf(InvalidParameterException.class).hasMessageContaining("m");
            assertThatThrownBy(() -> CouplingTheory.trigonometricOrthogonalMse(KernelKind.GAUSSIAN, x, y, m))
                    .isInstanceOf(InvalidParameterException.class).hasMessageContaining("m");
            assertThatThrownBy(() -> CouplingTheory.trigonometricOrthogonalityGap(KernelKind.GAUSSIAN, x, y, m))
                    .isInstanceOf(InvalidParameterException.class).hasMessageContaining("m");
            assertThatThrownBy(() -> CouplingTheory.trigonometricOrthogonalMseRatio(4, m, 1))
                    .isInstanceOf(InvalidParameterException.class).hasMessageContaining("m");
        }
        assertThatThrownBy(() -> CouplingTheory.trigonometricOrthogonalMseRatio(4, 5, 1))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("m");
        assertThat(CouplingTheory.trigonometricOrthogonalMseRatio(4, 4, 1)).isFinite();
        assertThat(CouplingTheory.trigonometricOrthogonalMseRatio(4, 1, 1)).isEqualTo(1.0);
        assertThatThrownBy(() -> CouplingTheory.trigonometricOrthogonalMseRatio(0, 1, 1))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("d");
        assertThatThrownBy(() -> CouplingTheory.positiveMse(KernelKind.GAUSSIAN, vec(1), y, 2, Geometry.IID))
                .isInstanceOf(DimensionMismatchException.class);
        assertThatThrownBy(() -> CouplingTheory.positiveMse(KernelKind.GAUSSIAN, vec(), vec(), 2, Geometry.IID))
                .isInstanceOf(DimensionMismatchException.class);
        for (int d : new int[] {0, -1}) {
            assertThatThrownBy(() -> CouplingTheory.logConformity(d, 0, 1)).isInstanceOf(InvalidParameterException.class)
                    .hasMessageContaining("d");
            assertThatThrownBy(() -> CouplingTheory.logConformityGap(d, 0, 1))
                    .isInstanceOf(InvalidParameterException.class).hasMessageContaining("d");
            assertThatThrownBy(() -> CouplingTheory.trigonometricOrthogonalCovariance(d, 1))
                    .isInstanceOf(InvalidParameterException.class).hasMessageContaining("d");
        }
        assertThat(CouplingTheory.logConformity(1, 0, 1)).isFinite();
        assertThat(CouplingTheory.trigonometricOrthogonalCovariance(1, 1)).isFinite();
        for (double c : new double[] {-1.0001, 1.0001, Double.NaN}) {
            assertThatThrownBy(() -> CouplingTheory.logConformity(4, c, 1)).isInstanceOf(InvalidParameterException.class)
                    .hasMessageContaining("cosine");
            assertThatThrownBy(() -> CouplingTheory.logConformityGap(4, c, 1))
                    .isInstanceOf(InvalidParameterException.class).hasMessageContaining("cosine");
        }
        assertThat(CouplingTheory.logConformity(4, -1, 1)).isFinite();
        assertThat(CouplingTheory.logConformity(4, 1, 1)).isFinite();
        for (double v2 : new double[] {-1e-9, Double.NaN, Double.POSITIVE_INFINITY, CouplingTheory.MAX_SQUARED_NORM * 1.0001}) {
            assertThatThrownBy(() -> CouplingTheory.logConformity(4, 0, v2)).isInstanceOf(InvalidParameterException.class)
                    .hasMessageContaining("v2");
            assertThatThrownBy(() -> CouplingTheory.logConformityGap(4, 0, v2))
                    .isInstanceOf(InvalidParameterException.class).hasMessageContaining("v2");
            assertThatThrownBy(() -> CouplingTheory.trigonometricOrthogonalCovariance(4, v2))
                    .isInstanceOf(InvalidParameterException.class).hasMessageContaining("v2");
        }
        assertThat(CouplingTheory.logConformity(4, 0, 0)).isZero();
        assertThat(CouplingTheory.logConformityGap(4, 0, 0)).isEqualTo(Double.NEGATIVE_INFINITY);
        assertThat(CouplingTheory.trigonometricOrthogonalCovariance(4, 0)).isZero();
        assertThatThrownBy(() -> CouplingTheory.simplexSmallVPrefactor(1)).isInstanceOf(InvalidParameterException.class)
                .hasMessageContaining("d");
        assertThatThrownBy(() -> CouplingTheory.simplexConformity(1, 0.5)).isInstanceOf(InvalidParameterException.class)
                .hasMessageContaining("d");
        assertThat(CouplingTheory.simplexSmallVPrefactor(2)).isBetween(0.0, 1.0);
    }
}
