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
package org.rf4j.features.kernel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.rf4j.api.InvalidInputException;
import org.rf4j.api.Matrix;
import org.rf4j.api.kernel.Kernel;

/**
 * Every built-in kernel's block {@link Kernel#unitValues} against its exact value pair by pair, at
 * d = 64 on blocks with repeated rows, a zero row and row counts that are not multiples of 4: equal to
 * 1e-13 relative, and bit for bit where the block keeps the scalar form's arithmetic.
 */
class KernelBlockTest {
    static final int D = 64;
    static final int N = 23;
    static final int L = 17;

    static List<Kernel> kernels() {
        return List.of(Kernel.gaussian(1.3), ShiftInvariantKernels.matern(0.5, 2.0), ShiftInvariantKernels.matern(1.5, 2.0),
                ShiftInvariantKernels.matern(2.5, 3.0), ShiftInvariantKernels.matern(0.7, 2.0),
                ShiftInvariantKernels.exponential(4.0), ShiftInvariantKernels.rationalQuadratic(0.8, 2.0),
                ShiftInvariantKernels.laplacian(0.05), NonStationaryKernels.arcCosine(0), NonStationaryKernels.arcCosine(1),
                NonStationaryKernels.arcCosine(2), NonStationaryKernels.polynomial(0.1, 1.0, 3), NonStationaryKernels.chi2(),
                NonStationaryKernels.skewedChi2(0.5));
    }

    /** Rows in [0, 1) scaled by the kernel's input scale; x's row 3 repeats as y's row 5, x's row 0 is zero. */
    static Matrix[] rows(Kernel k) {
        SplittableRandom g = new SplittableRandom(17);
        double s = k.inputScale();
        double[] x = new double[N * D];
        double[] y = new double[L * D];
        for (int i = D; i < x.length; i++) {
            x[i] = g.nextDouble() * s;
        }
        for (int i = 0; i < y.length; i++) {
            y[i] = g.nextDouble() * s;
        }
        System.arraycopy(x, 3 * D, y, 5 * D, D);
        return new Matrix[] {Matrix.wrap(N, D, x), Matrix.wrap(L, D, y)};
    }

    static double pair(Kernel k, Matrix x, int i, Matrix y, int j) {
        return k.unitValue(Arrays.copyOfRange(x.data(), i * D, i * D + D), Arrays.copyOfRange(y.data(), j * D, j * D + D));
    }

    @Test
    void everyBuiltInKernelsBlockEqualsItsPairwiseValue() {
        for (Kernel k : kernels()) {
            Matrix[] xy = rows(k);
            double[] out = new double[N * L];
            k.unitValues(xy[0], xy[1], out);
            for (int i = 0; i < N; i++) {
                for (int j = 0; j < L; j++) {
                    double p = pair(k, xy[0], i, xy[1], j);
                    assertThat(out[i * L + j]).as("%s (%d, %d)", k.spec().toPlain(), i, j)
                            .isCloseTo(p, within(1e-13 * Math.abs(p) + Double.MIN_NORMAL));
                }
            }
        }
    }

    /** Arc-cosine and the χ² kernels keep the scalar arithmetic (only the exp of the others is vectorised). */
    @Test
    void blocksThatKeepTheScalarArithmeticAreBitForBit() {
        for (Kernel k : List.of(NonStationaryKernels.arcCosine(0), NonStationaryKernels.arcCosine(1),
                NonStationaryKernels.arcCosine(2), NonStationaryKernels.chi2(), NonStationaryKernels.skewedChi2(0.5))) {
            Matrix[] xy = rows(k);
            double[] out = new double[N * L];
            k.unitValues(xy[0], xy[1], out);
            for (int i = 0; i < N; i++) {
                for (int j = 0; j < L; j++) {
                    assertThat(out[i * L + j]).as("%s (%d, %d)", k.spec().toPlain(), i, j).isEqualTo(pair(k, xy[0], i, xy[1], j));
                }
            }
        }
    }

    @Test
    void blocksRefuseBadRowsNamingRowAndColumn() {
        Matrix x = Matrix.of(new double[][] {{0.1, 0.2}, {0.3, -0.4}});
        Matrix y = Matrix.of(new double[][] {{0.1, 0.2}});
        assertThatThrownBy(() -> NonStationaryKernels.chi2().unitValues(x, y, new double[2]))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("x row 2, column 2 = -0.4")
                .hasMessageContaining(">= 0");
        Matrix bad = Matrix.of(new double[][] {{0.1, Double.NaN}});
        assertThatThrownBy(() -> ShiftInvariantKernels.laplacian(1).unitValues(y, bad, new double[1]))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("y row 1, column 2 = NaN");
    }
}
