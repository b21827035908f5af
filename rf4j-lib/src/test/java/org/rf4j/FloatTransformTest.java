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

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.rf4j.api.DimensionMismatchException;
import org.rf4j.api.FloatMatrix;
import org.rf4j.api.InvalidInputException;
import org.rf4j.api.Matrix;
import org.rf4j.api.mechanism.DrawnProjectionFeatures;

/**
 * The front door's float path ({@link RandomFeatureMap#transform(float[][])} and its forms): the
 * features agree with the double path's at the same inputs within the bound stated in
 * {@link RandomFeatureMap}'s Javadoc (which here includes the input scale's rounding: σ = 1.5), every
 * form gives the same bits, and bad input is refused with the double path's exceptions.
 *
 * <p>The bound is checked entry by entry, so a float front door that skipped or doubled the input
 * scale, applied it in float twice, or mapped the wrong side fails by orders of magnitude; one whose
 * error is within the stated bound passes by design.
 */
class FloatTransformTest {
    private static final double U = 0x1p-24;

    static float[][] data(int n, int d, double scale, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        float[][] x = new float[n][d];
        for (float[] row : x) {
            for (int j = 0; j < d; j++) {
                row[j] = (float) (scale * (2 * r.nextDouble() - 1));
            }
        }
        return x;
    }

    private static double[][] widen(float[][] x) {
        double[][] w = new double[x.length][];
        for (int i = 0; i < x.length; i++) {
            w[i] = new double[x[i].length];
            for (int j = 0; j < x[i].length; j++) {
                w[i][j] = x[i][j];
            }
        }
        return w;
    }

    private static double gamma(int n) {
        return n * U / (1 - n * U);
    }

    /**
     * The stated bound for the positive (Gaussian kernel: r = −|x|², folded ls = −ln √m) and
     * trigonometric (c = 1/√m, f = 1) maps, checked entry by entry; returns the largest error/bound.
     */
    private static double check(RandomFeatureMap phi, String map, float[][] x) {
        Matrix w = ((DrawnProjectionFeatures) phi.drawn().features()).projection().matrix();
        int m = w.rows();
        int d = w.cols();
        double s = phi.kernel().inputScale();
        float[][] got = phi.transform(x);
        double[][] ref = phi.transform(widen(x));
        double worst = 0;
        for (int i = 0; i < x.length; i++) {
            double sq = 0;
            for (int k = 0; k < d; k++) {
                sq += (x[i][k] * s) * (x[i][k] * s);
            }
            for (int col = 0; col < got[i].length; col++) {
                int j = col % m;
                double sum = 0;
                double z = 0;
                for (int k = 0; k < d; k++) {
                    sum += Math.abs(w.get(j, k) * x[i][k] * s);
                    z += w.get(j, k) * x[i][k] * s;
                }
                double fd = ref[i][col];
                double bound;
                if (map.equals("positive")) {
                    double r = -sq;
                    double shift = r - 0.5 * Math.log(m);
                    double da = gamma(d + 3) * sum + 2 * U * Math.abs(r) + U * Math.abs(shift)
                            + U * (Math.abs(z) + gamma(d + 3) * sum + Math.abs(shift)) + 1e-15 * (Math.abs(z) + Math.abs(shift));
                    bound = (Math.expm1(da) * (1 + 0x1p-23) + 0x1p-23 + 1e-15) * Math.abs(fd) + 0x1p-147;
                } else {
                    bound = (gamma(d + 3) * sum + 0x1p-23 + 4 * U + 1e-15) / Math.sqrt(m);
                }
                double err = Math.abs(got[i][col] - fd);
                assertThat(err).as("%s row %d col %d: float %s, double %s", map, i, col, got[i][col], fd)
                        .isLessThanOrEqualTo(bound);
                worst = Math.max(worst, err / bound);
            }
        }
        return worst;
    }

    @Test
    void floatFeaturesAreWithinTheStatedBoundOfTheDoubleFeatures() {
        for (String map : new String[] {"positive", "trigonometric"}) {
            for (int d : new int[] {3, 64}) {
                RandomFeatureMap phi = RandomFeatures.gaussian(1.5).features(map).m(96).seed(5).fit(d);
                double worst = check(phi, map, data(70, d, 1.5 / Math.sqrt(d) * 2, 6 + d));
                System.out.printf("front door %s d=%d: max err/bound %.3f%n", map, d, worst);
            }
        }
    }

    @Test
    void everyFloatFormGivesTheSameBitsAndKeysUseTheKeySide() {
        RandomFeatureMap phi = RandomFeatures.gaussian(1.5).features("oprf", java.util.Map.of("rho", 0.5)).m(40).seed(3).fit(4);
        float[][] x = data(9, 4, 1.0, 7);
        float[][] rows = phi.transform(x);
        FloatMatrix bulk = phi.transform(FloatMatrix.of(x));
        FloatMatrix into = FloatMatrix.zeros(9, phi.outputDimension());
        assertThat(phi.transform(FloatMatrix.of(x), into)).isSameAs(into);
        assertThat(bulk.toArray()).isEqualTo(rows);
        assertThat(into).isEqualTo(bulk);
        assertThat(phi.transformKeys(x)).isEqualTo(phi.transformKeys(FloatMatrix.of(x)).toArray());
        assertThat(phi.transformKeys(FloatMatrix.of(x), null)).isEqualTo(phi.transformKeys(FloatMatrix.of(x)));
        assertThat(phi.transform(FloatMatrix.zeros(0, 4)).rows()).isZero();
        assertThat(phi.transform(Matrix.zeros(0, 4)).rows()).isZero();
    }

    @Test
    void badFloatInputIsRefusedAsOnTheDoublePath() {
        RandomFeatureMap phi = RandomFeatures.gaussian(1.5).features("positive").m(16).seed(1).fit(3);
        for (float bad : new float[] {Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY}) {
            float[][] x = {{0, 1, 2}, {1, bad, 0}};
            assertThatThrownBy(() -> phi.transform(x)).isInstanceOf(InvalidInputException.class)
                    .hasMessageContaining("row 2, column 2 (1-based)");
            assertThatThrownBy(() -> phi.transformKeys(FloatMatrix.of(x))).isInstanceOf(InvalidInputException.class)
                    .hasMessageContaining("row 2, column 2 (1-based)");
            double[][] xd = {{0, 1, 2}, {1, bad, 0}};
            assertThatThrownBy(() -> phi.transform(xd)).isInstanceOf(InvalidInputException.class);
        }
        assertThatThrownBy(() -> phi.transform(new float[][] {{1, 2}})).isInstanceOf(DimensionMismatchException.class)
                .hasMessageContaining("dimension 3");
        assertThatThrownBy(() -> phi.transform(FloatMatrix.zeros(2, 4))).isInstanceOf(DimensionMismatchException.class)
                .hasMessageContaining("dimension 3");
        assertThatThrownBy(() -> phi.transformKeys(FloatMatrix.zeros(2, 3), FloatMatrix.zeros(2, 5)))
                .isInstanceOf(DimensionMismatchException.class);
        assertThatThrownBy(() -> phi.transform(new float[0][])).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("no rows");
        assertThatThrownBy(() -> phi.transform(new float[][] {{}})).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("no columns");
        assertThatThrownBy(() -> phi.transform(new float[][] {{1, 2, 3}, {1, 2}}))
                .isInstanceOf(DimensionMismatchException.class).hasMessageContaining("row 2 (1-based)");
        assertThatThrownBy(() -> phi.transform((float[][]) null)).isInstanceOf(InvalidInputException.class);
    }

    /** An entry that overflows float after the input scale (σ = 1e-30) is refused by name; double would map it. */
    @Test
    void anEntryOverflowingFloatAfterTheInputScaleIsRefused() {
        RandomFeatureMap phi = RandomFeatures.gaussian(1e-30).features("trigonometric").m(8).seed(1).fit(2);
        assertThatThrownBy(() -> phi.transform(new float[][] {{0, 0}, {1e10f, 0}}))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("row 2 (1-based)").hasMessageContaining("overflows float");
    }
}
