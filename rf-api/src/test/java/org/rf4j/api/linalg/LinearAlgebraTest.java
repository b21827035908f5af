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

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.rf4j.api.DimensionMismatchException;
import org.rf4j.api.Matrix;

class LinearAlgebraTest {

    private static Matrix random(int r, int c, long seed) {
        SplittableRandom g = new SplittableRandom(seed);
        Matrix m = Matrix.zeros(r, c);
        for (int i = 0; i < m.data().length; i++) {
            m.data()[i] = g.nextDouble(-1, 1);
        }
        return m;
    }

    /** The contract: every entry is the ascending fma chain, exactly. */
    private static double chain(Matrix a, int i, Matrix b, int j) {
        double acc = 0.0;
        for (int t = 0; t < a.cols(); t++) {
            acc = Math.fma(a.get(i, t), b.get(t, j), acc);
        }
        return acc;
    }

    @Test
    void productsAreTheFmaChainExactlyForAwkwardShapes() {
        for (int[] s : new int[][] {{1, 1, 1}, {5, 3, 7}, {67, 33, 9}, {13, 40, 300}, {130, 17, 257}}) {
            Matrix a = random(s[0], s[2], 1);
            Matrix b = random(s[2], s[1], 2);
            Matrix ab = LinearAlgebra.multiply(a, b, null);
            Matrix bt = b.transpose();
            Matrix abt = LinearAlgebra.multiplyTransposed(a, bt, null);
            Matrix at = a.transpose();
            Matrix atb = LinearAlgebra.transposeMultiply(at, b, null);
            for (int i = 0; i < s[0]; i++) {
                for (int j = 0; j < s[1]; j++) {
                    double e = chain(a, i, b, j);
                    assertThat(ab.get(i, j)).isEqualTo(e);
                    assertThat(abt.get(i, j)).isEqualTo(e);
                    assertThat(atb.get(i, j)).isEqualTo(e);
                }
            }
        }
    }

    @Test
    void vectorProductsMatchTheChain() {
        Matrix a = random(70, 23, 3);
        double[] v = random(1, 23, 4).data();
        double[] av = LinearAlgebra.multiply(a, v, null);
        double[] w = random(1, 70, 5).data();
        double[] atw = LinearAlgebra.transposeMultiply(a, w, null);
        for (int i = 0; i < 70; i++) {
            double acc = 0;
            for (int t = 0; t < 23; t++) {
                acc = Math.fma(a.get(i, t), v[t], acc);
            }
            assertThat(av[i]).isEqualTo(acc);
        }
        for (int p = 0; p < 23; p++) {
            double acc = 0;
            for (int i = 0; i < 70; i++) {
                acc = Math.fma(a.get(i, p), w[i], acc);
            }
            assertThat(atw[p]).isEqualTo(acc);
        }
    }

    @Test
    void accumulatingTransposeMultiplyContinuesTheChain() {
        Matrix a = random(50, 6, 6);
        Matrix b = random(50, 5, 7);
        Matrix whole = LinearAlgebra.transposeMultiply(a, b, null);
        Matrix part = LinearAlgebra.transposeMultiply(a.rowRange(0, 20), b.rowRange(0, 20), null);
        LinearAlgebra.transposeMultiply(a.rowRange(20, 50), b.rowRange(20, 50), part, true, Parallelism.of(2));
        assertThat(part).isEqualTo(whole);
    }

    /** Small products stay on the calling thread; large ones get the threads asked for. */
    @Test
    void smallProductsRunOnOneThread() {
        assertThat(LinearAlgebra.parallelismFor(LinearAlgebra.PARALLEL_MIN_WORK - 1, Parallelism.of(4)).threads()).isEqualTo(1);
        assertThat(LinearAlgebra.parallelismFor(LinearAlgebra.PARALLEL_MIN_WORK, Parallelism.of(4)).threads()).isEqualTo(4);
        assertThat(LinearAlgebra.parallelismFor(1L << 40, Parallelism.of(3)).threads()).isEqualTo(3);
    }

    /** Sizes above {@link LinearAlgebra#PARALLEL_MIN_WORK}, so the threads really split the work. */
    @Test
    void resultsAreBitIdenticalForEveryThreadCount() {
        Matrix x = random(2100, 64, 8);
        Matrix w = random(100, 64, 9);
        assertThat(2100L * 64 * 64).isGreaterThanOrEqualTo(LinearAlgebra.PARALLEL_MIN_WORK);
        Matrix one = LinearAlgebra.multiplyTransposed(x, w, null, Parallelism.serial());
        for (int t : new int[] {2, 3, 7}) {
            assertThat(LinearAlgebra.multiplyTransposed(x, w, null, Parallelism.of(t))).isEqualTo(one);
            assertThat(LinearAlgebra.transposeMultiply(x, x, null, false, Parallelism.of(t)))
                    .isEqualTo(LinearAlgebra.transposeMultiply(x, x, null, false, Parallelism.serial()));
        }
    }

    @Test
    void shapesAliasesAndRangesAreChecked() {
        Matrix a = random(3, 4, 1);
        assertThatThrownBy(() -> LinearAlgebra.multiply(a, a, null)).isInstanceOf(DimensionMismatchException.class)
                .hasMessageContaining("3x4");
        assertThatThrownBy(() -> LinearAlgebra.multiplyTransposed(a, a, Matrix.zeros(2, 3)))
                .isInstanceOf(DimensionMismatchException.class).hasMessageContaining("3x3 is required");
        Matrix sq = random(3, 3, 2);
        assertThatThrownBy(() -> LinearAlgebra.multiply(sq, random(3, 3, 3), sq)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("alias");
        assertThatThrownBy(() -> LinearAlgebra.exp(new double[3], 2, new double[3], 0, 2))
                .isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void scalarElementwiseIsMath() {
        VectorKernels s = VectorKernels.scalar();
        double[] x = {-800, -745.2, -1, -0.0, 0, 1e-300, 3, 709.9, Double.NaN, Double.NEGATIVE_INFINITY,
            Double.POSITIVE_INFINITY};
        double[] y = new double[x.length];
        s.expAffine(x, 0, 1, 0, y, 0, x.length);
        for (int i = 0; i < x.length; i++) {
            assertThat(Double.doubleToLongBits(y[i])).isEqualTo(Double.doubleToLongBits(Math.exp(x[i])));
        }
        s.cos(x, 0, 2, y, 0, x.length);
        for (int i = 0; i < x.length; i++) {
            assertThat(Double.doubleToLongBits(y[i])).isEqualTo(Double.doubleToLongBits(2 * Math.cos(x[i])));
        }
        assertThat(s.max(new double[] {Double.NaN, 3, -1}, 0, 3)).isEqualTo(3);
        assertThat(s.min(new double[] {2, Double.NaN, -1}, 0, 3)).isEqualTo(-1);
    }
}
