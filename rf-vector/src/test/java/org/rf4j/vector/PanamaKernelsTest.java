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
package org.rf4j.vector;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import java.util.function.DoubleUnaryOperator;
import org.junit.jupiter.api.Test;
import org.rf4j.api.linalg.LinearAlgebra;
import org.rf4j.api.linalg.VectorKernels;

class PanamaKernelsTest {
    private final PanamaKernels vec = new PanamaKernels();
    private final VectorKernels scalar = VectorKernels.scalar();

    @Test
    void linearAlgebraPicksTheVectorProviderFromTheModulePath() {
        // the vector kernels take over from their scalar twins after the start-up warm-up
        assertThat(LinearAlgebra.awaitVectorKernels(60_000)).isTrue();
        assertThat(LinearAlgebra.implementation()).startsWith("panama-");
    }

    @Test
    void productIsBitIdenticalToTheScalarKernel() {
        SplittableRandom g = new SplittableRandom(11);
        int[] rowsSet = {1, 3, 4, 5, 6, 9, 13};
        int[] colsSet = {1, 7, 8, 31, 32, 33, 70};
        int[] depthSet = {1, 2, 64, 255, 256, 257, 600};
        for (int rows : rowsSet) {
            for (int cols : colsSet) {
                for (int depth : depthSet) {
                    double[] a = new double[rows * depth];
                    double[] b = new double[depth * cols + 3];
                    for (int i = 0; i < a.length; i++) {
                        a[i] = g.nextDouble(-2, 2);
                    }
                    for (int i = 0; i < b.length; i++) {
                        b[i] = g.nextDouble(-2, 2);
                    }
                    for (boolean transposedA : new boolean[] {false, true}) {
                        int ars = transposedA ? 1 : depth;
                        int acs = transposedA ? rows : 1;
                        double[] c1 = new double[rows * (cols + 2)];
                        double[] c2 = new double[rows * (cols + 2)];
                        for (int i = 0; i < c1.length; i++) {
                            c1[i] = g.nextDouble();
                            c2[i] = c1[i];
                        }
                        boolean acc = (rows + cols + depth) % 2 == 0;
                        vec.gemm(rows, cols, depth, a, 0, ars, acs, b, 3, cols, c1, 1, cols + 2, acc);
                        scalar.gemm(rows, cols, depth, a, 0, ars, acs, b, 3, cols, c2, 1, cols + 2, acc);
                        assertThat(c1).as("rows %d cols %d depth %d", rows, cols, depth).isEqualTo(c2);
                    }
                }
            }
        }
    }

    /** Distance in units in the last place between two doubles of the same sign. */
    static long ulps(double a, double b) {
        if (Double.doubleToLongBits(a) == Double.doubleToLongBits(b)) {
            return 0;
        }
        if (Double.isNaN(a) || Double.isNaN(b)) {
            return Long.MAX_VALUE;
        }
        long x = Double.doubleToLongBits(a);
        long y = Double.doubleToLongBits(b);
        if ((x < 0) != (y < 0)) {
            return (x & Long.MAX_VALUE) + (y & Long.MAX_VALUE);
        }
        return Math.abs(x - y);
    }

    interface Op {
        void apply(double[] src, double[] dst);
    }

    /**
     * Sweeps {@code points} evenly spread over [lo, hi], shifted each round (many rounds, so both
     * the interpreted and the C2-compiled loop are measured), and returns the worst ulp error and
     * how many results differed from Math at all.
     */
    private static long[] sweep(Op op, DoubleUnaryOperator ref, double lo, double hi, int points, int rounds) {
        double[] x = new double[points];
        double[] y = new double[points];
        long worst = 0;
        long differing = 0;
        for (int r = 0; r < rounds; r++) {
            for (int i = 0; i < points; i++) {
                x[i] = lo + (hi - lo) * ((i + (r + 0.5) / rounds) / points);
            }
            op.apply(x, y);
            for (int i = 0; i < points; i++) {
                long u = ulps(y[i], ref.applyAsDouble(x[i]));
                worst = Math.max(worst, u);
                if (u > 0) {
                    differing++;
                }
            }
        }
        return new long[] {worst, differing};
    }

    @Test
    void vectorExpIsWithinTheStatedUlpBound() {
        long[] r = sweep((s, d) -> vec.expAffine(s, 0, 1, 0, d, 0, s.length), Math::exp,
                -PanamaKernels.EXP_RANGE - 40, PanamaKernels.EXP_RANGE + 40, 1 << 15, 120);
        assertThat(r[0]).isLessThanOrEqualTo(PanamaKernels.ULP_BOUND);
        long[] small = sweep((s, d) -> vec.expAffine(s, 0, 1, 0, d, 0, s.length), Math::exp, -2, 2, 1 << 15, 40);
        assertThat(small[0]).isLessThanOrEqualTo(PanamaKernels.ULP_BOUND);
    }

    @Test
    void vectorSinAndCosAreWithinTheStatedUlpBound() {
        long[] c = sweep((s, d) -> vec.cos(s, 0, 1, d, 0, s.length), Math::cos, -PanamaKernels.TRIG_RANGE * 1.01,
                PanamaKernels.TRIG_RANGE * 1.01, 1 << 15, 120);
        long[] s = sweep((x, d) -> vec.sin(x, 0, 1, d, 0, x.length), Math::sin, -PanamaKernels.TRIG_RANGE * 1.01,
                PanamaKernels.TRIG_RANGE * 1.01, 1 << 15, 120);
        assertThat(c[0]).isLessThanOrEqualTo(PanamaKernels.ULP_BOUND);
        assertThat(s[0]).isLessThanOrEqualTo(PanamaKernels.ULP_BOUND);
        long[] small = sweep((x, d) -> vec.cos(x, 0, 1, d, 0, x.length), Math::cos, -7, 7, 1 << 15, 40);
        assertThat(small[0]).isLessThanOrEqualTo(PanamaKernels.ULP_BOUND);
    }

    /**
     * Lanes past {@link PanamaKernels#TRIG_RANGE} (or NaN) are patched from their own arguments, so a
     * call in place (src = dst) gives the bits of the call into another array, with any factor.
     */
    @Test
    void specialLanesInPlaceHaveTheBitsOfAnotherArray() {
        double[] x = new double[4099];
        java.util.Random r = new java.util.Random(11);
        for (int i = 0; i < x.length; i++) {
            x[i] = r.nextInt(5) == 0 ? (r.nextBoolean() ? 1 : -1) * PanamaKernels.TRIG_RANGE * (1 + 100 * r.nextDouble())
                    : 20 * r.nextGaussian();
        }
        x[7] = Double.NaN;
        for (boolean cos : new boolean[] {true, false}) {
            double[] out = new double[x.length];
            double[] in = x.clone();
            if (cos) {
                vec.cos(x, 0, 0.7, out, 0, x.length);
                vec.cos(in, 0, 0.7, in, 0, in.length);
            } else {
                vec.sin(x, 0, 0.7, out, 0, x.length);
                vec.sin(in, 0, 0.7, in, 0, in.length);
            }
            for (int i = 0; i < x.length; i++) {
                assertThat(Double.doubleToLongBits(in[i])).as("%s(%s) in place", cos ? "cos" : "sin", x[i])
                        .isEqualTo(Double.doubleToLongBits(out[i]));
            }
        }
    }

    @Test
    void sinAndCosNearTheirZerosStayAccurate() {
        // cos near (k + 1/2)π and sin near kπ are where poor argument reduction shows.
        int n = 1 << 14;
        double[] x = new double[n];
        double[] y = new double[n];
        for (int round = 0; round < 60; round++) {
            for (int i = 0; i < n; i++) {
                long k = (i * 7919L + round) % 40000;
                x[i] = Math.nextAfter((k + 0.5) * Math.PI, (i & 1) == 0 ? 0 : 1e9) * ((i & 2) == 0 ? 1 : -1);
            }
            vec.cos(x, 0, 1, y, 0, n);
            for (int i = 0; i < n; i++) {
                assertThat(ulps(y[i], Math.cos(x[i]))).as("cos(%s)", x[i]).isLessThanOrEqualTo(PanamaKernels.ULP_BOUND);
                x[i] = x[i] - 0.5 * Math.PI;
            }
            vec.sin(x, 0, 1, y, 0, n);
            for (int i = 0; i < n; i++) {
                assertThat(ulps(y[i], Math.sin(x[i]))).as("sin(%s)", x[i]).isLessThanOrEqualTo(PanamaKernels.ULP_BOUND);
            }
        }
    }

    @Test
    void specialAndExtremeInputsBehaveExactlyLikeMath() {
        double[] special = {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 0.0, -0.0,
            Double.MIN_VALUE, -Double.MIN_VALUE, 708.0, 709.78, 709.7827128933840, 709.79, 710, 1e10, Double.MAX_VALUE,
            -708.0, -708.5, -709.1, -720, -744.44, -745.13, -745.1332191019412, -745.14, -746, -1e10, -Double.MAX_VALUE,
            4096.0, 1e6, 1e22, -1e300, 3.0, -1.5};
        double[] x = new double[special.length * 8];
        for (int i = 0; i < x.length; i++) {
            x[i] = special[i % special.length];
        }
        double[] y = new double[x.length];
        for (int round = 0; round < 2000; round++) {
            vec.expAffine(x, 0, 1, 0, y, 0, x.length);
            for (int i = 0; i < x.length; i++) {
                assertThat(Double.doubleToLongBits(y[i])).as("exp(%s)", x[i]).isEqualTo(Double.doubleToLongBits(Math.exp(x[i])));
            }
            vec.cos(x, 0, 1, y, 0, x.length);
            for (int i = 0; i < x.length; i++) {
                if (Math.abs(x[i]) >= PanamaKernels.TRIG_RANGE || x[i] != x[i] || x[i] == 0) {
                    assertThat(Double.doubleToLongBits(y[i])).as("cos(%s)", x[i])
                            .isEqualTo(Double.doubleToLongBits(Math.cos(x[i])));
                } else {
                    assertThat(ulps(y[i], Math.cos(x[i]))).as("cos(%s)", x[i]).isLessThanOrEqualTo(PanamaKernels.ULP_BOUND);
                }
            }
            vec.sin(x, 0, 1, y, 0, x.length);
            for (int i = 0; i < x.length; i++) {
                if (Math.abs(x[i]) >= PanamaKernels.TRIG_RANGE || x[i] != x[i] || x[i] == 0) {
                    assertThat(Double.doubleToLongBits(y[i])).as("sin(%s)", x[i])
                            .isEqualTo(Double.doubleToLongBits(Math.sin(x[i])));
                } else {
                    assertThat(ulps(y[i], Math.sin(x[i]))).as("sin(%s)", x[i]).isLessThanOrEqualTo(PanamaKernels.ULP_BOUND);
                }
            }
        }
    }

    @Test
    void elementwiseResultsDoNotDependOnTheJitTier() {
        // The first call runs interpreted, later ones compiled: the bits must not change.
        int n = 4096;
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = -30 + 60.0 * i / n;
        }
        double[] first = new double[n];
        double[] later = new double[n];
        PanamaKernels fresh = new PanamaKernels();
        fresh.expAffine(x, 0, 1.0, 0.5, first, 0, n);
        double[] cosFirst = new double[n];
        fresh.cos(x, 0, 1.0, cosFirst, 0, n);
        for (int round = 0; round < 3000; round++) {
            fresh.expAffine(x, 0, 1.0, 0.5, later, 0, n);
        }
        assertThat(later).isEqualTo(first);
        for (int round = 0; round < 3000; round++) {
            fresh.cos(x, 0, 1.0, later, 0, n);
        }
        assertThat(later).isEqualTo(cosFirst);
    }

    @Test
    void fwhtIsBitIdenticalToTheScalarTransform() {
        SplittableRandom g = new SplittableRandom(5);
        for (int len = 1; len <= 4096; len <<= 1) {
            double[] a = new double[len + 3];
            for (int i = 0; i < a.length; i++) {
                a[i] = g.nextDouble(-1, 1);
            }
            double[] b = a.clone();
            vec.fwht(a, 3, len);
            scalar.fwht(b, 3, len);
            assertThat(a).as("length %d", len).isEqualTo(b);
        }
    }

    @Test
    void reductionsAndScalingMatchScalar() {
        SplittableRandom g = new SplittableRandom(3);
        for (int len = 1; len < 40; len++) {
            double[] a = new double[len + 2];
            for (int i = 0; i < a.length; i++) {
                a[i] = g.nextDouble(-5, 5);
            }
            assertThat(vec.max(a, 1, len)).isEqualTo(scalar.max(a, 1, len));
            assertThat(vec.min(a, 1, len)).isEqualTo(scalar.min(a, 1, len));
            double[] b = a.clone();
            double[] s = a.clone();
            vec.multiply(a, 1, s, 0, len);
            scalar.multiply(b, 1, s, 0, len);
            assertThat(a).isEqualTo(b);
            vec.scale(a, 2, 1.7, len);
            scalar.scale(b, 2, 1.7, len);
            assertThat(a).isEqualTo(b);
        }
        double[] nan = {Double.NaN, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
        assertThat(vec.max(nan, 0, nan.length)).isEqualTo(10);
        assertThat(vec.min(nan, 0, nan.length)).isEqualTo(1);
    }

    /**
     * addScaledMax is the GERF/OPRF maps' offset-and-guard pass: its values must be the scalar
     * kernel's to the bit (no fma contraction) and its maximum must see every lane and the tail,
     * and propagate NaN so the map's guard reports a NaN exponent. Detects a kernel that fuses the
     * product into an fma, skips the vector tail, or drops NaN from the maximum.
     */
    @Test
    void addScaledMaxIsBitIdenticalToScalarAndPropagatesNaN() {
        SplittableRandom g = new SplittableRandom(5);
        for (int len : new int[] {1, 7, 8, 9, 63, 64, 512, 515}) {
            double[] c = new double[len + 2];
            double[] z1 = new double[len + 3];
            for (int i = 0; i < c.length; i++) {
                c[i] = g.nextDouble(-40, 40);
            }
            for (int i = 0; i < z1.length; i++) {
                z1[i] = g.nextDouble(-3, 3);
            }
            double[] z2 = z1.clone();
            double alpha = -1.0 / 3.0;
            double m1 = vec.addScaledMax(c, 2, alpha, z1, 1, len);
            double m2 = scalar.addScaledMax(c, 2, alpha, z2, 1, len);
            assertThat(z1).as("len %d", len).isEqualTo(z2);
            assertThat(m1).as("len %d", len).isEqualTo(m2);
            double expected = Double.NEGATIVE_INFINITY;
            for (int i = 0; i < len; i++) {
                expected = Math.max(expected, z2[1 + i]);
            }
            assertThat(m1).isEqualTo(expected);
            for (int at : new int[] {0, len - 1, len / 2}) {
                double[] z3 = z2.clone();
                z3[1 + at] = Double.NaN;
                assertThat(vec.addScaledMax(new double[len + 2], 2, 1.0, z3, 1, len)).as("NaN at %d of %d", at, len).isNaN();
            }
        }
    }
}
