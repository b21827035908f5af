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
 * The service-provider interface for rf4j's numerical inner loops: one dense product kernel and
 * a few fused elementwise operations. {@link LinearAlgebra} selects an implementation once, at
 * class initialisation: the first provider found with {@link java.util.ServiceLoader} whose
 * {@link #available()} is true (the {@code org.rf4j.vector} module supplies one built on
 * {@code jdk.incubator.vector}), else {@link #scalar()}, a plain-Java implementation.
 *
 * <p>This is the same arrangement as Lucene's {@code VectorizationProvider}: {@code org.rf4j.api}
 * depends on {@code java.base} only and links with jlink on its own; the vectorised module is
 * picked up whenever it is on the module path (service binding resolves its
 * {@code requires jdk.incubator.vector}), and a missing or unloadable provider falls back to
 * the scalar code. Setting the system property {@code rf4j.vector=scalar} forces the fallback.
 *
 * <h2>Contract every implementation keeps</h2>
 * <ul>
 *   <li>{@link #gemm}: every output entry is the chain {@code acc = fma(a_t, b_t, acc)} over
 *       {@code t = 0 … depth−1} in ascending order, starting from {@code +0.0} (or from the
 *       existing output when accumulating). So each entry's bits do not depend on blocking,
 *       on which rows a call covers (hence not on the thread count), nor on the implementation:
 *       the scalar and the vector kernels give bit-identical products.</li>
 *   <li>Elementwise {@code exp}, {@code sin}, {@code cos}: within the accuracy bound the
 *       implementation documents (the scalar one is {@link Math}'s, ≤ 1 ulp), and identical to
 *       {@link Math} for NaN, ±∞, overflow and underflow inputs.</li>
 *   <li>No argument checks: {@link LinearAlgebra} validates shapes before calling.</li>
 * </ul>
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public interface VectorKernels {

    /** A short name for reports, e.g. {@code scalar} or {@code panama-512}. */
    String name();

    /** False if this implementation cannot run on this machine (it is then skipped). */
    default boolean available() {
        return true;
    }

    /**
     * {@code C[r, j] (+)= Σ_t A(r, t)·B[t, j]} for {@code r < rows}, {@code j < cols},
     * {@code t < depth}, where {@code A(r, t) = a[aOff + r·aRowStride + t·aColStride]},
     * {@code B[t, j] = b[bOff + t·ldb + j]} and {@code C[r, j] = c[cOff + r·ldc + j]}.
     *
     * @param accumulate add to C's current values (else C is overwritten)
     */
    void gemm(int rows, int cols, int depth, double[] a, int aOff, int aRowStride, int aColStride,
            double[] b, int bOff, int ldb, double[] c, int cOff, int ldc, boolean accumulate);

    /** {@code dst[i] = exp(alpha·src[i] + beta)} for {@code i < len} (offsets added). */
    void expAffine(double[] src, int srcOff, double alpha, double beta, double[] dst, int dstOff, int len);

    /**
     * {@link #expAffine} that also reports whether any argument {@code alpha·src[i] + beta} exceeded
     * {@code cutoff}: an overflow guard folded into the exp pass (the positive map's row check
     * otherwise reads every projection a second time). Same {@code dst} bits as {@link #expAffine}.
     */
    default boolean expAffineAbove(double[] src, int srcOff, double alpha, double beta, double[] dst, int dstOff, int len,
            double cutoff) {
        boolean above = false;
        for (int i = 0; i < len; i++) {
            above |= alpha * src[srcOff + i] + beta > cutoff;
        }
        expAffine(src, srcOff, alpha, beta, dst, dstOff, len);
        return above;
    }

    /** {@code dst[i] = factor·cos(src[i])}. */
    void cos(double[] src, int srcOff, double factor, double[] dst, int dstOff, int len);

    /** {@code dst[i] = factor·sin(src[i])}. */
    void sin(double[] src, int srcOff, double factor, double[] dst, int dstOff, int len);

    /** The largest of {@code len ≥ 1} entries (NaN entries are ignored unless all are NaN). */
    double max(double[] src, int off, int len);

    /** The smallest of {@code len ≥ 1} entries (NaN entries are ignored unless all are NaN). */
    double min(double[] src, int off, int len);

    /**
     * {@code z[zOff + i] = c[cOff + i] + alpha·z[zOff + i]} in place (a product then a sum, two
     * roundings, no fma, so every implementation gives the same bits), returning the largest
     * result with {@link Math#max}'s semantics: NaN if any result is NaN; −∞ when {@code len = 0}.
     * The per-column offsets plus the overflow guard of the generalised exponential maps, in one pass.
     */
    default double addScaledMax(double[] c, int cOff, double alpha, double[] z, int zOff, int len) {
        double mx = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < len; i++) {
            double v = c[cOff + i] + alpha * z[zOff + i];
            z[zOff + i] = v;
            mx = Math.max(mx, v);
        }
        return mx;
    }

    /** {@code a[aOff + i] *= s[sOff + i]}. */
    void multiply(double[] a, int aOff, double[] s, int sOff, int len);

    /** {@code a[off + i] *= factor}. */
    void scale(double[] a, int off, double factor, int len);

    /**
     * The unnormalised fast Walsh–Hadamard transform of {@code a[off .. off+len)} in place
     * ({@code len} a power of 2; see {@link Hadamard#fwht}): stage by stage, butterflies
     * {@code (x, y) → (x + y, x − y)}, so every implementation gives the same bits.
     */
    default void fwht(double[] a, int off, int len) {
        for (int h = 1; h < len; h <<= 1) {
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
    }

    // ------------------------------------------------------------------ fp32 (the float path)
    // The same contract in single precision: each product entry is the chain
    // acc = Math.fma(a_t, b_t, acc) in float over ascending t from +0f, and each elementwise value
    // is bit-identical to the ExactMath float function (expf, cosf, sinf) applied to the argument
    // formed as written (alpha·src + beta: a float product then a float sum, no fma). So the
    // float path, like the double one, gives the same bits on every implementation and thread count.
    // The defaults are the scalar reference; a vectorised provider overrides them.

    /** The float twin of {@link #gemm(int, int, int, double[], int, int, int, double[], int, int, double[], int, int, boolean)}. */
    default void gemm(int rows, int cols, int depth, float[] a, int aOff, int aRowStride, int aColStride,
            float[] b, int bOff, int ldb, float[] c, int cOff, int ldc, boolean accumulate) {
        for (int r = 0; r < rows; r++) {
            int co = cOff + r * ldc;
            if (!accumulate) {
                java.util.Arrays.fill(c, co, co + cols, 0.0f);
            }
            int ao = aOff + r * aRowStride;
            for (int t = 0; t < depth; t++) {
                float art = a[ao + t * aColStride];
                int bo = bOff + t * ldb;
                for (int j = 0; j < cols; j++) {
                    c[co + j] = Math.fma(art, b[bo + j], c[co + j]);
                }
            }
        }
    }

    /**
     * {@code dst[i] = expf(alpha·src[i] + beta)} in float, returning whether any argument exceeded
     * {@code cutoff} (the float twin of {@link #expAffineAbove(double[], int, double, double, double[], int, int, double)}).
     */
    default boolean expAffineAbove(float[] src, int srcOff, float alpha, float beta, float[] dst, int dstOff, int len,
            float cutoff) {
        boolean above = false;
        for (int i = 0; i < len; i++) {
            float x = alpha * src[srcOff + i] + beta;
            above |= x > cutoff;
            dst[dstOff + i] = ExactMath.expf(x);
        }
        return above;
    }

    /** {@code dst[i] = expf(alpha·src[i] + beta)} in float. */
    default void expAffine(float[] src, int srcOff, float alpha, float beta, float[] dst, int dstOff, int len) {
        expAffineAbove(src, srcOff, alpha, beta, dst, dstOff, len, Float.POSITIVE_INFINITY);
    }

    /** {@code dst[i] = factor·cosf(src[i])} in float. */
    default void cos(float[] src, int srcOff, float factor, float[] dst, int dstOff, int len) {
        for (int i = 0; i < len; i++) {
            dst[dstOff + i] = factor * ExactMath.cosf(src[srcOff + i]);
        }
    }

    /** {@code dst[i] = factor·sinf(src[i])} in float. */
    default void sin(float[] src, int srcOff, float factor, float[] dst, int dstOff, int len) {
        for (int i = 0; i < len; i++) {
            dst[dstOff + i] = factor * ExactMath.sinf(src[srcOff + i]);
        }
    }

    /** The largest of {@code len ≥ 1} float entries (NaN entries are ignored unless all are NaN). */
    default float max(float[] src, int off, int len) {
        float mx = Float.NaN;
        for (int i = 0; i < len; i++) {
            float v = src[off + i];
            if (v > mx || mx != mx) {
                mx = v;
            }
        }
        return mx;
    }

    /** {@code a[aOff + i] *= s[sOff + i]} in float. */
    default void multiply(float[] a, int aOff, float[] s, int sOff, int len) {
        for (int i = 0; i < len; i++) {
            a[aOff + i] *= s[sOff + i];
        }
    }

    /** {@code a[off + i] *= factor} in float. */
    default void scale(float[] a, int off, float factor, int len) {
        for (int i = 0; i < len; i++) {
            a[off + i] *= factor;
        }
    }

    /** The plain-Java implementation (results of {@link Math}). */
    static VectorKernels scalar() {
        return ScalarKernels.INSTANCE;
    }
}
