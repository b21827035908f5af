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
package org.rf4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.rf4j.api.DegenerateRowException;
import org.rf4j.api.FloatMatrix;
import org.rf4j.api.Matrix;
import org.rf4j.api.RowNormException;

/**
 * Rows whose features carry no information (all underflow to zero, or K̂(x, x) below 10⁻⁶ of K(x, x))
 * are refused by the front door like an overflowing row, unless allowed.
 */
class DegenerateRowsTest {
    /** n rows of dimension d with norm r·σ each (directions uniform). */
    static double[][] rowsOfNorm(int n, int d, double norm, long seed) {
        SplittableRandom g = new SplittableRandom(seed);
        double[][] x = new double[n][d];
        for (double[] row : x) {
            double sq = 0;
            for (int k = 0; k < d; k++) {
                row[k] = gaussian(g);
                sq += row[k] * row[k];
            }
            double f = norm / Math.sqrt(sq);
            for (int k = 0; k < d; k++) {
                row[k] *= f;
            }
        }
        return x;
    }

    private static double gaussian(SplittableRandom g) {
        double u = g.nextDouble();
        double v = g.nextDouble();
        return Math.sqrt(-2 * Math.log1p(-u)) * Math.cos(2 * Math.PI * v);
    }

    @Test
    void aRowWhoseFeaturesAllUnderflowIsRefusedNamingItsRowAndNorm() {
        double[][] x = rowsOfNorm(5, 3, 0.5, 1);
        x[3] = new double[] {300, -400, 0}; // norm 500 with σ = 1: every exponent near −250,000
        RandomFeatureMap phi = RandomFeatures.gaussian(1.0).m(64).seed(7).fit(x);
        assertThatThrownBy(() -> phi.transform(x))
                .isInstanceOfSatisfying(DegenerateRowException.class, e -> {
                    assertThat(e.row()).isEqualTo(3);
                    assertThat(e.norm()).isEqualTo(500.0);
                    assertThat(e.diagonal()).isZero();
                })
                .isInstanceOf(RowNormException.class)
                .hasMessageContaining("X row 4 (1-based)")
                .hasMessageContaining("norm 500.0 in kernel coordinates")
                .hasMessageContaining("underflow")
                .hasMessageContaining("standardise")
                .hasMessageContaining("\"median\"");
        // the same through every transform form and side, and the float path
        assertThatThrownBy(() -> phi.transformKeys(x)).isInstanceOf(DegenerateRowException.class);
        assertThatThrownBy(() -> phi.transform(Matrix.of(x), null)).isInstanceOf(DegenerateRowException.class);
        float[][] xf = new float[x.length][];
        for (int i = 0; i < x.length; i++) {
            xf[i] = new float[x[i].length];
            for (int k = 0; k < x[i].length; k++) {
                xf[i][k] = (float) x[i][k];
            }
        }
        assertThatThrownBy(() -> phi.transform(xf)).isInstanceOfSatisfying(DegenerateRowException.class,
                e -> assertThat(e.row()).isEqualTo(3));
        // a larger σ (a tenth of the norm) maps the same row usefully
        assertThat(RandomFeatures.gaussian(500.0).m(64).seed(7).fit(x).transform(x)[3]).isNotEqualTo(new double[64]);
    }

    @Test
    void aTinyDiagonalIsRefusedAndTheSwitchLetsItThroughWithTheSameBits() {
        // |x|/σ = 5: positive features' K̂(x, x) is the mean of e^{10g − 50}, about e^{−26} even at the largest g
        double[][] x = rowsOfNorm(4, 5, 5.0, 2);
        RandomFeatures cfg = RandomFeatures.gaussian(1.0).m(64).seed(3);
        RandomFeatureMap phi = cfg.fit(x);
        assertThatThrownBy(() -> phi.transform(x)).isInstanceOfSatisfying(DegenerateRowException.class, e -> {
            assertThat(e.row()).isZero();
            assertThat(e.diagonal()).isGreaterThan(0).isLessThan(DegenerateRowException.MIN_DIAGONAL_FRACTION);
            assertThat(e.exact()).isEqualTo(1.0);
            assertThat(e.getMessage()).contains("below 1e-6 of K(x, x)");
        });
        RandomFeatureMap allowed = cfg.allowDegenerateRows(true).fit(x);
        assertThat(allowed.allowsDegenerateRows()).isTrue();
        double[][] z = allowed.transform(x);
        assertThat(z).isDeepEqualTo(phi.withDegenerateRowsAllowed(true).transform(x));
        // the switch rides in the fitted config and back
        assertThat(allowed.toConfig()).contains("\"allowDegenerateRows\" : true");
        assertThat(RandomFeatures.fromConfig(allowed.toConfig()).fit().transform(x)).isDeepEqualTo(z);
        assertThat(phi.toConfig()).doesNotContain("allowDegenerateRows");
        assertThatThrownBy(() -> RandomFeatures.fromConfig("{\"estimator\": {\"id\": \"random-features\"},"
                + " \"allowDegenerateRows\": \"yes\"}")).hasMessageContaining("allowDegenerateRows")
                .hasMessageContaining("true or false");
    }

    @Test
    void trigonometricFeaturesNeverAreAndSoftmaxComparesWithItsOwnDiagonal() {
        double[][] x = rowsOfNorm(50, 5, 6.0, 4);
        // K̂(x, x) = 1 = K(x, x) exactly for the Gaussian kernel's trigonometric features
        assertThat(RandomFeatures.gaussian(1.0).features("trigonometric").m(32).fit(x).transform(x)).hasNumberOfRows(50);
        // softmax: K(x, x) = e^{|x|²}; positive features of a small row estimate it well
        double[][] small = rowsOfNorm(20, 4, 0.5, 5);
        assertThat(RandomFeatures.softmax().m(64).fit(small).transform(small)).hasNumberOfRows(20);
        double[][] big = rowsOfNorm(3, 4, 5.0, 6);
        assertThatThrownBy(() -> RandomFeatures.softmax().m(64).fit(big).transform(big))
                .isInstanceOfSatisfying(DegenerateRowException.class,
                        e -> assertThat(e.exact()).isCloseTo(Math.exp(25), org.assertj.core.data.Percentage.withPercentage(1e-9)));
    }

    /**
     * An asymmetric map's diagonal is the product of its two sides: rows whose query side alone has a
     * healthy norm are refused when φq(x)ᵀφk(x) is small, and the front door's asymmetric path (GERF with
     * s = −1 computes the other side) passes healthy rows with the same bits as an allowing map.
     */
    @Test
    void anAsymmetricMapChecksTheProductOfItsTwoSides() {
        Matrix q = Matrix.of(new double[][] {{1, 0}, {0.6, 0.8}});
        Matrix k = Matrix.of(new double[][] {{0.8, 0.6}, {0.8, -0.6}}); // row 1: |q|² = 1 but qᵀk = 0
        assertThatThrownBy(() -> DegenerateRowException.check(q, k, i -> 0.25, org.rf4j.api.kernel.KernelKind.GAUSSIAN,
                "X")).isInstanceOfSatisfying(DegenerateRowException.class, e -> {
                    assertThat(e.row()).isEqualTo(1);
                    assertThat(e.norm()).isEqualTo(0.5);
                    assertThat(e.diagonal()).isZero();
                });
        DegenerateRowException.check(q, q, i -> 0.25, org.rf4j.api.kernel.KernelKind.GAUSSIAN, "X");

        RandomFeatures cfg = RandomFeatures.gaussian(1.0).features("gerf", Map.of("a", -0.1, "s", -1)).m(64);
        double[][] x = rowsOfNorm(6, 3, 0.3, 8);
        RandomFeatureMap gerf = cfg.fit(x);
        assertThat(gerf.drawn().features().symmetric()).isFalse();
        assertThat(gerf.transformKeys(x)).isDeepEqualTo(gerf.withDegenerateRowsAllowed(true).transformKeys(x));
    }

    /**
     * The stated refusal probability of a positive-feature row with r = |x|/σ, m = 64: at most
     * Φ((ln(10⁻⁶m) + 2r²)/(2r))^m. Monte Carlo over rows (fixed seed): at r = 2 no row of 20,000 is
     * refused (bound 10⁻³⁰ per row); at r = 3.2, where refusals begin, the refused fraction stays within
     * the bound (about 5%) plus four standard errors of a binomial proportion.
     */
    @Test
    void refusalsOfHealthyRowsAreAsRareAsStated() {
        int m = 64;
        for (double r : new double[] {2.0, 3.2}) {
            int n = 20_000;
            double[][] x = rowsOfNorm(n, 8, r, 11);
            RandomFeatureMap phi = RandomFeatures.gaussian(1.0).m(m).seed(13).allowDegenerateRows(true).fit(x);
            double[][] z = phi.transform(x);
            int refused = 0;
            for (double[] row : z) {
                double diag = 0;
                for (double v : row) {
                    diag += v * v;
                }
                refused += diag < DegenerateRowException.MIN_DIAGONAL_FRACTION ? 1 : 0;
            }
            double bound = Math.pow(normalCdf((Math.log(1e-6 * m) + 2 * r * r) / (2 * r)), m);
            double se = Math.sqrt(Math.max(bound, 1.0 / n) * (1 - bound) / n);
            assertThat((double) refused / n).as("r = %s, bound %s", r, bound).isLessThanOrEqualTo(bound + 4 * se);
            if (r == 2.0) {
                assertThat(refused).isZero();
            } else {
                assertThat(refused).as("refusals begin at r = 3.2").isPositive();
            }
        }
    }

    @Test
    void theFloatPathRefusesToo() {
        double[][] x = rowsOfNorm(3, 4, 0.2, 3);
        x[1] = new double[] {12, 0, 0, 0}; // exponents near −144 and below: K̂(x, x) ≈ e^{−200}
        RandomFeatureMap phi = RandomFeatures.gaussian(1.0).m(64).fit(x);
        FloatMatrix xf = FloatMatrix.of(new float[][] {{0.1f, 0, 0, 0}, {12, 0, 0, 0}});
        assertThatThrownBy(() -> phi.transform(xf)).isInstanceOfSatisfying(DegenerateRowException.class,
                e -> assertThat(e.row()).isEqualTo(1));
    }

    static double normalCdf(double z) {
        return 0.5 * erfc(-z / Math.sqrt(2));
    }

    /** erfc with relative error below 1.2e-7 (Numerical Recipes' Chebyshev fit). */
    private static double erfc(double x) {
        double z = Math.abs(x);
        double t = 1 / (1 + 0.5 * z);
        double r = t * Math.exp(-z * z - 1.26551223 + t * (1.00002368 + t * (0.37409196 + t * (0.09678418
                + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851580 + t * (-0.82215223
                        + t * 0.17087277)))))))));
        return x >= 0 ? r : 2 - r;
    }
}
