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
package org.rf4j.couplings;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.rf4j.api.InvalidInputException;
import org.rf4j.api.Matrix;
import org.rf4j.api.linalg.Hadamard;
import org.rf4j.api.mechanism.Coupling;
import org.rf4j.api.mechanism.Projection;
import org.rf4j.api.random.HaarOrthogonal;
import org.rf4j.api.random.Seeds;



/** The geometry of each coupling's blocks, and the structured operators against dense algebra. */
class GeometryTest {
    private static double cosine(Matrix w, int i, int j) {
        double[] a = w.row(i);
        double[] b = w.row(j);
        return Support.dot(a, b) / Math.sqrt(Support.dot(a, a) * Support.dot(b, b));
    }

    /** Checks pairwise cosines within consecutive blocks (sizes given) and that unit directions sum to 0 if simplex. */
    private static void checkBlocks(Matrix w, int[] sizes, boolean simplex) {
        int start = 0;
        for (int n : sizes) {
            double expected = simplex ? (n == 1 ? Double.NaN : -1.0 / (n - 1)) : 0.0;
            double[] sum = new double[w.cols()];
            for (int i = start; i < start + n; i++) {
                double[] r = w.row(i);
                double norm = Math.sqrt(Support.dot(r, r));
                for (int t = 0; t < r.length; t++) {
                    sum[t] += r[t] / norm;
                }
                for (int j = start; j < i; j++) {
                    assertEquals(expected, cosine(w, i, j), 1e-12, "block at " + start + " rows " + i + "," + j);
                }
            }
            if (simplex && n > 1) {
                assertEquals(0.0, Math.sqrt(Support.dot(sum, sum)), 1e-12, "sum of simplex directions of block at " + start);
            }
            start += n;
        }
        if (sizes.length > 1) {
            assertTrue(Math.abs(cosine(w, 0, sizes[0])) > 1e-6, "rows of different blocks are independent, not orthogonal");
        }
    }

    @Test
    void orthogonalRowsAreOrthogonalWithinBlocks() {
        RandomGenerator rng = Seeds.generator(1);
        checkBlocks(new OrthogonalCoupling().draw(17, 7, rng).matrix(), new int[] {7, 7, 3}, false);
        checkBlocks(new OrthogonalCoupling().draw(3, 7, rng).matrix(), new int[] {3}, false);
    }

    @Test
    void simplexRowsHaveCosineMinusOneOverDMinusOneAndSumToZero() {
        RandomGenerator rng = Seeds.generator(2);
        checkBlocks(new SimplexCoupling().draw(20, 9, rng).matrix(), new int[] {9, 9, 2}, true);
        // m < d: the m-vertex simplex, cosine -1/(m-1)
        checkBlocks(new SimplexCoupling().draw(4, 10, rng).matrix(), new int[] {4}, true);
        checkBlocks(new SimplexCoupling().draw(2, 2, rng).matrix(), new int[] {2}, true);
    }

    @Test
    void fastVariantsHaveTheirGeometryWhenDIsAPowerOfTwo() {
        RandomGenerator rng = Seeds.generator(3);
        checkBlocks(new HdCoupling(BlockGeometry.ORTHOGONAL, 3).draw(20, 16, rng).matrix(), new int[] {16, 4}, false);
        checkBlocks(new HdCoupling(BlockGeometry.SIMPLEX, 3).draw(16, 16, rng).matrix(), new int[] {16}, true);
        checkBlocks(new GivensCoupling(0, BlockGeometry.ORTHOGONAL).draw(11, 8, rng).matrix(), new int[] {8, 3}, false);
        checkBlocks(new GivensCoupling(0, BlockGeometry.SIMPLEX).draw(8, 8, rng).matrix(), new int[] {8}, true);
    }

    @Test
    void simplexAlgorithmOneMatchesTheMatrixOfEquationNine() {
        for (int n : new int[] {2, 3, 5, 64}) {
            double[] s = SimplexGeometry.vertices(n);
            double[] u = new double[n - 1];
            RandomGenerator rng = Seeds.generator(n);
            for (int k = 0; k < u.length; k++) {
                u[k] = rng.nextGaussian();
            }
            double[] y = new double[n];
            SimplexGeometry.apply(u, 0, n, y, 0);
            for (int i = 0; i < n; i++) {
                double expected = 0;
                double norm = 0;
                for (int k = 0; k < n - 1; k++) {
                    expected += s[i * (n - 1) + k] * u[k];
                    norm += s[i * (n - 1) + k] * s[i * (n - 1) + k];
                }
                assertEquals(expected, y[i], 1e-12);
                assertEquals(1.0, norm, 1e-12, "s_i is a unit vector");
            }
        }
    }

    @Test
    void fwhtMatchesSylvesterHadamardAndRejectsBadLengths() {
        int n = 16;
        double[] a = new double[n];
        RandomGenerator rng = Seeds.generator(4);
        for (int i = 0; i < n; i++) {
            a[i] = rng.nextGaussian();
        }
        double[] expected = new double[n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                expected[i] += (Integer.bitCount(i & j) % 2 == 0 ? 1 : -1) * a[j];
            }
        }
        double[] padded = new double[n + 3];
        System.arraycopy(a, 0, padded, 3, n);
        Hadamard.fwht(padded, 3, n);
        for (int i = 0; i < n; i++) {
            assertEquals(expected[i], padded[3 + i], 1e-12);
        }
        assertEquals(16, Hadamard.paddedLength(9));
        assertEquals(16, Hadamard.paddedLength(16));
        assertEquals(1, Hadamard.paddedLength(1));
        assertThrows(InvalidInputException.class, () -> Hadamard.fwht(new double[12], 0, 12));
        assertThrows(InvalidInputException.class, () -> Hadamard.fwht(new double[8], 4, 8));
    }

    @Test
    void structuredProjectionsApplyExactlyTheirMaterialisedMatrix() {
        RandomGenerator rng = Seeds.generator(5);
        Matrix x = Matrix.zeros(5, 10);
        for (int i = 0; i < x.data().length; i++) {
            x.data()[i] = rng.nextGaussian();
        }
        for (Coupling c : Support.all()) {
            Projection p = c.draw(23, 10, rng);
            Matrix w = p.matrix();
            assertEquals(23, w.rows(), c + " rows");
            assertEquals(10, w.cols(), c + " cols");
            Matrix direct = p.apply(x, null);
            Matrix dense = org.rf4j.api.linalg.LinearAlgebra.multiplyTransposed(x, w, null);
            for (int i = 0; i < direct.data().length; i++) {
                assertEquals(dense.data()[i], direct.data()[i], 1e-10, c.toString());
            }
            // an output buffer is filled in place
            Matrix out = Matrix.zeros(5, 23);
            assertArrayEquals(direct.data(), p.apply(x, out).data(), c.toString());
        }
    }

    @Test
    void haarFrameIsOrthonormal() {
        double[] q = HaarOrthogonal.rows(6, 9, Seeds.generator(6));
        for (int i = 0; i < 6; i++) {
            for (int j = 0; j <= i; j++) {
                double s = 0;
                for (int t = 0; t < 9; t++) {
                    s += q[i * 9 + t] * q[j * 9 + t];
                }
                assertEquals(i == j ? 1.0 : 0.0, s, 1e-13);
            }
        }
    }
}
