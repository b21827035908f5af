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
package org.rf4j.api.linalg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.rf4j.api.DimensionMismatchException;
import org.rf4j.api.Matrix;

class GramSpectrumTest {

    /** A Gram matrix ΦᵀΦ with a null direction (n < M) and a repeated column, as features give. */
    private static Matrix gram(int n, int m, long seed) {
        Matrix phi = Matrix.gaussian(n, m, 1.0, seed);
        for (int i = 0; i < n; i++) {
            phi.set(i, m - 1, phi.get(i, 0));
        }
        return LinearAlgebra.transposeMultiply(phi, phi, null);
    }

    /**
     * The row-oriented reduction performs the classic column-oriented {@code tred2}/{@code tql2}'s
     * operations in the same order: its output hashes as that scheme's did (hashes recorded from
     * it, over the values' and vectors' exact bits).
     */
    @Test
    void fullIsBitForBitTheClassicScheme() {
        int[][] shapes = {{40, 60}, {200, 70}, {1, 5}, {3, 1}};
        long[] recorded = HASHES;
        for (int c = 0; c < shapes.length; c++) {
            int[] shape = shapes[c];
            Matrix g = gram(shape[0], shape[1], 11 + shape[0]);
            if (shape[1] > 1) {
                g.set(0, 1, g.get(0, 1) + 1e-3); // not exactly symmetric: the symmetric part is taken
            }
            GramSpectrum.Full fast = GramSpectrum.full(g);
            long hash = 31L * java.util.Arrays.hashCode(fast.values()) + java.util.Arrays.hashCode(fast.vectorsTransposed().data());
            assertThat(hash).as("shape %s", java.util.Arrays.toString(shape)).isEqualTo(recorded[c]);
        }
    }

    private static final long[] HASHES = {5770309155L, 10977346840L, -37631764026L, -10998999733L};

    @Test
    void projectedGivesTheSameEigenvaluesAndTheProjectionOfTheVector() {
        for (int[] shape : new int[][] {{40, 60}, {200, 70}, {1, 5}, {3, 1}}) {
            int m = shape[1];
            Matrix g = gram(shape[0], m, 5 + m);
            double[] b = Matrix.gaussian(1, m, 1.0, 9).data();
            GramSpectrum.Full full = GramSpectrum.full(g);
            GramSpectrum.Projected p = GramSpectrum.projected(g, b);
            assertThat(p.values()).containsExactly(full.values());
            double[] beta = LinearAlgebra.multiply(full.vectorsTransposed(), b, new double[m]);
            double norm = 0;
            for (double v : b) {
                norm += v * v;
            }
            for (int i = 0; i < m; i++) {
                // an eigenvector's sign is arbitrary only up to the run; both runs make the same choice
                assertThat(Math.abs(p.beta()[i] - beta[i])).isLessThanOrEqualTo(1e-12 * Math.sqrt(norm));
            }
        }
    }

    @Test
    void refusesNonSquareAndMismatchedInput() {
        assertThatThrownBy(() -> GramSpectrum.full(Matrix.zeros(2, 3))).isInstanceOf(DimensionMismatchException.class);
        assertThatThrownBy(() -> GramSpectrum.projected(Matrix.zeros(2, 2), new double[3]))
                .isInstanceOf(DimensionMismatchException.class);
    }
}
