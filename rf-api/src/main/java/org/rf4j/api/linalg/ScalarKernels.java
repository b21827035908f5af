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

/**
 * The plain-Java {@link VectorKernels}: {@link Math#fma} chains for the product (so it is
 * bit-identical to any other conforming kernel) and {@link Math} for the elementwise functions.
 */
final class ScalarKernels implements VectorKernels {
    static final ScalarKernels INSTANCE = new ScalarKernels();

    /** Depth tile: keeps the B panel in cache when the reduction is long. */
    private static final int KC = 256;

    private ScalarKernels() {
    }

    @Override
    public String name() {
        return "scalar";
    }

    @Override
    public void gemm(int rows, int cols, int depth, double[] a, int aOff, int ars, int acs,
            double[] b, int bOff, int ldb, double[] c, int cOff, int ldc, boolean accumulate) {
        for (int t0 = 0; t0 < depth; t0 += KC) {
            int t1 = Math.min(depth, t0 + KC);
            boolean add = accumulate || t0 > 0;
            for (int r = 0; r < rows; r++) {
                int co = cOff + r * ldc;
                if (!add) {
                    java.util.Arrays.fill(c, co, co + cols, 0.0);
                }
                int ao = aOff + r * ars;
                for (int t = t0; t < t1; t++) {
                    double art = a[ao + t * acs];
                    int bo = bOff + t * ldb;
                    for (int j = 0; j < cols; j++) {
                        c[co + j] = Math.fma(art, b[bo + j], c[co + j]);
                    }
                }
            }
        }
    }

    @Override
    public void expAffine(double[] src, int srcOff, double alpha, double beta, double[] dst, int dstOff, int len) {
        expAffineAbove(src, srcOff, alpha, beta, dst, dstOff, len, Double.POSITIVE_INFINITY);
    }

    /** One pass: each argument is formed once, tested against the cutoff and exponentiated. */
    @Override
    public boolean expAffineAbove(double[] src, int srcOff, double alpha, double beta, double[] dst, int dstOff, int len,
            double cutoff) {
        boolean above = false;
        for (int i = 0; i < len; i++) {
            double x = alpha * src[srcOff + i] + beta;
            above |= x > cutoff;
            dst[dstOff + i] = ExactMath.exp(x);
        }
        return above;
    }

    @Override
    public void cos(double[] src, int srcOff, double factor, double[] dst, int dstOff, int len) {
        for (int i = 0; i < len; i++) {
            dst[dstOff + i] = factor * ExactMath.cos(src[srcOff + i]);
        }
    }

    @Override
    public void sin(double[] src, int srcOff, double factor, double[] dst, int dstOff, int len) {
        for (int i = 0; i < len; i++) {
            dst[dstOff + i] = factor * ExactMath.sin(src[srcOff + i]);
        }
    }

    @Override
    public double max(double[] src, int off, int len) {
        double mx = Double.NaN;
        for (int i = 0; i < len; i++) {
            double v = src[off + i];
            if (v > mx || mx != mx) {
                mx = v;
            }
        }
        return mx;
    }

    @Override
    public double min(double[] src, int off, int len) {
        double mn = Double.NaN;
        for (int i = 0; i < len; i++) {
            double v = src[off + i];
            if (v < mn || mn != mn) {
                mn = v;
            }
        }
        return mn;
    }

    @Override
    public void multiply(double[] a, int aOff, double[] s, int sOff, int len) {
        for (int i = 0; i < len; i++) {
            a[aOff + i] *= s[sOff + i];
        }
    }

    @Override
    public void scale(double[] a, int off, double factor, int len) {
        for (int i = 0; i < len; i++) {
            a[off + i] *= factor;
        }
    }
}
