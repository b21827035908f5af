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
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.rf4j.advise.Advice;
import org.rf4j.advise.AdviceRequest;
import org.rf4j.advise.Advisor;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Matrix;
import org.rf4j.api.kernel.Kernel;
import org.rf4j.io.DataFiles;
import org.rf4j.io.DataOptions;
import org.rf4j.spi.MechanismRegistry;
import org.rf4j.evaluation.Datasets;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/**
 * {@code rf4j advise}: which mechanism, and how many features, for my data — each candidate's
 * error predicted (closed form or bounded Monte Carlo), confirmed by a Monte Carlo measurement with
 * its standard error, timed, and ranked; mechanisms that cannot work on the data are listed with
 * the reason. See {@link Advisor}.
 */
@Command(name = "advise", mixinStandardHelpOptions = true,
        description = "Which mechanism and how many features for my data: predicted error, measured error ± SE, cost per row.")
public final class AdviseCommand implements Callable<Integer> {
    private final MechanismRegistry registry;
    private final ObjectMapper mapper;

    @picocli.CommandLine.Spec
    CommandSpec spec;

    @Option(names = {"--data", "--input"}, paramLabel = "FILE",
            description = "Data (CSV, ARFF or .npy): the queries (Q for --task attention). Default: the bundled Iris features.")
    Path data;

    @Option(names = "--keys", paramLabel = "FILE", description = "Keys (K for attention); default: the data itself.")
    Path keys;

    @Option(names = "--label", paramLabel = "COL", description = "A label column to leave out (name or 0-based index, -1 ="
            + " last). Default: an ARFF class attribute, or the column called label or class; never a feature.")
    String label;

    @Option(names = "--kernel", paramLabel = "ID", defaultValue = "gaussian",
            description = "gaussian, softmax or any registered kernel, e.g. matern (default ${DEFAULT-VALUE};"
                    + " attention is always softmax); candidates are compared within this kernel.")
    String kernel;

    @Option(names = "--kernel-param", paramLabel = "NAME=VALUE",
            description = "A parameter of a kernel other than gaussian and softmax, e.g. --kernel-param nu=2.5"
                    + " (repeatable; its length scale defaults to --sigma, else the median distance between data rows).")
    Map<String, String> kernelParams;

    @Option(names = "--sigma", paramLabel = "S",
            description = "Gaussian bandwidth (default: the median distance between data rows).")
    Double sigma;

    @Option(names = "--m", paramLabel = "M", description = "Projections to advise at (default " + AdviceRequest.DEFAULT_M + ").")
    Integer m;

    @Option(names = "--target-error", paramLabel = "E",
            description = "Target relative MSE: rank by the cost at the smallest m reaching it (instead of --m).")
    Double targetError;

    @Option(names = "--task", paramLabel = "TASK", defaultValue = "kernel",
            description = "kernel (relative MSE of kernel entries) or attention (error of the attention output).")
    String task;

    @Option(names = "--candidates", paramLabel = "IDS", defaultValue = "all",
            description = "all, or a comma-separated list of names such as orthogonal/oprf,iid/trigonometric,hybrid-angular.")
    String candidates;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "42", description = "Seed (default ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--trials", paramLabel = "N", defaultValue = "" + AdviceRequest.DEFAULT_TRIALS,
            description = "Monte Carlo draws per measurement (default ${DEFAULT-VALUE}).")
    int trials;

    @Option(names = "--pairs", paramLabel = "P", defaultValue = "" + AdviceRequest.DEFAULT_PAIRS,
            description = "(kernel task) pairs sampled from the data (default ${DEFAULT-VALUE}).")
    int pairs;

    @Option(names = "--qk-std", paramLabel = "S", defaultValue = "0.5",
            description = "(--task attention without --data) synthetic Q, K entries N(0, S²) (default ${DEFAULT-VALUE}; 1 gives"
                    + " unit-variance logits).")
    double qkStd;

    @Option(names = "--L", paramLabel = "L", defaultValue = "512",
            description = "(--task attention without --data) synthetic length (default ${DEFAULT-VALUE}).")
    int length;

    @Option(names = "--d", paramLabel = "D", defaultValue = "64",
            description = "(--task attention without --data) synthetic dimension (default ${DEFAULT-VALUE}).")
    int dim;

    @Option(names = "--json", description = "Print one JSON object: candidates (best first), refused, notes.")
    boolean json;

    @Option(names = "--report", paramLabel = "FILE", description = "Also write the table as a self-contained HTML page.")
    Path report;

    @picocli.CommandLine.Mixin
    ThreadsOption threads = new ThreadsOption();

    @Inject
    AdviseCommand(MechanismRegistry registry, ObjectMapper mapper) {
        this.registry = registry;
        this.mapper = mapper;
    }

    @Override
    public Integer call() throws Exception {
        try (org.rf4j.io.InputFiles.Scope in = org.rf4j.io.OutputPaths.guard("--report", report,
                org.rf4j.io.OutputPaths.inputs("--data", data, "--keys", keys))) {
            return advise();
        }
    }

    /**
     * A registered kernel from {@code --kernel-param} values (numbers); each length scale it declares
     * and the command line does not give is {@code --sigma}, else the median distance between rows.
     */
    private Kernel registeredKernel(Matrix x, Matrix y) {
        Map<String, Object> p = new LinkedHashMap<>();
        if (kernelParams != null) {
            kernelParams.forEach((name, value) -> {
                try {
                    p.put(name, Double.parseDouble(value));
                } catch (NumberFormatException e) {
                    throw new InvalidParameterException("--kernel-param", name + "=" + value, "NAME=NUMBER");
                }
            });
        }
        var provider = registry.provider(org.rf4j.spi.MechanismKind.KERNEL, "--kernel", kernel).provider();
        if (provider instanceof org.rf4j.spi.KernelProvider kp) {
            for (String scale : kp.lengthScales()) {
                if (!p.containsKey(scale)) {
                    p.put(scale, sigma != null ? sigma : Advisor.medianDistance(x, y == null ? x : y, seed));
                }
            }
        }
        return registry.create(org.rf4j.spi.MechanismKind.KERNEL, "kernel", new org.rf4j.api.Spec(kernel, p));
    }

    private Integer advise() throws Exception {
        AdviceRequest.Task t = switch (task) {
            case "kernel" -> AdviceRequest.Task.KERNEL;
            case "attention" -> AdviceRequest.Task.ATTENTION;
            default -> throw new InvalidParameterException("--task", task, "kernel or attention");
        };
        if (sigma != null && !(sigma > 0 && Double.isFinite(sigma))) {
            throw new InvalidParameterException("--sigma", sigma, "a finite number > 0 (the Gaussian bandwidth)");
        }
        if (m != null) {
            OptionMessages.requirePositive("--m", m);
        }
        if (m != null && targetError != null) {
            throw new InvalidParameterException("--target-error", targetError, "either --m or --target-error, not both");
        }
        Matrix x;
        Matrix y = keys == null ? null : read(keys);
        String source;
        if (data != null) {
            x = read(data);
            source = data.toString();
        } else if (t == AdviceRequest.Task.ATTENTION) {
            if (keys != null) {
                throw new InvalidParameterException("--keys", keys, "--keys only with --data (the queries)");
            }
            org.rf4j.api.Checks.positive("--L", length);
            org.rf4j.api.Checks.positive("--d", dim);
            org.rf4j.api.Checks.positive("--qk-std", qkStd);
            // the same inputs as rf4j attention draws for this seed
            java.util.random.RandomGenerator rng = org.rf4j.api.random.Seeds.generator(
                    org.rf4j.api.random.Seeds.derive(seed, "attention-inputs"));
            x = gaussian(length, dim, qkStd, rng);
            y = gaussian(length, dim, qkStd, rng);
            source = "synthetic Q, K: L = " + length + ", d = " + dim + ", entries N(0, " + qkStd + "²)";
        } else {
            x = Datasets.iris().x();
            source = "bundled Iris (4 features)";
        }
        Advisor.requireDistinctRows(x, data == null ? source : "--data " + data);
        if (y != null && keys != null) {
            Advisor.requireDistinctRows(y, "--keys " + keys);
        }
        Kernel k;
        if (kernelParams != null && !kernelParams.isEmpty()
                && (t == AdviceRequest.Task.ATTENTION || kernel.equals("gaussian") || kernel.equals("softmax"))) {
            throw new InvalidParameterException("--kernel-param", String.join(",", kernelParams.keySet()),
                    "no --kernel-param with the gaussian or softmax kernel (--sigma sets the Gaussian bandwidth)");
        }
        if (t == AdviceRequest.Task.ATTENTION || kernel.equals("softmax")) {
            if (sigma != null) {
                throw new InvalidParameterException("--sigma", sigma, "no --sigma with the softmax kernel (it has no bandwidth)");
            }
            if (t == AdviceRequest.Task.ATTENTION && !kernel.equals("gaussian") && !kernel.equals("softmax")) {
                throw new InvalidParameterException("--kernel", kernel, "gaussian or softmax");
            }
            k = Kernel.softmax();
        } else if (kernel.equals("gaussian")) {
            k = Kernel.gaussian(sigma != null ? sigma : Advisor.medianDistance(x, y == null ? x : y, seed));
        } else if (registry.ids(org.rf4j.spi.MechanismKind.KERNEL).contains(kernel)) {
            k = registeredKernel(x, y);
        } else {
            throw new InvalidParameterException("--kernel", kernel, "gaussian, softmax or one of the registered kernels "
                    + registry.ids(org.rf4j.spi.MechanismKind.KERNEL));
        }
        Object ref = null;
        if (data != null && DataFiles.ruleLabel(data, DataOptions.defaults(), label) == null) {
            ref = keys == null ? data.toAbsolutePath().toString()
                    : new LinkedHashMap<>(Map.of("query", data.toAbsolutePath().toString(),
                            "key", keys.toAbsolutePath().toString()));
        }
        AdviceRequest r = new AdviceRequest(x, y, k, t, m != null ? m : AdviceRequest.DEFAULT_M, targetError,
                candidates.equals("all") ? List.of() : Arrays.stream(candidates.split(",")).map(String::trim).toList(),
                seed, pairs, trials, AdviceRequest.DEFAULT_MAX_M, ref);
        Advice a;
        try (ThreadsOption.Scope scope = threads.apply()) {
            a = new Advisor(registry).run(r);
        }
        PrintWriter w = spec.commandLine().getOut();
        if (json) {
            w.println(mapper.writeValueAsString(a.toPlain()));
        } else {
            w.print(text(a, source));
        }
        w.flush();
        if (report != null) {
            byte[] page = html(a, source).getBytes(StandardCharsets.UTF_8);
            DataFiles.writeAtomically(report, out -> out.write(page));
        }
        return 0;
    }

    private static Matrix gaussian(int r, int c, double std, java.util.random.RandomGenerator rng) {
        double[] a = new double[r * c];
        for (int i = 0; i < a.length; i++) {
            a[i] = std * rng.nextGaussian();
        }
        return Matrix.wrap(r, c, a);
    }

    private Matrix read(Path p) throws IOException {
        return DataFiles.read(p, DataOptions.defaults().withLabel(DataFiles.ruleLabel(p, DataOptions.defaults(), label))).x();
    }

    static String text(Advice a, String source) {
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "data         %s: %d × %d%s%n", source, a.rows()[0], a.dimension(),
                a.rows()[1] != a.rows()[0] ? " (keys " + a.rows()[1] + ")" : ""));
        b.append(String.format(Locale.ROOT, "kernel       %s%n", a.kernel()));
        b.append(String.format(Locale.ROOT, "task         %s, %s%n", a.task(),
                a.targetError() != null ? "target relative MSE " + a.targetError() : "m = " + a.m()));
        b.append(String.format(Locale.ROOT, "%-4s %-28s %6s %12s %-11s %13s %10s %6s %12s%n", "rank", "mechanism", "m",
                "predicted", "source", "measured ", "± SE", "dev", "s/row"));
        int i = 1;
        for (Advice.Ranked c : a.candidates()) {
            b.append(String.format(Locale.ROOT, "%-4d %-28s %6d %12.4g %-11s %12.4g%s %10.2g %5.1fσ %12.3g%s%n", i++,
                    c.name(), c.m(), c.predictedRelMse(), c.source(), c.measuredRelMse(), c.heavyTailed() ? "*" : " ",
                    c.measuredStdErr(), c.deviationInStdErrs(), c.secondsPerRow(),
                    Boolean.FALSE.equals(c.reachesTarget()) ? "  (target not reached)" : ""));
        }
        if (!a.refused().isEmpty()) {
            b.append(String.format(Locale.ROOT, "refused (%d):%n", a.refused().size()));
            // Couplings a feature map does not accept are listed once per map.
            Map<String, List<String>> couplings = new LinkedHashMap<>();
            Map<String, String> why = new LinkedHashMap<>();
            for (Advice.Refused f : a.refused()) {
                int slash = f.name().indexOf('/');
                int allowed = f.reason().indexOf("allowed: a coupling that features");
                if (slash > 0 && allowed >= 0) {
                    String map = f.name().substring(slash + 1);
                    couplings.computeIfAbsent(map, x -> new java.util.ArrayList<>()).add(f.name().substring(0, slash));
                    why.put(map, f.reason().substring(allowed + "allowed: ".length()));
                    continue;
                }
                b.append(String.format(Locale.ROOT, "  %-28s %s%n", f.name(), f.reason()));
            }
            couplings.forEach((map, cs) -> b.append(String.format(Locale.ROOT, "  %-28s not with %s: %s%n", map,
                    String.join(", ", cs), why.get(map))));
        }
        for (String n : a.notes()) {
            b.append("note: ").append(n).append(System.lineSeparator());
        }
        return b.toString();
    }

    static String html(Advice a, String source) {
        StringBuilder b = new StringBuilder();
        b.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<html xmlns=\"http://www.w3.org/1999/xhtml\"><head>"
                + "<meta charset=\"UTF-8\"/><title>rf4j advise</title><style>td,th{padding:2px 8px;text-align:right}"
                + "td.l,th.l{text-align:left}</style></head><body>\n");
        b.append("<h1>rf4j advise: ").append(esc(source)).append("</h1>\n<p>").append(esc(a.task())).append(" task, kernel ")
                .append(esc(String.valueOf(a.kernel()))).append(", ")
                .append(a.targetError() != null ? "target relative MSE " + a.targetError() : "m = " + a.m()).append("</p>\n");
        b.append("<table><tr><th>rank</th><th class=\"l\">mechanism</th><th>m</th><th>predicted</th><th class=\"l\">source"
                + "</th><th>measured</th><th>± SE</th><th>s/row</th></tr>\n");
        int i = 1;
        for (Advice.Ranked c : a.candidates()) {
            b.append(String.format(Locale.ROOT, "<tr><td>%d</td><td class=\"l\">%s</td><td>%d</td><td>%.4g</td>"
                    + "<td class=\"l\">%s</td><td>%.4g%s</td><td>%.2g</td><td>%.3g</td></tr>%n", i++, esc(c.name()), c.m(),
                    c.predictedRelMse(), c.source(), c.measuredRelMse(), c.heavyTailed() ? "*" : "", c.measuredStdErr(),
                    c.secondsPerRow()));
        }
        b.append("</table>\n<h2>Refused</h2>\n<ul>\n");
        for (Advice.Refused f : a.refused()) {
            b.append("<li><b>").append(esc(f.name())).append("</b>: ").append(esc(f.reason())).append("</li>\n");
        }
        b.append("</ul>\n");
        for (String n : a.notes()) {
            b.append("<p>").append(esc(n)).append("</p>\n");
        }
        return b.append("</body></html>\n").toString();
    }

    private static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
