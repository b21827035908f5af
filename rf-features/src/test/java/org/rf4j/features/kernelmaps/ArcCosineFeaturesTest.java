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

import org.junit.jupiter.api.Test;
import org.rf4j.api.InvalidInputException;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Matrix;
import org.rf4j.testkit.MonteCarlo;
import org.rf4j.theory.ExactKernels;
import org.rf4j.theory.ShiftInvariantTheory;

/**
 * Arc-cosine features against Cho &amp; Saul's kernel: 8,000 maps of m = 32 features per case, at an
 * acute and an obtuse angle, orders 0, 1, 2. The mean must match {@code ExactKernels.arcCosine} within
 * 4.5 standard errors, and that tolerance must be at most 8% of k (the smallest bias the check
 * detects); the MSE must match {@code ShiftInvariantTheory.arcCosineMse} within 4.5 standard errors
 * of the squared-error mean.
 */
class ArcCosineFeaturesTest {
    private static final double[][][] PAIRS = {
        {{0.9, -0.2, 0.4, 1.1}, {0.5, 0.3, -0.1, 0.8}},
        {{0.9, -0.2, 0.4, 1.1}, {-0.7, 0.6, 0.2, -0.3}},
    };

    @Test
    void unbiasedWithTheClosedFormMse() {
        int m = 32;
        for (int order = 0; order <= 2; order++) {
            int n = order;
            for (double[][] p : PAIRS) {
                double k = ExactKernels.arcCosine(order, p[0], p[1]);
                MonteCarlo.Estimates e = KernelMapMonteCarlo.run(8000, 70 + order, k, p[0], p[1],
                        seed -> new ArcCosineFeatures(4, m, n, seed));
                e.assertUnbiased(k, 0.08);
                e.assertMse(ShiftInvariantTheory.arcCosineMse(order, p[0], p[1], m));
            }
        }
    }

    @Test
    void stepReluAndSquaredReluOfTheDrawnRows() {
        ArcCosineFeatures f = new ArcCosineFeatures(3, 5, 1, 9);
        ArcCosineFeatures g = new ArcCosineFeatures(3, 5, 2, 9);
        ArcCosineFeatures s = new ArcCosineFeatures(3, 5, 0, 9);
        Matrix w = f.weights();
        double[] x = {0.3, -1.2, 0.7};
        double[] relu = f.transform(Matrix.row(x)).data();
        double[] sq = g.transform(Matrix.row(x)).data();
        double[] step = s.transform(Matrix.row(x)).data();
        double c = Math.sqrt(2.0 / 5);
        for (int j = 0; j < 5; j++) {
            double z = w.get(j, 0) * x[0] + w.get(j, 1) * x[1] + w.get(j, 2) * x[2];
            assertThat(relu[j]).isCloseTo(z > 0 ? c * z : 0, org.assertj.core.api.Assertions.within(1e-14));
            assertThat(sq[j]).isCloseTo(z > 0 ? c * z * z : 0, org.assertj.core.api.Assertions.within(1e-14));
            assertThat(step[j]).isEqualTo(z > 0 ? c : 0.0);
        }
        assertThat(f.positive()).isTrue();
        assertThat(f.outputDimension()).isEqualTo(5);
        // the same (d, m, seed) draws the same rows whatever the order
        assertThat(g.weights()).isEqualTo(w);
        assertThat(new ArcCosineFeatures(3, 5, 1, 9).transform(Matrix.row(x))).isEqualTo(f.transform(Matrix.row(x)));
        // a zero row gives zero features (Θ(0) = 0), as the exact kernel gives 0
        assertThat(f.transform(Matrix.row(new double[3])).data()).containsOnly(0.0);
    }

    @Test
    void refusesBadParametersAndInput() {
        assertThatThrownBy(() -> new ArcCosineFeatures(3, 5, 3, 1)).isInstanceOf(InvalidParameterException.class)
                .hasMessageContaining("'order' = 3");
        assertThatThrownBy(() -> new ArcCosineFeatures(3, 0, 1, 1)).isInstanceOf(InvalidParameterException.class)
                .hasMessageContaining("'m' = 0");
        ArcCosineFeatures f = new ArcCosineFeatures(2, 4, 1, 1);
        assertThatThrownBy(() -> f.transform(Matrix.of(new double[][] {{1, 2}, {3, Double.NaN}})))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("row 2, column 2");
    }
}
