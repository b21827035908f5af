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

import static org.rf4j.api.linalg.ExactMath.TRIGF_RANGE;
import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.FloatVector;
import org.rf4j.api.linalg.ExactMath;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;
import org.rf4j.api.linalg.VectorKernels;


/**
 * {@link VectorKernels} on the Vector API ({@code jdk.incubator.vector}), with the machine's
 * preferred species (8 doubles with AVX-512).
 *
 * <h2>Product</h2>
 * A register-blocked kernel: 6 rows × 4 vectors of C (4 × 4 below 512-bit vectors) live in
 * vector registers while the reduction index t runs over a tile of 256; each step broadcasts 6
 * entries of A, loads 4 vectors of B and issues 24 lane-wise {@code fma}s. Row and column remainders use the same
 * {@code fma} chain one row (one vector, then one scalar {@link Math#fma}) at a time, so every
 * entry is {@code fma(a_{r,depth−1}, b, … fma(a_{r,0}, b, 0))} exactly as the contract in
 * {@link VectorKernels} requires: identical to the scalar kernel, to the bit.
 *
 * <h2>Elementwise functions</h2>
 * exp (fdlibm's argument reduction, a degree-13 Taylor polynomial) and sin/cos (Cody–Waite
 * reduction, fdlibm's k_sin.c/k_cos.c polynomials) are written with IEEE operations only. The Vector API's own
 * {@code EXP}/{@code SIN}/{@code COS} are deliberately not used: they return {@link Math}'s
 * values while a loop is interpreted and Intel SVML's once C2 compiles it, so results would
 * depend on JIT timing and therefore on the thread count. Lanes outside the polynomial's range
 * (|x| ≥ {@value #EXP_RANGE} for exp — overflow, underflow, subnormal results, ±∞ — |x| ≥
 * {@value #TRIG_RANGE} for sin/cos, and NaN) are recomputed with {@link Math}, so special and
 * extreme inputs give exactly Math's result. Inside those ranges the tests bound the error by
 * {@value #ULP_BOUND} ulp of Math's result over dense sweeps (measured: ≤ 1 ulp for exp and
 * cos, ≤ 2 for sin). The {@code len mod lanes} tail of each call uses {@link Math}.
 *
 * <h2>fp32</h2>
 * The float twins use {@code FloatVector.SPECIES_PREFERRED} (16 lanes with AVX-512): the product with
 * the double kernel's 4 × 6- and 4 × 4-vector blocking and tails, and expf/cosf/sinf as lane-wise copies of
 * {@link ExactMath}'s float functions (same constants, read from there, same operations), so the
 * scalar defaults of {@link VectorKernels} give the same bits. expf needs no scalar patch (its
 * overflow, underflow and NaN cases are blends); cosf/sinf patch lanes with |x| ≥
 * {@link ExactMath#TRIGF_RANGE} or NaN with the scalar twin.
 */
public final class PanamaKernels implements VectorKernels {
    /** Largest |x| for which lanes use the vector exp. */
    public static final double EXP_RANGE = 708.0;
    /** Largest |x| for which lanes use the vector sin/cos. */
    public static final double TRIG_RANGE = 4096.0;
    /** The tested accuracy bound of the vector exp/sin/cos against Math, in ulps. */
    public static final int ULP_BOUND = 2;

    private static final VectorSpecies<Double> S = DoubleVector.SPECIES_PREFERRED;
    /** Longs of the same shape, for bit reinterpretations with a constant target species. */
    private static final VectorSpecies<Long> LS = VectorSpecies.of(long.class, S.vectorShape());
    private static final int L = S.length();
    static final int KC = 256;
    private static final int NC = 4 * L;
    private static final int NC6 = 6 * L;
    /** 4×6 blocks need 31 vector registers: AVX-512's 32, not AVX2's 16. -Drf4j.gemm.block=6x4 turns them off. */
    private static final boolean WIDE = S.vectorBitSize() >= 512 && !"6x4".equals(System.getProperty("rf4j.gemm.block"));
    /** 6×4 register blocks need 29 vector registers: only with AVX-512's 32 (else 4×4). */
    private static final boolean ROWS6 = S.vectorBitSize() >= 512 && !"4".equals(System.getProperty("rf4j.gemm.rows"));


    /** Used by {@link java.util.ServiceLoader}. */
    public PanamaKernels() {
    }

    @Override
    public String name() {
        return "panama-" + S.vectorBitSize();
    }

    @Override
    public boolean available() {
        return L >= 2;
    }

    // ------------------------------------------------------------------------------ product

    @Override
    public void gemm(int rows, int cols, int depth, double[] a, int aOff, int ars, int acs,
            double[] b, int bOff, int ldb, double[] c, int cOff, int ldc, boolean accumulate) {
        for (int t0 = 0; t0 < depth; t0 += KC) {
            int t1 = Math.min(depth, t0 + KC);
            boolean add = accumulate || t0 > 0;
            int j0 = 0;
            // 4 rows × 6 vectors: 24 accumulators, 6 loads and 4 broadcasts per 24 fmas (6 × 4 needs
            // 6 broadcasts, which cost an FP-pipe shuffle each on some CPUs: ~10% slower on Zen 4)
            for (; WIDE && j0 + NC6 <= cols; j0 += NC6) {
                int r = 0;
                for (; r + 4 <= rows; r += 4) {
                    block4x6(a, aOff + r * ars, ars, acs, b, bOff + j0, ldb, c, cOff + r * ldc + j0, ldc, t0, t1, add);
                }
                for (; r < rows; r++) {
                    block1x6(a, aOff + r * ars, ars, acs, b, bOff + j0, ldb, c, cOff + r * ldc + j0, ldc, t0, t1, add);
                }
            }
            for (; j0 + NC <= cols; j0 += NC) {
                int r = 0;
                if (ROWS6) {
                    for (; r + 6 <= rows; r += 6) {
                        block6x4(a, aOff + r * ars, ars, acs, b, bOff + j0, ldb, c, cOff + r * ldc + j0, ldc, t0, t1, add);
                    }
                }
                for (; r + 4 <= rows; r += 4) {
                    block4x4(a, aOff + r * ars, ars, acs, b, bOff + j0, ldb, c, cOff + r * ldc + j0, ldc, t0, t1, add);
                }
                for (; r < rows; r++) {
                    block1x4(a, aOff + r * ars, acs, b, bOff + j0, ldb, c, cOff + r * ldc + j0, t0, t1, add);
                }
            }
            if (j0 < cols) {
                // fewer than 4·L columns left (all of them for narrow products such as ΦᵀY with a
                // few targets): four rows at a time, so four independent fma chains hide the fma
                // latency; each entry's chain over t is unchanged
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

    private static void block4x6(double[] a, int ar, int ars, int acs, double[] b, int bo, int ldb,
            double[] c, int co, int ldc, int t0, int t1, boolean add) {
        DoubleVector c00, c01, c02, c03, c04, c05, c10, c11, c12, c13, c14, c15, c20, c21, c22, c23, c24, c25, c30, c31, c32, c33, c34, c35;
        if (add) {
            c00 = DoubleVector.fromArray(S, c, co + 0 * ldc + 0 * L);
            c01 = DoubleVector.fromArray(S, c, co + 0 * ldc + 1 * L);
            c02 = DoubleVector.fromArray(S, c, co + 0 * ldc + 2 * L);
            c03 = DoubleVector.fromArray(S, c, co + 0 * ldc + 3 * L);
            c04 = DoubleVector.fromArray(S, c, co + 0 * ldc + 4 * L);
            c05 = DoubleVector.fromArray(S, c, co + 0 * ldc + 5 * L);
            c10 = DoubleVector.fromArray(S, c, co + 1 * ldc + 0 * L);
            c11 = DoubleVector.fromArray(S, c, co + 1 * ldc + 1 * L);
            c12 = DoubleVector.fromArray(S, c, co + 1 * ldc + 2 * L);
            c13 = DoubleVector.fromArray(S, c, co + 1 * ldc + 3 * L);
            c14 = DoubleVector.fromArray(S, c, co + 1 * ldc + 4 * L);
            c15 = DoubleVector.fromArray(S, c, co + 1 * ldc + 5 * L);
            c20 = DoubleVector.fromArray(S, c, co + 2 * ldc + 0 * L);
            c21 = DoubleVector.fromArray(S, c, co + 2 * ldc + 1 * L);
            c22 = DoubleVector.fromArray(S, c, co + 2 * ldc + 2 * L);
            c23 = DoubleVector.fromArray(S, c, co + 2 * ldc + 3 * L);
            c24 = DoubleVector.fromArray(S, c, co + 2 * ldc + 4 * L);
            c25 = DoubleVector.fromArray(S, c, co + 2 * ldc + 5 * L);
            c30 = DoubleVector.fromArray(S, c, co + 3 * ldc + 0 * L);
            c31 = DoubleVector.fromArray(S, c, co + 3 * ldc + 1 * L);
            c32 = DoubleVector.fromArray(S, c, co + 3 * ldc + 2 * L);
            c33 = DoubleVector.fromArray(S, c, co + 3 * ldc + 3 * L);
            c34 = DoubleVector.fromArray(S, c, co + 3 * ldc + 4 * L);
            c35 = DoubleVector.fromArray(S, c, co + 3 * ldc + 5 * L);
        } else {
            DoubleVector z = DoubleVector.zero(S);
            c00 = z; c01 = z; c02 = z; c03 = z; c04 = z; c05 = z;
            c10 = z; c11 = z; c12 = z; c13 = z; c14 = z; c15 = z;
            c20 = z; c21 = z; c22 = z; c23 = z; c24 = z; c25 = z;
            c30 = z; c31 = z; c32 = z; c33 = z; c34 = z; c35 = z;
        }
        for (int t = t0; t < t1; t++) {
            int bt = bo + t * ldb;
            DoubleVector b0 = DoubleVector.fromArray(S, b, bt + 0 * L);
            DoubleVector b1 = DoubleVector.fromArray(S, b, bt + 1 * L);
            DoubleVector b2 = DoubleVector.fromArray(S, b, bt + 2 * L);
            DoubleVector b3 = DoubleVector.fromArray(S, b, bt + 3 * L);
            DoubleVector b4 = DoubleVector.fromArray(S, b, bt + 4 * L);
            DoubleVector b5 = DoubleVector.fromArray(S, b, bt + 5 * L);
            int at = ar + t * acs;
            DoubleVector x0 = DoubleVector.broadcast(S, a[at + 0 * ars]);
            c00 = b0.fma(x0, c00);
            c01 = b1.fma(x0, c01);
            c02 = b2.fma(x0, c02);
            c03 = b3.fma(x0, c03);
            c04 = b4.fma(x0, c04);
            c05 = b5.fma(x0, c05);
            DoubleVector x1 = DoubleVector.broadcast(S, a[at + 1 * ars]);
            c10 = b0.fma(x1, c10);
            c11 = b1.fma(x1, c11);
            c12 = b2.fma(x1, c12);
            c13 = b3.fma(x1, c13);
            c14 = b4.fma(x1, c14);
            c15 = b5.fma(x1, c15);
            DoubleVector x2 = DoubleVector.broadcast(S, a[at + 2 * ars]);
            c20 = b0.fma(x2, c20);
            c21 = b1.fma(x2, c21);
            c22 = b2.fma(x2, c22);
            c23 = b3.fma(x2, c23);
            c24 = b4.fma(x2, c24);
            c25 = b5.fma(x2, c25);
            DoubleVector x3 = DoubleVector.broadcast(S, a[at + 3 * ars]);
            c30 = b0.fma(x3, c30);
            c31 = b1.fma(x3, c31);
            c32 = b2.fma(x3, c32);
            c33 = b3.fma(x3, c33);
            c34 = b4.fma(x3, c34);
            c35 = b5.fma(x3, c35);
        }
        c00.intoArray(c, co + 0 * ldc + 0 * L);
        c01.intoArray(c, co + 0 * ldc + 1 * L);
        c02.intoArray(c, co + 0 * ldc + 2 * L);
        c03.intoArray(c, co + 0 * ldc + 3 * L);
        c04.intoArray(c, co + 0 * ldc + 4 * L);
        c05.intoArray(c, co + 0 * ldc + 5 * L);
        c10.intoArray(c, co + 1 * ldc + 0 * L);
        c11.intoArray(c, co + 1 * ldc + 1 * L);
        c12.intoArray(c, co + 1 * ldc + 2 * L);
        c13.intoArray(c, co + 1 * ldc + 3 * L);
        c14.intoArray(c, co + 1 * ldc + 4 * L);
        c15.intoArray(c, co + 1 * ldc + 5 * L);
        c20.intoArray(c, co + 2 * ldc + 0 * L);
        c21.intoArray(c, co + 2 * ldc + 1 * L);
        c22.intoArray(c, co + 2 * ldc + 2 * L);
        c23.intoArray(c, co + 2 * ldc + 3 * L);
        c24.intoArray(c, co + 2 * ldc + 4 * L);
        c25.intoArray(c, co + 2 * ldc + 5 * L);
        c30.intoArray(c, co + 3 * ldc + 0 * L);
        c31.intoArray(c, co + 3 * ldc + 1 * L);
        c32.intoArray(c, co + 3 * ldc + 2 * L);
        c33.intoArray(c, co + 3 * ldc + 3 * L);
        c34.intoArray(c, co + 3 * ldc + 4 * L);
        c35.intoArray(c, co + 3 * ldc + 5 * L);
    }

    private static void block1x6(double[] a, int ar, int ars, int acs, double[] b, int bo, int ldb,
            double[] c, int co, int ldc, int t0, int t1, boolean add) {
        DoubleVector c00, c01, c02, c03, c04, c05;
        if (add) {
            c00 = DoubleVector.fromArray(S, c, co + 0 * ldc + 0 * L);
            c01 = DoubleVector.fromArray(S, c, co + 0 * ldc + 1 * L);
            c02 = DoubleVector.fromArray(S, c, co + 0 * ldc + 2 * L);
            c03 = DoubleVector.fromArray(S, c, co + 0 * ldc + 3 * L);
            c04 = DoubleVector.fromArray(S, c, co + 0 * ldc + 4 * L);
            c05 = DoubleVector.fromArray(S, c, co + 0 * ldc + 5 * L);
        } else {
            DoubleVector z = DoubleVector.zero(S);
            c00 = z; c01 = z; c02 = z; c03 = z; c04 = z; c05 = z;
        }
        for (int t = t0; t < t1; t++) {
            int bt = bo + t * ldb;
            DoubleVector b0 = DoubleVector.fromArray(S, b, bt + 0 * L);
            DoubleVector b1 = DoubleVector.fromArray(S, b, bt + 1 * L);
            DoubleVector b2 = DoubleVector.fromArray(S, b, bt + 2 * L);
            DoubleVector b3 = DoubleVector.fromArray(S, b, bt + 3 * L);
            DoubleVector b4 = DoubleVector.fromArray(S, b, bt + 4 * L);
            DoubleVector b5 = DoubleVector.fromArray(S, b, bt + 5 * L);
            int at = ar + t * acs;
            DoubleVector x0 = DoubleVector.broadcast(S, a[at]);
            c00 = b0.fma(x0, c00);
            c01 = b1.fma(x0, c01);
            c02 = b2.fma(x0, c02);
            c03 = b3.fma(x0, c03);
            c04 = b4.fma(x0, c04);
            c05 = b5.fma(x0, c05);
        }
        c00.intoArray(c, co + 0 * ldc + 0 * L);
        c01.intoArray(c, co + 0 * ldc + 1 * L);
        c02.intoArray(c, co + 0 * ldc + 2 * L);
        c03.intoArray(c, co + 0 * ldc + 3 * L);
        c04.intoArray(c, co + 0 * ldc + 4 * L);
        c05.intoArray(c, co + 0 * ldc + 5 * L);
    }

    private static void block6x4(double[] a, int ar, int ars, int acs, double[] b, int bo, int ldb,
            double[] c, int co, int ldc, int t0, int t1, boolean add) {
        DoubleVector c00, c01, c02, c03, c10, c11, c12, c13, c20, c21, c22, c23, c30, c31, c32, c33, c40, c41, c42, c43, c50, c51, c52, c53;
        if (add) {
            c00 = DoubleVector.fromArray(S, c, co + 0 * ldc + 0 * L);
            c01 = DoubleVector.fromArray(S, c, co + 0 * ldc + 1 * L);
            c02 = DoubleVector.fromArray(S, c, co + 0 * ldc + 2 * L);
            c03 = DoubleVector.fromArray(S, c, co + 0 * ldc + 3 * L);
            c10 = DoubleVector.fromArray(S, c, co + 1 * ldc + 0 * L);
            c11 = DoubleVector.fromArray(S, c, co + 1 * ldc + 1 * L);
            c12 = DoubleVector.fromArray(S, c, co + 1 * ldc + 2 * L);
            c13 = DoubleVector.fromArray(S, c, co + 1 * ldc + 3 * L);
            c20 = DoubleVector.fromArray(S, c, co + 2 * ldc + 0 * L);
            c21 = DoubleVector.fromArray(S, c, co + 2 * ldc + 1 * L);
            c22 = DoubleVector.fromArray(S, c, co + 2 * ldc + 2 * L);
            c23 = DoubleVector.fromArray(S, c, co + 2 * ldc + 3 * L);
            c30 = DoubleVector.fromArray(S, c, co + 3 * ldc + 0 * L);
            c31 = DoubleVector.fromArray(S, c, co + 3 * ldc + 1 * L);
            c32 = DoubleVector.fromArray(S, c, co + 3 * ldc + 2 * L);
            c33 = DoubleVector.fromArray(S, c, co + 3 * ldc + 3 * L);
            c40 = DoubleVector.fromArray(S, c, co + 4 * ldc + 0 * L);
            c41 = DoubleVector.fromArray(S, c, co + 4 * ldc + 1 * L);
            c42 = DoubleVector.fromArray(S, c, co + 4 * ldc + 2 * L);
            c43 = DoubleVector.fromArray(S, c, co + 4 * ldc + 3 * L);
            c50 = DoubleVector.fromArray(S, c, co + 5 * ldc + 0 * L);
            c51 = DoubleVector.fromArray(S, c, co + 5 * ldc + 1 * L);
            c52 = DoubleVector.fromArray(S, c, co + 5 * ldc + 2 * L);
            c53 = DoubleVector.fromArray(S, c, co + 5 * ldc + 3 * L);
        } else {
            DoubleVector z = DoubleVector.zero(S);
            c00 = z; c01 = z; c02 = z; c03 = z;
            c10 = z; c11 = z; c12 = z; c13 = z;
            c20 = z; c21 = z; c22 = z; c23 = z;
            c30 = z; c31 = z; c32 = z; c33 = z;
            c40 = z; c41 = z; c42 = z; c43 = z;
            c50 = z; c51 = z; c52 = z; c53 = z;
        }
        for (int t = t0; t < t1; t++) {
            int bt = bo + t * ldb;
            DoubleVector b0 = DoubleVector.fromArray(S, b, bt + 0 * L);
            DoubleVector b1 = DoubleVector.fromArray(S, b, bt + 1 * L);
            DoubleVector b2 = DoubleVector.fromArray(S, b, bt + 2 * L);
            DoubleVector b3 = DoubleVector.fromArray(S, b, bt + 3 * L);
            int at = ar + t * acs;
            DoubleVector x0 = DoubleVector.broadcast(S, a[at + 0 * ars]);
            c00 = b0.fma(x0, c00);
            c01 = b1.fma(x0, c01);
            c02 = b2.fma(x0, c02);
            c03 = b3.fma(x0, c03);
            DoubleVector x1 = DoubleVector.broadcast(S, a[at + 1 * ars]);
            c10 = b0.fma(x1, c10);
            c11 = b1.fma(x1, c11);
            c12 = b2.fma(x1, c12);
            c13 = b3.fma(x1, c13);
            DoubleVector x2 = DoubleVector.broadcast(S, a[at + 2 * ars]);
            c20 = b0.fma(x2, c20);
            c21 = b1.fma(x2, c21);
            c22 = b2.fma(x2, c22);
            c23 = b3.fma(x2, c23);
            DoubleVector x3 = DoubleVector.broadcast(S, a[at + 3 * ars]);
            c30 = b0.fma(x3, c30);
            c31 = b1.fma(x3, c31);
            c32 = b2.fma(x3, c32);
            c33 = b3.fma(x3, c33);
            DoubleVector x4 = DoubleVector.broadcast(S, a[at + 4 * ars]);
            c40 = b0.fma(x4, c40);
            c41 = b1.fma(x4, c41);
            c42 = b2.fma(x4, c42);
            c43 = b3.fma(x4, c43);
            DoubleVector x5 = DoubleVector.broadcast(S, a[at + 5 * ars]);
            c50 = b0.fma(x5, c50);
            c51 = b1.fma(x5, c51);
            c52 = b2.fma(x5, c52);
            c53 = b3.fma(x5, c53);
        }
        c00.intoArray(c, co + 0 * ldc + 0 * L);
        c01.intoArray(c, co + 0 * ldc + 1 * L);
        c02.intoArray(c, co + 0 * ldc + 2 * L);
        c03.intoArray(c, co + 0 * ldc + 3 * L);
        c10.intoArray(c, co + 1 * ldc + 0 * L);
        c11.intoArray(c, co + 1 * ldc + 1 * L);
        c12.intoArray(c, co + 1 * ldc + 2 * L);
        c13.intoArray(c, co + 1 * ldc + 3 * L);
        c20.intoArray(c, co + 2 * ldc + 0 * L);
        c21.intoArray(c, co + 2 * ldc + 1 * L);
        c22.intoArray(c, co + 2 * ldc + 2 * L);
        c23.intoArray(c, co + 2 * ldc + 3 * L);
        c30.intoArray(c, co + 3 * ldc + 0 * L);
        c31.intoArray(c, co + 3 * ldc + 1 * L);
        c32.intoArray(c, co + 3 * ldc + 2 * L);
        c33.intoArray(c, co + 3 * ldc + 3 * L);
        c40.intoArray(c, co + 4 * ldc + 0 * L);
        c41.intoArray(c, co + 4 * ldc + 1 * L);
        c42.intoArray(c, co + 4 * ldc + 2 * L);
        c43.intoArray(c, co + 4 * ldc + 3 * L);
        c50.intoArray(c, co + 5 * ldc + 0 * L);
        c51.intoArray(c, co + 5 * ldc + 1 * L);
        c52.intoArray(c, co + 5 * ldc + 2 * L);
        c53.intoArray(c, co + 5 * ldc + 3 * L);
    }

    private static void block4x4(double[] a, int ar, int ars, int acs, double[] b, int bo, int ldb,
            double[] c, int co, int ldc, int t0, int t1, boolean add) {
        int c0 = co;
        int c1 = co + ldc;
        int c2 = c1 + ldc;
        int c3 = c2 + ldc;
        DoubleVector c00, c01, c02, c03, c10, c11, c12, c13, c20, c21, c22, c23, c30, c31, c32, c33;
        if (add) {
            c00 = DoubleVector.fromArray(S, c, c0);
            c01 = DoubleVector.fromArray(S, c, c0 + L);
            c02 = DoubleVector.fromArray(S, c, c0 + 2 * L);
            c03 = DoubleVector.fromArray(S, c, c0 + 3 * L);
            c10 = DoubleVector.fromArray(S, c, c1);
            c11 = DoubleVector.fromArray(S, c, c1 + L);
            c12 = DoubleVector.fromArray(S, c, c1 + 2 * L);
            c13 = DoubleVector.fromArray(S, c, c1 + 3 * L);
            c20 = DoubleVector.fromArray(S, c, c2);
            c21 = DoubleVector.fromArray(S, c, c2 + L);
            c22 = DoubleVector.fromArray(S, c, c2 + 2 * L);
            c23 = DoubleVector.fromArray(S, c, c2 + 3 * L);
            c30 = DoubleVector.fromArray(S, c, c3);
            c31 = DoubleVector.fromArray(S, c, c3 + L);
            c32 = DoubleVector.fromArray(S, c, c3 + 2 * L);
            c33 = DoubleVector.fromArray(S, c, c3 + 3 * L);
        } else {
            DoubleVector z = DoubleVector.zero(S);
            c00 = z; c01 = z; c02 = z; c03 = z;
            c10 = z; c11 = z; c12 = z; c13 = z;
            c20 = z; c21 = z; c22 = z; c23 = z;
            c30 = z; c31 = z; c32 = z; c33 = z;
        }
        for (int t = t0; t < t1; t++) {
            int bt = bo + t * ldb;
            DoubleVector b0 = DoubleVector.fromArray(S, b, bt);
            DoubleVector b1 = DoubleVector.fromArray(S, b, bt + L);
            DoubleVector b2 = DoubleVector.fromArray(S, b, bt + 2 * L);
            DoubleVector b3 = DoubleVector.fromArray(S, b, bt + 3 * L);
            int at = ar + t * acs;
            DoubleVector x = DoubleVector.broadcast(S, a[at]);
            c00 = b0.fma(x, c00);
            c01 = b1.fma(x, c01);
            c02 = b2.fma(x, c02);
            c03 = b3.fma(x, c03);
            x = DoubleVector.broadcast(S, a[at + ars]);
            c10 = b0.fma(x, c10);
            c11 = b1.fma(x, c11);
            c12 = b2.fma(x, c12);
            c13 = b3.fma(x, c13);
            x = DoubleVector.broadcast(S, a[at + 2 * ars]);
            c20 = b0.fma(x, c20);
            c21 = b1.fma(x, c21);
            c22 = b2.fma(x, c22);
            c23 = b3.fma(x, c23);
            x = DoubleVector.broadcast(S, a[at + 3 * ars]);
            c30 = b0.fma(x, c30);
            c31 = b1.fma(x, c31);
            c32 = b2.fma(x, c32);
            c33 = b3.fma(x, c33);
        }
        c00.intoArray(c, c0);
        c01.intoArray(c, c0 + L);
        c02.intoArray(c, c0 + 2 * L);
        c03.intoArray(c, c0 + 3 * L);
        c10.intoArray(c, c1);
        c11.intoArray(c, c1 + L);
        c12.intoArray(c, c1 + 2 * L);
        c13.intoArray(c, c1 + 3 * L);
        c20.intoArray(c, c2);
        c21.intoArray(c, c2 + L);
        c22.intoArray(c, c2 + 2 * L);
        c23.intoArray(c, c2 + 3 * L);
        c30.intoArray(c, c3);
        c31.intoArray(c, c3 + L);
        c32.intoArray(c, c3 + 2 * L);
        c33.intoArray(c, c3 + 3 * L);
    }

    private static void block1x4(double[] a, int ar, int acs, double[] b, int bo, int ldb,
            double[] c, int co, int t0, int t1, boolean add) {
        DoubleVector c0, c1, c2, c3;
        if (add) {
            c0 = DoubleVector.fromArray(S, c, co);
            c1 = DoubleVector.fromArray(S, c, co + L);
            c2 = DoubleVector.fromArray(S, c, co + 2 * L);
            c3 = DoubleVector.fromArray(S, c, co + 3 * L);
        } else {
            c0 = DoubleVector.zero(S);
            c1 = c0;
            c2 = c0;
            c3 = c0;
        }
        for (int t = t0; t < t1; t++) {
            int bt = bo + t * ldb;
            DoubleVector x = DoubleVector.broadcast(S, a[ar + t * acs]);
            c0 = DoubleVector.fromArray(S, b, bt).fma(x, c0);
            c1 = DoubleVector.fromArray(S, b, bt + L).fma(x, c1);
            c2 = DoubleVector.fromArray(S, b, bt + 2 * L).fma(x, c2);
            c3 = DoubleVector.fromArray(S, b, bt + 3 * L).fma(x, c3);
        }
        c0.intoArray(c, co);
        c1.intoArray(c, co + L);
        c2.intoArray(c, co + 2 * L);
        c3.intoArray(c, co + 3 * L);
    }

    private static void tail4(double[] a, int ar, int ars, int acs, double[] b, int bOff, int ldb,
            double[] c, int co, int ldc, int j0, int cols, int t0, int t1, boolean add) {
        int a1 = ar + ars;
        int a2 = a1 + ars;
        int a3 = a2 + ars;
        int c1 = co + ldc;
        int c2 = c1 + ldc;
        int c3 = c2 + ldc;
        int j = j0;
        for (; j + 2 * L <= cols; j += 2 * L) {
            // two vectors per row: eight accumulators, one broadcast feeds two fmas
            DoubleVector x0, x1, x2, x3, y0, y1, y2, y3;
            if (add) {
                x0 = DoubleVector.fromArray(S, c, co + j);
                x1 = DoubleVector.fromArray(S, c, c1 + j);
                x2 = DoubleVector.fromArray(S, c, c2 + j);
                x3 = DoubleVector.fromArray(S, c, c3 + j);
                y0 = DoubleVector.fromArray(S, c, co + j + L);
                y1 = DoubleVector.fromArray(S, c, c1 + j + L);
                y2 = DoubleVector.fromArray(S, c, c2 + j + L);
                y3 = DoubleVector.fromArray(S, c, c3 + j + L);
            } else {
                x0 = DoubleVector.zero(S);
                x1 = x0;
                x2 = x0;
                x3 = x0;
                y0 = x0;
                y1 = x0;
                y2 = x0;
                y3 = x0;
            }
            for (int t = t0; t < t1; t++) {
                int bt = bOff + t * ldb + j;
                DoubleVector bv = DoubleVector.fromArray(S, b, bt);
                DoubleVector bw = DoubleVector.fromArray(S, b, bt + L);
                int at = t * acs;
                DoubleVector v0 = DoubleVector.broadcast(S, a[ar + at]);
                x0 = bv.fma(v0, x0);
                y0 = bw.fma(v0, y0);
                DoubleVector v1 = DoubleVector.broadcast(S, a[a1 + at]);
                x1 = bv.fma(v1, x1);
                y1 = bw.fma(v1, y1);
                DoubleVector v2 = DoubleVector.broadcast(S, a[a2 + at]);
                x2 = bv.fma(v2, x2);
                y2 = bw.fma(v2, y2);
                DoubleVector v3 = DoubleVector.broadcast(S, a[a3 + at]);
                x3 = bv.fma(v3, x3);
                y3 = bw.fma(v3, y3);
            }
            x0.intoArray(c, co + j);
            x1.intoArray(c, c1 + j);
            x2.intoArray(c, c2 + j);
            x3.intoArray(c, c3 + j);
            y0.intoArray(c, co + j + L);
            y1.intoArray(c, c1 + j + L);
            y2.intoArray(c, c2 + j + L);
            y3.intoArray(c, c3 + j + L);
        }
        for (; j + L <= cols; j += L) {
            DoubleVector x0, x1, x2, x3;
            if (add) {
                x0 = DoubleVector.fromArray(S, c, co + j);
                x1 = DoubleVector.fromArray(S, c, c1 + j);
                x2 = DoubleVector.fromArray(S, c, c2 + j);
                x3 = DoubleVector.fromArray(S, c, c3 + j);
            } else {
                x0 = DoubleVector.zero(S);
                x1 = x0;
                x2 = x0;
                x3 = x0;
            }
            for (int t = t0; t < t1; t++) {
                DoubleVector bv = DoubleVector.fromArray(S, b, bOff + t * ldb + j);
                int at = t * acs;
                x0 = bv.fma(DoubleVector.broadcast(S, a[ar + at]), x0);
                x1 = bv.fma(DoubleVector.broadcast(S, a[a1 + at]), x1);
                x2 = bv.fma(DoubleVector.broadcast(S, a[a2 + at]), x2);
                x3 = bv.fma(DoubleVector.broadcast(S, a[a3 + at]), x3);
            }
            x0.intoArray(c, co + j);
            x1.intoArray(c, c1 + j);
            x2.intoArray(c, c2 + j);
            x3.intoArray(c, c3 + j);
        }
        for (; j < cols; j++) {
            double s0 = add ? c[co + j] : 0.0;
            double s1 = add ? c[c1 + j] : 0.0;
            double s2 = add ? c[c2 + j] : 0.0;
            double s3 = add ? c[c3 + j] : 0.0;
            for (int t = t0; t < t1; t++) {
                double bt = b[bOff + t * ldb + j];
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

    private static void rowTail(double[] a, int ar, int acs, double[] b, int bOff, int ldb,
            double[] c, int co, int j0, int cols, int t0, int t1, boolean add) {
        int j = j0;
        for (; j + L <= cols; j += L) {
            DoubleVector acc = add ? DoubleVector.fromArray(S, c, co + j) : DoubleVector.zero(S);
            for (int t = t0; t < t1; t++) {
                acc = DoubleVector.fromArray(S, b, bOff + t * ldb + j).fma(DoubleVector.broadcast(S, a[ar + t * acs]), acc);
            }
            acc.intoArray(c, co + j);
        }
        for (; j < cols; j++) {
            double acc = add ? c[co + j] : 0.0;
            for (int t = t0; t < t1; t++) {
                acc = Math.fma(a[ar + t * acs], b[bOff + t * ldb + j], acc);
            }
            c[co + j] = acc;
        }
    }

    // -------------------------------------------------------------------------- elementwise
    //
    // exp, sin and cos are computed here from IEEE operations only (fma, mul, add, div, integer
    // shifts on the bit patterns), NOT with VectorOperators.EXP/SIN/COS: those give Math's
    // results while interpreted and SVML's once C2 compiles the loop, so their bits would depend
    // on JIT timing (and hence on the thread count). These give the same bits in every tier.

    private static final double SHIFTER = 0x1.8p52;
    private static final long SHIFTER_BITS = Double.doubleToRawLongBits(SHIFTER);
    private static final double INV_LN2 = 1.44269504088896338700e+00;
    private static final double LN2_HI = 6.93147180369123816490e-01;
    private static final double LN2_LO = 1.90821492927058770002e-10;

    /** 1/k! for k = 2 … 13 (correctly rounded). */
    private static final double[] INV_FACT = invFactorials();

    private static double[] invFactorials() {
        double[] c = new double[14];
        double f = 1;
        for (int k = 1; k < 14; k++) {
            f *= k; // exact up to 13! < 2^53
            c[k] = 1.0 / f;
        }
        return c;
    }

    private static final double E13 = INV_FACT[13];
    private static final double E12 = INV_FACT[12];
    private static final double E11 = INV_FACT[11];
    private static final double E10 = INV_FACT[10];
    private static final double E9 = INV_FACT[9];
    private static final double E8 = INV_FACT[8];
    private static final double E7 = INV_FACT[7];
    private static final double E6 = INV_FACT[6];
    private static final double E5 = INV_FACT[5];
    private static final double E4 = INV_FACT[4];
    private static final double E3 = INV_FACT[3];
    private static final double E2 = INV_FACT[2];

    /*
     * exp for lanes with |x| < EXP_RANGE: x = k·ln2 + r with k rounded to nearest (the 1.5·2^52
     * shifter) and r = (x − k·ln2_hi) − k·ln2_lo (fdlibm's two-part ln2, so |r| ≤ ln2/2
     * accurately), then e^r = 1 + (r + r²·q(r)) with q the Taylor polynomial to degree 13
     * (truncation error < 5·10⁻¹⁸ relative; no division), then 2^k by building the exponent bits.
     *
     * Written out inside the loop on purpose, with the bit reinterpretations to the explicit
     * constant species LS and S: on JDK 17, reinterpretAsLongs()/reinterpretAsDoubles() look the
     * target species up in a @Stable cache, and in some JVM runs C2 compiled that lookup as a
     * load instead of a constant ("missing constant: vclass_to=LoadP" under -XX:+PrintIntrinsics),
     * the conversion intrinsic failed, and every vector of the loop was boxed (2.4 GB allocated
     * per 100,000-row map, 3–8× slower). A vector passed to or returned from a method that C2
     * does not inline is boxed the same way, so no vector crosses a call here.
     */

    @Override
    public void expAffine(double[] src, int srcOff, double alpha, double beta, double[] dst, int dstOff, int len) {
        expAffineAbove(src, srcOff, alpha, beta, dst, dstOff, len, Double.POSITIVE_INFINITY);
    }

    /**
     * {@link #expAffine} with the cutoff test on each vector of arguments (one compare, no second
     * pass); with an infinite cutoff (plain {@link #expAffine}) the test is skipped: {@code guard}
     * is loop-invariant, so C2 unswitches the loop.
     */
    @Override
    public boolean expAffineAbove(double[] src, int srcOff, double alpha, double beta, double[] dst, int dstOff, int len,
            double cutoff) {
        boolean above = false;
        boolean guard = cutoff < Double.POSITIVE_INFINITY;
        int upper = S.loopBound(len);
        int i = 0;
        for (; i < upper; i += L) {
            DoubleVector x = DoubleVector.fromArray(S, src, srcOff + i).mul(alpha).add(beta);
            if (guard) {
                above |= x.compare(VectorOperators.GT, cutoff).anyTrue();
            }
            VectorMask<Double> special = x.abs().compare(VectorOperators.GE, EXP_RANGE).or(x.compare(VectorOperators.NE, x));
            DoubleVector t = x.fma(INV_LN2, SHIFTER);
            DoubleVector k = t.sub(SHIFTER);
            LongVector kb = (LongVector) t.reinterpretShape(LS, 0);
            DoubleVector r = x.sub(k.mul(LN2_HI)).sub(k.mul(LN2_LO));
            DoubleVector z = r.mul(r);
            DoubleVector q = r.fma(E13, E12).fma(r, DoubleVector.broadcast(S, E11)).fma(r, DoubleVector.broadcast(S, E10))
                    .fma(r, DoubleVector.broadcast(S, E9)).fma(r, DoubleVector.broadcast(S, E8))
                    .fma(r, DoubleVector.broadcast(S, E7)).fma(r, DoubleVector.broadcast(S, E6))
                    .fma(r, DoubleVector.broadcast(S, E5)).fma(r, DoubleVector.broadcast(S, E4))
                    .fma(r, DoubleVector.broadcast(S, E3)).fma(r, DoubleVector.broadcast(S, E2));
            DoubleVector p = z.fma(q, r).add(1.0);
            DoubleVector scale = (DoubleVector) kb.sub(SHIFTER_BITS - 1023).lanewise(VectorOperators.LSHL, 52)
                    .reinterpretShape(S, 0);
            DoubleVector y = p.mul(scale);
            if (special.anyTrue()) {
                patchExp(x, y, special, dst, dstOff + i);
            } else {
                y.intoArray(dst, dstOff + i);
            }
        }
        for (; i < len; i++) {
            double x = alpha * src[srcOff + i] + beta;
            above |= x > cutoff;
            dst[dstOff + i] = ExactMath.exp(x);
        }
        return above;
    }

    /** Rare path (overflow, underflow, NaN lanes): boxing here costs nothing in the common case. */
    private static void patchExp(DoubleVector x, DoubleVector y, VectorMask<Double> special, double[] dst, int off) {
        double[] xs = x.toArray();
        double[] ys = y.toArray();
        for (int l = 0; l < L; l++) {
            if (special.laneIsSet(l)) {
                ys[l] = ExactMath.exp(xs[l]);
            }
        }
        System.arraycopy(ys, 0, dst, off, L);
    }

    private static final double TWO_OVER_PI = 6.36619772367581382433e-01;
    private static final double PIO2_1 = 1.57079632673412561417e+00;
    private static final double PIO2_2 = 6.07710050630396597660e-11;
    private static final double PIO2_3 = 2.02226624871116645580e-21;
    private static final double PIO2_3T = 8.47842766036889956997e-32;
    private static final double S1 = -1.66666666666666324348e-01;
    private static final double S2 = 8.33333333332248946124e-03;
    private static final double S3 = -1.98412698298579493134e-04;
    private static final double S4 = 2.75573137070700676789e-06;
    private static final double S5 = -2.50507602534068634195e-08;
    private static final double S6 = 1.58969099521155010221e-10;
    private static final double C1 = 4.16666666666666019037e-02;
    private static final double C2 = -1.38888888888741095749e-03;
    private static final double C3 = 2.48015872894767294178e-05;
    private static final double C4 = -2.75573143513906633035e-07;
    private static final double C5 = 2.08757232129817482790e-09;
    private static final double C6 = -1.13596475577881948265e-11;

    /*
     * sin and cos for lanes with |x| < TRIG_RANGE: x = k·π/2 + r by Cody–Waite reduction with
     * fdlibm's three 33-bit pieces of π/2 (fma, so each step rounds once), then fdlibm's
     * k_sin/k_cos polynomials on |r| ≤ π/4 and the quadrant k mod 4.
     */

    // cos and sin have separate loops with the reduction and polynomials written out in each.

    @Override
    public void cos(double[] src, int srcOff, double factor, double[] dst, int dstOff, int len) {
        int upper = S.loopBound(len);
        int i = 0;
        for (; i < upper; i += L) {
            DoubleVector x = DoubleVector.fromArray(S, src, srcOff + i);
            VectorMask<Double> special = x.abs().compare(VectorOperators.GE, TRIG_RANGE).or(x.compare(VectorOperators.NE, x));
            // trigCore inlined by hand: C2 does not inline a method this large, and a call keeps
            // the vectors boxed.
            DoubleVector t = x.fma(TWO_OVER_PI, SHIFTER);
            DoubleVector k = t.sub(SHIFTER);
            LongVector q = (LongVector) t.reinterpretShape(LS, 0);
            DoubleVector nk = k.neg();
            DoubleVector r = nk.fma(DoubleVector.broadcast(S, PIO2_1), x);
            r = nk.fma(DoubleVector.broadcast(S, PIO2_2), r);
            r = nk.fma(DoubleVector.broadcast(S, PIO2_3), r);
            r = nk.fma(DoubleVector.broadcast(S, PIO2_3T), r);
            DoubleVector z = r.mul(r);
            DoubleVector ps = z.fma(S6, S5).fma(z, DoubleVector.broadcast(S, S4)).fma(z, DoubleVector.broadcast(S, S3))
                    .fma(z, DoubleVector.broadcast(S, S2));
            DoubleVector v = z.mul(r);
            DoubleVector sinr = r.add(v.mul(z.fma(ps, DoubleVector.broadcast(S, S1))));
            DoubleVector pc = z.fma(C6, C5).fma(z, DoubleVector.broadcast(S, C4)).fma(z, DoubleVector.broadcast(S, C3))
                    .fma(z, DoubleVector.broadcast(S, C2)).fma(z, DoubleVector.broadcast(S, C1));
            DoubleVector cosr = DoubleVector.broadcast(S, 1.0).sub(z.mul(0.5).sub(z.mul(z.mul(pc))));
            // quadrant: q = k mod 4 (low bits of the shifted value)
            LongVector quadrant = q.add(1);
            VectorMask<Double> odd = quadrant.and(1L).compare(VectorOperators.NE, 0L).cast(S);
            LongVector sign = quadrant.and(2L).lanewise(VectorOperators.LSHL, 62);
            DoubleVector res = sinr.blend(cosr, odd);
            res = (DoubleVector) ((LongVector) res.reinterpretShape(LS, 0)).lanewise(VectorOperators.XOR, sign).reinterpretShape(S, 0);
            // sin(x) = x for |x| < 2^-27 (as fdlibm), which also keeps the sign of ±0
            DoubleVector y = res;
            if (special.anyTrue()) {
                // the special lanes' arguments first: src may be dst
                double[] xs = java.util.Arrays.copyOfRange(src, srcOff + i, srcOff + i + L);
                y.mul(factor).intoArray(dst, dstOff + i);
                patchTrig(xs, factor, dst, dstOff + i, true);
            } else {
                y.mul(factor).intoArray(dst, dstOff + i);
            }
        }
        for (; i < len; i++) {
            dst[dstOff + i] = factor * ExactMath.cos(src[srcOff + i]);
        }
    }

    @Override
    public void sin(double[] src, int srcOff, double factor, double[] dst, int dstOff, int len) {
        int upper = S.loopBound(len);
        int i = 0;
        for (; i < upper; i += L) {
            DoubleVector x = DoubleVector.fromArray(S, src, srcOff + i);
            VectorMask<Double> special = x.abs().compare(VectorOperators.GE, TRIG_RANGE).or(x.compare(VectorOperators.NE, x));
            // trigCore inlined by hand: C2 does not inline a method this large, and a call keeps
            // the vectors boxed.
            DoubleVector t = x.fma(TWO_OVER_PI, SHIFTER);
            DoubleVector k = t.sub(SHIFTER);
            LongVector q = (LongVector) t.reinterpretShape(LS, 0);
            DoubleVector nk = k.neg();
            DoubleVector r = nk.fma(DoubleVector.broadcast(S, PIO2_1), x);
            r = nk.fma(DoubleVector.broadcast(S, PIO2_2), r);
            r = nk.fma(DoubleVector.broadcast(S, PIO2_3), r);
            r = nk.fma(DoubleVector.broadcast(S, PIO2_3T), r);
            DoubleVector z = r.mul(r);
            DoubleVector ps = z.fma(S6, S5).fma(z, DoubleVector.broadcast(S, S4)).fma(z, DoubleVector.broadcast(S, S3))
                    .fma(z, DoubleVector.broadcast(S, S2));
            DoubleVector v = z.mul(r);
            DoubleVector sinr = r.add(v.mul(z.fma(ps, DoubleVector.broadcast(S, S1))));
            DoubleVector pc = z.fma(C6, C5).fma(z, DoubleVector.broadcast(S, C4)).fma(z, DoubleVector.broadcast(S, C3))
                    .fma(z, DoubleVector.broadcast(S, C2)).fma(z, DoubleVector.broadcast(S, C1));
            DoubleVector cosr = DoubleVector.broadcast(S, 1.0).sub(z.mul(0.5).sub(z.mul(z.mul(pc))));
            // quadrant: q = k mod 4 (low bits of the shifted value)
            LongVector quadrant = q;
            VectorMask<Double> odd = quadrant.and(1L).compare(VectorOperators.NE, 0L).cast(S);
            LongVector sign = quadrant.and(2L).lanewise(VectorOperators.LSHL, 62);
            DoubleVector res = sinr.blend(cosr, odd);
            res = (DoubleVector) ((LongVector) res.reinterpretShape(LS, 0)).lanewise(VectorOperators.XOR, sign).reinterpretShape(S, 0);
            // sin(x) = x for |x| < 2^-27 (as fdlibm), which also keeps the sign of ±0
            DoubleVector y = res.blend(x, x.abs().compare(VectorOperators.LT, 0x1p-27));
            if (special.anyTrue()) {
                // the special lanes' arguments first: src may be dst
                double[] xs = java.util.Arrays.copyOfRange(src, srcOff + i, srcOff + i + L);
                y.mul(factor).intoArray(dst, dstOff + i);
                patchTrig(xs, factor, dst, dstOff + i, false);
            } else {
                y.mul(factor).intoArray(dst, dstOff + i);
            }
        }
        for (; i < len; i++) {
            dst[dstOff + i] = factor * ExactMath.sin(src[srcOff + i]);
        }
    }

    /**
     * Overwrites the special lanes (|x| ≥ {@link #TRIG_RANGE} or NaN) of a stored vector with
     * {@code factor·cos|sin(x)} from {@link ExactMath}, x from the lanes' arguments {@code xs}. It takes no
     * vector or mask: one passed to a call, or read lane by lane, is boxed on every iteration once C2
     * has seen that path taken,
     * which made the whole loop allocate whenever a few arguments passed {@link #TRIG_RANGE} (the
     * heavy-tailed projections of a Laplacian kernel).
     */
    private static void patchTrig(double[] xs, double factor, double[] dst, int off, boolean cos) {
        for (int l = 0; l < L; l++) {
            if (!(Math.abs(xs[l]) < TRIG_RANGE)) { // the special mask's test, NaN included
                double x = xs[l];
                dst[off + l] = (cos ? ExactMath.cos(x) : ExactMath.sin(x)) * factor;
            }
        }
    }

    /** The butterflies of stages with half-width ≥ lanes are vectorised; the first stages are scalar. */
    @Override
    public void fwht(double[] a, int off, int len) {
        int h = 1;
        for (; h < len && h < L; h <<= 1) {
            int step = h << 1;
            for (int i = off; i < off + len; i += step) {
                for (int j = i; j < i + h; j++) {
                    double x = a[j];
                    double y = a[j + h];
                    a[j] = x + y;
                    a[j + h] = x - y;
                }
            }
        }
        for (; h < len; h <<= 1) {
            int step = h << 1;
            for (int i = off; i < off + len; i += step) {
                for (int j = i; j < i + h; j += L) {
                    DoubleVector x = DoubleVector.fromArray(S, a, j);
                    DoubleVector y = DoubleVector.fromArray(S, a, j + h);
                    x.add(y).intoArray(a, j);
                    x.sub(y).intoArray(a, j + h);
                }
            }
        }
    }

    @Override
    public double max(double[] src, int off, int len) {
        int upper = S.loopBound(len);
        int i = 0;
        double mx = Double.NEGATIVE_INFINITY;
        if (upper > 0) {
            DoubleVector acc = DoubleVector.broadcast(S, Double.NEGATIVE_INFINITY);
            for (; i < upper; i += L) {
                acc = acc.max(DoubleVector.fromArray(S, src, off + i));
            }
            mx = acc.reduceLanes(VectorOperators.MAX);
        }
        for (; i < len; i++) {
            mx = Math.max(mx, src[off + i]);
        }
        return mx == mx ? mx : VectorKernels.scalar().max(src, off, len);
    }

    @Override
    public double min(double[] src, int off, int len) {
        int upper = S.loopBound(len);
        int i = 0;
        double mn = Double.POSITIVE_INFINITY;
        if (upper > 0) {
            DoubleVector acc = DoubleVector.broadcast(S, Double.POSITIVE_INFINITY);
            for (; i < upper; i += L) {
                acc = acc.min(DoubleVector.fromArray(S, src, off + i));
            }
            mn = acc.reduceLanes(VectorOperators.MIN);
        }
        for (; i < len; i++) {
            mn = Math.min(mn, src[off + i]);
        }
        return mn == mn ? mn : VectorKernels.scalar().min(src, off, len);
    }

    @Override
    public double addScaledMax(double[] c, int cOff, double alpha, double[] z, int zOff, int len) {
        int upper = S.loopBound(len);
        int i = 0;
        double mx = Double.NEGATIVE_INFINITY;
        if (upper > 0) {
            DoubleVector acc = DoubleVector.broadcast(S, Double.NEGATIVE_INFINITY);
            for (; i < upper; i += L) {
                DoubleVector v = DoubleVector.fromArray(S, c, cOff + i).add(DoubleVector.fromArray(S, z, zOff + i).mul(alpha));
                v.intoArray(z, zOff + i);
                acc = acc.lanewise(VectorOperators.MAX, v);
            }
            mx = acc.reduceLanes(VectorOperators.MAX);
        }
        for (; i < len; i++) {
            double v = c[cOff + i] + alpha * z[zOff + i];
            z[zOff + i] = v;
            mx = Math.max(mx, v);
        }
        return mx;
    }

    @Override
    public void multiply(double[] a, int aOff, double[] s, int sOff, int len) {
        int upper = S.loopBound(len);
        int i = 0;
        for (; i < upper; i += L) {
            DoubleVector.fromArray(S, a, aOff + i).mul(DoubleVector.fromArray(S, s, sOff + i)).intoArray(a, aOff + i);
        }
        for (; i < len; i++) {
            a[aOff + i] *= s[sOff + i];
        }
    }

    @Override
    public void scale(double[] a, int off, double factor, int len) {
        int upper = S.loopBound(len);
        int i = 0;
        for (; i < upper; i += L) {
            DoubleVector.fromArray(S, a, off + i).mul(factor).intoArray(a, off + i);
        }
        for (; i < len; i++) {
            a[off + i] *= factor;
        }
    }

    // ------------------------------------------------------------------------------- fp32
    // The float half lives in PanamaFloatKernels; these overrides hand each call to it.

    @Override
    public void expAffine(float[] src, int srcOff, float alpha, float beta, float[] dst, int dstOff, int len) {
        PanamaFloatKernels.expAffine(src, srcOff, alpha, beta, dst, dstOff, len);
    }

    @Override
    public boolean expAffineAbove(float[] src, int srcOff, float alpha, float beta, float[] dst, int dstOff, int len,
            float cutoff) {
        return PanamaFloatKernels.expAffineAbove(src, srcOff, alpha, beta, dst, dstOff, len, cutoff);
    }

    @Override
    public void cos(float[] src, int srcOff, float factor, float[] dst, int dstOff, int len) {
        PanamaFloatKernels.cos(src, srcOff, factor, dst, dstOff, len);
    }

    @Override
    public void sin(float[] src, int srcOff, float factor, float[] dst, int dstOff, int len) {
        PanamaFloatKernels.sin(src, srcOff, factor, dst, dstOff, len);
    }

    @Override
    public void gemm(int rows, int cols, int depth, float[] a, int aOff, int ars, int acs,
            float[] b, int bOff, int ldb, float[] c, int cOff, int ldc, boolean accumulate) {
        PanamaFloatKernels.gemm(rows, cols, depth, a, aOff, ars, acs, b, bOff, ldb, c, cOff, ldc, accumulate);
    }

    @Override
    public float max(float[] src, int off, int len) {
        float mx = PanamaFloatKernels.max(src, off, len);
        // NaN (some entry is NaN: the default skips them) and zero (the default keeps the first of
        // −0 and +0, Math.max prefers +0) are rare: the default decides them
        return mx == mx && mx != 0 ? mx : VectorKernels.super.max(src, off, len);
    }

    @Override
    public void multiply(float[] a, int aOff, float[] s, int sOff, int len) {
        PanamaFloatKernels.multiply(a, aOff, s, sOff, len);
    }

    @Override
    public void scale(float[] a, int off, float factor, int len) {
        PanamaFloatKernels.scale(a, off, factor, len);
    }
}
