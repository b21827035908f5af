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
package org.rf4j.learn;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.rf4j.RandomFeatureMap;
import org.rf4j.RandomFeatures;
import org.rf4j.api.Matrix;
import org.rf4j.api.kernel.Kernel;
import org.rf4j.api.random.Seeds;

/**
 * Nyström features and exact kernel ridge need only a kernel's exact value, so they serve every
 * kernel: with every training point a landmark, Nyström's Gram matrix is the exact one (checked
 * entry by entry against {@link Kernel#value}), and exact kernel ridge equals ridge on those
 * features (two independent routes).
 */
class AnyKernelExactValueTest {

    private static Kernel kernel(String id) {
        return switch (id) {
            case "matern" -> RandomFeatures.of("matern", Map.of("nu", 2.5, "lengthscale", 1.2)).kernel();
            case "matern-any-nu" -> RandomFeatures.of("matern", Map.of("nu", 0.7, "lengthscale", 1.5)).kernel();
            case "laplacian" -> RandomFeatures.laplacian(0.4).kernel();
            default -> RandomFeatures.rationalQuadratic(0.9, 1.1).kernel();
        };
    }

    @ParameterizedTest
    @ValueSource(strings = {"matern", "matern-any-nu", "laplacian", "rational-quadratic"})
    void nystroemReproducesTheExactGramAndKernelRidgeAgreesWithIt(String id) {
        Kernel k = kernel(id);
        Matrix x = Data.gaussian(60, 3, 1);
        Matrix test = Data.gaussian(20, 3, 2);
        Matrix y = Matrix.wrap(60, 1, Data.smoothTarget(x, 0.1, 3));
        Matrix xs = x.scaled(k.inputScale());
        Nystroem ny = Nystroem.fit(k, xs, 60, Seeds.generator(4), 1e-13);
        Matrix f = ny.transform(xs, null);
        for (int i = 0; i < 60; i += 7) {
            for (int j = 0; j < 60; j += 5) {
                double dot = 0;
                for (int c = 0; c < f.cols(); c++) {
                    dot += f.get(i, c) * f.get(j, c);
                }
                assertThat(dot).as("%s Gram (%d, %d)", id, i, j)
                        .isCloseTo(k.value(x.row(i), x.row(j)), org.assertj.core.data.Offset.offset(1e-8));
            }
        }
        double lambda = 1e-3;
        Matrix exact = ExactKernelRidge.fit(k, x, y, lambda).predict(test);
        LinearFit fit = RidgeSolver.dual(f, y, lambda);
        Matrix viaFeatures = fit.predict(ny.transform(test.scaled(k.inputScale()), null));
        for (int i = 0; i < 20; i++) {
            assertThat(exact.get(i, 0)).isCloseTo(viaFeatures.get(i, 0), org.assertj.core.data.Offset.offset(1e-6));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"matern", "laplacian"})
    void theFrontDoorsNystroemMapServesTheKernel(String id) {
        Kernel k = kernel(id);
        double[][] x = new double[30][];
        Matrix data = Data.gaussian(30, 3, 7);
        for (int i = 0; i < 30; i++) {
            x[i] = data.row(i);
        }
        RandomFeatureMap phi = RandomFeatures.of(k.spec().id(), k.spec().parameters()).features("nystroem").m(30).fit(x);
        double[][] gram = phi.gram(x, x);
        for (int i = 0; i < 30; i += 7) {
            for (int j = 0; j < 30; j += 3) {
                assertThat(gram[i][j]).isCloseTo(k.value(x[i], x[j]), org.assertj.core.data.Offset.offset(1e-8));
            }
        }
    }
}
