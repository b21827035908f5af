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
package org.rf4j.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The fast number text is exact: FastDoubleParser gives Double.parseDouble's double bit for bit,
 * and Schubfach's shortest text reads back as the same double. A parser that rounded one ulp off
 * in a hard case, or a writer that dropped a needed digit, fails here (the random strings include
 * 17–25 significant digits, where correct rounding is hardest, and subnormal and near-overflow
 * exponents).
 */
class NumbersTest {

    @Test
    void parsingMatchesTheJdkBitForBitOnRandomDecimalText() {
        SplittableRandom g = new SplittableRandom(3);
        for (int i = 0; i < 200_000; i++) {
            StringBuilder sb = new StringBuilder();
            if (g.nextBoolean()) {
                sb.append('-');
            }
            int digits = 1 + g.nextInt(25);
            for (int k = 0; k < digits; k++) {
                sb.append((char) ('0' + g.nextInt(10)));
                if (k == 0 && g.nextInt(3) == 0) {
                    sb.append('.');
                }
            }
            if (g.nextBoolean()) {
                sb.append('e').append(g.nextInt(-340, 320));
            }
            String t = sb.toString();
            assertThat(Double.doubleToRawLongBits(Numbers.parseDouble(t))).as(t)
                    .isEqualTo(Double.doubleToRawLongBits(Double.parseDouble(t)));
        }
    }

    @Test
    void shortestTextReadsBackAsTheSameDoubleAndIsNeverLongerThanTheJdks() {
        SplittableRandom g = new SplittableRandom(4);
        for (int i = 0; i < 200_000; i++) {
            double v = switch (i % 4) {
                case 0 -> Double.longBitsToDouble(g.nextLong()); // every exponent, subnormals, NaN payloads
                case 1 -> g.nextGaussian();
                case 2 -> Math.exp(g.nextDouble(-700, 700));
                default -> g.nextInt(-1000, 1000) / 8.0;
            };
            if (Double.isNaN(v)) {
                assertThat(Numbers.toString(v)).isEqualTo("NaN");
                continue;
            }
            String s = Numbers.toString(v);
            assertThat(Double.doubleToRawLongBits(Double.parseDouble(s))).as(s).isEqualTo(Double.doubleToRawLongBits(v));
            assertThat(Double.doubleToRawLongBits(Numbers.parseDouble(s))).as(s).isEqualTo(Double.doubleToRawLongBits(v));
            assertThat(s.length()).as("%s vs %s", s, Double.toString(v)).isLessThanOrEqualTo(Double.toString(v).length());
            assertThat(Numbers.schubfach(v)).isEqualTo(s);
            StringBuilder sb = new StringBuilder("x");
            Numbers.append(sb, v);
            assertThat(sb.toString()).isEqualTo("x" + s);
            if (Runtime.version().feature() >= 19) {
                // on JDK 19+ the text is Double.toString's own: the port must give the same digits
                assertThat(Numbers.schubfach(v)).isEqualTo(Double.toString(v));
            }
        }
        assertThat(Numbers.toString(2.0E-3)).isEqualTo("0.002");
        assertThat(Numbers.toString(1.0E23)).isEqualTo("1.0E23");
        assertThat(Numbers.toString(Double.MIN_VALUE)).isEqualTo("4.9E-324");
        assertThat(Numbers.toString(-0.0)).isEqualTo("-0.0");
    }

    /**
     * The float path's CSV text: each float's shortest text reads back (with Float.parseFloat and
     * as a double rounded to float, how rf4j's readers take it) as the same float, and is the same
     * text on JDK 17 (Jackson's port) as JDK 19+'s Float.toString. A writer that printed the widened
     * double's digits (0.10000000149011612 for 0.1f) fails the length check; one that dropped a digit
     * fails the read-back.
     */
    @Test
    void shortestFloatTextReadsBackAsTheSameFloat() {
        SplittableRandom g = new SplittableRandom(5);
        for (int i = 0; i < 200_000; i++) {
            float v = switch (i % 3) {
                case 0 -> Float.intBitsToFloat(g.nextInt()); // every exponent, subnormals, NaN payloads
                case 1 -> (float) g.nextGaussian();
                default -> (float) Math.exp(g.nextDouble(-100, 88));
            };
            StringBuilder sb = new StringBuilder();
            Numbers.append(sb, v);
            String s = sb.toString();
            if (Float.isNaN(v)) {
                assertThat(s).isEqualTo("NaN");
                continue;
            }
            assertThat(Float.floatToRawIntBits(Float.parseFloat(s))).as(s).isEqualTo(Float.floatToRawIntBits(v));
            assertThat(Float.floatToRawIntBits((float) Numbers.parseDouble(s))).as(s).isEqualTo(Float.floatToRawIntBits(v));
            assertThat(s.length()).as("%s vs %s", s, Float.toString(v)).isLessThanOrEqualTo(Float.toString(v).length());
            assertThat(Numbers.schubfach(v)).isEqualTo(s);
            if (Runtime.version().feature() >= 19) {
                assertThat(Numbers.schubfach(v)).isEqualTo(Float.toString(v));
            }
        }
        StringBuilder sb = new StringBuilder();
        Numbers.append(sb, 0.1f);
        assertThat(sb.toString()).isEqualTo("0.1");
    }

    @Test
    void dataFileSyntaxIsUnchanged() {
        Path f = Path.of("x.csv");
        assertThat(Numbers.parse(" 1.5e3 ", f, 2, 1, "a")).isEqualTo(1500.0);
        assertThat(Numbers.isNumber("inf")).isTrue();
        assertThat(Numbers.isNumber("Infinity")).isTrue();
        assertThat(Numbers.isNumber("0x1p3")).isFalse();
        assertThat(Numbers.isNumber("1d")).isFalse();
        assertThat(Numbers.isNumber("1.2.3")).isFalse();
        assertThat(Numbers.isNumber("")).isFalse();
        assertThatThrownBy(() -> Numbers.parse("NaN", f, 2, 1, "a")).hasMessageContaining("not finite");
        // "inf" used to be called "not a number" (its last letter looked like Java's float suffix)
        assertThatThrownBy(() -> Numbers.parse("-inf", f, 2, 1, "a")).hasMessageContaining("not finite");
        assertThatThrownBy(() -> Numbers.parse("1,5", f, 7, 3, "b")).hasMessageContaining("line 7")
                .hasMessageContaining("'1,5'");
    }
}
