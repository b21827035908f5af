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

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.rf4j.api.linalg.ExactMath;
import org.rf4j.api.linalg.VectorKernels;

/**
 * The fp32 vector kernels against their scalar twins (the {@link VectorKernels} defaults, which call
 * {@link ExactMath}'s float functions): the same bits for every element — vector lanes, the loop's
 * tail, special lanes — whatever the length, offset and JIT tier; and the accuracy of the float
 * functions through the vector path.
 */
class FloatKernelsTest {
    private static final PanamaKernels VK = new PanamaKernels();
    private static final VectorKernels SCALAR = VectorKernels.scalar();

    /** Distance in float ulps (0 for equal values or two NaNs; huge for one NaN). */
    static long ulps(float a, float b) {
        int x = Float.floatToIntBits(a);
        int y = Float.floatToIntBits(b);
        if (x == y) {
            return 0;
        }
        if (a != a || b != b) {
            return Long.MAX_VALUE;
        }
        if ((x < 0) != (y < 0)) {
            return (long) (x & Integer.MAX_VALUE) + (y & Integer.MAX_VALUE);
        }
        return Math.abs((long) x - y);
    }

    /** Inputs that stress the float functions: signed zeros, subnormals, NaN, ±∞, the extremes. */
    static final float[] SPECIAL = {Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, 0f, -0f,
        Float.MIN_VALUE, -Float.MIN_VALUE, 0x1.fffffcp-127f, -0x1.fffffcp-127f, Float.MIN_NORMAL, -Float.MIN_NORMAL,
        0x1p-24f, -0x1p-24f, 0x1p-13f, 1f, -1f, 0.34657359f, -0.34657359f, 10f, -10f, 87.33654f, -87.33654f,
        88.0f, -88.0f, 100f, -100f, 1e10f, -1e10f, Float.MAX_VALUE, -Float.MAX_VALUE,
        Float.intBitsToFloat(0x7fc00001), Float.intBitsToFloat(0xffc00000)};

    /**
     * Every 2^k-th float (k small enough for ~2·10⁶ points) of both signs over all magnitudes, the
     * special inputs, and the overflow and underflow thresholds ± 32 ulps, in chunks of 1,003
     * (a vector body and a tail), a few hundred rounds so the compiled loop is tested too.
     */
    static float[] expSweep() {
        float[] x = new float[2 * (0x7f800000 >>> 10) + SPECIAL.length + 4 * 65];
        int n = 0;
        for (int bits = 0; bits < 0x7f800000; bits += 1 << 10) {
            x[n++] = Float.intBitsToFloat(bits + (bits >>> 13 & 0x3ff)); // low mantissa bits vary too
            x[n++] = -Float.intBitsToFloat(bits + (bits >>> 11 & 0x3ff));
        }
        for (float s : SPECIAL) {
            x[n++] = s;
        }
        for (float edge : new float[] {ExactMath.EXPF_OVERFLOW, ExactMath.EXPF_UNDERFLOW, -87.33654f, 0.34657359f}) {
            float v = edge;
            for (int i = 0; i < 32; i++) {
                v = Math.nextDown(v);
            }
            for (int i = 0; i < 65; i++, v = Math.nextUp(v)) {
                x[n++] = v;
            }
        }
        return java.util.Arrays.copyOf(x, n);
    }

    /** An fp32 elementwise kernel call: src[off, off + len) to dst[off, off + len). */
    interface Kernel {
        void apply(float[] src, int off, float[] dst, int len);
    }

    /**
     * Runs the vector and the scalar kernel over {@code x} in chunks of 1,003 (a vector body and a
     * tail each), three rounds (the later ones compiled), and checks both against the scalar
     * function's bits element by element.
     */
    static void assertTwins(String name, Kernel vector, Kernel scalar, java.util.function.IntUnaryOperator expectedBits,
            float[] x) {
        float[] y = new float[x.length];
        float[] ys = new float[x.length];
        int chunk = 1003;
        for (int round = 0; round < 3; round++) {
            for (int o = 0; o < x.length; o += chunk) {
                int len = Math.min(chunk, x.length - o);
                vector.apply(x, o, y, len);
                scalar.apply(x, o, ys, len);
            }
            for (int i = 0; i < x.length; i++) {
                int expected = expectedBits.applyAsInt(i);
                if (Float.floatToRawIntBits(y[i]) != expected || Float.floatToRawIntBits(ys[i]) != expected) {
                    assertThat(Float.floatToRawIntBits(y[i])).as("%s(%s), round %d", name, x[i], round).isEqualTo(expected);
                    assertThat(Float.floatToRawIntBits(ys[i])).as("scalar %s(%s)", name, x[i]).isEqualTo(expected);
                }
            }
        }
    }

    @Test
    void expfMatchesItsScalarTwinBitForBitOverTheWholeFloatRange() {
        float[] x = expSweep();
        assertTwins("expf", (s, o, d, n) -> VK.expAffine(s, o, 1f, 0f, d, o, n), (s, o, d, n) -> SCALAR.expAffine(s, o, 1f, 0f, d, o, n),
                i -> Float.floatToRawIntBits(ExactMath.expf(x[i])), x);
    }

    /**
     * Every 2^10-th float of both signs (every 2^16-th above 4·TRIGF_RANGE), the special inputs, 64 ulps around the
     * range limit and around k·π/2 for k up to 5,215 (where the reduction cancels most), for
     * cosf and sinf with factors 1 and −0.3: the vector lanes, the patched lanes and the tail give
     * the scalar twin's bits.
     */
    @Test
    void cosfAndSinfMatchTheirScalarTwinsBitForBit() {
        float[] x = trigSweep();
        for (float factor : new float[] {1f, -0.3f}) {
            assertTwins("cosf", (s, o, d, n) -> VK.cos(s, o, factor, d, o, n), (s, o, d, n) -> SCALAR.cos(s, o, factor, d, o, n),
                    i -> Float.floatToRawIntBits(factor * ExactMath.cosf(x[i])), x);
            assertTwins("sinf", (s, o, d, n) -> VK.sin(s, o, factor, d, o, n), (s, o, d, n) -> SCALAR.sin(s, o, factor, d, o, n),
                    i -> Float.floatToRawIntBits(factor * ExactMath.sinf(x[i])), x);
        }
    }

    static float[] trigSweep() {
        java.util.List<Float> edges = new java.util.ArrayList<>();
        for (float edge : new float[] {ExactMath.TRIGF_RANGE, ExactMath.SINF_TINY, 0x1p22f}) {
            edges.add(edge);
        }
        for (int k = 1; k <= 5215; k += k < 64 ? 1 : 97) {
            edges.add((float) (k * Math.PI / 2));
        }
        float[] x = new float[2 * (0x7f800000 >>> 10) + SPECIAL.length + 2 * 129 * edges.size()];
        int n = 0;
        int far = Float.floatToIntBits(4 * ExactMath.TRIGF_RANGE);
        for (int bits = 0; bits < 0x7f800000; bits += bits < far ? 1 << 10 : 1 << 16) { // sparser where reduction is slow
            x[n++] = Float.intBitsToFloat(bits + (bits >>> 13 & 0x3ff));
            x[n++] = -Float.intBitsToFloat(bits + (bits >>> 11 & 0x3ff));
        }
        for (float s : SPECIAL) {
            x[n++] = s;
        }
        for (float edge : edges) {
            float v = edge;
            for (int i = 0; i < 64; i++) {
                v = Math.nextDown(v);
            }
            for (int i = 0; i < 129; i++, v = Math.nextUp(v)) {
                x[n++] = v;
                x[n++] = -v;
            }
        }
        return java.util.Arrays.copyOf(x, n);
    }

    /** Every {@code step}-th float of [0, limit] with both signs, then {@code extra}. */
    static float[] everyKth(float limit, int step, float... extra) {
        int top = Float.floatToIntBits(limit);
        float[] x = new float[2 * (top / step + 1) + extra.length];
        int n = 0;
        for (int bits = 0; bits <= top; bits += step) {
            x[n++] = Float.intBitsToFloat(bits);
            x[n++] = -Float.intBitsToFloat(bits);
        }
        System.arraycopy(extra, 0, x, n, extra.length);
        return x;
    }

    /** The worst ulp distance of {@code kernel} (in calls of 4,096) from {@code (float) ref((double) x)}, with its x. */
    static String worstUlp(Kernel kernel, java.util.function.DoubleUnaryOperator ref, float[] x) {
        float[] y = new float[x.length];
        for (int o = 0; o < x.length; o += 4096) {
            kernel.apply(x, o, y, Math.min(4096, x.length - o));
        }
        long worst = 0;
        float at = 0;
        for (int i = 0; i < x.length; i++) {
            long u = ulps(y[i], (float) ref.applyAsDouble(x[i]));
            if (u > worst) {
                worst = u;
                at = x[i];
            }
        }
        return worst + " ulp at " + at;
    }

    /**
     * Every 509th float of |x| &lt; 2·{@link ExactMath#TRIGF_RANGE} and the twin test's sweep (zeros
     * of sin and cos, the range limit, huge and special inputs) through the vector kernels: ≤ 1 ulp
     * of (float) Math.cos/sin. Measured exhaustively over every float of |x| &lt; 8192 while writing
     * them: worst 1 ulp (1.5% of sinf, 1.7% of cosf results 1 ulp off); above the range the double
     * functions rounded once.
     */
    @Test
    void vectorCosfAndSinfAreWithinOneUlp() {
        float[] x = everyKth(2 * ExactMath.TRIGF_RANGE, 509, trigSweep());
        assertThat(worstUlp((s, o, d, n) -> VK.cos(s, o, 1f, d, o, n), Math::cos, x)).matches("[01] ulp at .*");
        assertThat(worstUlp((s, o, d, n) -> VK.sin(s, o, 1f, d, o, n), Math::sin, x)).matches("[01] ulp at .*");
    }

    /**
     * The argument is alpha·src + beta as a float product then a float sum (an fma would change
     * bits), for every length 1 … 40 and offsets 0 … 3: vector body and scalar tail alike; and
     * the cutoff flag is exactly "some argument exceeds the cutoff", planted at every position.
     */
    @Test
    void expAffineAboveMatchesTheScalarKernelForEveryLengthOffsetAndFlagPosition() {
        SplittableRandom g = new SplittableRandom(16);
        float alpha = 0.7f;
        float beta = -1.3f;
        float cutoff = 2.2f;
        for (int round = 0; round < 40; round++) {
            for (int len = 1; len <= 40; len++) {
                for (int off = 0; off < 4; off++) {
                    for (int at = -1; at < len; at++) {
                        float[] x = new float[off + len + 3];
                        for (int i = 0; i < x.length; i++) {
                            x[i] = (float) g.nextDouble(-3, 4.6); // alpha·x + beta < 2.2: below the cutoff
                        }
                        if (at >= 0) {
                            x[off + at] = 6.0f; // 0.7·6 − 1.3 = 2.9 > 2.2
                        }
                        float[] y = new float[len + off + 1];
                        float[] ys = new float[len + off + 1];
                        boolean got = VK.expAffineAbove(x, off, alpha, beta, y, off + 1, len, cutoff);
                        boolean twin = SCALAR.expAffineAbove(x, off, alpha, beta, ys, off + 1, len, cutoff);
                        assertThat(got).as("len %d off %d planted at %d", len, off, at).isEqualTo(at >= 0);
                        assertThat(twin).isEqualTo(at >= 0);
                        for (int i = 0; i < y.length; i++) {
                            assertThat(Float.floatToRawIntBits(y[i])).as("len %d off %d at %d", len, off, i)
                                    .isEqualTo(Float.floatToRawIntBits(ys[i]));
                        }
                        if (at == len - 1) {
                            float[] y2 = new float[y.length];
                            VK.expAffine(x, off, alpha, beta, y2, off + 1, len);
                            assertThat(y2).isEqualTo(y);
                        }
                    }
                }
            }
        }
    }

    /** Every 509th float of [−104, 104] and the twin test's sweep through the vector kernel: ≤ 1 ulp of (float) Math.exp. */
    @Test
    void vectorExpfIsWithinOneUlp() {
        float[] x = everyKth(104f, 509, expSweep());
        assertThat(worstUlp((s, o, d, n) -> VK.expAffine(s, o, 1f, 0f, d, o, n), Math::exp, x)).matches("[01] ulp at .*");
    }

    /**
     * The fp32 product against the scalar default for rows 1 … 13, cols 1 … 200 and 512 (with 16
     * lanes: 4×6-vector strips from 96 columns, then 4-vector blocks, the one-vector and scalar
     * column tails; 512 = a feature map's m), depth 0 … 9, 64 and 300 (two depth tiles: for 512
     * columns, and for every 7th column count with rows ≡ 1 mod 4), both layouts of A, accumulate on and off,
     * nonzero offsets and padded leading dimensions. A chain in another order (e.g. two partial
     * sums), a shifted block or a lost tail column fails here.
     */
    @Test
    void fp32ProductIsBitIdenticalToTheScalarDefault() {
        SplittableRandom g = new SplittableRandom(12);
        int[] depths = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 64, 300};
        int[] widths = java.util.stream.IntStream.concat(java.util.stream.IntStream.rangeClosed(1, 200),
                java.util.stream.IntStream.of(512)).toArray();
        for (int rows = 1; rows <= 13; rows++) {
            for (int cols : widths) {
                for (int depth : depths) {
                    if (depth == 300 && (cols % 7 != 0 || rows % 4 != 1) && cols != 512) {
                        continue;
                    }
                    float[] a = random(g, 2 + rows * depth);
                    float[] b = random(g, 3 + depth * (cols + 1));
                    for (boolean transposedA : new boolean[] {false, true}) {
                        int ars = transposedA ? 1 : depth;
                        int acs = transposedA ? rows : 1;
                        for (boolean acc : new boolean[] {false, true}) {
                            float[] c1 = random(g, 1 + rows * (cols + 2));
                            float[] c2 = c1.clone();
                            VK.gemm(rows, cols, depth, a, 2, ars, acs, b, 3, cols + 1, c1, 1, cols + 2, acc);
                            SCALAR.gemm(rows, cols, depth, a, 2, ars, acs, b, 3, cols + 1, c2, 1, cols + 2, acc);
                            if (!java.util.Arrays.equals(c1, c2)) {
                                assertThat(c1).as("rows %d cols %d depth %d transposed %s accumulate %s", rows, cols,
                                        depth, transposedA, acc).isEqualTo(c2);
                            }
                        }
                    }
                }
            }
        }
    }

    private static float[] random(SplittableRandom g, int n) {
        float[] x = new float[n];
        for (int i = 0; i < n; i++) {
            x[i] = (float) g.nextDouble(-2, 2);
        }
        return x;
    }

    /**
     * max, multiply and scale for lengths 1 … 40 at offsets 0 … 2; max also with NaN entries (ignored
     * unless all are NaN), ±∞ and signed zeros in either order (the default keeps the first zero),
     * compared by bits.
     */
    @Test
    void maxMultiplyAndScaleMatchTheScalarDefault() {
        SplittableRandom g = new SplittableRandom(13);
        float[] odd = {Float.NaN, -0f, 0f, Float.NEGATIVE_INFINITY, Float.POSITIVE_INFINITY, -1f};
        for (int round = 0; round < 50; round++) {
            for (int len = 1; len <= 40; len++) {
                for (int off = 0; off < 3; off++) {
                    float[] a = random(g, off + len + 2);
                    for (int i = 0; i < a.length; i++) {
                        int pick = g.nextInt(round % 5 == 0 ? 3 : 12);
                        if (pick < odd.length && round % 5 != 4) {
                            a[i] = round % 5 < 2 ? odd[pick] : -Math.abs(odd[pick]);
                        }
                    }
                    if (round % 5 == 3) {
                        java.util.Arrays.fill(a, Float.NaN);
                        a[off + g.nextInt(len)] = g.nextBoolean() ? -0f : 0f;
                    }
                    assertThat(Float.floatToRawIntBits(VK.max(a, off, len))).as("max, len %d off %d round %d", len, off, round)
                            .isEqualTo(Float.floatToRawIntBits(SCALAR.max(a, off, len)));
                    float[] s = random(g, len + 1);
                    float[] v = a.clone();
                    float[] w = a.clone();
                    VK.multiply(v, off, s, 1, len);
                    SCALAR.multiply(w, off, s, 1, len);
                    assertThat(v).isEqualTo(w);
                    VK.scale(v, off, 1.7f, len);
                    SCALAR.scale(w, off, 1.7f, len);
                    assertThat(v).isEqualTo(w);
                }
            }
        }
        float[] zeros = new float[37];
        zeros[0] = -0f;
        assertThat(Float.floatToRawIntBits(VK.max(zeros, 0, zeros.length))).isEqualTo(Float.floatToRawIntBits(-0f));
        float[] nan = new float[37];
        java.util.Arrays.fill(nan, Float.NaN);
        assertThat(VK.max(nan, 0, nan.length)).isNaN();
    }
}
