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
package org.rf4j.theory.special;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Non-finite arguments and the parity of {@link Bessel} (I₀ even, I₁/I₀ odd) on both branches. */
class BesselEdgeTest {
    @Test
    void nonFiniteArgumentsAndParity() {
        assertThat(Bessel.i0(Double.NaN)).isNaN();
        assertThat(Bessel.logI0(Double.NaN)).isNaN();
        assertThat(Bessel.logI0(Double.POSITIVE_INFINITY)).isEqualTo(Double.POSITIVE_INFINITY);
        assertThat(Bessel.logI0(Double.NEGATIVE_INFINITY)).isEqualTo(Double.POSITIVE_INFINITY);
        for (double z : new double[] {0.7, 5, 50}) {
            assertThat(Bessel.i1OverI0(-z)).as("z=%s", z).isEqualTo(-Bessel.i1OverI0(z)).isNegative();
            assertThat(Bessel.logI0(-z)).isEqualTo(Bessel.logI0(z));
        }
    }
}
