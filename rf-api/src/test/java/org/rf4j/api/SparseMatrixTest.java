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
package org.rf4j.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.rf4j.api.mechanism.DenseProjection;
import org.rf4j.api.mechanism.GeneratedProjection;
import org.rf4j.api.mechanism.Projection;

class SparseMatrixTest {

    @Test
    void refusesUnsortedRepeatedOutOfRangeAndNonFiniteEntriesNamingRowAndColumnOneBased() {
        assertThatThrownBy(() -> SparseMatrix.of(2, 5, new int[] {0, 1, 3}, new int[] {0, 3, 2}, new double[] {1, 2, 3}))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("sparse matrix row 2: column 3 follows column 4 (1-based); the columns of a row must be strictly increasing");
        assertThatThrownBy(() -> SparseMatrix.builder(5).add(1, 1).add(1, 2).endRow())
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("row 1: column 2 follows column 2");
        assertThatThrownBy(() -> SparseMatrix.builder(5).endRow().addRow(new int[] {5}, new double[] {1}))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("sparse matrix row 2: column 6 (1-based) is outside 1..5");
        assertThatThrownBy(() -> SparseMatrix.builder(5).addRow(new int[] {-1}, new double[] {1}))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("column 0 (1-based) is outside 1..5");
        assertThatThrownBy(() -> SparseMatrix.of(1, 5, new int[] {0, 2}, new int[] {0, 4}, new double[] {1, Double.NaN}))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("sparse matrix row 1, column 5 (1-based) is NaN; all entries must be finite");
        assertThatThrownBy(() -> SparseMatrix.of(1, 5, new int[] {0, 2}, new int[] {0}, new double[] {1}))
                .isInstanceOf(DimensionMismatchException.class);
        assertThatThrownBy(() -> SparseMatrix.of(2, 5, new int[] {0, 2, 1}, new int[] {0}, new double[] {1}))
                .isInstanceOf(DimensionMismatchException.class);
        assertThatThrownBy(() -> SparseMatrix.builder(0)).isInstanceOf(DimensionMismatchException.class);
    }

    @Test
    void isImmutableAndRoundTripsThroughDenseKeepingNegativeZeros() {
        int[] ptr = {0, 2, 2, 3};
        int[] col = {1, 3, 0};
        double[] val = {2.5, -0.0, 7};
        SparseMatrix s = SparseMatrix.of(3, 4, ptr, col, val);
        val[0] = 99;
        col[0] = 2;
        assertThat(s.value(0)).isEqualTo(2.5);
        assertThat(s.column(0)).isEqualTo(1);
        Matrix dense = s.toDense();
        assertThat(dense.data()).containsExactly(0, 2.5, 0, -0.0, 0, 0, 0, 0, 7, 0, 0, 0);
        assertThat(Double.doubleToRawLongBits(dense.get(0, 3))).isEqualTo(Long.MIN_VALUE);
        assertThat(SparseMatrix.fromDense(dense)).isEqualTo(s);
        assertThat(s.rowSquaredNorm(0)).isEqualTo(6.25);
        assertThat(s.rowSquaredNorm(1)).isZero();
        assertThat(s.nonZeros()).isEqualTo(3);
    }

    /**
     * A sparse chain can end at −0.0 where the dense one ends at +0.0: x₂ = 1e-200 against
     * w₂ = −1e-200 underflows to −0.0, and the dense chain's skipped term +0·w₃ turns it into +0.0.
     */
    @Test
    void sparseProductKeepsTheDenseSignOfAnUnderflowedZero() {
        Matrix w = Matrix.of(new double[][] {{3, -1e-200, 1}, {1, 1, -1}});
        SparseMatrix x = SparseMatrix.builder(3).addRow(new int[] {1}, new double[] {1e-200}).build();
        for (Projection p : new Projection[] {new DenseProjection(w)}) {
            double[] dense = new double[2];
            double[] sparse = new double[2];
            p.applyRows(x.toDense(), 0, 1, dense, 0);
            p.applyRows(x, 0, 1, sparse, 0);
            assertThat(Double.doubleToRawLongBits(dense[0])).isZero();
            assertThat(bits(sparse)).containsExactly(bits(dense));
        }
    }

    @Test
    void sparseProductsHaveTheDenseBitsForStoredAndGeneratedProjections() {
        SplittableRandom r = new SplittableRandom(7);
        int d = 300;
        SparseMatrix.Builder b = SparseMatrix.builder(d);
        for (int i = 0; i < 40; i++) {
            for (int k = 0; k < d; k++) {
                if (r.nextDouble() < 0.05) {
                    b.add(k, i % 7 == 3 ? -0.0 : r.nextGaussian() * Math.pow(10, r.nextInt(-3, 3)));
                }
            }
            b.endRow();
        }
        SparseMatrix x = b.build();
        Matrix dense = x.toDense();
        Matrix w = Matrix.zeros(33, d);
        for (int k = 0; k < w.data().length; k++) {
            w.data()[k] = r.nextGaussian();
        }
        for (Projection p : new Projection[] {new DenseProjection(w), new GeneratedProjection(33, d, 99)}) {
            double[] a = new double[40 * 33];
            double[] s = new double[40 * 33];
            p.applyRows(dense, 0, 40, a, 0);
            p.applyRows(x, 0, 40, s, 0);
            assertThat(bits(s)).containsExactly(bits(a));
            double[] part = new double[7 * 33];
            p.applyRows(x, 10, 17, part, 0);
            assertThat(bits(part)).containsExactly(bits(java.util.Arrays.copyOfRange(a, 10 * 33, 17 * 33)));
        }
    }

    private static long[] bits(double[] a) {
        long[] b = new long[a.length];
        for (int i = 0; i < a.length; i++) {
            b[i] = Double.doubleToRawLongBits(a[i]);
        }
        return b;
    }
}
