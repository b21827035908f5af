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
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** Principal roots, logs and arithmetic of {@link Complex}. */
class ComplexTest {

    private static void close(Complex actual, double re, double im) {
        assertThat(actual.re()).isCloseTo(re, within(1e-15 * Math.max(1, Math.abs(re))));
        assertThat(actual.im()).isCloseTo(im, within(1e-15 * Math.max(1, Math.abs(im))));
    }

    @Test
    void principalSquareRoots() {
        close(Complex.real(-1).sqrt(), 0, 1);                 // √−1 = i (CRT: trig RFs have B = i)
        close(Complex.real(4).sqrt(), 2, 0);
        close(Complex.of(-4, -0.0).sqrt(), 0, 2);             // sign of zero ignored: arg = +π
        close(Complex.of(3, 4).sqrt(), 2, 1);
        close(Complex.of(-3, 4).sqrt(), 1, 2);
        close(Complex.of(-3, -4).sqrt(), 1, -2);
        Complex z = Complex.of(-1e-20, 1e-3);                  // no cancellation near the negative axis
        Complex r = z.sqrt();
        close(r.times(r), z.re(), z.im());
    }

    @Test
    void principalFourthRootAndPowers() {
        Complex z = Complex.of(-2, 0.5);
        Complex q = z.root(4);
        assertThat(Math.abs(q.arg())).isLessThanOrEqualTo(Math.PI / 4);
        Complex back = q.pow(4);
        assertThat(back.minus(z).abs()).isLessThan(1e-14);
        close(Complex.real(16).root(4), 2, 0);
        close(Complex.real(-1).root(4), Math.sqrt(0.5), Math.sqrt(0.5));
        close(z.pow(-2).times(z.pow(2)), 1, 0);
    }

    @Test
    void logExpDivide() {
        Complex z = Complex.of(0.3, -2.5);
        Complex e = z.log().exp();
        close(e, 0.3, -2.5);
        close(Complex.real(-1).log(), 0, Math.PI);
        close(Complex.of(1, 2).divide(Complex.of(3, -4)), -0.2, 0.4);
        close(Complex.of(1e300, 1e300).divide(Complex.of(1e300, 1e300)), 1, 0);
        assertThat(Complex.of(3e300, 4e300).abs()).isCloseTo(5e300, within(1e286));
    }
}
