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

class SymmetricEigensystemTest {

    @Test
    void reconstructsTheMatrixWithOrthonormalVectorsAndAscendingValues() {
        int n = 90;
        Matrix b = Matrix.gaussian(n, n, 1.0, 3);
        Matrix s = Matrix.zeros(n, n);
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                s.data()[i * n + j] = b.get(i, j) + b.get(j, i);
            }
        }
        SymmetricEigensystem e = SymmetricEigensystem.decompose(s);
        double[] lambda = e.values();
        for (int i = 1; i < n; i++) {
            assertThat(lambda[i]).isGreaterThanOrEqualTo(lambda[i - 1]);
        }
        Matrix v = e.vectors();
        Matrix vtv = LinearAlgebra.transposeMultiply(v, v, null);
        Matrix vl = v.copy();
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                vl.data()[i * n + j] *= lambda[j];
                assertThat(vtv.get(i, j)).isCloseTo(i == j ? 1.0 : 0.0, org.assertj.core.data.Offset.offset(1e-12));
            }
        }
        Matrix back = LinearAlgebra.multiplyTransposed(vl, v, null);
        for (int i = 0; i < n * n; i++) {
            assertThat(back.data()[i]).isCloseTo(s.data()[i], org.assertj.core.data.Offset.offset(1e-11));
        }
    }

    @Test
    void diagonalAndRepeatedEigenvalues() {
        Matrix s = Matrix.of(new double[][] {{2, 0, 0}, {0, 2, 0}, {0, 0, -1}});
        assertThat(SymmetricEigensystem.decompose(s).values()).containsExactly(-1, 2, 2);
        assertThat(SymmetricEigensystem.decompose(Matrix.of(new double[][] {{5}})).values()).containsExactly(5);
    }
}
