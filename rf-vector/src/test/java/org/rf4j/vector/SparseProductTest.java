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
import org.rf4j.api.Matrix;
import org.rf4j.api.SparseMatrix;
import org.rf4j.api.linalg.LinearAlgebra;
import org.rf4j.api.mechanism.DenseProjection;
import org.rf4j.api.mechanism.GeneratedProjection;
import org.rf4j.api.mechanism.Projection;

/** With the vector kernels in use, a sparse batch's projections are the dense batch's bits. */
class SparseProductTest {

    @Test
    void sparseRowsHaveTheDenseBitsWithTheVectorKernels() {
        assertThat(LinearAlgebra.awaitVectorKernels(60_000)).isTrue();
        SplittableRandom r = new SplittableRandom(5);
        int d = 200;
        SparseMatrix.Builder b = SparseMatrix.builder(d);
        for (int i = 0; i < 70; i++) {
            for (int k = 0; k < d; k++) {
                if (r.nextDouble() < 0.1) {
                    b.add(k, i % 9 == 2 ? -0.0 : r.nextGaussian());
                }
            }
            b.endRow();
        }
        // row 70: a product that underflows to -0.0, then a skipped +0 term (the dense chain gives +0.0)
        b.addRow(new int[] {1}, new double[] {1e-200});
        SparseMatrix x = b.build();
        for (int m : new int[] {1, 7, 33, 100, 256}) {
            Matrix w = Matrix.zeros(m, d);
            for (int k = 0; k < w.data().length; k++) {
                w.data()[k] = r.nextGaussian();
            }
            w.set(0, 1, -1e-200);
            for (Projection p : new Projection[] {new DenseProjection(w), new GeneratedProjection(m, d, m)}) {
                double[] dense = new double[71 * m];
                double[] sparse = new double[71 * m];
                p.applyRows(x.toDense(), 0, 71, dense, 0);
                p.applyRows(x, 0, 71, sparse, 0);
                for (int k = 0; k < dense.length; k++) {
                    assertThat(Double.doubleToRawLongBits(sparse[k])).as("m %d entry %d", m, k)
                            .isEqualTo(Double.doubleToRawLongBits(dense[k]));
                }
            }
        }
    }
}
