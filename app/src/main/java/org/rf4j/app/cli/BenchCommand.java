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

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.inject.Inject;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.rf4j.RandomFeatureMap;
import org.rf4j.RandomFeatures;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Matrix;
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
import org.rf4j.io.InputFiles;
import org.rf4j.spi.MechanismRegistry;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/**
 * {@code rf4j bench}: throughput of a feature map ({@code --features ID --coupling ID --n --d --m
 * --threads}), of {@code X·Wᵀ} alone ({@code --gemm}), or of attention ({@code --attention --L --d
 * --m}, Performer; {@code --exact} for exact softmax attention). The timing loop is
 * {@link Benchmarks}, the same one the JMH benchmarks in rf-bench call, so both report the same
 * quantity: the median of {@code --repetitions} timed operations after {@code --warmup} ones.
 * With {@code --config} the config's kernel and estimator are timed instead of {@code --kernel},
 * {@code --features} and {@code --coupling}, drawn through the front door as {@code transform} draws them:
 * a length scale given as {@code "median"} or {@code "scale"} is fitted to the benchmark's input rows.
 * {@code --json} prints one object with {@code rowsPerSecond}, {@code gflops}, {@code seconds} and
 * {@code peakBytes}.
 */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = "Measure rows/s and GFLOP/s of a feature map, X·Wᵀ, or attention at a given shape.")
public final class BenchCommand implements Callable<Integer> {
    private final ConfigLoader loader;
    private final MechanismRegistry registry;
    private final ObjectMapper mapper;
    /** The kernel of the --config mechanism as drawn (a length scale fitted from data as a number). */
    private org.rf4j.api.kernel.Kernel configKernel;

    @picocli.CommandLine.Spec
    CommandSpec spec;

    @Option(names = "--config", paramLabel = "FILE", description = "Time this JSON config's kernel and estimator (a"
            + " feature map, or Performer attention with --attention) instead of --kernel/--features/--coupling; a length"
            + " scale given as \"median\" or \"scale\" is fitted to the benchmark's input rows, as transform fits it."
            + " --m and --seed, when given, override the config's.")
    Path config;

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
    BenchCommand(ConfigLoader loader, MechanismRegistry registry, ObjectMapper mapper) {
        this.loader = loader;
        this.registry = registry;
        this.mapper = mapper;
    }

    @Override
    public Integer call() throws JsonProcessingException {
        OptionMessages.requirePositive("--n", n);
        OptionMessages.requirePositive("--d", d);
        OptionMessages.requirePositive("--m", m);
        OptionMessages.requirePositive("--L", length);
        OptionMessages.requirePositive("--repetitions", repetitions);
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
        if (config != null) {
            for (String option : new String[] {"--gemm", "--exact", "--features", "--coupling", "--kernel"}) {
                if (spec.commandLine().getParseResult().hasMatchedOption(option)) {
                    throw new InvalidParameterException("--config", config, "no " + option + " beside it (the config"
                            + " names the kernel and the estimator to time)");
                }
            }
        }
        checkMemory();
        int before = Parallelism.defaults().threads();
        Parallelism.setDefault(threads);
        try (InputFiles.Scope c = InputFiles.declare("--config", config)) {
            Benchmarks.Result r = run();
            PrintWriter out = spec.commandLine().getOut();
            if (configKernel != null) {
                // the kernel the config's mechanism was drawn for, with a fitted length scale as the number used
                String k = mapper.writer().without(com.fasterxml.jackson.databind.SerializationFeature.INDENT_OUTPUT)
                        .writeValueAsString(configKernel.spec().toPlain());
                if (json) {
                    // one object: the result's fields, then the kernel
                    String j = r.toJson();
                    out.println(j.substring(0, j.length() - 1) + ",\"kernel\":" + k + "}");
                } else {
                    out.println(r.toText());
                    out.println("kernel " + k);
                }
            } else {
                out.println(json ? r.toJson() : r.toText());
            }
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
            DrawnEstimator est = config != null ? attentionFromConfig() : estimator("softmax");
            return float32
                    ? Benchmarks.attentionFloat(PerformerAttention.of(est), length, causal, seed, warmup, repetitions)
                    : Benchmarks.attention(PerformerAttention.of(est), length, causal, seed, warmup, repetitions);
        }
        DrawnEstimator est;
        int projections;
        String task;
        if (config != null) {
            // the rows Benchmarks.featureMap maps, so a length scale fitted from data fits these
            RandomFeatureMap map = fromConfig().fit(Matrix.gaussian(n, d, Math.pow(d, -0.25), seed));
            est = map.drawn();
            configKernel = map.kernel();
            projections = map.projectionCount();
            task = "config " + config + (float32 ? " / float" : "");
        } else {
            est = estimator(kernel);
            projections = config(kernel).estimator().projectionCount(d);
            task = "features " + features + " / coupling " + coupling + (float32 ? " / float" : "");
        }
        return float32
                ? Benchmarks.featureMapFloat(task, est.features(), n, projections, seed, warmup, repetitions)
                : Benchmarks.featureMap(task, est.features(), n, projections, seed, warmup, repetitions);
    }

    /** The --config file through the front door, with --m and --seed applied when given. */
    private RandomFeatures fromConfig() {
        RandomFeatures rf = RandomFeatures.fromConfig(config).registry(registry);
        if (spec.commandLine().getParseResult().hasMatchedOption("--m")) {
            rf = rf.m(m);
        }
        if (spec.commandLine().getParseResult().hasMatchedOption("--seed")) {
            rf = rf.seed(seed);
        }
        return rf;
    }

    /** The benchmarked mechanism as a typed config: the kernel, random features with the options' parts, the seed. */
    private RunConfig config(String kernelId) {
        Spec estimator = Spec.of("random-features", "coupling", Spec.of(coupling).toPlain(),
                "features", Spec.of(features).toPlain(), "m", m);
        ConfigSpec spec = new ConfigSpec(Spec.of(kernelId), estimator, seed, null, null, false);
        return loader.resolve(spec, "the --features/--coupling options", null);
    }

    private DrawnEstimator attentionFromConfig() {
        RandomFeatures rf = fromConfig();
        // a length scale fitted from data belongs to a kernel other than softmax, which attention needs
        if (rf.bandwidthFit().isPresent() || rf.kernel().kind() != KernelKind.SOFTMAX) {
            throw new InvalidParameterException("--config", config, "a config with the softmax kernel for --attention"
                    + " (its kernel is '" + ((java.util.Map<?, ?>) rf.toPlain().get("kernel")).get("id") + "')");
        }
        configKernel = rf.kernel();
        return rf.fit(d).drawn();
    }

    private DrawnEstimator estimator(String kernelId) {
        RunConfig cfg = config(kernelId);
        if (attention && cfg.kernel().kind() != KernelKind.SOFTMAX) {
            throw new InvalidParameterException("--kernel", kernelId, "softmax for attention");
        }
        Memory.requireEstimator(cfg.estimator(), d, 1);
        return cfg.estimator().draw(new EstimatorRequest(cfg.kernel(), d, cfg.seed()));
    }
}
