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
package org.rf4j.bench;

import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.Locale;
import org.rf4j.api.Checks;
import org.rf4j.attention.ExactAttention;
import org.rf4j.attention.PerformerAttention;
import org.rf4j.api.FloatMatrix;
import org.rf4j.api.Matrix;
import org.rf4j.api.linalg.LinearAlgebra;
import org.rf4j.api.linalg.PackedTranspose;
import org.rf4j.api.linalg.Parallelism;
import org.rf4j.api.mechanism.DrawnFeatures;
import org.rf4j.api.mechanism.Side;
import org.rf4j.api.random.Seeds;
import org.apiguardian.api.API;

/**
 * The timing loops behind {@code rf4j bench} and the JMH benchmarks (rf-bench), so both report
 * the same quantity: warm-up operations, then timed operations into preallocated outputs, and
 * the <em>median</em> time per operation. Threads: {@link Parallelism#defaults()}.
 *
 * <p>Inputs are Gaussian with entries {@code N(0, d^{-1/2})} (|x|² ≈ √d, as for attention's
 * {@code d^{-1/4}} scaling), drawn from {@link Seeds} so every run sees the same data.
 * {@code scripts/numpy_reference.py} uses the same shapes and distribution.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class Benchmarks {
    private Benchmarks() {
    }

    /**
     * One measurement.
     *
     * @param task            what was timed
     * @param implementation  the {@link LinearAlgebra#implementation()} in use
     * @param threads         thread count
     * @param rows            rows per operation (n, or L)
     * @param seconds         median seconds per operation
     * @param rowsPerSecond   rows / seconds
     * @param gflops          the operation's multiply-add FLOPs (2 per multiply-add) / seconds / 1e9
     * @param peakBytes       bytes of the arrays held at once: inputs, output and scratch
     * @param allocatedBytes  bytes allocated per timed operation by the calling thread and the
     *                        compute pool's threads (measured with the JVM's per-thread
     *                        allocation counters; −1 if unavailable): the check that nothing
     *                        proportional to n·m is allocated besides the preallocated output
     * @param repetitions     timed operations
     */
    public record Result(String task, String implementation, int threads, int rows, double seconds,
            double rowsPerSecond, double gflops, long peakBytes, long allocatedBytes, int repetitions) {

        /** One JSON object. */
        public String toJson() {
            return String.format(Locale.ROOT, "{\"task\":\"%s\",\"implementation\":\"%s\",\"threads\":%d,\"rows\":%d,"
                    + "\"seconds\":%.6g,\"rowsPerSecond\":%.6g,\"gflops\":%.6g,\"peakBytes\":%d,\"allocatedBytes\":%d,"
                    + "\"repetitions\":%d}", jsonText(task), implementation, threads, rows, seconds, rowsPerSecond, gflops,
                    peakBytes, allocatedBytes, repetitions);
        }

        /** The text inside a JSON string: quotes, backslashes and control characters escaped (a task may name a file). */
        private static String jsonText(String s) {
            StringBuilder b = new StringBuilder(s.length());
            for (char c : s.toCharArray()) {
                if (c == '"' || c == '\\') {
                    b.append('\\').append(c);
                } else if (c < 0x20) {
                    b.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
                } else {
                    b.append(c);
                }
            }
            return b.toString();
        }

        /** One human-readable line. */
        public String toText() {
            return String.format(Locale.ROOT, "%s [%s, %d thread%s]: %.4f s/op, %.0f rows/s, %.2f GFLOP/s, peak %.1f MiB",
                    task, implementation, threads, threads == 1 ? "" : "s", seconds, rowsPerSecond, gflops,
                    peakBytes / 1048576.0);
        }
    }

    /**
     * Times {@code features.map(QUERY, X, out)} for X of n rows.
     *
     * @param projections m, for the FLOP count {@code 2·n·d·m} of {@code X·Wᵀ}
     */
    public static Result featureMap(String task, DrawnFeatures features, int n, int projections, long seed,
            int warmups, int repetitions) {
        Checks.positive("n", n);
        int d = features.inputDimension();
        Matrix x = Matrix.gaussian(n, d, Math.pow(d, -0.25), seed);
        Matrix out = Matrix.zeros(n, features.outputDimension());
        long peak = 8L * ((long) n * d + (long) n * features.outputDimension()
                + (long) Parallelism.defaults().threads() * 64 * projections);
        return time(task, n, 2.0 * n * d * projections, peak, warmups, repetitions,
                () -> features.map(Side.QUERY, x, out));
    }

    /**
     * Times the float path, {@code features.mapFloat(QUERY, X, out)}, on the same data as
     * {@link #featureMap} rounded to float.
     */
    public static Result featureMapFloat(String task, DrawnFeatures features, int n, int projections, long seed,
            int warmups, int repetitions) {
        Checks.positive("n", n);
        int d = features.inputDimension();
        FloatMatrix x = FloatMatrix.rounded(Matrix.gaussian(n, d, Math.pow(d, -0.25), seed));
        FloatMatrix out = FloatMatrix.zeros(n, features.outputDimension());
        long peak = 4L * ((long) n * d + (long) n * features.outputDimension()
                + (long) Parallelism.defaults().threads() * 64 * projections);
        return time(task, n, 2.0 * n * d * projections, peak, warmups, repetitions,
                () -> features.mapFloat(Side.QUERY, x, out));
    }

    /** Times {@code Z = X·Wᵀ} alone (X n×d, W m×d). */
    public static Result gemm(int n, int d, int m, long seed, int warmups, int repetitions) {
        Matrix x = Matrix.gaussian(n, d, 1.0, seed);
        PackedTranspose w = LinearAlgebra.packTransposed(Matrix.gaussian(m, d, 1.0, Seeds.derive(seed, 1)));
        Matrix z = Matrix.zeros(n, m);
        long peak = 8L * ((long) n * d + (long) n * m + 2L * m * d);
        Parallelism p = Parallelism.defaults();
        return time("gemm", n, 2.0 * n * d * m, peak, warmups, repetitions, () -> w.multiply(x, z, p));
    }

    /**
     * Times Performer attention on Q, K, V of L rows (d_v = d).
     *
     * @param causal unidirectional (else bidirectional)
     */
    public static Result attention(PerformerAttention attention, int length, boolean causal, long seed, int warmups,
            int repetitions) {
        int d = attention.features().inputDimension();
        int mf = attention.features().outputDimension();
        Matrix q = Matrix.gaussian(length, d, 1.0, seed);
        Matrix k = Matrix.gaussian(length, d, 1.0, Seeds.derive(seed, 1));
        Matrix v = Matrix.gaussian(length, d, 1.0, Seeds.derive(seed, 2));
        Matrix out = Matrix.zeros(length, d);
        long peak = 8L * 4 * length * d + attention.workspaceBytes(d, Parallelism.defaults().threads());
        // feature maps of Q and K, then Φ(K)ᵀ[V 1] and Φ(Q)·S
        double flops = 2.0 * 2 * length * d * mf + 2.0 * 2 * length * mf * (d + 1);
        return time(causal ? "performer-causal" : "performer-bidirectional", length, flops, peak, warmups, repetitions,
                () -> {
                    if (causal) {
                        attention.causal(q, k, v, out);
                    } else {
                        attention.bidirectional(q, k, v, out);
                    }
                });
    }

    /** Times the float path of Performer attention on the same Q, K, V as {@link #attention}, rounded to float. */
    public static Result attentionFloat(PerformerAttention attention, int length, boolean causal, long seed, int warmups,
            int repetitions) {
        int d = attention.features().inputDimension();
        int mf = attention.features().outputDimension();
        FloatMatrix q = FloatMatrix.rounded(Matrix.gaussian(length, d, 1.0, seed));
        FloatMatrix k = FloatMatrix.rounded(Matrix.gaussian(length, d, 1.0, Seeds.derive(seed, 1)));
        FloatMatrix v = FloatMatrix.rounded(Matrix.gaussian(length, d, 1.0, Seeds.derive(seed, 2)));
        FloatMatrix out = FloatMatrix.zeros(length, d);
        long peak = 4L * 4 * length * d + attention.workspaceBytes(d, Parallelism.defaults().threads());
        double flops = 2.0 * 2 * length * d * mf + 2.0 * 2 * length * mf * (d + 1);
        return time(causal ? "performer-causal-float" : "performer-bidirectional-float", length, flops, peak, warmups,
                repetitions, () -> {
                    if (causal) {
                        attention.causal(q, k, v, out);
                    } else {
                        attention.bidirectional(q, k, v, out);
                    }
                });
    }

    /** Times exact softmax attention in row blocks on Q, K, V of L rows (d_v = d). */
    public static Result exactAttention(int length, int d, long seed, int warmups, int repetitions) {
        Matrix q = Matrix.gaussian(length, d, 1.0, seed);
        Matrix k = Matrix.gaussian(length, d, 1.0, Seeds.derive(seed, 1));
        Matrix v = Matrix.gaussian(length, d, 1.0, Seeds.derive(seed, 2));
        Matrix out = Matrix.zeros(length, d);
        long peak = 8L * 4 * length * d + ExactAttention.workspaceBytes(length, d, d, Parallelism.defaults().threads());
        double flops = 2.0 * 2 * length * (double) length * d;
        return time("exact-attention", length, flops, peak, warmups, repetitions,
                () -> ExactAttention.bidirectional(q, k, v, out));
    }

    private static Result time(String task, int rows, double flops, long peakBytes, int warmups, int repetitions,
            Runnable op) {
        if (repetitions < 1) {
            throw new org.rf4j.api.InvalidParameterException("repetitions", repetitions, "an integer >= 1");
        }
        for (int i = 0; i < warmups; i++) {
            op.run();
        }
        long before = allocated();
        double[] secs = new double[repetitions];
        for (int i = 0; i < repetitions; i++) {
            long t0 = System.nanoTime();
            op.run();
            secs[i] = (System.nanoTime() - t0) / 1e9;
        }
        long after = allocated();
        long perOp = before < 0 || after < 0 ? -1 : (after - before) / repetitions;
        Arrays.sort(secs);
        double s = repetitions % 2 == 1 ? secs[repetitions / 2] : 0.5 * (secs[repetitions / 2 - 1] + secs[repetitions / 2]);
        return new Result(task, LinearAlgebra.implementation(), Parallelism.defaults().threads(), rows, s, rows / s,
                flops / s / 1e9, peakBytes, perOp, repetitions);
    }

    /** Bytes allocated so far by all live threads (the caller and the compute pool), or −1. */
    private static long allocated() {
        java.lang.management.ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        if (!(mx instanceof com.sun.management.ThreadMXBean sun) || !sun.isThreadAllocatedMemorySupported()) {
            return -1;
        }
        if (!sun.isThreadAllocatedMemoryEnabled()) {
            sun.setThreadAllocatedMemoryEnabled(true);
        }
        long sum = 0;
        for (long b : sun.getThreadAllocatedBytes(sun.getAllThreadIds())) {
            if (b > 0) {
                sum += b;
            }
        }
        return sum;
    }
}
