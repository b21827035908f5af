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
package org.rf4j.features.kernelmaps;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Matrix;
import org.rf4j.testkit.MonteCarlo;
import org.rf4j.theory.DotProductTheory;
import org.rf4j.theory.ExactKernels;

/**
 * The polynomial kernel's maps against {@code ExactKernels.polynomial}. TensorSketch: 4,000 maps of
 * m = 16 per case (degrees 1, 2, 3, with and without coef0, a positive and a negative xᵀy); the mean
 * within 4.5 standard errors, that tolerance (the bias the check detects) at most 5% of
 * {@code √(k(x,x)k(y,y))}, and the MSE against {@link DotProductTheory#tensorSketchVariance}. Random
 * Maclaurin: 4,000 maps of
 * m = 32; the mean likewise, and the MSE against
 * {@link DotProductTheory#randomMaclaurinVariance} with the Rademacher fourth moment.
 */
class PolynomialFeaturesTest {
    private static final double[][][] PAIRS = {
        {{0.9, -0.2, 0.4, 1.1}, {0.5, 0.3, -0.1, 0.8}},
        {{0.9, -0.2, 0.4, 1.1}, {-0.7, 0.6, 0.2, -0.3}},
    };

    @Test
    void tensorSketchIsUnbiased() {
        for (int degree = 1; degree <= 3; degree++) {
            for (double coef0 : new double[] {0.0, 1.0}) {
                for (double[][] p : PAIRS) {
                    int deg = degree;
                    double k = ExactKernels.polynomial(0.5, coef0, degree, p[0], p[1]);
                    MonteCarlo.Estimates e = KernelMapMonteCarlo.run(4000, 11L * degree, k, p[0], p[1],
                            seed -> new TensorSketchFeatures(4, 16, 0.5, coef0, deg, seed));
                    double scale = Math.sqrt(ExactKernels.polynomial(0.5, coef0, degree, p[0], p[0])
                            * ExactKernels.polynomial(0.5, coef0, degree, p[1], p[1]));
                    KernelMapMonteCarlo.assertUnbiased(e, k, scale, 0.05, "tensor sketch degree " + degree
                            + " coef0 " + coef0 + " k " + k);
                    e.assertMse(DotProductTheory.tensorSketchVariance(0.5, coef0, degree, 16, p[0], p[1]));
                }
            }
        }
    }

    /** The closed-form variance at an odd m (g = gcd(2, m) = 1) and through the FFT path. */
    @Test
    void tensorSketchMseAtOddMAndThroughTheFft() {
        double[] x = PAIRS[0][0];
        double[] y = PAIRS[0][1];
        double k = ExactKernels.polynomial(0.5, 1.0, 3, x, y);
        MonteCarlo.Estimates e = KernelMapMonteCarlo.run(4000, 5, k, x, y,
                seed -> new TensorSketchFeatures(4, 15, 0.5, 1.0, 3, seed));
        e.assertMse(DotProductTheory.tensorSketchVariance(0.5, 1.0, 3, 15, x, y));
        MonteCarlo.Estimates viaFft = KernelMapMonteCarlo.run(4000, 6, k, x, y,
                seed -> new TensorSketchFeatures(4, 16, 0.5, 1.0, 3, seed, true));
        viaFft.assertMse(DotProductTheory.tensorSketchVariance(0.5, 1.0, 3, 16, x, y));
    }

    /** The definition: φ[t] = Σ over tuples with Σ_k h_k(i_k) ≡ t (mod m) of Π_k s_k(i_k)v_{i_k}. */
    @Test
    void tensorSketchIsTheCountSketchOfTheTensorPower() {
        for (int degree = 1; degree <= 4; degree++) {
            int m = 5;
            TensorSketchFeatures f = new TensorSketchFeatures(3, m, 0.8, 0.7, degree, 3 + degree);
            double[] x = {0.4, 0.0, -1.3};
            double[] v = {Math.sqrt(0.8) * x[0], Math.sqrt(0.8) * x[1], Math.sqrt(0.8) * x[2], Math.sqrt(0.7)};
            double[] expected = new double[m];
            int tuples = (int) Math.pow(4, degree);
            for (int code = 0; code < tuples; code++) {
                int c = code;
                int t = 0;
                double term = 1;
                for (int k = 0; k < degree; k++) {
                    int i = c % 4;
                    c /= 4;
                    t += f.hash(k, i);
                    term *= f.sign(k, i) * v[i];
                }
                expected[t % m] += term;
            }
            double[] actual = f.transform(Matrix.row(x)).data();
            for (int t = 0; t < m; t++) {
                assertThat(actual[t]).as("degree %d, feature %d", degree, t).isCloseTo(expected[t], within(1e-12));
            }
        }
    }

    /** coef0 is the appended coordinate √c, and γ scales the input by √γ: the same bits as doing it by hand. */
    @Test
    void coef0IsTheAppendedRootCoordinate() {
        double[] x = {0.4, 0.0, -1.3};
        double g = 0.3;
        double c = 2.0;
        TensorSketchFeatures f = new TensorSketchFeatures(3, 32, g, c, 2, 17);
        TensorSketchFeatures byHand = new TensorSketchFeatures(4, 32, 1.0, 0.0, 2, 17);
        double[] v = {Math.sqrt(g) * x[0], Math.sqrt(g) * x[1], Math.sqrt(g) * x[2], Math.sqrt(c)};
        assertThat(f.transform(Matrix.row(x)).data()).isEqualTo(byHand.transform(Matrix.row(v)).data());
        assertThat(f.transform(Matrix.row(x)).data())
                .isEqualTo(new TensorSketchFeatures(3, 32, g, c, 2, 17).transform(Matrix.row(x)).data());
        // a zero row sketches to (√c)^p times one signed unit vector
        double[] zero = f.transform(Matrix.row(new double[3])).data();
        assertThat(java.util.Arrays.stream(zero).map(Math::abs).sum()).isCloseTo(c, within(1e-15));
    }

    @Test
    void randomMaclaurinIsUnbiasedWithTheClosedFormMse() {
        int m = 32;
        for (int degree = 1; degree <= 3; degree++) {
            for (double coef0 : new double[] {0.5, 0.0}) {
                for (double[][] p : PAIRS) {
                    double[] x = p[0];
                    double[] y = p[1];
                    double[] law = RandomMaclaurinFeatures.degreeLaw(0.5, coef0, degree, 1.0);
                    double k = ExactKernels.polynomial(0.5, coef0, degree, x, y);
                    int deg = degree;
                    MonteCarlo.Estimates e = KernelMapMonteCarlo.run(4000, 23L * degree, k, x, y,
                            seed -> new RandomMaclaurinFeatures(4, m, 0.5, coef0, deg, law, seed));
                    double scale = Math.sqrt(ExactKernels.polynomial(0.5, coef0, degree, x, x)
                            * ExactKernels.polynomial(0.5, coef0, degree, y, y));
                    KernelMapMonteCarlo.assertUnbiased(e, k, scale, 0.05, "random Maclaurin degree " + degree
                            + " coef0 " + coef0 + " k " + k);
                    double variance = DotProductTheory.randomMaclaurinVariance(
                            DotProductTheory.polynomialCoefficients(0.5, coef0, degree), law,
                            DotProductTheory.rademacherFourthMoment(x, y), org.rf4j.theory.Vectors.dot(x, y));
                    e.assertMse(variance / m);
                }
            }
        }
    }

    @Test
    void randomMaclaurinFeaturesAreScaledProductsOfRademacherProjections() {
        RandomMaclaurinFeatures f = new RandomMaclaurinFeatures(3, 64, 1.0, 1.0, 2, new double[] {0.2, 0.3, 0.5}, 4);
        int[] degrees = f.degrees();
        assertThat(degrees).contains(0, 1, 2);
        double[] phi = f.transform(Matrix.row(new double[3])).data();
        double[] a = f.coefficients();
        for (int j = 0; j < 64; j++) {
            // at x = 0 only the degree-0 features are non-zero: √(a₀/(q₀m))
            assertThat(phi[j]).isEqualTo(degrees[j] == 0 ? Math.sqrt(a[0] / (0.2 * 64)) : 0.0);
        }
    }

    @Test
    void refusesBadParametersAndLaws() {
        assertThatThrownBy(() -> new TensorSketchFeatures(3, 8, -1, 0, 2, 1)).isInstanceOf(InvalidParameterException.class)
                .hasMessageContaining("'gamma' = -1.0");
        assertThatThrownBy(() -> new TensorSketchFeatures(3, 8, 1, -1, 2, 1)).isInstanceOf(InvalidParameterException.class)
                .hasMessageContaining("'coef0' = -1.0");
        assertThatThrownBy(() -> new TensorSketchFeatures(3, 8, 1, 0, 0, 1)).isInstanceOf(InvalidParameterException.class)
                .hasMessageContaining("'degree' = 0");
        assertThatThrownBy(() -> new TensorSketchFeatures(3, 8, 1, 0, 1025, 1)).isInstanceOf(InvalidParameterException.class)
                .hasMessageContaining("'degree' = 1025 is not allowed; allowed: an integer from 1 to 1024");
        assertThatThrownBy(() -> new RandomMaclaurinFeatures(3, 8, 1, 1, 2_000_000_000, new double[] {1}, 1))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("'degree' = 2000000000");
        assertThatThrownBy(() -> RandomMaclaurinFeatures.degreeLaw(1, 1, 5000, 1.0))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("'degree' = 5000");
        assertThatThrownBy(() -> new RandomMaclaurinFeatures(3, 8, 1, 1, 2, new double[] {0.5, 0.5, 0.0}, 1))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("'degreeLaw[2]' = 0.0")
                .hasMessageContaining("biased");
        assertThatThrownBy(() -> new RandomMaclaurinFeatures(3, 8, 1, 1, 2, new double[] {0.5, 0.5}, 1))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("'degreeLaw'");
        assertThatThrownBy(() -> new RandomMaclaurinFeatures(3, 8, 1, 1, 2, new double[] {0.5, 0.5, 0.5}, 1))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("sum to 1.5");
        assertThatThrownBy(() -> new RandomMaclaurinFeatures(3, 8, 1, -1, 2, new double[] {0.3, 0.3, 0.4}, 1))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("'coef0' = -1.0");
    }
}
