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

import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import org.rf4j.RandomFeatures;
import org.rf4j.api.InvalidInputException;
import org.rf4j.api.FloatMatrix;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Matrix;
import org.rf4j.io.InputFiles;
import org.rf4j.io.OutputPaths;
import org.rf4j.attention.ExactAttention;
import org.rf4j.attention.PerformerAttention;
import org.rf4j.io.DataFiles;
import org.rf4j.io.DataOptions;
import org.rf4j.spi.MechanismRegistry;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;


/**
 * {@code rf4j attention}: Performer (linear) attention {@code softmax(QKᵀ/√d)V} with the config's
 * estimator (its feature map must be positive; the kernel is always softmax), on given Q, K, V
 * files or on synthetic inputs; bidirectional or {@code --causal}. Prints the shapes, the time and
 * (unless {@code --no-exact}) the relative Frobenius error against exact attention computed in row
 * blocks; {@code --out} writes the output matrix (CSV or .npy, atomically).
 */
@Command(name = "attention", mixinStandardHelpOptions = true,
        description = "Performer attention on given or synthetic Q, K, V; error and time against exact softmax attention.")
public final class AttentionCommand implements Callable<Integer> {
    private final MechanismRegistry registry;
    private final ObjectMapper mapper;

    @picocli.CommandLine.Spec
    CommandSpec spec;

    @Option(names = "--config", paramLabel = "FILE",
            description = "JSON config; its estimator is used, its kernel ignored (attention is softmax). Default: the bundled config.")
    Path config;

    @Option(names = "--q", paramLabel = "FILE", description = "Queries (CSV, ARFF or .npy), L_q×d.")
    Path qFile;

    @Option(names = "--k", paramLabel = "FILE", description = "Keys, L_k×d (default: the queries).")
    Path kFile;

    @Option(names = "--v", paramLabel = "FILE", description = "Values, L_k×d_v (default: the keys).")
    Path vFile;

    @Option(names = "--L", paramLabel = "L", defaultValue = "1024", description = "Synthetic length (default ${DEFAULT-VALUE}).")
    int length;

    @Option(names = "--d", paramLabel = "D", defaultValue = "64", description = "Synthetic query/key dimension (default ${DEFAULT-VALUE}).")
    int d;

    @Option(names = "--dv", paramLabel = "DV", defaultValue = "64", description = "Synthetic value dimension (default ${DEFAULT-VALUE}).")
    int dv;

    @Option(names = "--qk-std", paramLabel = "S", defaultValue = "0.5",
            description = "Synthetic Q, K entry standard deviation (default ${DEFAULT-VALUE}; 1 gives unit-variance "
                    + "logits, where positive features converge slowly).")
    double qkStd;

    @Option(names = "--causal", description = "Causal (unidirectional) attention.")
    boolean causal;

    @Option(names = "--no-exact", description = "Skip the exact reference (for lengths where O(L²) is too slow).")
    boolean noExact;

    @Option(names = "--seed", paramLabel = "S", description = "Seed (default: the config's).")
    Long seed;

    @Option(names = "--out", paramLabel = "FILE", description = "Write the attention output here (CSV or .npy).")
    Path out;

    @Option(names = "--precision", paramLabel = "double|float", defaultValue = "double",
            description = "Arithmetic of Performer attention: double (default) or float (the fp32 path; inputs rounded"
                    + " once to float, a float32 .npy for --out). The exact reference is always double.")
    String precision;

    @Option(names = "--json", description = "Print one JSON object.")
    boolean json;

    @picocli.CommandLine.Mixin
    ThreadsOption threads = new ThreadsOption();

    @Inject
    AttentionCommand(MechanismRegistry registry, ObjectMapper mapper) {
        this.registry = registry;
        this.mapper = mapper;
    }

    @Override
    public Integer call() throws Exception {
        try (InputFiles.Scope a = OutputPaths.guard("--out", out,
                        OutputPaths.inputs("--config", config, "--q", qFile, "--k", kFile, "--v", vFile));
                ThreadsOption.Scope t = threads.apply()) {
            return compute();
        }
    }

    private int compute() throws Exception {
        boolean float32 = Precision.float32(precision);
        // attention weights are exp(qᵀk/√d): the softmax kernel, whatever kernel the config names
        RandomFeatures given = RandomFeatures.fromConfigOrDefault(config).registry(registry).kernel("softmax");
        // linear attention needs positive features; the bundled config's map is trigonometric
        RandomFeatures cfg = config == null ? given.features("positive") : given;
        long s = seed != null ? seed : cfg.spec().seedOrDefault();
        Matrix q;
        Matrix k;
        Matrix v;
        String source;
        if (qFile != null) {
            q = read(qFile);
            k = kFile != null ? read(kFile) : q;
            v = vFile != null ? read(vFile) : k;
            source = qFile.toString();
        } else {
            if (kFile != null || vFile != null) {
                throw new InvalidInputException("--k/--v need --q (or give none of them for synthetic inputs)");
            }
            // the same inputs as AttentionTask.synthetic for this seed (without its exact output)
            java.util.random.RandomGenerator rng = org.rf4j.api.random.Seeds.generator(
                    org.rf4j.api.random.Seeds.derive(s, "attention-inputs"));
            org.rf4j.api.Checks.positive("--L", length);
            org.rf4j.api.Checks.positive("--d", d);
            org.rf4j.api.Checks.positive("--dv", dv);
            org.rf4j.api.Checks.positive("--qk-std", qkStd);
            // Q, K (L×d), V and the output (L×dv), each allocated whole
            Memory.requireArray("--L", length, "an " + length + "×" + Math.max(d, dv) + " matrix",
                    Memory.product(length, Math.max(d, dv)));
            Memory.require("--L", length, "Q, K, V and the output at L = " + length + ", d = " + d + ", dv = " + dv,
                    Memory.product(length, 2L * d + 2L * dv, 8L));
            q = gaussian(length, d, qkStd, rng);
            k = gaussian(length, d, qkStd, rng);
            v = gaussian(length, dv, 1.0, rng);
            source = "synthetic";
        }
        Memory.requireEstimator(cfg.estimator(), q.cols(), 1);
        Matrix qf = q;
        Matrix kf = k;
        PerformerAttention performer = cfg.seed(s).attention(qf.cols()).performer(qf, kf);
        FloatMatrix floatOut = null;
        long t0 = System.nanoTime();
        Matrix o;
        if (float32) {
            FloatMatrix fq = Precision.rounded(q, r -> "--q row " + (r + 1), null, j -> j + 1);
            FloatMatrix fk = k == q ? fq : Precision.rounded(k, r -> "--k row " + (r + 1), null, j -> j + 1);
            FloatMatrix fv = v == k ? fk : Precision.rounded(v, r -> "--v row " + (r + 1), null, j -> j + 1);
            t0 = System.nanoTime();
            floatOut = causal ? performer.causal(fq, fk, fv, null) : performer.bidirectional(fq, fk, fv, null);
            o = floatOut.toDouble();
        } else {
            o = causal ? performer.causal(q, k, v, null) : performer.bidirectional(q, k, v, null);
        }
        double seconds = (System.nanoTime() - t0) * 1e-9;
        Double exactSeconds = null;
        Double error = null;
        if (!noExact) {
            long t1 = System.nanoTime();
            Matrix e = causal ? ExactAttention.causal(q, k, v, null) : ExactAttention.bidirectional(q, k, v, null);
            exactSeconds = (System.nanoTime() - t1) * 1e-9;
            double num = 0;
            double den = 0;
            for (int i = 0; i < e.data().length; i++) {
                double t = o.data()[i] - e.data()[i];
                num += t * t;
                den += e.data()[i] * e.data()[i];
            }
            error = Math.sqrt(num / den);
        }
        if (out != null) {
            try (org.rf4j.io.RowWriter w = DataFiles.create(out, DataFiles.names("o", o.cols()), float32)) {
                if (floatOut != null) {
                    w.write(floatOut);
                } else {
                    w.write(o);
                }
                w.commit();
            }
        }
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("source", source);
        r.put("causal", causal);
        r.put("precision", float32 ? "float" : "double");
        r.put("Lq", q.rows());
        r.put("Lk", k.rows());
        r.put("d", q.cols());
        r.put("dv", v.cols());
        r.put("features", performer.features().outputDimension());
        r.put("estimator", cfg.toPlain().get("estimator"));
        r.put("seed", s);
        r.put("seconds", seconds);
        r.put("exactSeconds", exactSeconds);
        r.put("relativeError", error);
        r.put("workspaceBytes", performer.workspaceBytes(v.cols(), 1));
        r.put("out", out == null ? null : out.toString());
        PrintWriter w = spec.commandLine().getOut();
        if (json) {
            w.println(mapper.writeValueAsString(r));
        } else {
            r.forEach((key, val) -> w.printf("%-15s %s%n", key, val));
        }
        w.flush();
        return 0;
    }

    private static Matrix read(Path p) throws IOException {
        return DataFiles.readFiniteNorms(p, DataOptions.defaults()).x();
    }

    private static Matrix gaussian(int r, int c, double std, java.util.random.RandomGenerator rng) {
        double[] a = new double[r * c];
        for (int i = 0; i < a.length; i++) {
            a[i] = std * rng.nextGaussian();
        }
        return Matrix.wrap(r, c, a);
    }
}
