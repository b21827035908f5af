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

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Vector kernels that run as their scalar twins until the vector code is compiled.
 *
 * <p>Before C2 compiles them, Vector API methods run in their Java fallback (the interpreter and C1
 * do not intrinsify them), which allocates per operation: measured with JFR on JDK 17, the first
 * 4 s of an {@code rf4j fit} (digits, m = 1024) were spent mostly there, and every later fit took
 * 0.2–0.6 s. So a daemon thread exercises every vector kernel on small arrays at start-up, and
 * calls go to the scalar kernels until it is done. The scalar kernels are bit-identical twins of
 * the vector ones (each kernel's test checks it), so when the switch happens changes no result.
 */
final class WarmingKernels implements VectorKernels {
    /** Calls of each kernel in the warm-up, well above C2's compile thresholds. */
    static final int ROUNDS = 6000;

    private final VectorKernels fast;
    private final VectorKernels scalar = VectorKernels.scalar();
    private final CountDownLatch done = new CountDownLatch(1);
    private volatile boolean warm;

    WarmingKernels(VectorKernels fast) {
        this.fast = fast;
        Thread t = new Thread(this::warmUp, "rf4j-vector-warm-up");
        t.setDaemon(true);
        t.setPriority(Thread.MIN_PRIORITY);
        t.start();
    }

    /** Waits until the vector kernels are in use (or the warm-up failed); true if they are. */
    boolean await(long timeout, TimeUnit unit) throws InterruptedException {
        done.await(timeout, unit);
        return warm;
    }

    private void warmUp() {
        try {
            int n = 256;
            double[] x = new double[n];
            double[] y = new double[n];
            double[] z = new double[n];
            for (int i = 0; i < n; i++) {
                x[i] = Math.sin(i) * 3;
                z[i] = Math.cos(i);
            }
            // 11 rows and 67 columns reach the wide blocks (4×6 and 1×6 on AVX-512) and the column tail;
            // 35 columns the narrower ones (6×4, 4×4, 1×4: a partial last row block of a feature map)
            int rows = 11;
            int cols = 67;
            int depth = 8;
            double[] a = new double[rows * depth];
            double[] b = new double[depth * cols];
            double[] c = new double[rows * cols];
            System.arraycopy(x, 0, a, 0, a.length);
            for (int i = 0; i < b.length; i++) {
                b[i] = x[i % n];
            }
            float[] xf = new float[n];
            float[] yf = new float[n];
            float[] zf = new float[n];
            float[] af = new float[a.length];
            float[] bf = new float[depth * WIDE_FLOAT_COLS];
            float[] cf = new float[rows * WIDE_FLOAT_COLS];
            for (int i = 0; i < n; i++) {
                xf[i] = (float) x[i];
                zf[i] = (float) z[i];
            }
            for (int i = 0; i < a.length; i++) {
                af[i] = (float) a[i];
            }
            for (int i = 0; i < bf.length; i++) {
                bf[i] = (float) x[i % n];
            }
            for (int r = 0; r < ROUNDS; r++) {
                warmUpFloat(r, xf, yf, zf, af, bf, cf, rows, cols, depth);
                fast.gemm(rows, cols, depth, a, 0, depth, 1, b, 0, cols, c, 0, cols, (r & 1) == 0);
                fast.gemm(rows, cols, depth, a, 0, 1, rows, b, 0, cols, c, 0, cols, false);
                fast.gemm(rows, 35, depth, a, 0, depth, 1, b, 0, 35, c, 0, 35, (r & 1) == 1);
                // a narrow product (ΦᵀY with a few targets): only the four-row column tail
                fast.gemm(rows, 11, depth, a, 0, 1, rows, b, 0, 11, c, 0, 11, (r & 1) == 1);
                fast.expAffine(x, 0, 0.5, -1.0, y, 0, n);
                fast.expAffineAbove(x, 0, 0.5, -1.0, y, 0, n - (r & 3), (r & 1) == 0 ? 0.0 : 100.0);
                fast.sin(x, 0, 0.7, y, 0, n);
                fast.cos(x, 0, 0.7, y, 0, n);
                fast.max(x, 0, n - (r & 3));
                fast.min(x, 0, n - (r & 3));
                System.arraycopy(z, 0, y, 0, n);
                fast.addScaledMax(x, 0, 0.5, y, 0, n - (r & 3));
                fast.multiply(y, 0, z, 0, n);
                fast.scale(y, 0, 0.5, n);
                fast.fwht(y, 0, 128);
            }
            warm = true;
        } catch (RuntimeException | LinkageError e) {
            // the scalar kernels stay in use: same results, only slower
        } finally {
            done.countDown();
        }
    }

    /** Columns of the fp32 warm-up's widest product: 6 vectors of 16 floats and a scalar tail. */
    private static final int WIDE_FLOAT_COLS = 99;

    /**
     * Round r of the fp32 kernels' warm-up: the double calls' shapes (with 16 float lanes on
     * AVX-512, 67 columns reach the 4×4-vector and 1×4 blocks and the scalar column tail, 35 the
     * four-row and one-row vector tails) and {@value #WIDE_FLOAT_COLS} columns for the 4×6-vector
     * block (with the 1×4 block and one-row tail for the strip's last rows), lengths n − (r mod 4)
     * for the elementwise tails.
     */
    private void warmUpFloat(int r, float[] x, float[] y, float[] z, float[] a, float[] b, float[] c, int rows, int cols,
            int depth) {
        int n = x.length;
        fast.gemm(rows, WIDE_FLOAT_COLS, depth, a, 0, depth, 1, b, 0, WIDE_FLOAT_COLS, c, 0, WIDE_FLOAT_COLS, (r & 1) == 1);
        fast.gemm(rows, cols, depth, a, 0, depth, 1, b, 0, cols, c, 0, cols, (r & 1) == 0);
        fast.gemm(rows, cols, depth, a, 0, 1, rows, b, 0, cols, c, 0, cols, false);
        fast.gemm(rows, 35, depth, a, 0, depth, 1, b, 0, 35, c, 0, 35, (r & 1) == 1);
        fast.gemm(rows, 11, depth, a, 0, 1, rows, b, 0, 11, c, 0, 11, (r & 1) == 1);
        fast.expAffine(x, 0, 0.5f, -1.0f, y, 0, n - (r & 3));
        fast.expAffineAbove(x, 0, 0.5f, -1.0f, y, 0, n - (r & 3), (r & 1) == 0 ? 0.0f : 100.0f);
        fast.sin(x, 0, 0.7f, y, 0, n - (r & 3));
        fast.cos(x, 0, 0.7f, y, 0, n - (r & 3));
        fast.max(x, 0, n - (r & 3));
        System.arraycopy(z, 0, y, 0, n);
        fast.multiply(y, 0, z, 0, n - (r & 3));
        fast.scale(y, 0, 0.5f, n - (r & 3));
    }

    private VectorKernels k() {
        return warm ? fast : scalar;
    }

    @Override
    public String name() {
        return fast.name();
    }

    @Override
    public void gemm(int rows, int cols, int depth, double[] a, int aOff, int aRowStride, int aColStride, double[] b,
            int bOff, int ldb, double[] c, int cOff, int ldc, boolean accumulate) {
        k().gemm(rows, cols, depth, a, aOff, aRowStride, aColStride, b, bOff, ldb, c, cOff, ldc, accumulate);
    }

    @Override
    public void expAffine(double[] src, int srcOff, double alpha, double beta, double[] dst, int dstOff, int len) {
        k().expAffine(src, srcOff, alpha, beta, dst, dstOff, len);
    }

    @Override
    public boolean expAffineAbove(double[] src, int srcOff, double alpha, double beta, double[] dst, int dstOff, int len,
            double cutoff) {
        return k().expAffineAbove(src, srcOff, alpha, beta, dst, dstOff, len, cutoff);
    }

    @Override
    public void cos(double[] src, int srcOff, double factor, double[] dst, int dstOff, int len) {
        k().cos(src, srcOff, factor, dst, dstOff, len);
    }

    @Override
    public void sin(double[] src, int srcOff, double factor, double[] dst, int dstOff, int len) {
        k().sin(src, srcOff, factor, dst, dstOff, len);
    }

    @Override
    public double max(double[] src, int off, int len) {
        return k().max(src, off, len);
    }

    @Override
    public double min(double[] src, int off, int len) {
        return k().min(src, off, len);
    }

    @Override
    public double addScaledMax(double[] c, int cOff, double alpha, double[] z, int zOff, int len) {
        return k().addScaledMax(c, cOff, alpha, z, zOff, len);
    }

    @Override
    public void multiply(double[] a, int aOff, double[] s, int sOff, int len) {
        k().multiply(a, aOff, s, sOff, len);
    }

    @Override
    public void scale(double[] a, int off, double factor, int len) {
        k().scale(a, off, factor, len);
    }

    @Override
    public void fwht(double[] a, int off, int len) {
        k().fwht(a, off, len);
    }

    @Override
    public void gemm(int rows, int cols, int depth, float[] a, int aOff, int aRowStride, int aColStride, float[] b,
            int bOff, int ldb, float[] c, int cOff, int ldc, boolean accumulate) {
        k().gemm(rows, cols, depth, a, aOff, aRowStride, aColStride, b, bOff, ldb, c, cOff, ldc, accumulate);
    }

    @Override
    public boolean expAffineAbove(float[] src, int srcOff, float alpha, float beta, float[] dst, int dstOff, int len,
            float cutoff) {
        return k().expAffineAbove(src, srcOff, alpha, beta, dst, dstOff, len, cutoff);
    }

    @Override
    public void expAffine(float[] src, int srcOff, float alpha, float beta, float[] dst, int dstOff, int len) {
        k().expAffine(src, srcOff, alpha, beta, dst, dstOff, len);
    }

    @Override
    public void cos(float[] src, int srcOff, float factor, float[] dst, int dstOff, int len) {
        k().cos(src, srcOff, factor, dst, dstOff, len);
    }

    @Override
    public void sin(float[] src, int srcOff, float factor, float[] dst, int dstOff, int len) {
        k().sin(src, srcOff, factor, dst, dstOff, len);
    }

    @Override
    public float max(float[] src, int off, int len) {
        return k().max(src, off, len);
    }

    @Override
    public void multiply(float[] a, int aOff, float[] s, int sOff, int len) {
        k().multiply(a, aOff, s, sOff, len);
    }

    @Override
    public void scale(float[] a, int off, float factor, int len) {
        k().scale(a, off, factor, len);
    }
}
