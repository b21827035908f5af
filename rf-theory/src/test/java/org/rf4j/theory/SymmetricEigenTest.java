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
package org.rf4j.theory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;
import org.rf4j.api.DimensionMismatchException;
import org.rf4j.api.Matrix;

/** {@link SymmetricEigen} from known parts: the change of basis is Vᵀx, compose is V·diag·Vᵀ, inputs are checked. */
class SymmetricEigenTest {
    private static final double C = Math.cos(0.7);
    private static final double S = Math.sin(0.7);
    /** Columns: the eigenvectors (C, S) and (−S, C). */
    private static final Matrix V = Matrix.of(new double[][] {{C, -S}, {S, C}});

    @Test
    void knownDecompositionMapsToItsEigenbasisAndComposes() {
        SymmetricEigen e = SymmetricEigen.of(new double[] {2.0, 0.5}, V);
        assertThat(e.dimension()).isEqualTo(2);
        assertThat(e.value(1)).isEqualTo(0.5);
        double[] x = {0.3, -1.1};
        double[] c = e.toEigenbasis(x);
        assertThat(c[0]).isCloseTo(C * 0.3 + S * -1.1, within(1e-15));
        assertThat(c[1]).isCloseTo(-S * 0.3 + C * -1.1, within(1e-15));
        Matrix m = e.compose(new double[] {4.0, 1.0});
        // V diag(4, 1) Vᵀ
        assertThat(m.get(0, 0)).isCloseTo(4 * C * C + S * S, within(1e-15));
        assertThat(m.get(0, 1)).isCloseTo(3 * C * S, within(1e-15));
        assertThat(m.get(1, 0)).isCloseTo(3 * C * S, within(1e-15));
        assertThat(m.get(1, 1)).isCloseTo(4 * S * S + C * C, within(1e-15));
        // decomposing what it composes gives back the spectrum
        double[] back = SymmetricEigen.decompose(m).values();
        java.util.Arrays.sort(back);
        assertThat(back[0]).isCloseTo(1.0, within(1e-14));
        assertThat(back[1]).isCloseTo(4.0, within(1e-14));
    }

    @Test
    void badShapesAreRejected() {
        assertThatThrownBy(() -> SymmetricEigen.of(new double[] {1, 2, 3}, V)).isInstanceOf(DimensionMismatchException.class);
        assertThatThrownBy(() -> SymmetricEigen.of(new double[] {1, 2}, Matrix.zeros(2, 3)))
                .isInstanceOf(DimensionMismatchException.class);
        assertThatThrownBy(() -> SymmetricEigen.of(new double[] {1, 2}, Matrix.zeros(3, 2)))
                .isInstanceOf(DimensionMismatchException.class);
        SymmetricEigen e = SymmetricEigen.of(new double[] {2.0, 0.5}, V);
        assertThatThrownBy(() -> e.toEigenbasis(new double[3])).isInstanceOf(DimensionMismatchException.class);
        assertThatThrownBy(() -> e.compose(new double[1])).isInstanceOf(DimensionMismatchException.class);
    }

    /**
     * A matrix whose first row is already diagonal: convergence must be judged on every
     * off-diagonal entry, not only on the first row's. Eigenvalues 5 and (5 ± √5)/2.
     */
    @Test
    void decomposesWhenOnlyTheLaterRowsAreOffDiagonal() {
        double[] v = SymmetricEigen.decompose(Matrix.of(new double[][] {{5, 0, 0}, {0, 2, 1}, {0, 1, 3}})).values();
        java.util.Arrays.sort(v);
        assertThat(v[0]).isCloseTo((5 - Math.sqrt(5)) / 2, within(1e-14));
        assertThat(v[1]).isCloseTo((5 + Math.sqrt(5)) / 2, within(1e-14));
        assertThat(v[2]).isCloseTo(5.0, within(1e-14));
    }
}
