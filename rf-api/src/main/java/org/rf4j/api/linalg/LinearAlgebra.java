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

import java.util.Objects;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import org.rf4j.api.DimensionMismatchException;
import org.rf4j.api.FloatMatrix;
import org.rf4j.api.Matrix;
import org.apiguardian.api.API;

/**
 * Dense matrix products and fused elementwise functions on row-major arrays: the hot path of
 * every feature map ({@code Z = X·Wᵀ}, then exp or sin/cos) and of linear attention.
 *
 * <p>Each product takes an optional output buffer (null allocates) and refuses an output that
 * aliases an input. Products run on {@link Parallelism#defaults()} threads unless a
 * {@link Parallelism} is passed; the work is split in fixed row blocks and every entry is an
 * {@code fma} chain in a fixed order (see {@link VectorKernels}), so the result is
 * bit-identical for every thread count and for the scalar and the vectorised implementation.
 *
 * <p>The inner loops are a {@link VectorKernels} chosen once: the {@code org.rf4j.vector}
 * module's Vector API kernels when that module is present (it needs the incubating
 * {@code jdk.incubator.vector}, which prints a one-line warning at start-up), otherwise the
 * plain-Java {@link VectorKernels#scalar()}. {@link #implementation()} says which.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class LinearAlgebra {
    /** Rows per parallel task of a product. */
    static final int ROW_BLOCK = 64;
    /**
     * Products with fewer multiply-adds than this run on the calling thread: below about a
     * millisecond of work, handing tasks to other threads costs more than it saves (measured on a
     * loaded 2-core machine: a 455×256 ridge fit took 0.019 s on one thread, 0.065 s on two).
     * Results do not depend on it (every entry's fma chain is fixed).
     */
    public static final long PARALLEL_MIN_WORK = 1L << 23;

    private static final VectorKernels KERNELS = select();

    private LinearAlgebra() {
    }

    private static VectorKernels select() {
        String p = System.getProperty("rf4j.vector", "auto").trim();
        if (p.equalsIgnoreCase("scalar") || p.equalsIgnoreCase("false")) {
            return VectorKernels.scalar();
        }
        try {
            ServiceLoader<VectorKernels> loader = ServiceLoader.load(VectorKernels.class,
                    LinearAlgebra.class.getClassLoader());
            var it = loader.iterator();
            while (true) {
                try {
                    if (!it.hasNext()) {
                        break;
                    }
                    VectorKernels k = it.next();
                    if (k.available()) {
                        // scalar twins until the vector code is compiled (see WarmingKernels)
                        return Boolean.parseBoolean(System.getProperty("rf4j.vector.warmup", "true"))
                                ? new WarmingKernels(k) : k;
                    }
                } catch (ServiceConfigurationError | LinkageError e) {
                    // a provider that cannot load here (e.g. jdk.incubator.vector absent): skip it
                }
            }
        } catch (ServiceConfigurationError | LinkageError e) {
            // no usable provider
        }
        warnIfVectorModuleAbsent();
        return VectorKernels.scalar();
    }

    /** The JVM option that makes the Vector API kernels available. */
    public static final String VECTOR_OPTION = "--add-modules jdk.incubator.vector";

    /**
     * One warning, at first use, when the scalar kernels are chosen because the JVM does not have
     * {@code jdk.incubator.vector} (a class-path user who did not add it; Lucene warns the same way):
     * the exact option to add. Nothing when the kernels were turned off on purpose
     * ({@code -Drf4j.vector=scalar}). Logged through {@link System.Logger} (java.base), which goes to
     * java.util.logging unless the application routes it elsewhere.
     */
    private static void warnIfVectorModuleAbsent() {
        if (ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent()) {
            return;
        }
        System.getLogger(LinearAlgebra.class.getName()).log(System.Logger.Level.WARNING,
                "rf4j uses its scalar kernels: the Java Vector API module is not loaded. For the vectorised"
                        + " kernels (2-4x faster feature maps) start the JVM with " + VECTOR_OPTION
                        + " (Maven Surefire: <argLine>" + VECTOR_OPTION + "</argLine>; Gradle:"
                        + " jvmArgs '" + VECTOR_OPTION + "'); -Drf4j.vector=scalar silences this");
    }

    /** The active inner-loop implementation. */
    public static VectorKernels kernels() {
        return KERNELS;
    }

    /**
     * Waits up to {@code millis} for the vector kernels to take over from their scalar twins after
     * their start-up warm-up (benchmarks call it before timing; results never depend on it). True
     * when the vector kernels are in use; false with the scalar implementation.
     */
    public static boolean awaitVectorKernels(long millis) {
        if (!(KERNELS instanceof WarmingKernels w)) {
            return !"scalar".equals(KERNELS.name());
        }
        try {
            return w.await(millis, java.util.concurrent.TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** The active implementation's name, e.g. {@code panama-512} or {@code scalar}. */
    public static String implementation() {
        return KERNELS.name();
    }

    // ----------------------------------------------------------------------------- products

    /** {@code out = X·Wᵀ}: X is n×d, W is m×d, out is n×m. The feature maps' hot path. */
    public static Matrix multiplyTransposed(Matrix x, Matrix w, Matrix out) {
        return multiplyTransposed(x, w, out, Parallelism.defaults());
    }

    /** {@code out = X·Wᵀ} on the given number of threads. */
    public static Matrix multiplyTransposed(Matrix x, Matrix w, Matrix out, Parallelism parallelism) {
        agree(x.cols() == w.cols(), "X·Wᵀ: X", x.rows(), x.cols(), "W", w.rows(), w.cols(), "their column counts must agree");
        Matrix o = Matrix.requireShape(out, x.rows(), w.rows(), "X·Wᵀ output");
        noAlias(o, x, w);
        packTransposed(w).multiply(x, o, parallelism);
        return o;
    }

    /**
     * Packs {@code Wᵀ} (W is m×d) once, for repeated products {@code X·Wᵀ} without re-packing;
     * {@link org.rf4j.api.mechanism.DenseProjection} keeps one.
     */
    public static PackedTranspose packTransposed(Matrix w) {
        return new PackedTranspose(w);
    }

    /** {@code out = A·B}: A is n×k, B is k×m. */
    public static Matrix multiply(Matrix a, Matrix b, Matrix out) {
        return multiply(a, b, out, Parallelism.defaults());
    }

    /** {@code out = A·B} on the given number of threads. */
    public static Matrix multiply(Matrix a, Matrix b, Matrix out, Parallelism parallelism) {
        agree(a.cols() == b.rows(), "A·B: A", a.rows(), a.cols(), "B", b.rows(), b.cols(), "A's columns must equal B's rows");
        Matrix o = Matrix.requireShape(out, a.rows(), b.cols(), "A·B output");
        noAlias(o, a, b);
        int n = a.rows();
        int k = a.cols();
        int m = b.cols();
        double[] ad = a.data();
        double[] bd = b.data();
        double[] od = o.data();
        rowBlocks(n, (long) n * m * k, parallelism, (r0, r1) ->
                KERNELS.gemm(r1 - r0, m, k, ad, r0 * k, k, 1, bd, 0, m, od, r0 * m, m, false));
        return o;
    }

    /** {@code out = Aᵀ·B}: A is n×k, B is n×m, out is k×m. */
    public static Matrix transposeMultiply(Matrix a, Matrix b, Matrix out) {
        return transposeMultiply(a, b, out, false, Parallelism.defaults());
    }

    /**
     * {@code out (+)= Aᵀ·B} on the given number of threads; with {@code accumulate} the product
     * is added to {@code out}'s current values (each entry's fma chain continues from them).
     */
    public static Matrix transposeMultiply(Matrix a, Matrix b, Matrix out, boolean accumulate,
            Parallelism parallelism) {
        agree(a.rows() == b.rows(), "Aᵀ·B: A", a.rows(), a.cols(), "B", b.rows(), b.cols(), "their row counts must agree");
        if (accumulate) {
            Objects.requireNonNull(out, "an output to accumulate into");
        }
        Matrix o = Matrix.requireShape(out, a.cols(), b.cols(), "Aᵀ·B output");
        noAlias(o, a, b);
        int n = a.rows();
        int k = a.cols();
        int m = b.cols();
        double[] ad = a.data();
        double[] bd = b.data();
        double[] od = o.data();
        if (n == 0) {
            if (!accumulate) {
                java.util.Arrays.fill(od, 0.0);
            }
            return o;
        }
        rowBlocks(k, (long) n * m * k, parallelism, (r0, r1) ->
                KERNELS.gemm(r1 - r0, m, n, ad, r0, 1, k, bd, 0, m, od, r0 * m, m, accumulate));
        return o;
    }

    /** {@code out = A·v}: A is n×k, v has length k. */
    public static double[] multiply(Matrix a, double[] v, double[] out) {
        if (a.cols() != v.length) {
            throw new DimensionMismatchException("A·v: A is " + a.shape() + " and v has length " + v.length);
        }
        double[] o = out == null ? new double[a.rows()] : out;
        if (o.length != a.rows()) {
            throw new DimensionMismatchException("A·v output has length " + o.length + " but " + a.rows() + " is required");
        }
        int k = a.cols();
        double[] ad = a.data();
        rowBlocks(a.rows(), (long) a.rows() * k, Parallelism.defaults(), (r0, r1) ->
                KERNELS.gemm(r1 - r0, 1, k, ad, r0 * k, k, 1, v, 0, 1, o, r0, 1, false));
        return o;
    }

    /** {@code out = Aᵀ·v}: A is n×k, v has length n. */
    public static double[] transposeMultiply(Matrix a, double[] v, double[] out) {
        if (a.rows() != v.length) {
            throw new DimensionMismatchException("Aᵀ·v: A is " + a.shape() + " and v has length " + v.length);
        }
        double[] o = out == null ? new double[a.cols()] : out;
        if (o.length != a.cols()) {
            throw new DimensionMismatchException("Aᵀ·v output has length " + o.length + " but " + a.cols() + " is required");
        }
        int n = a.rows();
        int k = a.cols();
        if (n == 0) {
            java.util.Arrays.fill(o, 0.0);
            return o;
        }
        double[] ad = a.data();
        rowBlocks(k, (long) n * k, Parallelism.defaults(), (r0, r1) ->
                KERNELS.gemm(r1 - r0, 1, n, ad, r0, 1, k, v, 0, 1, o, r0, 1, false));
        return o;
    }

    /**
     * Splits {@code [0, n)} into fixed {@link #ROW_BLOCK}-row tasks (independent of the thread
     * count), run on {@link #parallelismFor(long, Parallelism) parallelismFor(work, parallelism)}.
     */
    static void rowBlocks(int n, long work, Parallelism parallelism, RangeBody body) {
        int tasks = (n + ROW_BLOCK - 1) / ROW_BLOCK;
        parallelismFor(work, parallelism).forEach(tasks, t -> body.run(t * ROW_BLOCK, Math.min(n, (t + 1) * ROW_BLOCK)));
    }

    /**
     * The threads for a product of {@code work} multiply-adds: one below {@link #PARALLEL_MIN_WORK},
     * else {@code parallelism}. Only the speed depends on it.
     */
    public static Parallelism parallelismFor(long work, Parallelism parallelism) {
        return work < PARALLEL_MIN_WORK ? Parallelism.serial() : parallelism;
    }

    @FunctionalInterface
    interface RangeBody {
        void run(int from, int to);
    }

    // -------------------------------------------------------------------------- elementwise

    /** {@code dst[dstOff + i] = exp(src[srcOff + i])}; src and dst may be the same array. */
    public static void exp(double[] src, int srcOff, double[] dst, int dstOff, int len) {
        expAffine(src, srcOff, 1.0, 0.0, dst, dstOff, len);
    }

    /** {@code a = exp(a)} in place. */
    public static void exp(double[] a) {
        expAffine(a, 0, 1.0, 0.0, a, 0, a.length);
    }

    /**
     * {@code dst[dstOff + i] = exp(alpha·src[srcOff + i] + beta)}, with the active
     * implementation's accuracy (see {@link VectorKernels}); src and dst may coincide.
     */
    public static void expAffine(double[] src, int srcOff, double alpha, double beta, double[] dst, int dstOff, int len) {
        range(src, srcOff, len);
        range(dst, dstOff, len);
        KERNELS.expAffine(src, srcOff, alpha, beta, dst, dstOff, len);
    }

    /**
     * {@link #expAffine}, returning whether any argument {@code alpha·src[srcOff + i] + beta} was
     * above {@code cutoff} (see {@link VectorKernels#expAffineAbove}).
     */
    public static boolean expAffineAbove(double[] src, int srcOff, double alpha, double beta, double[] dst, int dstOff,
            int len, double cutoff) {
        range(src, srcOff, len);
        range(dst, dstOff, len);
        return KERNELS.expAffineAbove(src, srcOff, alpha, beta, dst, dstOff, len, cutoff);
    }

    /** {@code dst[dstOff + i] = factor·cos(src[srcOff + i])}. */
    public static void cos(double[] src, int srcOff, double factor, double[] dst, int dstOff, int len) {
        range(src, srcOff, len);
        range(dst, dstOff, len);
        KERNELS.cos(src, srcOff, factor, dst, dstOff, len);
    }

    /** {@code dst[dstOff + i] = factor·sin(src[srcOff + i])}. */
    public static void sin(double[] src, int srcOff, double factor, double[] dst, int dstOff, int len) {
        range(src, srcOff, len);
        range(dst, dstOff, len);
        KERNELS.sin(src, srcOff, factor, dst, dstOff, len);
    }

    /** The largest of {@code len ≥ 1} entries (NaN ignored unless all are NaN). */
    public static double max(double[] src, int off, int len) {
        range(src, off, len);
        if (len == 0) {
            throw new IllegalArgumentException("max of an empty range");
        }
        return KERNELS.max(src, off, len);
    }

    /** The smallest of {@code len ≥ 1} entries (NaN ignored unless all are NaN). */
    public static double min(double[] src, int off, int len) {
        range(src, off, len);
        if (len == 0) {
            throw new IllegalArgumentException("min of an empty range");
        }
        return KERNELS.min(src, off, len);
    }

    /**
     * {@code z[zOff + i] = c[cOff + i] + alpha·z[zOff + i]} in place, returning the largest
     * result (NaN if any is NaN, −∞ for an empty range); see {@link VectorKernels#addScaledMax}.
     */
    public static double addScaledMax(double[] c, int cOff, double alpha, double[] z, int zOff, int len) {
        range(c, cOff, len);
        range(z, zOff, len);
        return KERNELS.addScaledMax(c, cOff, alpha, z, zOff, len);
    }

    /** {@code a[aOff + i] *= s[sOff + i]}. */
    public static void multiplyElementwise(double[] a, int aOff, double[] s, int sOff, int len) {
        range(a, aOff, len);
        range(s, sOff, len);
        KERNELS.multiply(a, aOff, s, sOff, len);
    }

    /** {@code a[off + i] *= factor}. */
    public static void scale(double[] a, int off, double factor, int len) {
        range(a, off, len);
        KERNELS.scale(a, off, factor, len);
    }

    // ------------------------------------------------------------------------- fp32 fronts

    /** {@code out = X·Wᵀ} in float: X is n×d, W is m×d, out is n×m (each entry a float fma chain). */
    public static FloatMatrix multiplyTransposed(FloatMatrix x, FloatMatrix w, FloatMatrix out, Parallelism parallelism) {
        agree(x.cols() == w.cols(), "X·Wᵀ: X", x.rows(), x.cols(), "W", w.rows(), w.cols(), "their column counts must agree");
        FloatMatrix o = FloatMatrix.requireShape(out, x.rows(), w.rows(), "X·Wᵀ output");
        noAlias(o, x, w);
        int n = x.rows();
        int m = w.rows();
        int d = x.cols();
        float[] xd = x.data();
        float[] wd = w.data();
        float[] wt = new float[d * m];   // Wᵀ (d×m): the kernel streams rows of B
        for (int j = 0; j < m; j++) {
            for (int t = 0; t < d; t++) {
                wt[t * m + j] = wd[j * d + t];
            }
        }
        float[] od = o.data();
        rowBlocks(n, (long) n * m * d, parallelism, (r0, r1) ->
                KERNELS.gemm(r1 - r0, m, d, xd, r0 * d, d, 1, wt, 0, m, od, r0 * m, m, false));
        return o;
    }

    /** {@code out = A·B} in float: A is n×k, B is k×m. */
    public static FloatMatrix multiply(FloatMatrix a, FloatMatrix b, FloatMatrix out, Parallelism parallelism) {
        agree(a.cols() == b.rows(), "A·B: A", a.rows(), a.cols(), "B", b.rows(), b.cols(), "A's columns must equal B's rows");
        FloatMatrix o = FloatMatrix.requireShape(out, a.rows(), b.cols(), "A·B output");
        noAlias(o, a, b);
        int n = a.rows();
        int k = a.cols();
        int m = b.cols();
        float[] ad = a.data();
        float[] bd = b.data();
        float[] od = o.data();
        rowBlocks(n, (long) n * m * k, parallelism, (r0, r1) ->
                KERNELS.gemm(r1 - r0, m, k, ad, r0 * k, k, 1, bd, 0, m, od, r0 * m, m, false));
        return o;
    }

    /** {@code out (+)= Aᵀ·B} in float: A is n×k, B is n×m, out is k×m. */
    public static FloatMatrix transposeMultiply(FloatMatrix a, FloatMatrix b, FloatMatrix out, boolean accumulate,
            Parallelism parallelism) {
        agree(a.rows() == b.rows(), "Aᵀ·B: A", a.rows(), a.cols(), "B", b.rows(), b.cols(), "their row counts must agree");
        if (accumulate) {
            Objects.requireNonNull(out, "an output to accumulate into");
        }
        FloatMatrix o = FloatMatrix.requireShape(out, a.cols(), b.cols(), "Aᵀ·B output");
        noAlias(o, a, b);
        int n = a.rows();
        int k = a.cols();
        int m = b.cols();
        float[] ad = a.data();
        float[] bd = b.data();
        float[] od = o.data();
        if (n == 0) {
            if (!accumulate) {
                java.util.Arrays.fill(od, 0.0f);
            }
            return o;
        }
        rowBlocks(k, (long) n * m * k, parallelism, (r0, r1) ->
                KERNELS.gemm(r1 - r0, m, n, ad, r0, 1, k, bd, 0, m, od, r0 * m, m, accumulate));
        return o;
    }

    /** {@code dst[dstOff + i] = expf(alpha·src[srcOff + i] + beta)} in float; src and dst may coincide. */
    public static void expAffine(float[] src, int srcOff, float alpha, float beta, float[] dst, int dstOff, int len) {
        range(src, srcOff, len);
        range(dst, dstOff, len);
        KERNELS.expAffine(src, srcOff, alpha, beta, dst, dstOff, len);
    }

    /** The float {@link #expAffineAbove(double[], int, double, double, double[], int, int, double)}. */
    public static boolean expAffineAbove(float[] src, int srcOff, float alpha, float beta, float[] dst, int dstOff,
            int len, float cutoff) {
        range(src, srcOff, len);
        range(dst, dstOff, len);
        return KERNELS.expAffineAbove(src, srcOff, alpha, beta, dst, dstOff, len, cutoff);
    }

    /** {@code dst[dstOff + i] = factor·cosf(src[srcOff + i])} in float. */
    public static void cos(float[] src, int srcOff, float factor, float[] dst, int dstOff, int len) {
        range(src, srcOff, len);
        range(dst, dstOff, len);
        KERNELS.cos(src, srcOff, factor, dst, dstOff, len);
    }

    /** {@code dst[dstOff + i] = factor·sinf(src[srcOff + i])} in float. */
    public static void sin(float[] src, int srcOff, float factor, float[] dst, int dstOff, int len) {
        range(src, srcOff, len);
        range(dst, dstOff, len);
        KERNELS.sin(src, srcOff, factor, dst, dstOff, len);
    }

    /** The largest of {@code len ≥ 1} float entries (NaN ignored unless all are NaN). */
    public static float max(float[] src, int off, int len) {
        range(src, off, len);
        if (len == 0) {
            throw new IllegalArgumentException("max of an empty range");
        }
        return KERNELS.max(src, off, len);
    }

    /** {@code a[aOff + i] *= s[sOff + i]} in float. */
    public static void multiplyElementwise(float[] a, int aOff, float[] s, int sOff, int len) {
        range(a, aOff, len);
        range(s, sOff, len);
        KERNELS.multiply(a, aOff, s, sOff, len);
    }

    /** {@code a[off + i] *= factor} in float. */
    public static void scale(float[] a, int off, float factor, int len) {
        range(a, off, len);
        KERNELS.scale(a, off, factor, len);
    }

    private static void range(float[] a, int off, int len) {
        Objects.checkFromIndexSize(off, len, a.length);
    }

    static void noAlias(FloatMatrix out, FloatMatrix... inputs) {
        for (FloatMatrix in : inputs) {
            if (out.data() == in.data()) {
                throw new IllegalArgumentException("the output buffer must not alias an input");
            }
        }
    }

    private static void range(double[] a, int off, int len) {
        Objects.checkFromIndexSize(off, len, a.length);
    }

    /**
     * Throws the one-line shape error of a product unless {@code ok} (shared by the double and float
     * products; the message is built only on failure).
     */
    private static void agree(boolean ok, String left, int leftRows, int leftCols, String right, int rightRows,
            int rightCols, String rule) {
        if (!ok) {
            throw new DimensionMismatchException(left + " is " + leftRows + "x" + leftCols + " and " + right + " is "
                    + rightRows + "x" + rightCols + "; " + rule);
        }
    }

    static void noAlias(Matrix out, Matrix... inputs) {
        for (Matrix in : inputs) {
            if (out.data() == in.data()) {
                throw new IllegalArgumentException("the output buffer must not alias an input");
            }
        }
    }
}
