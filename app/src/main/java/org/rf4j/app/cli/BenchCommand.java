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
package org.rf4j.app.cli;

import jakarta.inject.Inject;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.bench.Benchmarks;
import org.rf4j.api.kernel.KernelKind;
import org.rf4j.api.linalg.Parallelism;
import org.rf4j.api.mechanism.EstimatorRequest;
import org.rf4j.api.mechanism.DrawnEstimator;
import org.rf4j.api.Spec;
import org.rf4j.config.ConfigSpec;
import org.rf4j.config.ConfigLoader;
import org.rf4j.config.RunConfig;
import org.rf4j.attention.PerformerAttention;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/**
 * {@code rf4j bench}: throughput of a feature map ({@code --features ID --coupling ID --n --d --m
 * --threads}), of {@code X·Wᵀ} alone ({@code --gemm}), or of attention ({@code --attention --L --d
 * --m}, Performer; {@code --exact} for exact softmax attention). The timing loop is
 * {@link Benchmarks}, the same one the JMH benchmarks in rf-bench call, so both report the same
 * quantity: the median of {@code --repetitions} timed operations after {@code --warmup} ones.
 * {@code --json} prints one object with {@code rowsPerSecond}, {@code gflops}, {@code seconds} and
 * {@code peakBytes}.
 */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = "Measure rows/s and GFLOP/s of a feature map, X·Wᵀ, or attention at a given shape.")
public final class BenchCommand implements Callable<Integer> {
    private final ConfigLoader loader;

    @picocli.CommandLine.Spec
    CommandSpec spec;

    @Option(names = "--features", paramLabel = "ID", defaultValue = "positive", description = "Feature map id (default ${DEFAULT-VALUE}).")
    String features;

    @Option(names = "--coupling", paramLabel = "ID", defaultValue = "iid", description = "Coupling id (default ${DEFAULT-VALUE}).")
    String coupling;

    @Option(names = "--kernel", paramLabel = "gaussian|softmax", defaultValue = "softmax",
            description = "Kernel the features estimate (default ${DEFAULT-VALUE}; attention always uses softmax).")
    String kernel;

    @Option(names = "--n", paramLabel = "N", defaultValue = "100000", description = "Rows (default ${DEFAULT-VALUE}).")
    int n;

    @Option(names = "--d", paramLabel = "D", defaultValue = "64", description = "Input dimension (default ${DEFAULT-VALUE}).")
    int d;

    @Option(names = "--m", paramLabel = "M", defaultValue = "512", description = "Random projections (default ${DEFAULT-VALUE}; 256 is typical for attention).")
    int m;

    @Option(names = "--threads", paramLabel = "T", defaultValue = "0", description = "Threads (default: all processors).")
    int threads;

    @Option(names = "--gemm", description = "Time Z = X·Wᵀ alone.")
    boolean gemm;

    @Option(names = "--attention", description = "Time Performer attention on L×d queries, keys and values.")
    boolean attention;

    @Option(names = "--L", paramLabel = "L", defaultValue = "16384", description = "Sequence length for --attention (default ${DEFAULT-VALUE}).")
    int length;

    @Option(names = "--causal", description = "With --attention: causal (unidirectional) attention.")
    boolean causal;

    @Option(names = "--exact", description = "With --attention: exact softmax attention (row blocks) instead.")
    boolean exact;

    @Option(names = "--warmup", paramLabel = "W", defaultValue = "3", description = "Untimed operations first (default ${DEFAULT-VALUE}).")
    int warmup;

    @Option(names = "--repetitions", paramLabel = "R", defaultValue = "5", description = "Timed operations; the median is reported (default ${DEFAULT-VALUE}).")
    int repetitions;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "42", description = "Seed for projections and data (default ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--precision", paramLabel = "double|float", defaultValue = "double",
            description = "Arithmetic of the feature map or attention: double (default) or float (the fp32 path).")
    String precision;

    @Option(names = "--json", description = "Print one JSON object.")
    boolean json;

    @Inject
    BenchCommand(ConfigLoader loader) {
        this.loader = loader;
    }

    @Override
    public Integer call() {
        positive("--n", n);
        positive("--d", d);
        positive("--m", m);
        positive("--L", length);
        positive("--repetitions", repetitions);
        if (warmup < 0) {
            throw new InvalidParameterException("--warmup", warmup, "an integer >= 0");
        }
        if (threads < 0) {
            throw new InvalidParameterException("--threads", threads, "0 (all processors) or a positive integer");
        }
        float32 = Precision.float32(precision);
        if (float32 && (gemm || exact)) {
            throw new InvalidParameterException("--precision", precision, "double with " + (gemm ? "--gemm" : "--exact")
                    + " (the float path covers feature maps and Performer attention)");
        }
        checkMemory();
        int before = Parallelism.defaults().threads();
        Parallelism.setDefault(threads);
        try {
            Benchmarks.Result r = run();
            PrintWriter out = spec.commandLine().getOut();
            out.println(json ? r.toJson() : r.toText());
            out.flush();
            return 0;
        } finally {
            Parallelism.setDefault(before);
        }
    }

    /** The inputs and outputs the benchmark allocates whole, checked before it allocates them. */
    private void checkMemory() {
        if (attention) {
            Memory.requireArray("--L", length, "an " + length + "×" + d + " matrix", Memory.product(length, d));
            Memory.require("--L", length, "Q, K, V and the output at L = " + length + ", d = " + d,
                    Memory.product(length, 4L * d + 2L * m, 8L));
        } else {
            long width = gemm ? m : 2L * m;
            // blame the larger factor: many rows (--n) or wide outputs (--m)
            String key = width > n ? "--m" : "--n";
            int value = width > n ? m : n;
            Memory.requireArray(key, value, "an " + n + "×" + Math.max(d, width) + " matrix",
                    Memory.product(n, Math.max(d, width)));
            Memory.require(key, value, "the " + n + "×" + d + " input and its " + n + "×" + width + " output",
                    Memory.product(n, d + width, 8L));
        }
    }

    private boolean float32;

    private Benchmarks.Result run() {
        // time the vector kernels, not their scalar twins during the start-up warm-up
        org.rf4j.api.linalg.LinearAlgebra.awaitVectorKernels(30_000);
        if (gemm) {
            return Benchmarks.gemm(n, d, m, seed, warmup, repetitions);
        }
        if (attention) {
            if (exact) {
                return Benchmarks.exactAttention(length, d, seed, warmup, repetitions);
            }
            DrawnEstimator est = estimator("softmax");
            return float32
                    ? Benchmarks.attentionFloat(PerformerAttention.of(est), length, causal, seed, warmup, repetitions)
                    : Benchmarks.attention(PerformerAttention.of(est), length, causal, seed, warmup, repetitions);
        }
        DrawnEstimator est = estimator(kernel);
        RunConfig cfg = config(kernel);
        String task = "features " + features + " / coupling " + coupling + (float32 ? " / float" : "");
        return float32
                ? Benchmarks.featureMapFloat(task, est.features(), n, cfg.estimator().projectionCount(d), seed, warmup,
                        repetitions)
                : Benchmarks.featureMap(task, est.features(), n, cfg.estimator().projectionCount(d), seed, warmup,
                        repetitions);
    }

    /** The benchmarked mechanism as a typed config: the kernel, random features with the options' parts, the seed. */
    private RunConfig config(String kernelId) {
        Spec estimator = Spec.of("random-features", "coupling", Spec.of(coupling).toPlain(),
                "features", Spec.of(features).toPlain(), "m", m);
        ConfigSpec spec = new ConfigSpec(Spec.of(kernelId), estimator, seed, null, null, false);
        return loader.resolve(spec, "the --features/--coupling options", null);
    }

    private DrawnEstimator estimator(String kernelId) {
        RunConfig cfg = config(kernelId);
        if (attention && cfg.kernel().kind() != KernelKind.SOFTMAX) {
            throw new InvalidParameterException("--kernel", kernelId, "softmax for attention");
        }
        Memory.requireEstimator(cfg.estimator(), d, 1);
        return cfg.estimator().draw(new EstimatorRequest(cfg.kernel(), d, cfg.seed()));
    }

    private static void positive(String key, int v) {
        if (v < 1) {
            throw new InvalidParameterException(key, v, "an integer >= 1");
        }
    }
}
