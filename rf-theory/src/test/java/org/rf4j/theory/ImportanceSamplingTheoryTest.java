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

import java.util.random.RandomGenerator;
import org.assertj.core.data.Offset;
import org.assertj.core.data.Percentage;
import org.junit.jupiter.api.Test;
import org.rf4j.api.DimensionMismatchException;
import org.rf4j.api.InvalidInputException;
import org.rf4j.api.Matrix;
import org.rf4j.api.kernel.KernelKind;
import org.rf4j.api.random.Seeds;

/** Closed forms of {@link ImportanceSamplingTheory} and {@link SymmetricEigen}, checked numerically. */
class ImportanceSamplingTheoryTest {
    private static final double[] MU = {0.4, -0.3, 0.2};
    private static final Matrix SIGMA = Matrix.of(new double[][] {{1.5, 0.3, -0.2}, {0.3, 1.2, 0.1}, {-0.2, 0.1, 2.0}});

    @Test
    void eigendecompositionReconstructsAndIsOrthogonal() {
        RandomGenerator rng = Seeds.generator(1);
        int d = 12;
        Matrix a = Matrix.zeros(d, d);
        for (int i = 0; i < d; i++) {
            for (int j = 0; j <= i; j++) {
                double v = rng.nextGaussian();
                a.set(i, j, v);
                a.set(j, i, v);
            }
        }
        SymmetricEigen e = SymmetricEigen.decompose(a);
        Matrix back = e.compose(e.values());
        Matrix v = e.vectors();
        for (int i = 0; i < d; i++) {
            for (int j = 0; j < d; j++) {
                assertThat(back.get(i, j)).isCloseTo(a.get(i, j), Offset.offset(1e-12));
                double dot = 0;
                for (int k = 0; k < d; k++) {
                    dot += v.get(k, i) * v.get(k, j);
                }
                assertThat(dot).isCloseTo(i == j ? 1 : 0, Offset.offset(1e-12));
            }
        }
        assertThatThrownBy(() -> SymmetricEigen.decompose(Matrix.zeros(2, 3)))
                .isInstanceOf(DimensionMismatchException.class);
        Matrix nan = Matrix.zeros(2, 2);
        nan.set(1, 0, Double.NaN);
        assertThatThrownBy(() -> SymmetricEigen.decompose(nan)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("row 2, column 1 (1-based)");
    }

    @Test
    void standardProposalReproducesTheBaseClosedForms() {
        SymmetricEigen id = SymmetricEigen.diagonal(new double[] {1, 1, 1});
        double[] zero = new double[3];
        double[] x = {0.3, -0.5, 0.2};
        double[] y = {-0.1, 0.4, 0.6};
        for (KernelKind kind : KernelKind.values()) {
            assertThat(ImportanceSamplingTheory.positiveMse(kind, x, y, 7, zero, id))
                    .isCloseTo(BaseFeatureTheory.positiveMse(kind, x, y, 7), Percentage.withPercentage(1e-9));
            assertThat(ImportanceSamplingTheory.hyperbolicMse(kind, x, y, 7, zero, id))
                    .isCloseTo(BaseFeatureTheory.hyperbolicMse(kind, x, y, 7), Percentage.withPercentage(1e-9));
            assertThat(ImportanceSamplingTheory.trigonometricMse(kind, x, y, 7, zero, id))
                    .isCloseTo(BaseFeatureTheory.trigonometricMse(kind, x, y, 7), Percentage.withPercentage(1e-9));
        }
    }

    /** E_Ψ[w² g(ω)] by Monte Carlo from Ψ = N(μ, Σ), with w = p_Ω/p_Ψ computed from the densities. */
    private static double[] monteCarlo(java.util.function.ToDoubleFunction<double[]> g, long seed) {
        SymmetricEigen e = SymmetricEigen.decompose(SIGMA);
        Matrix v = e.vectors();
        RandomGenerator rng = Seeds.generator(seed);
        int n = 400_000;
        double sum = 0;
        double sum2 = 0;
        double logDet = 0;
        for (int k = 0; k < 3; k++) {
            logDet += Math.log(e.value(k));
        }
        for (int i = 0; i < n; i++) {
            double[] z = {rng.nextGaussian(), rng.nextGaussian(), rng.nextGaussian()};
            double[] w = MU.clone();
            for (int a = 0; a < 3; a++) {
                for (int k = 0; k < 3; k++) {
                    w[a] += v.get(a, k) * Math.sqrt(e.value(k)) * z[k];
                }
            }
            double ww = 0;
            double zz = 0;
            for (int a = 0; a < 3; a++) {
                ww += w[a] * w[a];
                zz += z[a] * z[a];
            }
            double weight = Math.exp(-0.5 * ww + 0.5 * zz + 0.5 * logDet);
            double s = weight * weight * g.applyAsDouble(w);
            sum += s;
            sum2 += s * s;
        }
        double mean = sum / n;
        return new double[] {mean, Math.sqrt((sum2 / n - mean * mean) / n)};
    }

    @Test
    void gaussianProposalMomentsMatchMonteCarlo() {
        SymmetricEigen e = SymmetricEigen.decompose(SIGMA);
        double[] t = {0.6, -0.4, 0.3};
        double[] expMc = monteCarlo(w -> Math.exp(t[0] * w[0] + t[1] * w[1] + t[2] * w[2]), 2);
        double exp = ImportanceSamplingTheory.exponentialMoment(MU, e, t);
        assertThat(Math.abs(expMc[0] - exp)).as("J(t) %s vs MC %s ± %s", exp, expMc[0], expMc[1])
                .isLessThan(4 * expMc[1]);
        double[] cosMc = monteCarlo(w -> Math.cos(t[0] * w[0] + t[1] * w[1] + t[2] * w[2]), 3);
        double cos = ImportanceSamplingTheory.cosineMoment(MU, e, t);
        assertThat(Math.abs(cosMc[0] - cos)).as("Jcos(t) %s vs MC %s ± %s", cos, cosMc[0], cosMc[1])
                .isLessThan(4 * cosMc[1]);
        // the variance formulas built on them, for one projection at a point
        double[] x = {0.2, -0.3, 0.4};
        double[] y = {0.1, 0.2, 0.3};
        double[] s = {0.3, -0.1, 0.7};
        double k = KernelKind.SOFTMAX.value(x, y);
        double c = -0.5 * (0.04 + 0.09 + 0.16 + 0.01 + 0.04 + 0.09);
        double[] posMc = monteCarlo(w -> Math.exp(2 * (s[0] * w[0] + s[1] * w[1] + s[2] * w[2]) + 2 * c), 4);
        assertThat(Math.abs(posMc[0] - k * k - ImportanceSamplingTheory.positiveMse(KernelKind.SOFTMAX, x, y, 1, MU, e)))
                .isLessThan(4 * posMc[1]);
        double[] hypMc = monteCarlo(w -> {
            double f = Math.cosh(s[0] * w[0] + s[1] * w[1] + s[2] * w[2]) * Math.exp(c);
            return f * f;
        }, 5);
        assertThat(Math.abs(hypMc[0] - k * k - ImportanceSamplingTheory.hyperbolicMse(KernelKind.SOFTMAX, x, y, 1, MU, e)))
                .isLessThan(4 * hypMc[1]);
        double g = KernelKind.GAUSSIAN.value(x, y);
        double[] trigMc = monteCarlo(w -> {
            double f = Math.cos(w[0] * (x[0] - y[0]) + w[1] * (x[1] - y[1]) + w[2] * (x[2] - y[2]));
            return f * f;
        }, 6);
        assertThat(Math.abs(trigMc[0] - g * g
                - ImportanceSamplingTheory.trigonometricMse(KernelKind.GAUSSIAN, x, y, 1, MU, e)))
                .isLessThan(4 * trigMc[1]);
    }

    @Test
    void narrowProposalsHaveInfiniteSecondMoment() {
        SymmetricEigen narrow = SymmetricEigen.diagonal(new double[] {0.5, 1, 1});
        assertThat(ImportanceSamplingTheory.positiveMse(KernelKind.SOFTMAX, new double[] {0.1, 0, 0},
                new double[] {0, 0.1, 0}, 1, new double[3], narrow)).isInfinite();
    }

    @Test
    void corollary1BoundOnEmpiricalData() {
        Matrix x1 = Matrix.of(new double[][] {{0.1, 0.2}, {0.3, -0.1}});
        Matrix x2 = Matrix.of(new double[][] {{-0.2, 0.4}, {0.0, 0.1}, {0.5, 0.5}});
        for (KernelKind kind : KernelKind.values()) {
            double k11 = 0;
            double k22 = 0;
            double k12 = 0;
            for (int i = 0; i < 2; i++) {
                k11 += kind.value(x1.row(i), x1.row(i)) / 2;
            }
            for (int j = 0; j < 3; j++) {
                k22 += kind.value(x2.row(j), x2.row(j)) / 3;
            }
            for (int i = 0; i < 2; i++) {
                for (int j = 0; j < 3; j++) {
                    double k = kind.value(x1.row(i), x2.row(j));
                    k12 += k * k / 6;
                }
            }
            assertThat(ImportanceSamplingTheory.corollary1Bound(kind, x1, x2)).isCloseTo(k11 * k22 - k12,
                    Offset.offset(1e-14)).isPositive();
        }
        assertThat(ImportanceSamplingTheory.theorem1Variance(2.0, 1.5)).isEqualTo(2.5);
        assertThatThrownBy(() -> ImportanceSamplingTheory.meanSquaredKernel(KernelKind.GAUSSIAN, x1,
                Matrix.zeros(2, 3))).isInstanceOf(DimensionMismatchException.class);
    }
}
