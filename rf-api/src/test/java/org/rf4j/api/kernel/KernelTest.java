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
package org.rf4j.api.kernel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;
import org.rf4j.api.InvalidParameterException;

class KernelTest {

    @Test
    void gaussianAndSoftmaxValuesAndConversion() {
        double[] x = {0.3, -0.2, 0.5};
        double[] y = {-0.1, 0.4, 0.2};
        double dist2 = 0.16 + 0.36 + 0.09;
        assertThat(Kernel.gaussian(1.0).value(x, y)).isCloseTo(Math.exp(-dist2 / 2), within(1e-15));
        assertThat(Kernel.gaussian(2.0).value(x, y)).isCloseTo(Math.exp(-dist2 / 8), within(1e-15));
        double dot = -0.03 - 0.08 + 0.1;
        assertThat(Kernel.softmax().value(x, y)).isCloseTo(Math.exp(dot), within(1e-15));
        double sm = Kernel.softmax().value(x, y);
        assertThat(Kernel.gaussianFromSoftmax(sm, x, y)).isCloseTo(Kernel.gaussian(1.0).value(x, y), within(1e-15));
        assertThat(Kernel.softmaxFromGaussian(Kernel.gaussian(1.0).value(x, y), x, y)).isCloseTo(sm, within(1e-15));
        assertThat(KernelKind.GAUSSIAN.logRowFactor(KernelKind.SOFTMAX, 2.0)).isEqualTo(-1.0);
        assertThat(KernelKind.SOFTMAX.logRowFactor(KernelKind.GAUSSIAN, 2.0)).isEqualTo(1.0);
    }

    @Test
    void badBandwidthIsRejected() {
        assertThatThrownBy(() -> Kernel.gaussian(0)).isInstanceOf(InvalidParameterException.class)
                .hasMessageContaining("kernel.sigma");
        assertThatThrownBy(() -> Kernel.gaussian(Double.NaN)).isInstanceOf(InvalidParameterException.class);
    }
}
