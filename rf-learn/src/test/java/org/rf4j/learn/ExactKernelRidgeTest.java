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

import org.junit.jupiter.api.Test;
import org.rf4j.api.Matrix;
import org.rf4j.api.kernel.Kernel;
import org.rf4j.api.kernel.KernelKind;
import org.rf4j.api.random.Seeds;

class ExactKernelRidgeTest {

    /**
     * Exact KRR equals ridge on Nyström features with every training point a landmark (their Gram
     * matrix is K exactly): two independent routes, kernel-centred dual vs features + intercept.
     * A wrong centring, λ or intercept in either shows up far above 1e-6.
     */
    @Test
    void equalsRidgeOnExactNystroemFeatures() {
        Kernel k = Kernel.gaussian(1.3);
        Matrix x = Data.gaussian(120, 3, 1);
        Matrix test = Data.gaussian(40, 3, 2);
        Matrix y = Matrix.wrap(120, 1, Data.smoothTarget(x, 0.1, 3));
        double lambda = 1e-3;
        ExactKernelRidge krr = ExactKernelRidge.fit(k, x, y, lambda);
        Matrix xs = x.scaled(1 / 1.3);
        Nystroem ny = Nystroem.fit(KernelKind.GAUSSIAN, xs, 120, Seeds.generator(4), 1e-13);
        LinearFit fit = RidgeSolver.dual(ny.transform(xs, null), y, lambda);
        Matrix viaFeatures = fit.predict(ny.transform(test.scaled(1 / 1.3), null));
        Matrix exact = krr.predict(test);
        for (int i = 0; i < 40; i++) {
            assertThat(exact.get(i, 0)).isCloseTo(viaFeatures.get(i, 0), org.assertj.core.data.Offset.offset(1e-6));
        }
    }

    /** A nearly interpolating fit (tiny λ) reproduces the training targets. */
    @Test
    void tinyLambdaInterpolates() {
        Matrix x = Data.gaussian(50, 2, 5);
        Matrix y = Matrix.wrap(50, 1, Data.smoothTarget(x, 0.0, 6));
        ExactKernelRidge krr = ExactKernelRidge.fit(Kernel.gaussian(0.8), x, y, 1e-10);
        Matrix p = krr.predict(x);
        for (int i = 0; i < 50; i++) {
            assertThat(p.get(i, 0)).isCloseTo(y.get(i, 0), org.assertj.core.data.Offset.offset(1e-4));
        }
    }
}
