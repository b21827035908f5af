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
package org.rf4j.features;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.rf4j.api.InvalidInputException;
import org.rf4j.api.Matrix;
import org.rf4j.api.kernel.KernelKind;
import org.rf4j.api.mechanism.DrawnFeatures;
import org.rf4j.api.mechanism.FeatureRequest;
import org.rf4j.api.mechanism.Side;
import org.rf4j.api.random.Seeds;

/**
 * The positive map's overflow guard at its boundary. The guard rides on the exp pass (a flag for
 * exponents near the limit, then the exact check on flagged rows only), and must refuse exactly the
 * rows it refused as a separate pass: those with a largest exponent {@code wᵀx − |x|²/2} above 709,
 * although the features carry the 1/√m factor inside the exponent and exp(709.25 − log 4) would
 * still be finite. A flag threshold moved up by even half a unit (so a row at 709.25 passes), or a
 * guard that never runs, fails the first case; one that refuses at 708.75 fails the second.
 */
class PositiveOverflowGuardTest {
    private static final int D = 3;
    private static final int M = 16;

    /** x = e₁ and row {@code at} of W is (exponent + ½)·e₁: that feature's exponent is the given one. */
    private static Matrix map(double exponent, int at, int rows) {
        return map(new PositiveFeatures(), exponent, at, rows);
    }

    private static Matrix map(org.rf4j.api.mechanism.ProjectionFeatureMap features, double exponent, int at, int rows) {
        Matrix w = Matrix.zeros(M, D);
        for (int j = 0; j < M; j++) {
            if (j == at) {
                w.set(j, 0, exponent + 0.5);
            } else {
                w.set(j, j % D, 0.25);
            }
        }
        DrawnFeatures f = features.draw(new FeatureRequest(KernelKind.SOFTMAX, D, M, new FeatureMapTestSupport.FixedCoupling(w), null, Seeds.generator(1)));
        Matrix x = Matrix.zeros(rows, D);
        for (int i = 0; i < rows; i++) {
            x.set(i, 0, 1.0);
        }
        return f.map(Side.QUERY, x, null);
    }

    @Test
    void rowsAboveTheLimitAreRefusedAndRowsJustBelowAreMapped() {
        for (int at : new int[] {0, 7, 8, 15}) { // vector body and scalar tail of the exp pass
            assertThatThrownBy(() -> map(709.25, at, 3)).as("exponent 709.25 at column %d", at)
                    .isInstanceOf(InvalidInputException.class).hasMessageContaining("row 1 (1-based)").hasMessageContaining("overflows");
            Matrix phi = map(708.75, at, 3);
            for (int i = 0; i < 3; i++) {
                // exp(708.75)/√16. The map computes exp(fl(z + fl(shift − log 4))): the two roundings move the
                // argument by at most ulp(709)/2 + ulp(1.9)/2 ≈ 5.7e-14, i.e. the feature by that relative amount,
                // plus the exp kernel's ≤ 1 ulp; 1e-13 bounds the sum, and a wrong exponent (by ≥ 1e-13) fails
                assertThat(phi.get(i, at) / (Math.exp(708.75) / 4)).isCloseTo(1.0, org.assertj.core.data.Offset.offset(1e-13));
                int j = (at + 1) % M;
                double z = j % D == 0 ? 0.25 : 0.0; // the other rows of W: 0.25 on axis j mod D
                assertThat(phi.get(i, j)).isCloseTo(Math.exp(z - 0.5) / 4, org.assertj.core.data.Offset.offset(1e-15));
            }
        }
    }

    /**
     * The hyperbolic map (exp(±wᵀx − |x|²/2)/√(2m)) with the same folded guard on both of its exp
     * passes: a largest exponent of 709.25 on the + side, or on the − side (row (−709.75)·e₁), is
     * refused; 708.75 on either side is mapped to exp(708.75)/√(2m).
     */
    @Test
    void hyperbolicRowsAboveTheLimitAreRefusedOnEitherSide() {
        for (double sign : new double[] {1, -1}) {
            for (int at : new int[] {0, 9}) {
                assertThatThrownBy(() -> map(new HyperbolicFeatures(), sign * 709.75 - 0.5, at, 2))
                        .as("exponent 709.25 on side %s at column %d", sign, at)
                        .isInstanceOf(InvalidInputException.class).hasMessageContaining("overflows");
                Matrix phi = map(new HyperbolicFeatures(), sign * 709.25 - 0.5, at, 2);
                int col = sign > 0 ? at : M + at;
                assertThat(phi.get(1, col) / (Math.exp(708.75) / Math.sqrt(2 * M)))
                        .isCloseTo(1.0, org.assertj.core.data.Offset.offset(1e-13));
            }
        }
    }
}
