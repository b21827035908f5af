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
import org.junit.jupiter.api.Test;
import org.rf4j.api.linalg.ExactMath;
import org.rf4j.api.linalg.VectorKernels;

/**
 * The vector kernels and their scalar twins in {@link ExactMath} give the same bits for every
 * element — vector lanes, the loop's tail and the special lanes — so features do not depend on
 * whether {@code jdk.incubator.vector} is present (a class-path run has no vector kernels, a
 * module-path run has them). A planted one-ulp change in either twin fails here.
 */
class ExactMathTwinTest {
    private static final PanamaKernels VK = new PanamaKernels();

    private static double[] inputs(long seed, int n, double scale) {
        SplittableRandom r = new SplittableRandom(seed);
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = scale * (2 * r.nextDouble() - 1);
        }
        return x;
    }

    @Test
    void expSinCosMatchTheirScalarTwinsBitForBit() {
        for (double scale : new double[] {1e-9, 0.3, 3, 40, 700, 720, 5000}) {
            for (int n : new int[] {1, 7, 8, 9, 63, 1000}) {
                double[] x = inputs((long) (scale * 1000) + n, n, scale);
                x[0] = n % 2 == 0 ? Double.NaN : -0.0;
                double[] e = new double[n];
                double[] s = new double[n];
                double[] c = new double[n];
                VK.expAffine(x, 0, 1.0, 0.0, e, 0, n);
                VK.sin(x, 0, 1.0, s, 0, n);
                VK.cos(x, 0, 1.0, c, 0, n);
                for (int i = 0; i < n; i++) {
                    assertThat(Double.doubleToRawLongBits(e[i])).as("exp(%s)", x[i])
                            .isEqualTo(Double.doubleToRawLongBits(ExactMath.exp(x[i])));
                    assertThat(Double.doubleToRawLongBits(s[i])).as("sin(%s)", x[i])
                            .isEqualTo(Double.doubleToRawLongBits(ExactMath.sin(x[i])));
                    assertThat(Double.doubleToRawLongBits(c[i])).as("cos(%s)", x[i])
                            .isEqualTo(Double.doubleToRawLongBits(ExactMath.cos(x[i])));
                }
            }
        }
    }

    /**
     * The exp pass with the folded overflow guard: the same bits as expAffine, and the flag is set
     * exactly when some argument exceeds the cutoff, whichever lane (vector body or scalar tail) holds
     * it. A flag computed on the input instead of alpha·x + beta, only on the vector body or only on
     * the tail, or a guard that never fires, fails here (the exceeding argument is planted at every
     * position of arrays of 1 to 19 entries).
     */
    @Test
    void expWithTheFoldedGuardFlagsExactlyTheArgumentsAboveTheCutoff() {
        VectorKernels scalar = VectorKernels.scalar();
        for (int n = 1; n < 20; n++) {
            for (int at = -1; at < n; at++) {
                double[] x = inputs(31L * n + at, n, 3);
                if (at >= 0) {
                    x[at] = 2.5; // 0.5·2.5 + 1 = 2.25 > 2.2 (other entries may exceed it too: expected is recomputed)
                }
                double cutoff = 2.2;
                boolean expected = false;
                for (double v : x) {
                    expected |= 0.5 * v + 1.0 > cutoff;
                }
                double[] e1 = new double[n];
                double[] e2 = new double[n];
                double[] e3 = new double[n];
                boolean got = VK.expAffineAbove(x, 0, 0.5, 1.0, e1, 0, n, cutoff);
                boolean twin = scalar.expAffineAbove(x, 0, 0.5, 1.0, e2, 0, n, cutoff);
                VK.expAffine(x, 0, 0.5, 1.0, e3, 0, n);
                assertThat(got).as("n = %d, planted at %d", n, at).isEqualTo(expected);
                assertThat(twin).isEqualTo(expected);
                if (at >= 0) {
                    assertThat(got).isTrue();
                }
                for (int i = 0; i < n; i++) {
                    assertThat(Double.doubleToRawLongBits(e1[i])).isEqualTo(Double.doubleToRawLongBits(e3[i]));
                    assertThat(Double.doubleToRawLongBits(e2[i])).isEqualTo(Double.doubleToRawLongBits(e3[i]));
                }
            }
        }
    }

    @Test
    void theTwinsAreAccurate() {
        double[] x = inputs(5, 20000, 30);
        for (double v : x) {
            assertThat(Math.abs(ExactMath.exp(v) - StrictMath.exp(v))).isLessThanOrEqualTo(Math.ulp(StrictMath.exp(v)));
            assertThat(Math.abs(ExactMath.cos(v) - StrictMath.cos(v))).isLessThanOrEqualTo(Math.ulp(1.0));
            assertThat(Math.abs(ExactMath.sin(v) - StrictMath.sin(v))).isLessThanOrEqualTo(2 * Math.ulp(1.0));
        }
    }
}
