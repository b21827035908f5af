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
package org.rf4j.api.linalg;

import org.apiguardian.api.API;

/**
 * exp, sin and cos with the same bits on every path: the scalar twins, operation for operation, of
 * the vectorised kernels in {@code org.rf4j.vector} (fdlibm's argument reductions, Taylor/fdlibm
 * polynomials evaluated with the same fused multiply-adds in the same order), so features are
 * bit-identical whether or not {@code jdk.incubator.vector} is present (class path, module path,
 * jlink image, {@code -Drf4j.vector=scalar}) and in every JIT tier. Inputs outside the reduced
 * range (|x| ≥ {@value #EXP_RANGE} for exp, |x| ≥ {@value #TRIG_RANGE} for sin/cos) and NaN go to
 * {@link StrictMath}, which is the same on every JDK and CPU.
 *
 * <p>Accuracy against the correctly rounded result: ≤ 1 ulp for exp and cos, ≤ 2 ulp for sin (the
 * vector kernels' tests measure it).
 *
 * <p>The float functions {@link #expf}, {@link #cosf} and {@link #sinf} are native single-precision
 * algorithms in the same style (float constants, fmas, no double intermediates), twins of the
 * vector kernels' fp32 loops: ≤ 1 ulp over their whole ranges (checked exhaustively for expf on
 * [−105, 90] and for cosf/sinf on |x| &lt; {@value #TRIGF_RANGE}); beyond that range cosf and sinf
 * are the double functions rounded once.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class ExactMath {
    /** Below this |x| exp takes the polynomial path. */
    public static final double EXP_RANGE = 708.0;
    /** Below this |x| sin and cos take the polynomial path. */
    public static final double TRIG_RANGE = 4096.0;

    static final double SHIFTER = 0x1.8p52;
    static final long SHIFTER_BITS = Double.doubleToRawLongBits(SHIFTER);
    static final double INV_LN2 = 1.44269504088896338700e+00;
    static final double LN2_HI = 6.93147180369123816490e-01;
    static final double LN2_LO = 1.90821492927058770002e-10;
    private static final double[] INV_FACT = invFactorials();
    static final double E13 = INV_FACT[13];
    static final double E12 = INV_FACT[12];
    static final double E11 = INV_FACT[11];
    static final double E10 = INV_FACT[10];
    static final double E9 = INV_FACT[9];
    static final double E8 = INV_FACT[8];
    static final double E7 = INV_FACT[7];
    static final double E6 = INV_FACT[6];
    static final double E5 = INV_FACT[5];
    static final double E4 = INV_FACT[4];
    static final double E3 = INV_FACT[3];
    static final double E2 = INV_FACT[2];

    static final double TWO_OVER_PI = 6.36619772367581382433e-01;
    static final double PIO2_1 = 1.57079632673412561417e+00;
    static final double PIO2_2 = 6.07710050630396597660e-11;
    static final double PIO2_3 = 2.02226624871116645580e-21;
    static final double PIO2_3T = 8.47842766036889956997e-32;
    static final double S1 = -1.66666666666666324348e-01;
    static final double S2 = 8.33333333332248946124e-03;
    static final double S3 = -1.98412698298579493134e-04;
    static final double S4 = 2.75573137070700676789e-06;
    static final double S5 = -2.50507602534068634195e-08;
    static final double S6 = 1.58969099521155010221e-10;
    static final double C1 = 4.16666666666666019037e-02;
    static final double C2 = -1.38888888888741095749e-03;
    static final double C3 = 2.48015872894767294178e-05;
    static final double C4 = -2.75573143513906633035e-07;
    static final double C5 = 2.08757232129817482790e-09;
    static final double C6 = -1.13596475577881948265e-11;

    private ExactMath() {
    }

    private static double[] invFactorials() {
        double[] c = new double[14];
        double f = 1;
        for (int k = 1; k < 14; k++) {
            f *= k; // exact up to 13! < 2^53
            c[k] = 1.0 / f;
        }
        return c;
    }

    /** e^x: x = k·ln2 + r, e^r by its degree-13 Taylor polynomial, 2^k by the exponent bits. */
    public static double exp(double x) {
        if (!(Math.abs(x) < EXP_RANGE)) {
            return StrictMath.exp(x);
        }
        double t = Math.fma(x, INV_LN2, SHIFTER);
        double k = t - SHIFTER;
        long kb = Double.doubleToRawLongBits(t);
        double r = (x - k * LN2_HI) - k * LN2_LO;
        double z = r * r;
        double q = Math.fma(r, E13, E12);
        q = Math.fma(q, r, E11);
        q = Math.fma(q, r, E10);
        q = Math.fma(q, r, E9);
        q = Math.fma(q, r, E8);
        q = Math.fma(q, r, E7);
        q = Math.fma(q, r, E6);
        q = Math.fma(q, r, E5);
        q = Math.fma(q, r, E4);
        q = Math.fma(q, r, E3);
        q = Math.fma(q, r, E2);
        double p = Math.fma(z, q, r) + 1.0;
        double scale = Double.longBitsToDouble((kb - (SHIFTER_BITS - 1023)) << 52);
        return p * scale;
    }

    /** cos x: fdlibm's reduction by π/2 in four parts and its kernel polynomials. */
    public static double cos(double x) {
        if (!(Math.abs(x) < TRIG_RANGE)) {
            return StrictMath.cos(x);
        }
        return trig(x, true);
    }

    /** sin x: as {@link #cos}, with sin x = x for |x| < 2^-27. */
    public static double sin(double x) {
        if (!(Math.abs(x) < TRIG_RANGE)) {
            return StrictMath.sin(x);
        }
        double res = trig(x, false);
        return Math.abs(x) < 0x1p-27 ? x : res;
    }

    private static double trig(double x, boolean cos) {
        double t = Math.fma(x, TWO_OVER_PI, SHIFTER);
        double k = t - SHIFTER;
        long q = Double.doubleToRawLongBits(t);
        double nk = -k;
        double r = Math.fma(nk, PIO2_1, x);
        r = Math.fma(nk, PIO2_2, r);
        r = Math.fma(nk, PIO2_3, r);
        r = Math.fma(nk, PIO2_3T, r);
        double z = r * r;
        double ps = Math.fma(z, S6, S5);
        ps = Math.fma(ps, z, S4);
        ps = Math.fma(ps, z, S3);
        ps = Math.fma(ps, z, S2);
        double v = z * r;
        double sinr = r + v * Math.fma(z, ps, S1);
        double pc = Math.fma(z, C6, C5);
        pc = Math.fma(pc, z, C4);
        pc = Math.fma(pc, z, C3);
        pc = Math.fma(pc, z, C2);
        pc = Math.fma(pc, z, C1);
        double cosr = 1.0 - (z * 0.5 - z * (z * pc));
        long quadrant = cos ? q + 1 : q;
        double res = (quadrant & 1L) != 0 ? cosr : sinr;
        long sign = (quadrant & 2L) << 62;
        return Double.longBitsToDouble(Double.doubleToRawLongBits(res) ^ sign);
    }

    // ------------------------------------------------------------------------------- float
    // The scalar twins of the vector kernels' fp32 functions: the same float operations, in the same
    // order, as the lane-wise code in org.rf4j.vector, which reads the constants below (public for
    // that reason only), so both give the same bits.

    /** Above this float, e^x rounds to +∞ in float: the largest x with a finite float e^x (0x1.62e42ep6). */
    public static final float EXPF_OVERFLOW = 0x1.62e42ep6f;
    /** Below this float, e^x rounds to +0 in float: the smallest x with a nonzero float e^x (−0x1.9fe368p6). */
    public static final float EXPF_UNDERFLOW = -0x1.9fe368p6f;
    /** 1.5·2^23: adding it rounds a float of magnitude below 2^22 to an integer, kept in the low bits. */
    public static final float SHIFTER_F = 0x1.8p23f;
    /** The bits of {@link #SHIFTER_F}: the bits of SHIFTER_F + n minus these are n. */
    public static final int SHIFTER_F_BITS = Float.floatToRawIntBits(SHIFTER_F);
    /** 1/ln 2 rounded to float. */
    public static final float INV_LN2_F = 0x1.715476p0f;
    /** ln 2 rounded to float (0.693147182464599609375). */
    public static final float LN2_HI_F = 0x1.62e43p-1f;
    /** ln 2 − {@link #LN2_HI_F} (−1.9046542999…·10⁻⁹) rounded to float. */
    public static final float LN2_LO_F = -0x1.05c61p-29f;
    /** 1/k! rounded to float (a float division of exact integers, so correctly rounded), k = 2 … 7. */
    public static final float EF2 = 1f / 2;
    /** 1/3!. */
    public static final float EF3 = 1f / 6;
    /** 1/4!. */
    public static final float EF4 = 1f / 24;
    /** 1/5!. */
    public static final float EF5 = 1f / 120;
    /** 1/6!. */
    public static final float EF6 = 1f / 720;
    /** 1/7!. */
    public static final float EF7 = 1f / 5040;

    /**
     * e^x in single precision, within 1 ulp of the correctly rounded value (normal and subnormal
     * results), with NaN, ±∞, overflow (+∞ above {@link #EXPF_OVERFLOW}) and underflow (+0 below
     * {@link #EXPF_UNDERFLOW}) exactly as {@code (float) Math.exp(x)}.
     *
     * <p>x = n·ln2 + r with n = rint(x/ln 2) (the 1.5·2^23 shifter, one fma) and r reduced by
     * Cody–Waite with a two-float ln 2 in fmas (the first step is exact: n·ln2_hi and x share a
     * binade's grid and |r| &lt; 1/2); e^r = 1 + (r + r²·q(r)) with q the Taylor polynomial to
     * degree 7 (truncation ≤ 5·10⁻⁹ relative on |r| ≤ 0.35); then 2^n as two factors 2^⌊n/2⌋·2^(n−⌊n/2⌋)
     * built in the exponent bits, so n from −150 to 128 needs no branch: the first product is exact
     * and the second rounds once, into the subnormals or to +∞ where the result lies there.
     */
    public static float expf(float x) {
        if (x != x) {
            return Float.NaN;
        }
        if (x > EXPF_OVERFLOW) {
            return Float.POSITIVE_INFINITY;
        }
        if (x < EXPF_UNDERFLOW) {
            return 0.0f;
        }
        float t = Math.fma(x, INV_LN2_F, SHIFTER_F);
        float n = t - SHIFTER_F;
        int k = Float.floatToRawIntBits(t) - SHIFTER_F_BITS;
        float nn = -n;
        float r = Math.fma(nn, LN2_HI_F, x);
        r = Math.fma(nn, LN2_LO_F, r);
        float z = r * r;
        float q = Math.fma(r, EF7, EF6);
        q = Math.fma(q, r, EF5);
        q = Math.fma(q, r, EF4);
        q = Math.fma(q, r, EF3);
        q = Math.fma(q, r, EF2);
        float p = Math.fma(z, q, r) + 1.0f;
        int k1 = k >> 1;
        int k2 = k - k1;
        float s1 = Float.intBitsToFloat((k1 + 127) << 23);
        float s2 = Float.intBitsToFloat((k2 + 127) << 23);
        return p * s1 * s2;
    }

    /** Below this |x| sinf and cosf take the float polynomial path; above it, the double functions rounded once. */
    public static final float TRIGF_RANGE = 8192f;
    /** 2/π rounded to float. */
    public static final float TWO_OVER_PI_F = 0x1.45f306p-1f;
    /** π/2 rounded to float. */
    public static final float PIO2_1F = 0x1.921fb6p0f;
    /** π/2 − {@link #PIO2_1F} rounded to float. */
    public static final float PIO2_2F = -0x1.777a5cp-25f;
    /** π/2 − {@link #PIO2_1F} − {@link #PIO2_2F} rounded to float (what is left is 1.06·10⁻²³). */
    public static final float PIO2_3F = -0x1.ee59dap-50f;
    /** The Taylor coefficients of sin r − r over r³: −1/3!, 1/5!, −1/7!, 1/9! rounded to float. */
    public static final float SF1 = -1f / 6;
    /** 1/5!. */
    public static final float SF2 = 1f / 120;
    /** −1/7!. */
    public static final float SF3 = -1f / 5040;
    /** 1/9!. */
    public static final float SF4 = 1f / 362880;
    /** The Taylor coefficients of (cos r − 1 + r²/2) over r⁴: 1/4!, −1/6!, 1/8!, −1/10! rounded to float. */
    public static final float CF1 = 1f / 24;
    /** −1/6!. */
    public static final float CF2 = -1f / 720;
    /** 1/8!. */
    public static final float CF3 = 1f / 40320;
    /** −1/10!. */
    public static final float CF4 = -1f / 3628800;
    /** Below this |x|, sinf x = x (x²/6 &lt; 2^-25: x is the correctly rounded value, and ±0 keep their sign). */
    public static final float SINF_TINY = 0x1p-12f;

    /**
     * cos x in single precision: for |x| &lt; {@link #TRIGF_RANGE} {@link #trigf}, else
     * {@code (float) cos((double) x)} (also for NaN and ±∞).
     */
    public static float cosf(float x) {
        if (!(Math.abs(x) < TRIGF_RANGE)) {
            return (float) cos(x);
        }
        return trigf(x, 1);
    }

    /** sin x in single precision: as {@link #cosf}, with sin x = x below {@link #SINF_TINY}. */
    public static float sinf(float x) {
        if (!(Math.abs(x) < TRIGF_RANGE)) {
            return (float) sin(x);
        }
        return Math.abs(x) < SINF_TINY ? x : trigf(x, 0);
    }

    /**
     * x = k·π/2 + r with k = rint(x·2/π) (the shifter) and r by Cody–Waite reduction with three
     * float pieces of π/2 in fmas (the first step is exact for |x| &lt; 2^22; the pieces' sum is
     * within 1.1·10⁻²³ of π/2), then the Taylor polynomials of sin (to r⁹) and cos (to r¹⁰) on
     * |r| ≤ π/4 (truncation ≤ 2.5·10⁻⁹ relative), evaluated in fmas, and the quadrant k + shift
     * mod 4 (shift 1 for cos).
     */
    private static float trigf(float x, int shift) {
        float t = Math.fma(x, TWO_OVER_PI_F, SHIFTER_F);
        float nk = -(t - SHIFTER_F);
        int q = Float.floatToRawIntBits(t) + shift;
        float r = Math.fma(nk, PIO2_1F, x);
        r = Math.fma(nk, PIO2_2F, r);
        r = Math.fma(nk, PIO2_3F, r);
        float z = r * r;
        float ps = Math.fma(z, SF4, SF3);
        ps = Math.fma(ps, z, SF2);
        ps = Math.fma(ps, z, SF1);
        float sinr = Math.fma(z * r, ps, r);
        float pc = Math.fma(z, CF4, CF3);
        pc = Math.fma(pc, z, CF2);
        pc = Math.fma(pc, z, CF1);
        pc = Math.fma(pc, z, -0.5f);
        float cosr = Math.fma(z, pc, 1.0f);
        float res = (q & 1) != 0 ? cosr : sinr;
        return Float.intBitsToFloat(Float.floatToRawIntBits(res) ^ ((q & 2) << 30));
    }
}
