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
package org.rf4j.vector;

import static org.assertj.core.api.Assertions.assertThat;
import static org.rf4j.vector.FloatKernelsTest.ulps;

import org.junit.jupiter.api.Test;
import org.rf4j.api.linalg.ExactMath;

/**
 * The fp32 functions of {@link ExactMath} against {@code (float) Math.f((double) x)}, which is within
 * 0.5 ulp (plus Math's double error, ~2^-29 float ulp) of the correctly rounded float value.
 * (Here rather than in org.rf4j.api, like the double functions' accuracy test in ExactMathTwinTest;
 * FloatKernelsTest checks that the vector kernels give the same bits.)
 */
class ExactMathFloatTest {

    /**
     * Every 61st float of [−104, 89] (all magnitudes, so subnormal results and the small arguments
     * near 0 included): ≤ 1 ulp. Measured exhaustively over every float of [−105, 90] while
     * writing it: worst 1 ulp, 0.77% of the results 1 ulp off. A dropped last Taylor term
     * (degree 6) gives 2 ulp and fails here.
     */
    @Test
    void expfIsWithinOneUlpOverTheWholeFiniteRange() {
        long worst = 0;
        float worstAt = 0;
        long checked = 0;
        for (int sign = 0; sign < 2; sign++) {
            float limit = sign == 0 ? 89f : 104f;
            for (int bits = 0; bits <= Float.floatToIntBits(limit); bits += 61) {
                float x = Float.intBitsToFloat(bits | (sign << 31));
                long u = ulps(ExactMath.expf(x), (float) Math.exp(x));
                checked++;
                if (u > worst) {
                    worst = u;
                    worstAt = x;
                }
            }
        }
        assertThat(checked).isGreaterThan(30_000_000L);
        assertThat(worst).as("worst at %s", worstAt).isLessThanOrEqualTo(1);
    }

    /** NaN, ±∞, ±0, the overflow and underflow thresholds ± 8 ulps and subnormal inputs: exactly Math's. */
    @Test
    void expfSpecialAndThresholdInputsAreExactlyMaths() {
        float[] exact = {Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, 0f, -0f, Float.MIN_VALUE,
            -Float.MIN_VALUE, Float.MIN_NORMAL, -Float.MIN_NORMAL, 0x1p-30f, -0x1p-30f, Float.MAX_VALUE, -Float.MAX_VALUE,
            1f, 100f, -200f};
        for (float x : exact) {
            assertThat(Float.floatToIntBits(ExactMath.expf(x))).as("expf(%s)", x)
                    .isEqualTo(Float.floatToIntBits((float) Math.exp(x)));
        }
        for (float edge : new float[] {ExactMath.EXPF_OVERFLOW, ExactMath.EXPF_UNDERFLOW}) {
            float x = edge;
            for (int i = 0; i < 8; i++) {
                x = Math.nextDown(x);
            }
            for (int i = 0; i < 17; i++, x = Math.nextUp(x)) {
                float y = ExactMath.expf(x);
                float ref = (float) Math.exp(x);
                if (ref == 0 || Float.isInfinite(ref)) {
                    assertThat(Float.floatToIntBits(y)).as("expf(%s)", x).isEqualTo(Float.floatToIntBits(ref));
                } else {
                    assertThat(ulps(y, ref)).as("expf(%s)", x).isLessThanOrEqualTo(1);
                    assertThat(y).isPositive().isFinite();
                }
            }
        }
        assertThat(ExactMath.expf(Math.nextUp(ExactMath.EXPF_OVERFLOW))).isEqualTo(Float.POSITIVE_INFINITY);
        assertThat(ExactMath.expf(ExactMath.EXPF_OVERFLOW)).isFinite();
        assertThat(Float.floatToIntBits(ExactMath.expf(Math.nextDown(ExactMath.EXPF_UNDERFLOW)))).isZero();
        assertThat(ExactMath.expf(ExactMath.EXPF_UNDERFLOW)).isEqualTo(Float.MIN_VALUE);
    }

    /** Arguments where n = rint(x/ln 2) changes (x near (k + 1/2)·ln 2), where the reduction is least forgiving. */
    @Test
    void expfIsWithinOneUlpWhereTheExponentChanges() {
        for (int k = -150; k <= 128; k++) {
            float mid = (float) ((k + 0.5) * Math.log(2));
            float x = mid;
            for (int i = 0; i < 64; i++) {
                x = Math.nextDown(x);
            }
            for (int i = 0; i < 129; i++, x = Math.nextUp(x)) {
                if (x >= ExactMath.EXPF_UNDERFLOW && x <= ExactMath.EXPF_OVERFLOW) {
                    assertThat(ulps(ExactMath.expf(x), (float) Math.exp(x))).as("expf(%s)", x).isLessThanOrEqualTo(1);
                }
            }
        }
    }

    /**
     * cosf and sinf: every 61st float of |x| &lt; {@link ExactMath#TRIGF_RANGE} (both signs) ≤ 1 ulp
     * (measured exhaustively on that range: worst 1 ulp); above it, NaN and ±∞ they are the double
     * functions rounded once; sinf keeps the sign of ±0 and is x for tiny x. A dropped last Taylor
     * term of sin or cos, or a two-piece π/2, fails here.
     */
    @Test
    void cosfAndSinfAreWithinOneUlpOnTheirRangeAndTheDoubleFunctionsBeyond() {
        long worst = 0;
        float worstAt = 0;
        for (int bits = 0; bits < Float.floatToIntBits(ExactMath.TRIGF_RANGE); bits += 61) {
            float x = Float.intBitsToFloat(bits);
            for (float v : new float[] {x, -x}) {
                long u = Math.max(ulps(ExactMath.cosf(v), (float) Math.cos(v)), ulps(ExactMath.sinf(v), (float) Math.sin(v)));
                if (u > worst) {
                    worst = u;
                    worstAt = v;
                }
            }
        }
        assertThat(worst).as("worst at %s", worstAt).isLessThanOrEqualTo(1);
        for (float x : new float[] {ExactMath.TRIGF_RANGE, -ExactMath.TRIGF_RANGE, 1e6f, -3e38f, Float.NaN,
            Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY}) {
            assertThat(Float.floatToRawIntBits(ExactMath.cosf(x))).isEqualTo(Float.floatToRawIntBits((float) ExactMath.cos(x)));
            assertThat(Float.floatToRawIntBits(ExactMath.sinf(x))).isEqualTo(Float.floatToRawIntBits((float) ExactMath.sin(x)));
        }
        for (float x : new float[] {0f, -0f, Float.MIN_VALUE, -Float.MIN_VALUE, 0x1p-13f, -0x1.fffffep-13f}) {
            assertThat(Float.floatToRawIntBits(ExactMath.sinf(x))).as("sinf(%s)", x).isEqualTo(Float.floatToRawIntBits(x));
            assertThat(ExactMath.cosf(x)).isEqualTo(1f);
        }
    }
}
