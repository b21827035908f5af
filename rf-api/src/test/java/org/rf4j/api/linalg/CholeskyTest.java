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
import org.rf4j.api.Matrix;

class CholeskyTest {

    /** n = 150 spans two panels (96, 54), so the GEMM trailing update is exercised. */
    @Test
    void factorReproducesTheMatrixAndSolvesToRoundingAcrossPanels() {
        int n = 150;
        Matrix a = spd(n, 7);
        Cholesky c = Cholesky.factor(a, "test system");
        Matrix l = c.factor();
        Matrix llt = LinearAlgebra.multiplyTransposed(l, l, null);
        double scale = 0;
        for (double v : a.data()) {
            scale = Math.max(scale, Math.abs(v));
        }
        for (int i = 0; i < n * n; i++) {
            assertThat(Math.abs(llt.data()[i] - a.data()[i])).isLessThan(1e-12 * scale);
        }
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                assertThat(l.get(i, j)).isZero();
            }
        }
        Matrix b = Matrix.gaussian(n, 3, 1.0, 8);
        Matrix x = c.solve(b);
        Matrix ax = LinearAlgebra.multiply(a, x, null);
        for (int i = 0; i < b.data().length; i++) {
            assertThat(ax.data()[i]).isCloseTo(b.data()[i], org.assertj.core.data.Offset.offset(1e-8));
        }
    }

    /**
     * The recursive panels and the GEMM updates give each entry its terms in the same order as the
     * textbook column-by-column algorithm, so the factor is that algorithm's, bit for bit, at sizes
     * that end inside a panel, a half panel and a base block. A panel update that skipped or
     * reordered a term (or subtracted the wrong half) changes bits here.
     */
    @Test
    void factorIsTheColumnByColumnFactorBitForBit() {
        for (int n : new int[] {1, 5, 16, 17, 33, 63, 64, 65, 95, 96, 97, 130, 203, 300}) {
            Matrix a = spd(n, 100 + n);
            assertThat(Cholesky.factor(a, "test system").factor().data()).as("n = %d", n).isEqualTo(plainFactor(a));
        }
    }

    /** The blocked substitution against the plain one (the order of terms differs: to rounding). */
    @Test
    void blockedSolveAgreesWithPlainSubstitution() {
        for (int n : new int[] {1, 7, 64, 65, 150}) {
            for (int c : new int[] {1, 3, 10, 33}) {
                Matrix a = spd(n, 200 + n);
                Matrix b = Matrix.gaussian(n, c, 1.0, 300 + c);
                double[] l = plainFactor(a);
                double[] want = b.data().clone();
                for (int j = 0; j < c; j++) {
                    for (int i = 0; i < n; i++) {
                        double v = want[i * c + j];
                        for (int t = 0; t < i; t++) {
                            v -= l[i * n + t] * want[t * c + j];
                        }
                        want[i * c + j] = v / l[i * n + i];
                    }
                    for (int i = n - 1; i >= 0; i--) {
                        double v = want[i * c + j];
                        for (int t = i + 1; t < n; t++) {
                            v -= l[t * n + i] * want[t * c + j];
                        }
                        want[i * c + j] = v / l[i * n + i];
                    }
                }
                double[] got = Cholesky.factor(a, "test system").solve(b).data();
                for (int k = 0; k < want.length; k++) {
                    assertThat(got[k]).as("n %d c %d entry %d", n, c, k)
                            .isCloseTo(want[k], org.assertj.core.data.Offset.offset(1e-9 * (1 + Math.abs(want[k]))));
                }
            }
        }
    }

    /** Column by column, each entry's fma chain over t ascending. */
    private static double[] plainFactor(Matrix m) {
        int n = m.rows();
        double[] a = m.data().clone();
        for (int j = 0; j < n; j++) {
            double s = a[j * n + j];
            for (int t = 0; t < j; t++) {
                s = Math.fma(-a[j * n + t], a[j * n + t], s);
            }
            double ljj = Math.sqrt(s);
            a[j * n + j] = ljj;
            double inv = 1.0 / ljj;
            for (int i = j + 1; i < n; i++) {
                double v = a[i * n + j];
                for (int t = 0; t < j; t++) {
                    v = Math.fma(-a[i * n + t], a[j * n + t], v);
                }
                a[i * n + j] = v * inv;
            }
        }
        for (int i = 0; i < n; i++) {
            java.util.Arrays.fill(a, i * n + i + 1, i * n + n, 0.0);
        }
        return a;
    }

    @Test
    void notPositiveDefiniteIsRefusedNamingThePivot() {
        Matrix a = Matrix.of(new double[][] {{1, 2}, {2, 1}});
        assertThatThrownBy(() -> Cholesky.factor(a, "the ridge system"))
                .isInstanceOf(NotPositiveDefiniteException.class)
                .hasMessageContaining("the ridge system is not positive definite")
                .hasMessageContaining("pivot 1 of 2");
        Matrix nan = Matrix.of(new double[][] {{Double.NaN}});
        assertThatThrownBy(() -> Cholesky.factor(nan, "s")).isInstanceOf(NotPositiveDefiniteException.class);
    }

    /** A random symmetric positive definite matrix A = BBᵀ + εI. */
    static Matrix spd(int n, long seed) {
        Matrix b = Matrix.gaussian(n, n, 1.0, seed);
        Matrix a = LinearAlgebra.multiplyTransposed(b, b, null);
        for (int i = 0; i < n; i++) {
            a.data()[i * n + i] += 0.5;
        }
        return a;
    }
}
