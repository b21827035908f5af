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
package org.rf4j.advise;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.rf4j.api.InvalidInputException;
import org.rf4j.api.Matrix;
import org.rf4j.api.kernel.Kernel;
import org.rf4j.spi.MechanismRegistry;

/**
 * Advice on data it cannot be measured on is refused in one line: one row, identical rows (zero
 * variance, all-zero data), and a median distance of zero — never a silent σ = 1 with 0/0 errors.
 */
class DegenerateDataTest {
    private final Advisor advisor = new Advisor(MechanismRegistry.discover());

    @Test
    void oneRowIdenticalRowsAndAllZeroDataAreRefused() {
        for (Matrix x : new Matrix[] {Matrix.wrap(1, 2, new double[] {1, 2}), Matrix.wrap(3, 2, new double[] {1, 2, 1, 2, 1, 2}),
                Matrix.zeros(5, 3)}) {
            assertThatThrownBy(() -> advisor.run(AdviceRequest.of(x, Kernel.gaussian(1.0))))
                    .isInstanceOf(InvalidInputException.class).hasMessageContaining("at least two distinct rows")
                    .hasMessageNotContaining("\n");
            assertThatThrownBy(() -> Advisor.medianDistance(x, x, 1)).isInstanceOf(InvalidInputException.class)
                    .hasMessageContaining("median distance");
        }
        Matrix keys = Matrix.zeros(4, 3);
        assertThatThrownBy(() -> advisor.run(AdviceRequest.of(AdvisorTest.cloud(10, 3, 1, 0, 2), Kernel.softmax())
                .withKeys(keys))).isInstanceOf(InvalidInputException.class).hasMessageContaining("the keys");
    }
}
