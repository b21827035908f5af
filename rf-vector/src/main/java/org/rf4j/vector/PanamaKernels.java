package org.rf4j.vector;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;
import org.rf4j.api.linalg.VectorKernels;

/**
 * {@link VectorKernels} on the Vector API ({@code jdk.incubator.vector}), with the machine's
 * preferred species (8 doubles with AVX-512).
 *
 * <h2>Product</h2>
 * A register-blocked kernel: 4 rows × 4 vectors of C live in 16 vector registers while the
 * reduction index t runs over a tile of 256; each step broadcasts 4 entries of A, loads 4
 * vectors of B and issues 16 lane-wise {@code fma}s. Row and column remainders use the same
 * {@code fma} chain one row (one vector, then one scalar {@link Math#fma}) at a time, so every
 * entry is {@code fma(a_{r,depth−1}, b, … fma(a_{r,0}, b, 0))} exactly as the contract in
 * {@link VectorKernels} requires: identical to the scalar kernel, to the bit.
 *
 * <h2>Elementwise functions</h2>
 * {@code EXP}, {@code SIN} and {@code COS} are the JDK's SVML-backed intrinsics, which are not
 * bit-identical to {@link Math}. Lanes outside the range where they are measured accurate
 * (|x| ≥ {@value #EXP_RANGE} for exp — overflow, underflow, subnormal results, ±∞ — |x| ≥
 * {@value #TRIG_RANGE} for sin/cos, and NaN) are recomputed with {@link Math}, so special and
 * extreme inputs give exactly Math's result. Inside those ranges the tests bound the error by
 * {@value #ULP_BOUND} ulp of Math's result over dense sweeps. The {@code len mod lanes} tail of
 * each call uses {@link Math} directly.
 */
public final class PanamaKernels implements VectorKernels {
    /** Largest |x| for which lanes use the vector exp. */
    public static final double EXP_RANGE = 708.0;
    /** Largest |x| for which lanes use the vector sin/cos. */
    public static final double TRIG_RANGE = 65536.0;
    /** The tested accuracy bound of the vector exp/sin/cos against Math, in ulps. */
    public static final int ULP_BOUND = 2;

    private static final VectorSpecies<Double> S = DoubleVector.SPECIES_PREFERRED;
    private static final int L = S.length();
    private static final int KC = 256;
    private static final int NC = 4 * L;

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
            for (; j0 + NC <= cols; j0 += NC) {
                int r = 0;
                for (; r + 4 <= rows; r += 4) {
                    block4x4(a, aOff + r * ars, ars, acs, b, bOff + j0, ldb, c, cOff + r * ldc + j0, ldc, t0, t1, add);
                }
                for (; r < rows; r++) {
                    block1x4(a, aOff + r * ars, acs, b, bOff + j0, ldb, c, cOff + r * ldc + j0, t0, t1, add);
                }
            }
            if (j0 < cols) {
                for (int r = 0; r < rows; r++) {
                    rowTail(a, aOff + r * ars, acs, b, bOff, ldb, c, cOff + r * ldc, j0, cols, t0, t1, add);
                }
            }
        }
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

    @Override
    public void expAffine(double[] src, int srcOff, double alpha, double beta, double[] dst, int dstOff, int len) {
        int upper = S.loopBound(len);
        int i = 0;
        for (; i < upper; i += L) {
            DoubleVector x = DoubleVector.fromArray(S, src, srcOff + i).mul(alpha).add(beta);
            VectorMask<Double> special = x.abs().compare(VectorOperators.GE, EXP_RANGE).or(x.compare(VectorOperators.NE, x));
            DoubleVector y = x.lanewise(VectorOperators.EXP);
            if (special.anyTrue()) {
                double[] xs = x.toArray();
                double[] ys = y.toArray();
                for (int l = 0; l < L; l++) {
                    if (special.laneIsSet(l)) {
                        ys[l] = Math.exp(xs[l]);
                    }
                }
                System.arraycopy(ys, 0, dst, dstOff + i, L);
            } else {
                y.intoArray(dst, dstOff + i);
            }
        }
        for (; i < len; i++) {
            dst[dstOff + i] = Math.exp(alpha * src[srcOff + i] + beta);
        }
    }

    // The operator must be a constant at each lanewise call for C2 to use the SVML intrinsic,
    // hence two copies of the loop.

    @Override
    public void cos(double[] src, int srcOff, double factor, double[] dst, int dstOff, int len) {
        int upper = S.loopBound(len);
        int i = 0;
        for (; i < upper; i += L) {
            DoubleVector x = DoubleVector.fromArray(S, src, srcOff + i);
            VectorMask<Double> special = x.abs().compare(VectorOperators.GE, TRIG_RANGE).or(x.compare(VectorOperators.NE, x));
            DoubleVector y = x.lanewise(VectorOperators.COS);
            if (special.anyTrue()) {
                patchTrig(x, y, special, factor, dst, dstOff + i, true);
            } else {
                y.mul(factor).intoArray(dst, dstOff + i);
            }
        }
        for (; i < len; i++) {
            dst[dstOff + i] = factor * Math.cos(src[srcOff + i]);
        }
    }

    @Override
    public void sin(double[] src, int srcOff, double factor, double[] dst, int dstOff, int len) {
        int upper = S.loopBound(len);
        int i = 0;
        for (; i < upper; i += L) {
            DoubleVector x = DoubleVector.fromArray(S, src, srcOff + i);
            VectorMask<Double> special = x.abs().compare(VectorOperators.GE, TRIG_RANGE).or(x.compare(VectorOperators.NE, x));
            DoubleVector y = x.lanewise(VectorOperators.SIN);
            if (special.anyTrue()) {
                patchTrig(x, y, special, factor, dst, dstOff + i, false);
            } else {
                y.mul(factor).intoArray(dst, dstOff + i);
            }
        }
        for (; i < len; i++) {
            dst[dstOff + i] = factor * Math.sin(src[srcOff + i]);
        }
    }

    private static void patchTrig(DoubleVector x, DoubleVector y, VectorMask<Double> special, double factor,
            double[] dst, int off, boolean cos) {
        double[] xs = x.toArray();
        double[] ys = y.toArray();
        for (int l = 0; l < L; l++) {
            if (special.laneIsSet(l)) {
                ys[l] = cos ? Math.cos(xs[l]) : Math.sin(xs[l]);
            }
            ys[l] *= factor;
        }
        System.arraycopy(ys, 0, dst, off, L);
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
}
