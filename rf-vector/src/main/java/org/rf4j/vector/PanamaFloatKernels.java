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

import static org.rf4j.api.linalg.ExactMath.EF2;
import static org.rf4j.api.linalg.ExactMath.EF3;
import static org.rf4j.api.linalg.ExactMath.EF4;
import static org.rf4j.api.linalg.ExactMath.EF5;
import static org.rf4j.api.linalg.ExactMath.EF6;
import static org.rf4j.api.linalg.ExactMath.EF7;
import static org.rf4j.api.linalg.ExactMath.EXPF_OVERFLOW;
import static org.rf4j.api.linalg.ExactMath.EXPF_UNDERFLOW;
import static org.rf4j.api.linalg.ExactMath.INV_LN2_F;
import static org.rf4j.api.linalg.ExactMath.LN2_HI_F;
import static org.rf4j.api.linalg.ExactMath.LN2_LO_F;
import static org.rf4j.api.linalg.ExactMath.SHIFTER_F;
import static org.rf4j.api.linalg.ExactMath.SHIFTER_F_BITS;
import static org.rf4j.api.linalg.ExactMath.TRIGF_RANGE;
import static org.rf4j.api.linalg.ExactMath.TWO_OVER_PI_F;
import static org.rf4j.api.linalg.ExactMath.PIO2_1F;
import static org.rf4j.api.linalg.ExactMath.PIO2_2F;
import static org.rf4j.api.linalg.ExactMath.PIO2_3F;
import static org.rf4j.api.linalg.ExactMath.SF1;
import static org.rf4j.api.linalg.ExactMath.SF2;
import static org.rf4j.api.linalg.ExactMath.SF3;
import static org.rf4j.api.linalg.ExactMath.SF4;
import static org.rf4j.api.linalg.ExactMath.CF1;
import static org.rf4j.api.linalg.ExactMath.CF2;
import static org.rf4j.api.linalg.ExactMath.CF3;
import static org.rf4j.api.linalg.ExactMath.CF4;
import static org.rf4j.api.linalg.ExactMath.SINF_TINY;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.IntVector;
import org.rf4j.api.linalg.ExactMath;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * The float half of {@link PanamaKernels}: the fp32 twins of its products and elementwise functions,
 * bit-identical to the scalar float path (see {@link org.rf4j.api.linalg.VectorKernels}).
 */
final class PanamaFloatKernels {
    private static final VectorSpecies<Float> F = FloatVector.SPECIES_PREFERRED;
    /** Ints of the float species' shape, for its bit reinterpretations (see the note above PanamaKernels.expAffine). */
    private static final VectorSpecies<Integer> IS = VectorSpecies.of(int.class, F.vectorShape());
    private static final int FL = F.length();
    /**
     * Float 4×6-vector blocks (31 registers: AVX-512 only); -Drf4j.gemm.fblock=4x4 turns them off.
     * Measured on Zen 4 (X·Wᵀ, d = 64, m = 512, one thread): ~100 GFLOP/s against ~85 with 4×4.
     */
    private static final boolean FWIDE = F.vectorBitSize() >= 512 && !"4x4".equals(System.getProperty("rf4j.gemm.fblock"));
    private static final int KC = PanamaKernels.KC;

    private PanamaFloatKernels() {
    }

    // ------------------------------------------------------------------------------- fp32
    //
    // The float path (VectorKernels' fp32 twins). Elementwise functions do, lane by lane, exactly
    // the float operations of their ExactMath twins (expf), with the same constants (read from
    // ExactMath), so every lane, the scalar tail and the scalar kernels give the same bits.

    static void expAffine(float[] src, int srcOff, float alpha, float beta, float[] dst, int dstOff, int len) {
        expAffineAbove(src, srcOff, alpha, beta, dst, dstOff, len, Float.POSITIVE_INFINITY);
    }

    /**
     * expf of {@code alpha·src + beta} (a float product then a float sum, no fma), with the cutoff
     * test folded in as in the double kernel. ExactMath.expf's branches (NaN, above the overflow
     * threshold, below the underflow one) are blends here: every lane runs the polynomial path
     * (2^n in two factors covers n from −150 to 128, subnormal results included), and the three
     * masks then overwrite the lanes the branches return early for, so no lane needs a scalar patch.
     */
    static boolean expAffineAbove(float[] src, int srcOff, float alpha, float beta, float[] dst, int dstOff, int len,
            float cutoff) {
        boolean above = false;
        boolean guard = cutoff < Float.POSITIVE_INFINITY;
        int upper = F.loopBound(len);
        int i = 0;
        for (; i < upper; i += FL) {
            FloatVector x = FloatVector.fromArray(F, src, srcOff + i).mul(alpha).add(beta);
            if (guard) {
                above |= x.compare(VectorOperators.GT, cutoff).anyTrue();
            }
            FloatVector t = x.fma(INV_LN2_F, SHIFTER_F);
            FloatVector nn = t.sub(SHIFTER_F).neg();
            IntVector k = ((IntVector) t.reinterpretShape(IS, 0)).sub(SHIFTER_F_BITS);
            FloatVector r = nn.fma(FloatVector.broadcast(F, LN2_HI_F), x);
            r = nn.fma(FloatVector.broadcast(F, LN2_LO_F), r);
            FloatVector z = r.mul(r);
            FloatVector q = r.fma(EF7, EF6).fma(r, FloatVector.broadcast(F, EF5)).fma(r, FloatVector.broadcast(F, EF4))
                    .fma(r, FloatVector.broadcast(F, EF3)).fma(r, FloatVector.broadcast(F, EF2));
            FloatVector p = z.fma(q, r).add(1.0f);
            IntVector k1 = k.lanewise(VectorOperators.ASHR, 1);
            IntVector k2 = k.sub(k1);
            FloatVector s1 = (FloatVector) k1.add(127).lanewise(VectorOperators.LSHL, 23).reinterpretShape(F, 0);
            FloatVector s2 = (FloatVector) k2.add(127).lanewise(VectorOperators.LSHL, 23).reinterpretShape(F, 0);
            FloatVector y = p.mul(s1).mul(s2);
            y = y.blend(Float.POSITIVE_INFINITY, x.compare(VectorOperators.GT, EXPF_OVERFLOW));
            y = y.blend(0.0f, x.compare(VectorOperators.LT, EXPF_UNDERFLOW));
            y = y.blend(Float.NaN, x.compare(VectorOperators.NE, x));
            y.intoArray(dst, dstOff + i);
        }
        for (; i < len; i++) {
            float x = alpha * src[srcOff + i] + beta;
            above |= x > cutoff;
            dst[dstOff + i] = ExactMath.expf(x);
        }
        return above;
    }

    /*
     * cosf and sinf: lane-wise ExactMath.trigf (shifter for k = rint(x·2/π), Cody–Waite with three
     * float pieces of π/2 in fmas, Taylor polynomials to r⁹/r¹⁰, quadrant from the shifter's low
     * bits), written out in each loop as the double sin/cos are; lanes with |x| ≥ TRIGF_RANGE or NaN
     * are recomputed by the scalar twin (the double functions rounded once).
     */

    static void cos(float[] src, int srcOff, float factor, float[] dst, int dstOff, int len) {
        int upper = F.loopBound(len);
        int i = 0;
        for (; i < upper; i += FL) {
            FloatVector x = FloatVector.fromArray(F, src, srcOff + i);
            VectorMask<Float> special = x.abs().compare(VectorOperators.GE, TRIGF_RANGE).or(x.compare(VectorOperators.NE, x));
            FloatVector t = x.fma(TWO_OVER_PI_F, SHIFTER_F);
            FloatVector nk = t.sub(SHIFTER_F).neg();
            IntVector q = ((IntVector) t.reinterpretShape(IS, 0)).add(1);
            FloatVector r = nk.fma(FloatVector.broadcast(F, PIO2_1F), x);
            r = nk.fma(FloatVector.broadcast(F, PIO2_2F), r);
            r = nk.fma(FloatVector.broadcast(F, PIO2_3F), r);
            FloatVector z = r.mul(r);
            FloatVector ps = z.fma(SF4, SF3).fma(z, FloatVector.broadcast(F, SF2)).fma(z, FloatVector.broadcast(F, SF1));
            FloatVector sinr = z.mul(r).fma(ps, r);
            FloatVector pc = z.fma(CF4, CF3).fma(z, FloatVector.broadcast(F, CF2)).fma(z, FloatVector.broadcast(F, CF1))
                    .fma(z, FloatVector.broadcast(F, -0.5f));
            FloatVector cosr = z.fma(pc, FloatVector.broadcast(F, 1.0f));
            VectorMask<Float> odd = q.and(1).compare(VectorOperators.NE, 0).cast(F);
            IntVector sign = q.and(2).lanewise(VectorOperators.LSHL, 30);
            FloatVector res = sinr.blend(cosr, odd);
            FloatVector y = (FloatVector) ((IntVector) res.reinterpretShape(IS, 0)).lanewise(VectorOperators.XOR, sign)
                    .reinterpretShape(F, 0);
            if (special.anyTrue()) {
                patchTrigf(x, y, special, factor, dst, dstOff + i, true);
            } else {
                y.mul(factor).intoArray(dst, dstOff + i);
            }
        }
        for (; i < len; i++) {
            dst[dstOff + i] = factor * ExactMath.cosf(src[srcOff + i]);
        }
    }

    static void sin(float[] src, int srcOff, float factor, float[] dst, int dstOff, int len) {
        int upper = F.loopBound(len);
        int i = 0;
        for (; i < upper; i += FL) {
            FloatVector x = FloatVector.fromArray(F, src, srcOff + i);
            VectorMask<Float> special = x.abs().compare(VectorOperators.GE, TRIGF_RANGE).or(x.compare(VectorOperators.NE, x));
            FloatVector t = x.fma(TWO_OVER_PI_F, SHIFTER_F);
            FloatVector nk = t.sub(SHIFTER_F).neg();
            IntVector q = (IntVector) t.reinterpretShape(IS, 0);
            FloatVector r = nk.fma(FloatVector.broadcast(F, PIO2_1F), x);
            r = nk.fma(FloatVector.broadcast(F, PIO2_2F), r);
            r = nk.fma(FloatVector.broadcast(F, PIO2_3F), r);
            FloatVector z = r.mul(r);
            FloatVector ps = z.fma(SF4, SF3).fma(z, FloatVector.broadcast(F, SF2)).fma(z, FloatVector.broadcast(F, SF1));
            FloatVector sinr = z.mul(r).fma(ps, r);
            FloatVector pc = z.fma(CF4, CF3).fma(z, FloatVector.broadcast(F, CF2)).fma(z, FloatVector.broadcast(F, CF1))
                    .fma(z, FloatVector.broadcast(F, -0.5f));
            FloatVector cosr = z.fma(pc, FloatVector.broadcast(F, 1.0f));
            VectorMask<Float> odd = q.and(1).compare(VectorOperators.NE, 0).cast(F);
            IntVector sign = q.and(2).lanewise(VectorOperators.LSHL, 30);
            FloatVector res = sinr.blend(cosr, odd);
            FloatVector y = (FloatVector) ((IntVector) res.reinterpretShape(IS, 0)).lanewise(VectorOperators.XOR, sign)
                    .reinterpretShape(F, 0);
            y = y.blend(x, x.abs().compare(VectorOperators.LT, SINF_TINY));
            if (special.anyTrue()) {
                patchTrigf(x, y, special, factor, dst, dstOff + i, false);
            } else {
                y.mul(factor).intoArray(dst, dstOff + i);
            }
        }
        for (; i < len; i++) {
            dst[dstOff + i] = factor * ExactMath.sinf(src[srcOff + i]);
        }
    }

    /** Rare path (|x| ≥ TRIGF_RANGE, NaN, ±∞ lanes). */
    private static void patchTrigf(FloatVector x, FloatVector y, VectorMask<Float> special, float factor,
            float[] dst, int off, boolean cos) {
        float[] xs = x.toArray();
        float[] ys = y.toArray();
        for (int l = 0; l < FL; l++) {
            if (special.laneIsSet(l)) {
                ys[l] = cos ? ExactMath.cosf(xs[l]) : ExactMath.sinf(xs[l]);
            }
            ys[l] = factor * ys[l];
        }
        System.arraycopy(ys, 0, dst, off, FL);
    }

    /**
     * The fp32 product: the double kernel's blocking with float vectors (on AVX-512 4 rows × 6 vectors
     * of C first, then 4 rows × 4 vectors, one row × 4 vectors for the last rows, then the four-row
     * and one-row column tails) and the same depth tiles; each entry is the chain fma(a_t, b_t, acc) over ascending t from +0f (or from
     * C when accumulating), as in the scalar default, to the bit.
     */
    static void gemm(int rows, int cols, int depth, float[] a, int aOff, int ars, int acs,
            float[] b, int bOff, int ldb, float[] c, int cOff, int ldc, boolean accumulate) {
        if (depth == 0 && !accumulate) {
            for (int r = 0; r < rows; r++) {
                java.util.Arrays.fill(c, cOff + r * ldc, cOff + r * ldc + cols, 0.0f);
            }
        }
        for (int t0 = 0; t0 < depth; t0 += KC) {
            int t1 = Math.min(depth, t0 + KC);
            boolean add = accumulate || t0 > 0;
            int j0 = 0;
            // 4 rows × 6 vectors first, as in the double kernel (fewer broadcasts per fma); the last
            // rows of such a strip take the 1×4 block and the one-row tail for its last 2 vectors
            for (; FWIDE && j0 + 6 * FL <= cols; j0 += 6 * FL) {
                int r = 0;
                for (; r + 4 <= rows; r += 4) {
                    block4x6(a, aOff + r * ars, ars, acs, b, bOff + j0, ldb, c, cOff + r * ldc + j0, ldc, t0, t1, add);
                }
                for (; r < rows; r++) {
                    block1x4(a, aOff + r * ars, acs, b, bOff + j0, ldb, c, cOff + r * ldc + j0, t0, t1, add);
                    rowTail(a, aOff + r * ars, acs, b, bOff, ldb, c, cOff + r * ldc, j0 + 4 * FL, j0 + 6 * FL, t0, t1, add);
                }
            }
            for (; j0 + 4 * FL <= cols; j0 += 4 * FL) {
                int r = 0;
                for (; r + 4 <= rows; r += 4) {
                    block4x4(a, aOff + r * ars, ars, acs, b, bOff + j0, ldb, c, cOff + r * ldc + j0, ldc, t0, t1, add);
                }
                for (; r < rows; r++) {
                    block1x4(a, aOff + r * ars, acs, b, bOff + j0, ldb, c, cOff + r * ldc + j0, t0, t1, add);
                }
            }
            if (j0 < cols) {
                int r = 0;
                for (; r + 4 <= rows; r += 4) {
                    tail4(a, aOff + r * ars, ars, acs, b, bOff, ldb, c, cOff + r * ldc, ldc, j0, cols, t0, t1, add);
                }
                for (; r < rows; r++) {
                    rowTail(a, aOff + r * ars, acs, b, bOff, ldb, c, cOff + r * ldc, j0, cols, t0, t1, add);
                }
            }
        }
    }

    /** The double {@link #block4x6} with float vectors: 24 accumulators, 6 loads and 4 broadcasts per 24 fmas. */
    private static void block4x6(float[] a, int ar, int ars, int acs, float[] b, int bo, int ldb,
            float[] c, int co, int ldc, int t0, int t1, boolean add) {
        int c0 = co;
        int c1 = co + ldc;
        int c2 = c1 + ldc;
        int c3 = c2 + ldc;
        FloatVector c00, c01, c02, c03, c04, c05, c10, c11, c12, c13, c14, c15, c20, c21, c22, c23, c24, c25, c30, c31, c32, c33, c34, c35;
        if (add) {
            c00 = FloatVector.fromArray(F, c, c0);
            c01 = FloatVector.fromArray(F, c, c0 + FL);
            c02 = FloatVector.fromArray(F, c, c0 + 2 * FL);
            c03 = FloatVector.fromArray(F, c, c0 + 3 * FL);
            c04 = FloatVector.fromArray(F, c, c0 + 4 * FL);
            c05 = FloatVector.fromArray(F, c, c0 + 5 * FL);
            c10 = FloatVector.fromArray(F, c, c1);
            c11 = FloatVector.fromArray(F, c, c1 + FL);
            c12 = FloatVector.fromArray(F, c, c1 + 2 * FL);
            c13 = FloatVector.fromArray(F, c, c1 + 3 * FL);
            c14 = FloatVector.fromArray(F, c, c1 + 4 * FL);
            c15 = FloatVector.fromArray(F, c, c1 + 5 * FL);
            c20 = FloatVector.fromArray(F, c, c2);
            c21 = FloatVector.fromArray(F, c, c2 + FL);
            c22 = FloatVector.fromArray(F, c, c2 + 2 * FL);
            c23 = FloatVector.fromArray(F, c, c2 + 3 * FL);
            c24 = FloatVector.fromArray(F, c, c2 + 4 * FL);
            c25 = FloatVector.fromArray(F, c, c2 + 5 * FL);
            c30 = FloatVector.fromArray(F, c, c3);
            c31 = FloatVector.fromArray(F, c, c3 + FL);
            c32 = FloatVector.fromArray(F, c, c3 + 2 * FL);
            c33 = FloatVector.fromArray(F, c, c3 + 3 * FL);
            c34 = FloatVector.fromArray(F, c, c3 + 4 * FL);
            c35 = FloatVector.fromArray(F, c, c3 + 5 * FL);
        } else {
            FloatVector z = FloatVector.zero(F);
            c00 = z; c01 = z; c02 = z; c03 = z; c04 = z; c05 = z;
            c10 = z; c11 = z; c12 = z; c13 = z; c14 = z; c15 = z;
            c20 = z; c21 = z; c22 = z; c23 = z; c24 = z; c25 = z;
            c30 = z; c31 = z; c32 = z; c33 = z; c34 = z; c35 = z;
        }
        for (int t = t0; t < t1; t++) {
            int bt = bo + t * ldb;
            FloatVector b0 = FloatVector.fromArray(F, b, bt);
            FloatVector b1 = FloatVector.fromArray(F, b, bt + FL);
            FloatVector b2 = FloatVector.fromArray(F, b, bt + 2 * FL);
            FloatVector b3 = FloatVector.fromArray(F, b, bt + 3 * FL);
            FloatVector b4 = FloatVector.fromArray(F, b, bt + 4 * FL);
            FloatVector b5 = FloatVector.fromArray(F, b, bt + 5 * FL);
            int at = ar + t * acs;
            FloatVector x = FloatVector.broadcast(F, a[at]);
            c00 = b0.fma(x, c00);
            c01 = b1.fma(x, c01);
            c02 = b2.fma(x, c02);
            c03 = b3.fma(x, c03);
            c04 = b4.fma(x, c04);
            c05 = b5.fma(x, c05);
            x = FloatVector.broadcast(F, a[at + ars]);
            c10 = b0.fma(x, c10);
            c11 = b1.fma(x, c11);
            c12 = b2.fma(x, c12);
            c13 = b3.fma(x, c13);
            c14 = b4.fma(x, c14);
            c15 = b5.fma(x, c15);
            x = FloatVector.broadcast(F, a[at + 2 * ars]);
            c20 = b0.fma(x, c20);
            c21 = b1.fma(x, c21);
            c22 = b2.fma(x, c22);
            c23 = b3.fma(x, c23);
            c24 = b4.fma(x, c24);
            c25 = b5.fma(x, c25);
            x = FloatVector.broadcast(F, a[at + 3 * ars]);
            c30 = b0.fma(x, c30);
            c31 = b1.fma(x, c31);
            c32 = b2.fma(x, c32);
            c33 = b3.fma(x, c33);
            c34 = b4.fma(x, c34);
            c35 = b5.fma(x, c35);
        }
        c00.intoArray(c, c0);
        c01.intoArray(c, c0 + FL);
        c02.intoArray(c, c0 + 2 * FL);
        c03.intoArray(c, c0 + 3 * FL);
        c04.intoArray(c, c0 + 4 * FL);
        c05.intoArray(c, c0 + 5 * FL);
        c10.intoArray(c, c1);
        c11.intoArray(c, c1 + FL);
        c12.intoArray(c, c1 + 2 * FL);
        c13.intoArray(c, c1 + 3 * FL);
        c14.intoArray(c, c1 + 4 * FL);
        c15.intoArray(c, c1 + 5 * FL);
        c20.intoArray(c, c2);
        c21.intoArray(c, c2 + FL);
        c22.intoArray(c, c2 + 2 * FL);
        c23.intoArray(c, c2 + 3 * FL);
        c24.intoArray(c, c2 + 4 * FL);
        c25.intoArray(c, c2 + 5 * FL);
        c30.intoArray(c, c3);
        c31.intoArray(c, c3 + FL);
        c32.intoArray(c, c3 + 2 * FL);
        c33.intoArray(c, c3 + 3 * FL);
        c34.intoArray(c, c3 + 4 * FL);
        c35.intoArray(c, c3 + 5 * FL);
    }

    private static void block4x4(float[] a, int ar, int ars, int acs, float[] b, int bo, int ldb,
            float[] c, int co, int ldc, int t0, int t1, boolean add) {
        int c0 = co;
        int c1 = co + ldc;
        int c2 = c1 + ldc;
        int c3 = c2 + ldc;
        FloatVector c00, c01, c02, c03, c10, c11, c12, c13, c20, c21, c22, c23, c30, c31, c32, c33;
        if (add) {
            c00 = FloatVector.fromArray(F, c, c0);
            c01 = FloatVector.fromArray(F, c, c0 + FL);
            c02 = FloatVector.fromArray(F, c, c0 + 2 * FL);
            c03 = FloatVector.fromArray(F, c, c0 + 3 * FL);
            c10 = FloatVector.fromArray(F, c, c1);
            c11 = FloatVector.fromArray(F, c, c1 + FL);
            c12 = FloatVector.fromArray(F, c, c1 + 2 * FL);
            c13 = FloatVector.fromArray(F, c, c1 + 3 * FL);
            c20 = FloatVector.fromArray(F, c, c2);
            c21 = FloatVector.fromArray(F, c, c2 + FL);
            c22 = FloatVector.fromArray(F, c, c2 + 2 * FL);
            c23 = FloatVector.fromArray(F, c, c2 + 3 * FL);
            c30 = FloatVector.fromArray(F, c, c3);
            c31 = FloatVector.fromArray(F, c, c3 + FL);
            c32 = FloatVector.fromArray(F, c, c3 + 2 * FL);
            c33 = FloatVector.fromArray(F, c, c3 + 3 * FL);
        } else {
            FloatVector z = FloatVector.zero(F);
            c00 = z; c01 = z; c02 = z; c03 = z;
            c10 = z; c11 = z; c12 = z; c13 = z;
            c20 = z; c21 = z; c22 = z; c23 = z;
            c30 = z; c31 = z; c32 = z; c33 = z;
        }
        for (int t = t0; t < t1; t++) {
            int bt = bo + t * ldb;
            FloatVector b0 = FloatVector.fromArray(F, b, bt);
            FloatVector b1 = FloatVector.fromArray(F, b, bt + FL);
            FloatVector b2 = FloatVector.fromArray(F, b, bt + 2 * FL);
            FloatVector b3 = FloatVector.fromArray(F, b, bt + 3 * FL);
            int at = ar + t * acs;
            FloatVector x = FloatVector.broadcast(F, a[at]);
            c00 = b0.fma(x, c00);
            c01 = b1.fma(x, c01);
            c02 = b2.fma(x, c02);
            c03 = b3.fma(x, c03);
            x = FloatVector.broadcast(F, a[at + ars]);
            c10 = b0.fma(x, c10);
            c11 = b1.fma(x, c11);
            c12 = b2.fma(x, c12);
            c13 = b3.fma(x, c13);
            x = FloatVector.broadcast(F, a[at + 2 * ars]);
            c20 = b0.fma(x, c20);
            c21 = b1.fma(x, c21);
            c22 = b2.fma(x, c22);
            c23 = b3.fma(x, c23);
            x = FloatVector.broadcast(F, a[at + 3 * ars]);
            c30 = b0.fma(x, c30);
            c31 = b1.fma(x, c31);
            c32 = b2.fma(x, c32);
            c33 = b3.fma(x, c33);
        }
        c00.intoArray(c, c0);
        c01.intoArray(c, c0 + FL);
        c02.intoArray(c, c0 + 2 * FL);
        c03.intoArray(c, c0 + 3 * FL);
        c10.intoArray(c, c1);
        c11.intoArray(c, c1 + FL);
        c12.intoArray(c, c1 + 2 * FL);
        c13.intoArray(c, c1 + 3 * FL);
        c20.intoArray(c, c2);
        c21.intoArray(c, c2 + FL);
        c22.intoArray(c, c2 + 2 * FL);
        c23.intoArray(c, c2 + 3 * FL);
        c30.intoArray(c, c3);
        c31.intoArray(c, c3 + FL);
        c32.intoArray(c, c3 + 2 * FL);
        c33.intoArray(c, c3 + 3 * FL);
    }

    private static void block1x4(float[] a, int ar, int acs, float[] b, int bo, int ldb,
            float[] c, int co, int t0, int t1, boolean add) {
        FloatVector c0, c1, c2, c3;
        if (add) {
            c0 = FloatVector.fromArray(F, c, co);
            c1 = FloatVector.fromArray(F, c, co + FL);
            c2 = FloatVector.fromArray(F, c, co + 2 * FL);
            c3 = FloatVector.fromArray(F, c, co + 3 * FL);
        } else {
            c0 = FloatVector.zero(F);
            c1 = c0;
            c2 = c0;
            c3 = c0;
        }
        for (int t = t0; t < t1; t++) {
            int bt = bo + t * ldb;
            FloatVector x = FloatVector.broadcast(F, a[ar + t * acs]);
            c0 = FloatVector.fromArray(F, b, bt).fma(x, c0);
            c1 = FloatVector.fromArray(F, b, bt + FL).fma(x, c1);
            c2 = FloatVector.fromArray(F, b, bt + 2 * FL).fma(x, c2);
            c3 = FloatVector.fromArray(F, b, bt + 3 * FL).fma(x, c3);
        }
        c0.intoArray(c, co);
        c1.intoArray(c, co + FL);
        c2.intoArray(c, co + 2 * FL);
        c3.intoArray(c, co + 3 * FL);
    }

    /** Fewer than 4 vectors of columns left: four rows at a time, one vector, then one column, per step. */
    private static void tail4(float[] a, int ar, int ars, int acs, float[] b, int bOff, int ldb,
            float[] c, int co, int ldc, int j0, int cols, int t0, int t1, boolean add) {
        int a1 = ar + ars;
        int a2 = a1 + ars;
        int a3 = a2 + ars;
        int c1 = co + ldc;
        int c2 = c1 + ldc;
        int c3 = c2 + ldc;
        int j = j0;
        for (; j + FL <= cols; j += FL) {
            FloatVector x0, x1, x2, x3;
            if (add) {
                x0 = FloatVector.fromArray(F, c, co + j);
                x1 = FloatVector.fromArray(F, c, c1 + j);
                x2 = FloatVector.fromArray(F, c, c2 + j);
                x3 = FloatVector.fromArray(F, c, c3 + j);
            } else {
                x0 = FloatVector.zero(F);
                x1 = x0;
                x2 = x0;
                x3 = x0;
            }
            for (int t = t0; t < t1; t++) {
                FloatVector bv = FloatVector.fromArray(F, b, bOff + t * ldb + j);
                int at = t * acs;
                x0 = bv.fma(FloatVector.broadcast(F, a[ar + at]), x0);
                x1 = bv.fma(FloatVector.broadcast(F, a[a1 + at]), x1);
                x2 = bv.fma(FloatVector.broadcast(F, a[a2 + at]), x2);
                x3 = bv.fma(FloatVector.broadcast(F, a[a3 + at]), x3);
            }
            x0.intoArray(c, co + j);
            x1.intoArray(c, c1 + j);
            x2.intoArray(c, c2 + j);
            x3.intoArray(c, c3 + j);
        }
        for (; j < cols; j++) {
            float s0 = add ? c[co + j] : 0.0f;
            float s1 = add ? c[c1 + j] : 0.0f;
            float s2 = add ? c[c2 + j] : 0.0f;
            float s3 = add ? c[c3 + j] : 0.0f;
            for (int t = t0; t < t1; t++) {
                float bt = b[bOff + t * ldb + j];
                int at = t * acs;
                s0 = Math.fma(a[ar + at], bt, s0);
                s1 = Math.fma(a[a1 + at], bt, s1);
                s2 = Math.fma(a[a2 + at], bt, s2);
                s3 = Math.fma(a[a3 + at], bt, s3);
            }
            c[co + j] = s0;
            c[c1 + j] = s1;
            c[c2 + j] = s2;
            c[c3 + j] = s3;
        }
    }

    private static void rowTail(float[] a, int ar, int acs, float[] b, int bOff, int ldb,
            float[] c, int co, int j0, int cols, int t0, int t1, boolean add) {
        int j = j0;
        for (; j + FL <= cols; j += FL) {
            FloatVector acc = add ? FloatVector.fromArray(F, c, co + j) : FloatVector.zero(F);
            for (int t = t0; t < t1; t++) {
                acc = FloatVector.fromArray(F, b, bOff + t * ldb + j).fma(FloatVector.broadcast(F, a[ar + t * acs]), acc);
            }
            acc.intoArray(c, co + j);
        }
        for (; j < cols; j++) {
            float acc = add ? c[co + j] : 0.0f;
            for (int t = t0; t < t1; t++) {
                acc = Math.fma(a[ar + t * acs], b[bOff + t * ldb + j], acc);
            }
            c[co + j] = acc;
        }
    }

    /** The scalar default's order: the first non-NaN entry, replaced only by larger ones. */
    static float max(float[] src, int off, int len) {
        int upper = F.loopBound(len);
        int i = 0;
        float mx = Float.NEGATIVE_INFINITY;
        if (upper > 0) {
            FloatVector acc = FloatVector.broadcast(F, Float.NEGATIVE_INFINITY);
            for (; i < upper; i += FL) {
                acc = acc.max(FloatVector.fromArray(F, src, off + i));
            }
            mx = acc.reduceLanes(VectorOperators.MAX);
        }
        for (; i < len; i++) {
            mx = Math.max(mx, src[off + i]);
        }
        // NaN or zero: the caller (PanamaKernels.max) lets the interface's default decide them
        return mx;
    }

    static void multiply(float[] a, int aOff, float[] s, int sOff, int len) {
        int upper = F.loopBound(len);
        int i = 0;
        for (; i < upper; i += FL) {
            FloatVector.fromArray(F, a, aOff + i).mul(FloatVector.fromArray(F, s, sOff + i)).intoArray(a, aOff + i);
        }
        for (; i < len; i++) {
            a[aOff + i] *= s[sOff + i];
        }
    }

    static void scale(float[] a, int off, float factor, int len) {
        int upper = F.loopBound(len);
        int i = 0;
        for (; i < upper; i += FL) {
            FloatVector.fromArray(F, a, off + i).mul(factor).intoArray(a, off + i);
        }
        for (; i < len; i++) {
            a[off + i] *= factor;
        }
    }
}
