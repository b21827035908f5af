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
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** The elementary operations of {@link Complex} on exactly representable values (results exact or to 1 ulp). */
class ComplexArithmeticTest {
    private static void is(Complex actual, double re, double im) {
        assertThat(actual.re()).as("re of %s", actual).isCloseTo(re, within(1e-15 * Math.max(1, Math.abs(re))));
        assertThat(actual.im()).as("im of %s", actual).isCloseTo(im, within(1e-15 * Math.max(1, Math.abs(im))));
    }

    @Test
    void ringOperations() {
        Complex z = Complex.of(3, -2);
        Complex w = Complex.of(-1, 4);
        is(z.plus(w), 2, 2);
        is(z.plus(1.5), 4.5, -2);
        is(z.minus(w), 4, -6);
        is(z.negate(), -3, 2);
        is(z.conjugate(), 3, 2);
        is(z.times(w), 5, 14);
        is(z.times(-2.0), -6, 4);
        assertThat(z.isReal()).isFalse();
        assertThat(Complex.real(2).isReal()).isTrue();
        assertThat(Complex.of(1, Double.NaN).isFinite()).isFalse();
        assertThat(Complex.of(Double.POSITIVE_INFINITY, 0).isFinite()).isFalse();
        assertThat(z.isFinite()).isTrue();
        is(Complex.I.times(Complex.I), -1, 0);
    }

    @Test
    void divisionOnBothBranchesOfSmithsAlgorithm() {
        Complex z = Complex.of(5, 14);
        // |re| ≥ |im| and |re| < |im| of the divisor take different branches
        is(z.divide(Complex.of(3, -2)), -1, 4);
        is(z.divide(Complex.of(-1, 4)), 3, -2);
        is(Complex.of(2, 0).divide(Complex.of(0, 2)), 0, -1);
        is(Complex.of(0, 4).reciprocal(), 0, -0.25);
        is(Complex.of(3, 4).reciprocal(), 0.12, -0.16);
    }

    @Test
    void polarArgExpAndLog() {
        is(Complex.polar(2, Math.PI / 2), 0, 2);
        is(Complex.polar(2, Math.PI), -2, 0);
        assertThat(Complex.of(0, -3).arg()).isCloseTo(-Math.PI / 2, within(1e-15));
        assertThat(Complex.of(-2, 0).arg()).isEqualTo(Math.PI);
        assertThat(Complex.of(-2, -0.0).arg()).isEqualTo(Math.PI);
        assertThat(Complex.of(2, 0).arg()).isEqualTo(0.0);
        assertThat(Complex.ZERO.arg()).isEqualTo(0.0);
        is(Complex.real(1).exp(), Math.E, 0);
        is(Complex.of(0, Math.PI / 2).exp(), 0, 1);
        is(Complex.of(Math.log(2), Math.PI).exp(), -2, 0);
        is(Complex.of(0, -1).log(), 0, -Math.PI / 2);
        assertThat(Complex.of(3, -4).abs()).isEqualTo(5.0);
    }

    @Test
    void rootsAndIntegerPowers() {
        Complex z = Complex.of(-7, 24);      // = (3 + 4i)²
        is(z.sqrt(), 3, 4);
        is(z.root(2), 3, 4);
        is(z.root(1), -7, 24);
        is(Complex.of(-7, -24).sqrt(), 3, -4);
        is(Complex.of(0, 2).sqrt(), 1, 1);
        is(Complex.of(0, -2).sqrt(), 1, -1);
        is(Complex.ZERO.sqrt(), 0, 0);
        is(Complex.ZERO.root(3), 0, 0);
        is(Complex.real(-8).root(3), 1, Math.sqrt(3));
        is(Complex.of(0, 16).root(4), 2 * Math.cos(Math.PI / 8), 2 * Math.sin(Math.PI / 8));
        assertThatThrownBy(() -> z.root(0)).isInstanceOf(IllegalArgumentException.class);
        Complex b = Complex.of(1, 1);
        is(b.pow(0), 1, 0);
        is(b.pow(1), 1, 1);
        is(b.pow(2), 0, 2);
        is(b.pow(3), -2, 2);
        is(b.pow(5), -4, -4);
        is(b.pow(-2), 0, -0.5);
    }

    @Test
    void toStringShowsTheSignOfTheImaginaryPart() {
        assertThat(Complex.of(1.5, -2).toString()).isEqualTo("1.5-2.0i");
        assertThat(Complex.of(1.5, 2).toString()).isEqualTo("1.5+2.0i");
        assertThat(Complex.of(1.5, 0).toString()).isEqualTo("1.5+0.0i");
        assertThat(Complex.of(1.5, Double.NaN).toString()).isEqualTo("1.5+NaNi");
    }
}
