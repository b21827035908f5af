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
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.rf4j.api.InvalidInputException;
import org.rf4j.api.Matrix;
import org.rf4j.api.linalg.Gram;
import org.rf4j.api.Spec;
import org.rf4j.api.kernel.Kernel;
import org.rf4j.api.kernel.KernelKind;
import org.rf4j.api.linalg.LinearAlgebra;
import org.rf4j.api.mechanism.DataSample;
import org.rf4j.api.mechanism.DrawnEstimator;
import org.rf4j.api.mechanism.Estimator;
import org.rf4j.api.mechanism.EstimatorRequest;
import org.rf4j.api.random.Seeds;
import org.rf4j.spi.MechanismKind;
import org.rf4j.spi.MechanismRegistry;

class NystroemTest {

    private static double maxAbsDiff(Matrix a, Matrix b) {
        double m = 0;
        for (int i = 0; i < a.data().length; i++) {
            m = Math.max(m, Math.abs(a.data()[i] - b.data()[i]));
        }
        return m;
    }

    /** Every data point a landmark: ΦΦᵀ = K K⁺ K = K, the exact Gram matrix, for both unit kernels. */
    @Test
    void withEveryPointALandmarkTheGramIsExact() {
        Matrix x = Data.gaussian(60, 3, 1).scaled(0.7);
        for (KernelKind kind : KernelKind.values()) {
            Nystroem ny = Nystroem.fit(kind, x, 60, Seeds.generator(5), Nystroem.DEFAULT_RCOND);
            assertThat(ny.landmarkCount()).isEqualTo(60);
            Matrix phi = ny.transform(x, null);
            Matrix gram = LinearAlgebra.multiplyTransposed(phi, phi, null);
            Matrix exact = KernelBlocks.unitKernel(kind, x, x);
            assertThat(maxAbsDiff(gram, exact)).as(kind.name()).isLessThan(1e-6);
            // and a direct check of the unit kernel against rf-api's definition
            assertThat(exact.get(3, 7)).isCloseTo(kind.value(x.row(3), x.row(7)), org.assertj.core.data.Offset.offset(1e-14));
        }
    }

    /**
     * Fewer landmarks: exact on the landmarks, and the error on other points shrinks as landmarks
     * are added (a map with a wrong normalisation, e.g. K⁻¹ instead of K^{-1/2}, fails both).
     */
    @Test
    void exactOnLandmarksAndImprovingWithMore() {
        Matrix x = Data.gaussian(200, 2, 2);
        Nystroem small = Nystroem.fit(KernelKind.GAUSSIAN, x, 20, Seeds.generator(1), Nystroem.DEFAULT_RCOND);
        Matrix z = small.landmarks();
        Matrix pz = small.transform(z, null);
        assertThat(maxAbsDiff(LinearAlgebra.multiplyTransposed(pz, pz, null),
                KernelBlocks.unitKernel(KernelKind.GAUSSIAN, z, z))).isLessThan(1e-8);
        Matrix exact = KernelBlocks.unitKernel(KernelKind.GAUSSIAN, x, x);
        double prev = Double.POSITIVE_INFINITY;
        for (int m : new int[] {10, 40, 160}) {
            Nystroem ny = Nystroem.fit(KernelKind.GAUSSIAN, x, m, Seeds.generator(1), Nystroem.DEFAULT_RCOND);
            Matrix p = ny.transform(x, null);
            double err = maxAbsDiff(LinearAlgebra.multiplyTransposed(p, p, null), exact);
            assertThat(err).isLessThan(prev);
            prev = err;
        }
        assertThat(prev).isLessThan(0.05);
    }

    @Test
    void duplicateLandmarksAreClippedAndMoreLandmarksThanRowsPad() {
        Matrix x = Matrix.of(new double[][] {{0, 0}, {0, 0}, {1, 0}, {0, 1}});
        Nystroem ny = Nystroem.fit(KernelKind.GAUSSIAN, x, 6, Seeds.generator(3), Nystroem.DEFAULT_RCOND);
        assertThat(ny.landmarkCount()).isEqualTo(4);
        assertThat(ny.rank()).isEqualTo(3);
        Matrix p = ny.transform(x, null);
        assertThat(p.cols()).isEqualTo(6);
        for (double v : p.data()) {
            assertThat(v).isFinite();
        }
        for (int i = 0; i < 4; i++) {
            assertThat(p.get(i, 4)).isZero();
            assertThat(p.get(i, 5)).isZero();
        }
        Matrix gram = LinearAlgebra.multiplyTransposed(p, p, null);
        assertThat(maxAbsDiff(gram, KernelBlocks.unitKernel(KernelKind.GAUSSIAN, x, x))).isLessThan(1e-8);
    }

    /** The provider through the registry: seeded landmarks, caller's coordinates, refuses to draw without data. */
    @Test
    void providerDrawsThroughTheRegistry() {
        MechanismRegistry registry = MechanismRegistry.discover();
        assertThat(registry.ids(MechanismKind.FEATURE_MAP)).as(registry.problems().toString()).contains("nystroem");
        Spec spec = Spec.of("random-features", "coupling", Spec.of("iid").toPlain(), "features",
                Spec.of("nystroem").toPlain(), "m", 50);
        Estimator est = (Estimator) registry.create(MechanismKind.ESTIMATOR, "estimator", spec);
        Matrix x = Data.gaussian(50, 3, 4).scaled(2.0);
        Kernel k = Kernel.gaussian(2.0);
        DrawnEstimator a = est.fitIfNeeded(k, DataSample.symmetric(x), 11).draw(new EstimatorRequest(k, 3, 11));
        DrawnEstimator b = est.fitIfNeeded(k, DataSample.symmetric(x), 11).draw(new EstimatorRequest(k, 3, 11));
        assertThat(a.gram(x, x).data()).isEqualTo(b.gram(x, x).data());
        Matrix g = a.gram(x, x);
        for (int i = 0; i < 50; i += 7) {
            for (int j = 0; j < 50; j += 5) {
                assertThat(g.get(i, j)).isCloseTo(k.value(x.row(i), x.row(j)), org.assertj.core.data.Offset.offset(1e-6));
            }
        }
        assertThatThrownBy(() -> est.draw(new EstimatorRequest(k, 3, 11)))
                .isInstanceOf(org.rf4j.api.mechanism.NotFittedException.class)
                .hasMessageContaining("feature map 'nystroem' is not fitted").hasMessageContaining("call fit first");
    }
}
