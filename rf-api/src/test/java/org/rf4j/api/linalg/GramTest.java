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

import org.junit.jupiter.api.Test;
import org.rf4j.api.Matrix;

class GramTest {

    /**
     * The lower triangle of the symmetric products is bit-identical to the full GEMM's (same fma
     * chain per entry) on one and on two threads; the sizes are above the one-thread threshold so
     * the two-thread run really splits the work. A wrong column range, stride or offset in either
     * product fails this.
     */
    @Test
    void lowerTrianglesAreTheFullProductsBitForBitOnAnyThreadCount() {
        Matrix a = Matrix.gaussian(600, 190, 1.0, 1);
        Matrix ata = LinearAlgebra.transposeMultiply(a, a, null);
        Matrix aat = LinearAlgebra.multiplyTransposed(a, a, null);
        assertThat(600L * 190 * 191 / 2).isGreaterThan(LinearAlgebra.PARALLEL_MIN_WORK);
        int before = Parallelism.defaults().threads();
        try {
            for (int threads : new int[] {1, 2}) {
                Parallelism.setDefault(threads);
                Matrix g = Matrix.zeros(190, 190);
                Gram.lowerTransposeProduct(a.rowRange(0, 120), g, true);
                Gram.lowerTransposeProduct(a.rowRange(120, 600), g, true);
                Matrix whole = Matrix.zeros(190, 190);
                LinearAlgebra.transposeMultiply(a.rowRange(0, 120), a.rowRange(0, 120), whole, true, Parallelism.serial());
                LinearAlgebra.transposeMultiply(a.rowRange(120, 600), a.rowRange(120, 600), whole, true, Parallelism.serial());
                Matrix rows = Gram.rows(a);
                for (int i = 0; i < 190; i++) {
                    for (int j = 0; j <= i; j++) {
                        assertThat(g.get(i, j)).isEqualTo(whole.get(i, j));
                        assertThat(g.get(i, j)).isCloseTo(ata.get(i, j), org.assertj.core.data.Offset.offset(1e-9));
                    }
                }
                assertThat(rows).isEqualTo(aat);
            }
        } finally {
            Parallelism.setDefault(before);
        }
    }
}
