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
import org.rf4j.api.DimensionMismatchException;
import org.rf4j.api.InvalidInputException;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.theory.special.Quadrature;

/**
 * Exact kernel values against scikit-learn 1.2.1 ({@code Matern}, {@code RationalQuadratic},
 * {@code laplacian_kernel}, {@code polynomial_kernel}; the χ² kernels by their defining formulas in
 * numpy, as {@code AdditiveChi2Sampler} and {@code SkewedChi2Sampler} document them), to 1e-12
 * relative: the Matérn table covers the closed forms (ν = ½, 3⁄2, 5⁄2) and the Bessel path
 * (ν = 0.3, 1, 3.7, 10), so a wrong √(2ν) scaling, a wrong prefactor or a wrong Bessel order fails.
 * The arc-cosine angular parts J₀ … J₄ are checked against their integral definition by quadrature.
 */
class ExactKernelsReferenceTest {
    private static final double[][] X = {{0.1, -0.4, 0.7}, {1.2, 0.3, -0.5}, {0.0, 0.0, 0.0}, {2.5, -1.0, 3.0}};
    private static final double[][] Y = {{0.3, 0.2, 0.1}, {-0.8, 0.9, 0.4}, {0.05, 0.0, -0.02}, {0.0, 1.0, -1.0}};
    /** {ν, ℓ, k(X_i, Y_i) for i = 0..3}, scikit-learn Matern. */
    private static final double[][] MATERN = {
        {0.5, 0.7, 0.28782584167864783, 0.0388427657678568, 0.9259538109012888, 0.0006626586566004481},
        {0.5, 2.0, 0.6466889261175244, 0.32081786998788264, 0.9734334442108847, 0.07717052529973162},
        {1.5, 0.7, 0.365151451147049, 0.023871067151659858, 0.9918730179373105, 4.268874369707843e-05},
        {1.5, 2.0, 0.824874504033414, 0.41442404195060595, 0.998945727704113, 0.06432406904196712},
        {2.5, 0.7, 0.39328323530747705, 0.018114804724732078, 0.995101339360877, 8.320651137664917e-06},
        {2.5, 2.0, 0.8645553309309862, 0.44828507721428507, 0.9993963636041048, 0.05746417310900896},
        {0.3, 0.7, 0.24611673862112224, 0.04448696228575555, 0.8254529506396421, 0.0016379077292302494},
        {0.3, 2.0, 0.5326603554674977, 0.27145728480858217, 0.9065635108106741, 0.07890920731126705},
        {1.0, 0.7, 0.3390352935309301, 0.02926184508860532, 0.9831947288419667, 0.00013341570588915917},
        {1.0, 2.0, 0.7740320081377544, 0.38267651168876693, 0.997183471171464, 0.0698366516398579},
        {3.7, 0.7, 0.41085775582430284, 0.014643791625498455, 0.9959578158725154, 2.0788649271624394e-06},
        {3.7, 2.0, 0.8816820474566982, 0.46899420072310544, 0.999503436581084, 0.052807041978150275},
        {10.0, 0.7, 0.43981923456639366, 0.0091194165311838, 0.9967180906709656, 4.4984890129900927e-08},
        {10.0, 2.0, 0.9004390945733363, 0.5018341505716439, 0.9995973134608134, 0.044448583206947376},
    };
    /** {α, ℓ, k(X_i, Y_i)}, scikit-learn RationalQuadratic. */
    private static final double[][] RATIONAL_QUADRATIC = {
        {0.5, 0.7, 0.6260990336999411, 0.294231946196439, 0.9970538870300403, 0.1353684133387214},
        {0.5, 2.0, 0.9166984970282113, 0.6604581866838264, 0.9996376969903635, 0.36363636363636365},
        {1.0, 0.7, 0.5632183908045977, 0.15934959349593494, 0.9970495472581137, 0.03598971722365038},
        {1.0, 2.0, 0.9132420091324202, 0.6074411541381929, 0.9996376313586325, 0.23357664233576642},
        {3.0, 0.7, 0.5016915878625154, 0.04764084200465399, 0.9970466445886883, 0.0010217383776328654},
        {3.0, 2.0, 0.9107135622481298, 0.5569605537989454, 0.9996375875865273, 0.10894957158959047},
    };
    /** {γ, k(X_i, Y_i)}, scikit-learn laplacian_kernel. */
    private static final double[][] LAPLACIAN = {
        {0.3, 0.6570468198150567, 0.3499377491111553, 0.9792189645694596, 0.07808166600115317},
        {1.7, 0.09255057751034329, 0.0026058405184084983, 0.8878078007619501, 5.302061201824291e-07},
    };
    /** {γ, c, p, k(X_i, Y_i)}, scikit-learn polynomial_kernel. */
    private static final double[][] POLYNOMIAL = {
        {0.5, 1.0, 2, 1.0201, 0.30802500000000005, 1.0, 1.0},
        {1.0, 0.0, 3, 7.999999999999988e-06, -0.7049689999999997, 0.0, -64.0},
        {0.2, -1.0, 4, 0.984095744256, 1.9256668838559996, 1.0, 10.4976},
        {2.0, 0.5, 1, 0.54, -1.2799999999999998, 0.5, -7.5},
    };
    private static final double[][] H = {{0.1, 0.0, 0.7, 2.0}, {1.2, 0.3, 0.0, 0.0}, {0.0, 0.0, 0.0, 0.0}};
    private static final double[][] G = {{0.3, 0.2, 0.1, 0.0}, {0.0, 0.9, 0.4, 1.0}, {0.05, 0.0, 0.5, 3.0}};
    private static final double[] ADDITIVE_CHI2 = {0.32499999999999996, 0.45000000000000007, 0.0};
    /** {c, k(H_i, G_i)}. */
    private static final double[][] SKEWED_CHI2 = {
        {0.5, 0.6857926664981866, 0.669224685750573, 0.6229021228682092},
        {1.0, 0.83947566239594, 0.8464988302292423, 0.783603537046549},
        {4.0, 0.9769479979973481, 0.9821047227568627, 0.9604068992931094},
    };

    @Test
    void maternMatchesScikitLearn() {
        for (double[] r : MATERN) {
            for (int i = 0; i < X.length; i++) {
                assertThat(ExactKernels.matern(r[0], r[1], X[i], Y[i])).as("nu=%s l=%s row %d", r[0], r[1], i)
                        .isCloseTo(r[2 + i], within(1e-12 * r[2 + i]));
            }
        }
        assertThat(ExactKernels.exponential(2.0, X[0], Y[0])).isEqualTo(ExactKernels.matern(0.5, 2.0, X[0], Y[0]));
    }

    /** The Bessel path agrees with the closed forms where both apply (ν just off ½, 3⁄2, 5⁄2 and at them). */
    /**
     * At the smallest distances the general-ν form takes its small-z series: finite, at most 1, and
     * continuous with the Bessel form where both hold (z = 1e-8 … 1e-6, where the series' dropped O(z²)
     * terms are below 1e-12), for ν below and above 1. Before the series, r = 4.9e-324 gave NaN, and
     * ν = 1.3 overflowed to infinity from z = 1e-290.
     */
    @Test
    void generalNuIsFiniteAndContinuousAtTheSmallestDistances() {
        for (double nu : new double[] {0.05, 0.7, 1.3, 3.7}) {
            double tiny = ExactKernels.maternOfDistance(nu, 1.0, Double.MIN_VALUE);
            assertThat(tiny).as("nu %s at r = MIN_VALUE", nu).isFinite().isLessThanOrEqualTo(1.0).isGreaterThan(0.9);
            double c = Math.sqrt(2 * nu);
            for (double z = 1e-8; z < 2e-6; z *= 10) {
                double bessel = ExactKernels.maternOfDistance(nu, 1.0, z / c);
                double series = nu < 1
                        ? 1 - Math.exp(org.rf4j.theory.special.Gamma.logGamma(1 - nu)
                                - org.rf4j.theory.special.Gamma.logGamma(1 + nu) + 2 * nu * Math.log(z / 2))
                        : 1.0;
                assertThat(bessel).as("nu %s, z %s", nu, z).isCloseTo(series, within(1e-12 * series));
            }
        }
    }

    @Test
    void besselPathMeetsTheClosedForms() {
        for (double nu : new double[] {0.5, 1.5, 2.5}) {
            for (double r = 0.01; r < 20; r *= 1.9) {
                double closed = ExactKernels.maternOfDistance(nu, 1.3, r);
                double near = ExactKernels.maternOfDistance(Math.nextUp(nu), 1.3, r);
                assertThat(near).as("nu=%s r=%s", nu, r).isCloseTo(closed, within(1e-12 * closed));
            }
        }
        assertThat(ExactKernels.maternOfDistance(0.7, 1, 0)).isEqualTo(1.0);
        assertThat(ExactKernels.maternOfDistance(0.7, 1, 1e-200)).isCloseTo(1.0, within(1e-12));
        assertThat(ExactKernels.maternOfDistance(60.0, 1, 2000)).isEqualTo(0.0);
    }

    @Test
    void rationalQuadraticLaplacianAndPolynomialMatchScikitLearn() {
        for (double[] r : RATIONAL_QUADRATIC) {
            for (int i = 0; i < X.length; i++) {
                assertThat(ExactKernels.rationalQuadratic(r[0], r[1], X[i], Y[i])).isCloseTo(r[2 + i], within(1e-12 * r[2 + i]));
            }
        }
        for (double[] r : LAPLACIAN) {
            for (int i = 0; i < X.length; i++) {
                assertThat(ExactKernels.laplacian(r[0], X[i], Y[i])).isCloseTo(r[1 + i], within(1e-12 * r[1 + i]));
            }
        }
        for (double[] r : POLYNOMIAL) {
            for (int i = 0; i < X.length; i++) {
                assertThat(ExactKernels.polynomial(r[0], r[1], (int) r[2], X[i], Y[i]))
                        .isCloseTo(r[3 + i], within(1e-12 * Math.max(1, Math.abs(r[3 + i]))));
            }
        }
    }

    @Test
    void chiSquaredKernelsMatchTheirDefinitions() {
        for (int i = 0; i < H.length; i++) {
            assertThat(ExactKernels.additiveChi2(H[i], G[i])).isCloseTo(ADDITIVE_CHI2[i], within(1e-15));
            for (double[] r : SKEWED_CHI2) {
                assertThat(ExactKernels.skewedChi2(r[0], H[i], G[i])).isCloseTo(r[1 + i], within(1e-12 * r[1 + i]));
            }
        }
    }

    /**
     * {@code J_n(θ) = 2ⁿ n! ∫_{θ−π/2}^{π/2} cosⁿφ cosⁿ(φ−θ) dφ} (the Gaussian integral of the arc-cosine
     * kernel in the plane of x and y, radial part done), by tanh–sinh quadrature, n = 0 … 4, to 1e-12.
     */
    @Test
    void arcCosineAngularPartsMatchTheirIntegral() {
        double factorial = 1;
        for (int n = 0; n <= 4; n++) {
            if (n > 0) {
                factorial *= n;
            }
            for (double theta : new double[] {0.0, 0.3, 1.0, Math.PI / 2, 2.2, 3.1}) {
                int order = n;
                double integral = Quadrature.tanhSinh(theta - Math.PI / 2, Math.PI / 2, 1.0 / 64)
                        .integrate(phi -> Math.pow(Math.cos(phi) * Math.cos(phi - theta), order));
                double expected = Math.pow(2, n) * factorial * integral;
                assertThat(ExactKernels.arcCosineJ(n, theta)).as("J_%d(%s)", n, theta)
                        .isCloseTo(expected, within(1e-12 * Math.max(1, expected)));
            }
        }
    }

    @Test
    void arcCosineUsesNormsAndAngle() {
        double[] x = {3, 0};
        double[] y = {0, 2};
        // θ = π/2: k0 = 1/2, k1 = (1/π)·6·1, k2 = (1/π)·36·J2(π/2) = (1/π)·36·(π/2)
        assertThat(ExactKernels.arcCosine(0, x, y)).isCloseTo(0.5, within(1e-15));
        assertThat(ExactKernels.arcCosine(1, x, y)).isCloseTo(6 / Math.PI, within(1e-15));
        assertThat(ExactKernels.arcCosine(2, x, y)).isCloseTo(18, within(1e-13));
        // x = y: θ = 0, k_n = (1/π)|x|^{2n}·J_n(0) with J_0(0) = π, J_1(0) = π, J_2(0) = 3π
        assertThat(ExactKernels.arcCosine(0, x, x)).isCloseTo(1, within(1e-15));
        assertThat(ExactKernels.arcCosine(1, x, x)).isCloseTo(9, within(1e-13));
        assertThat(ExactKernels.arcCosine(2, x, x)).isCloseTo(243, within(1e-12));
        assertThat(ExactKernels.arcCosine(1, new double[] {0, 0}, y)).isEqualTo(0.0);
    }

    @Test
    void badParametersAndInputsAreRefusedByName() {
        double[] x = {1, 2};
        assertThatThrownBy(() -> ExactKernels.matern(0, 1, x, x)).isInstanceOf(InvalidParameterException.class)
                .hasMessageContaining("'nu' = 0.0");
        assertThatThrownBy(() -> ExactKernels.rationalQuadratic(1, -2, x, x)).hasMessageContaining("'lengthscale' = -2.0");
        assertThatThrownBy(() -> ExactKernels.arcCosine(3, x, x)).hasMessageContaining("'order' = 3");
        assertThatThrownBy(() -> ExactKernels.polynomial(1, 0, 0, x, x)).hasMessageContaining("'degree' = 0");
        assertThatThrownBy(() -> ExactKernels.laplacian(1, x, new double[] {1})).isInstanceOf(DimensionMismatchException.class);
        assertThatThrownBy(() -> ExactKernels.laplacian(1, x, new double[] {1, Double.NaN}))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("y[2] = NaN");
        assertThatThrownBy(() -> ExactKernels.additiveChi2(x, new double[] {1, -0.5}))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("y[2] = -0.5").hasMessageContaining(">= 0");
        assertThatThrownBy(() -> ExactKernels.skewedChi2(1, new double[] {-1, 0}, x))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("x[1] = -1.0").hasMessageContaining("> -1.0");
    }
}
