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

import org.junit.jupiter.api.Test;
import org.rf4j.api.linalg.LinearAlgebra;

class MatrixTest {

    @Test
    void requireFiniteNamesRowAndColumn() {
        Matrix m = Matrix.of(new double[][] {{1, 2, 3}, {4, Double.NaN, 6}});
        assertThatThrownBy(() -> m.requireFinite("query batch"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("query batch (2x3)")
                .hasMessageContaining("row 2, column 2 (1-based)")
                .hasMessageContaining("NaN");
        Matrix inf = Matrix.of(new double[][] {{Double.POSITIVE_INFINITY}});
        assertThatThrownBy(() -> inf.requireFinite("x")).hasMessageContaining("Infinity");
    }

    @Test
    void shapeErrorsCarryBothShapes() {
        assertThatThrownBy(() -> Matrix.of(new double[][] {{1, 2}, {3}}))
                .isInstanceOf(DimensionMismatchException.class).hasMessageContaining("row 2 (1-based) has 1 columns but row 1 has 2");
        assertThatThrownBy(() -> Matrix.zeros(2, 3).requireCols(4, "key batch"))
                .isInstanceOf(DimensionMismatchException.class).hasMessageContaining("key batch is 2x3")
                .hasMessageContaining("4 columns");
        assertThatThrownBy(() -> Matrix.zeros(0, 3).requireNonEmpty("data"))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("data is empty");
        assertThatThrownBy(() -> Matrix.requireShape(Matrix.zeros(2, 2), 2, 3, "features"))
                .isInstanceOf(DimensionMismatchException.class).hasMessageContaining("2x2").hasMessageContaining("2x3");
        assertThatThrownBy(() -> Matrix.zeros(1, 0)).isInstanceOf(DimensionMismatchException.class);
    }

    @Test
    void productsAgreeWithTheDefinitionAndRefuseAliasing() {
        Matrix x = Matrix.of(new double[][] {{1, 2}, {3, 4}, {5, 6}});
        Matrix w = Matrix.of(new double[][] {{1, 0}, {0, 1}, {1, 1}, {2, -1}});
        Matrix z = LinearAlgebra.multiplyTransposed(x, w, null);
        assertThat(z.data()).containsExactly(1, 2, 3, 0, 3, 4, 7, 2, 5, 6, 11, 4);
        assertThat(LinearAlgebra.multiply(x, w.transpose(), null)).isEqualTo(z);
        assertThat(LinearAlgebra.transposeMultiply(x.transpose(), w.transpose(), null)).isEqualTo(z);
        assertThat(LinearAlgebra.multiply(x, new double[] {1, -1}, null)).containsExactly(-1, -1, -1);
        assertThat(LinearAlgebra.transposeMultiply(x, new double[] {1, 1, 1}, null)).containsExactly(9, 12);
        Matrix sq = Matrix.of(new double[][] {{1, 2}, {3, 4}});
        assertThatThrownBy(() -> LinearAlgebra.multiply(sq, sq, sq)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("alias");
        assertThatThrownBy(() -> LinearAlgebra.multiplyTransposed(x, Matrix.zeros(2, 3), null))
                .isInstanceOf(DimensionMismatchException.class).hasMessageContaining("3x2").hasMessageContaining("2x3");
    }

    @Test
    void complexFeaturesRealifyToTheRealPartOfTheUnconjugatedProduct() {
        ComplexMatrix a = new ComplexMatrix(Matrix.of(new double[][] {{1, 2}}), Matrix.of(new double[][] {{3, -1}}));
        ComplexMatrix b = new ComplexMatrix(Matrix.of(new double[][] {{0.5, -2}}), Matrix.of(new double[][] {{2, 4}}));
        // Re(Σ a_k b_k) = Σ (ar br − ai bi)
        double expected = (1 * 0.5 - 3 * 2) + (2 * -2 - (-1) * 4);
        double[] q = a.realifyQuery(null).data();
        double[] k = b.realifyKey(null).data();
        double dot = 0;
        for (int i = 0; i < q.length; i++) {
            dot += q[i] * k[i];
        }
        assertThat(dot).isEqualTo(expected);
    }

    @Test
    void toArrayGivesTheRowsBackAsACopy() {
        double[][] rows = {{1, 2, 3}, {4, 5, 6}};
        Matrix m = Matrix.of(rows);
        double[][] back = m.toArray();
        org.assertj.core.api.Assertions.assertThat(back).isDeepEqualTo(rows);
        back[0][0] = 9;
        org.assertj.core.api.Assertions.assertThat(m.get(0, 0)).isEqualTo(1.0);
        org.assertj.core.api.Assertions.assertThat(Matrix.zeros(0, 3).toArray()).isEmpty();
    }
}
