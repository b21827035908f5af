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

import org.junit.jupiter.api.Test;
import org.rf4j.api.InvalidInputException;
import org.rf4j.api.linalg.LinearAlgebra;

/**
 * The radial profiles over a block of distances against the scalar forms, over a dense sweep of
 * r ∈ [0, 40] plus 0 and tiny distances: within 4 ulps (the vectorised exp is within its documented
 * ulps of {@link Math#exp}; the polynomial adds a rounding), which is far inside 1e-13 relative.
 */
class RadialBlocksTest {
    static double[] sweep() {
        double[] r = new double[40_003];
        for (int i = 0; i < 40_000; i++) {
            r[i + 3] = i * 1e-3 + 1e-4 * (i % 7);
        }
        r[1] = 1e-200;
        r[2] = 1e-30;
        return r;
    }

    interface Scalar {
        double at(double r);
    }

    /** The largest distance in ulps of the scalar form (checked ≤ 4) and 1e-13 relative. */
    static long maxUlps(double[] r, double[] block, Scalar scalar, String what) {
        long worst = 0;
        for (int i = 0; i < r.length; i++) {
            double s = scalar.at(r[i]);
            long ulps = s == block[i] ? 0 : Math.abs(Double.doubleToLongBits(s) - Double.doubleToLongBits(block[i]));
            worst = Math.max(worst, ulps);
            assertThat(ulps).as("%s at r = %s: block %s, scalar %s", what, r[i], block[i], s).isLessThanOrEqualTo(4);
            assertThat(Math.abs(block[i] - s)).as("%s at r = %s", what, r[i]).isLessThanOrEqualTo(1e-13 * s);
        }
        return worst;
    }

    @Test
    void maternClosedFormsAndAnyNuMatchTheScalarForm() {
        for (double nu : new double[] {0.5, 1.5, 2.5, 0.7}) {
            double[] r = sweep();
            double[] block = r.clone();
            ExactKernels.maternOfDistances(nu, 1.3, block, 0, block.length);
            long worst = maxUlps(r, block, t -> ExactKernels.maternOfDistance(nu, 1.3, t), "matern nu=" + nu);
            System.out.printf("matern nu=%s: block vs scalar at most %d ulps (%s exp)%n", nu, worst, LinearAlgebra.implementation());
        }
    }

    @Test
    void rationalQuadraticMatchesTheScalarForm() {
        for (double alpha : new double[] {0.3, 1.0, 4.0}) {
            double[] r = sweep();
            double[] block = r.clone();
            ExactKernels.rationalQuadraticOfDistances(alpha, 0.9, block, 0, block.length);
            long worst = maxUlps(r, block, t -> ExactKernels.rationalQuadraticOfDistance(alpha, 0.9, t), "rq alpha=" + alpha);
            System.out.printf("rational-quadratic alpha=%s: block vs scalar at most %d ulps (%s exp)%n", alpha, worst,
                    LinearAlgebra.implementation());
        }
    }

    @Test
    void aSubRangeIsTheOnlyPartWritten() {
        double[] r = {-1, 0.5, 1.5, -2};
        ExactKernels.maternOfDistances(1.5, 1, r, 1, 3);
        assertThat(r[0]).isEqualTo(-1);
        assertThat(r[3]).isEqualTo(-2);
        assertThat(r[1]).isEqualTo(ExactKernels.maternOfDistance(1.5, 1, 0.5), org.assertj.core.api.Assertions.within(1e-15));
    }

    @Test
    void aNegativeOrNonFiniteDistanceIsRefusedAsByTheScalarForm() {
        assertThatThrownBy(() -> ExactKernels.maternOfDistances(2.5, 1, new double[] {0.5, -1}, 0, 2))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("distance r = -1.0");
        assertThatThrownBy(() -> ExactKernels.rationalQuadraticOfDistances(1, 1, new double[] {Double.NaN}, 0, 1))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("distance r = NaN");
    }
}
