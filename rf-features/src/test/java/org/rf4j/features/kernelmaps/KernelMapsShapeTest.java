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
package org.rf4j.features.kernelmaps;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rf4j.api.DimensionMismatchException;
import org.rf4j.api.FloatMatrix;
import org.rf4j.api.InvalidInputException;
import org.rf4j.api.Matrix;
import org.rf4j.api.mechanism.Side;

/** Every kernel map: shapes, an empty batch, a wrong width, a non-finite entry, both sides, the float path. */
class KernelMapsShapeTest {
    private static List<RowFeatures> maps() {
        return List.of(new ArcCosineFeatures(3, 8, 1, 1), new TensorSketchFeatures(3, 8, 0.5, 1, 2, 1),
                new RandomMaclaurinFeatures(3, 8, 0.5, 1, 2, new double[] {0.25, 0.25, 0.5}, 1),
                new AdditiveChi2Features(3, 2), new SkewedChi2Features(3, 8, 1.0, 1));
    }

    @Test
    void tablesTooLargeForAnArrayAreRefusedNamingM() {
        assertThatThrownBy(() -> new ArcCosineFeatures(100_000, 100_000, 1, 1))
                .isInstanceOf(org.rf4j.api.InvalidParameterException.class)
                .hasMessageStartingWith("parameter 'm' = 100000 is not allowed; allowed: at most 21474 here");
        assertThatThrownBy(() -> new SkewedChi2Features(100_000, 100_000, 1, 1))
                .isInstanceOf(org.rf4j.api.InvalidParameterException.class).hasMessageContaining("'m' = 100000");
        assertThatThrownBy(() -> new RandomMaclaurinFeatures(50_000, 20_000, 1, 1, 3, new double[] {0.25, 0.25, 0.25, 0.25}, 1))
                .isInstanceOf(org.rf4j.api.InvalidParameterException.class)
                .hasMessageContaining("'m' = 20000 is not allowed; allowed: at most 14316 here");
    }

    @Test
    void shapesSidesAndTheFloatPath() {
        Matrix x = Matrix.of(new double[][] {{0.5, 0.0, 2.0}, {1.5, 0.25, 0.0}});
        for (RowFeatures f : maps()) {
            String name = f.getClass().getSimpleName();
            Matrix out = f.transform(x);
            assertThat(out.rows()).as(name).isEqualTo(2);
            assertThat(out.cols()).as(name).isEqualTo(f.outputDimension());
            assertThat(f.inputDimension()).as(name).isEqualTo(3);
            assertThat(f.symmetric()).as(name).isTrue();
            assertThat(f.map(Side.KEY, x, null)).as(name).isEqualTo(out);
            assertThat(f.transform(Matrix.zeros(0, 3)).rows()).as(name).isZero();
            FloatMatrix single = f.mapFloat(Side.QUERY, FloatMatrix.of(new float[][] {{0.5f, 0.0f, 2.0f}}), null);
            assertThat(single.data()[0]).as(name).isEqualTo((float) out.get(0, 0));
            assertThatThrownBy(() -> f.transform(Matrix.zeros(1, 4))).as(name)
                    .isInstanceOf(DimensionMismatchException.class).hasMessageContaining("3 columns are required");
            assertThatThrownBy(() -> f.transform(Matrix.of(new double[][] {{0.5, Double.POSITIVE_INFINITY, 1}})))
                    .as(name).isInstanceOf(InvalidInputException.class).hasMessageContaining("row 1, column 2");
        }
    }
}
