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
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.rf4j.RandomFeatures;
import org.rf4j.api.InvalidInputException;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Matrix;
import org.rf4j.io.DataFiles;
import org.rf4j.io.DataFormatException;
import org.rf4j.io.DataOptions;
import org.rf4j.io.Dataset;
import org.rf4j.io.InputFiles;
import org.rf4j.io.OutputPaths;
import org.rf4j.spi.MechanismRegistry;
import org.rf4j.evaluation.RidgeTask;
import org.rf4j.learn.Targets;
import org.rf4j.evaluation.AttentionTask;
import org.rf4j.evaluation.Datasets;
import org.rf4j.evaluation.ClassificationTask;
import org.rf4j.evaluation.DefaultConfigs;
import org.rf4j.evaluation.Evaluation;
import org.rf4j.evaluation.EvaluationConfig;
import org.rf4j.evaluation.EvaluationResult;
import org.rf4j.evaluation.EvaluationTask;
import org.rf4j.evaluation.GramTask;
import org.rf4j.evaluation.LabeledData;
import org.rf4j.evaluation.PointwiseTask;
import org.rf4j.evaluation.report.HtmlReport;
import org.rf4j.evaluation.report.TextTable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/**
 * {@code rf4j evaluate}: which mechanism is most accurate for my data, at what cost. Runs a task
 * ({@code classify}, {@code gram}, {@code pointwise}, {@code attention}) for a set of configs over a range of feature
 * counts with several seeds and prints a table (mean ± std of the metric and of the time), or one
 * JSON object with {@code --json}; {@code --report} writes a self-contained HTML report with SVG
 * plots (atomically). Without {@code --config} it compares the built-in default set
 * ({@link DefaultConfigs}: the couplings iid/orthogonal/simplex × the maps
 * positive/trigonometric/oprf present in the registry); without {@code --data} it runs on the
 * embedded default of the task (bundled Iris for classify, bundled breast cancer for ridge, the SimRF Sec. 5.2 point cloud for
 * gram, HRF Fig. 2 equal-length pairs for pointwise, synthetic Q, K, V for attention). A progress bar is drawn on stderr when a
 * console is attached, nothing otherwise.
 */
@Command(name = "evaluate", mixinStandardHelpOptions = true,
        description = "Compare mechanisms on a task (classify, gram, pointwise, attention, ridge) over feature counts and seeds; "
                + "print a table or JSON and write an HTML report.")
public final class EvaluateCommand implements Callable<Integer> {
    /** The tasks this command runs. */
    static final List<String> TASKS = List.of("classify", "gram", "pointwise", "attention", "ridge");

    private final MechanismRegistry registry;
    private final ObjectMapper mapper;

    @picocli.CommandLine.Spec
    CommandSpec spec;

    @Option(names = "--task", paramLabel = "TASK", defaultValue = "classify",
            description = "classify (Nadaraya–Watson accuracy), gram (Gram matrix error), pointwise (kernel MSE) or "
                    + "attention (Performer vs exact softmax attention) or ridge (kernel ridge accuracy/RMSE beside exact kernel"
                    + " ridge and Nyström); default ${DEFAULT-VALUE}.")
    String task;

    @Option(names = "--config", paramLabel = "FILE", arity = "1..*",
            description = "Config files (JSON) to compare; default: the built-in comparison set.")
    List<Path> configs = new ArrayList<>();

    @Option(names = {"--data", "--input"}, paramLabel = "FILE",
            description = "Data (CSV, ARFF or .npy); default: the task's embedded data set.")
    Path data;

    @Option(names = "--label", paramLabel = "COL",
            description = "Label column of --data (name or 0-based index, -1 = last). Default: an ARFF class attribute,"
                    + " or the column called label or class (never a feature); else, for classify and ridge, the last"
                    + " column.")
    String label;

    @Option(names = "--drop-missing-labels", description = "Drop rows whose label is missing (empty) or, in a numeric"
            + " label column, not a finite number, and report how many; by default such a row is refused naming its line.")
    boolean dropMissingLabels;

    @Option(names = "--m", paramLabel = "M", split = ",", defaultValue = "8,16,32,64,128,256",
            description = "Feature counts m (default ${DEFAULT-VALUE}).")
    List<Integer> ms;

    @Option(names = "--seeds", paramLabel = "N", defaultValue = "10", description = "Seeds per point (default ${DEFAULT-VALUE}).")
    int seeds;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "42", description = "Root seed (default ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--causal", description = "attention: causal (unidirectional) instead of bidirectional.")
    boolean causal;

    @Option(names = "--report", paramLabel = "FILE", description = "Write a self-contained HTML report here.")
    Path report;

    @Option(names = "--json", description = "Print one JSON object instead of the table.")
    boolean json;

    @picocli.CommandLine.Mixin
    ThreadsOption threads = new ThreadsOption();

    @Inject
    EvaluateCommand(MechanismRegistry registry, ObjectMapper mapper) {
        this.registry = registry;
        this.mapper = mapper;
    }

    @Override
    public Integer call() throws Exception {
        try (InputFiles.Scope a = OutputPaths.guard("--report", report, OutputPaths.inputs("--config", configs, "--data", data));
                ThreadsOption.Scope t = threads.apply()) {
            return compute();
        } catch (InvalidParameterException e) {
            if (!"v2".equals(e.key())) {
                throw e;
            }
            // the closed form's internal argument |x ± y|²: name what the user controls
            String v = String.valueOf(e.value());
            throw new InvalidInputException((data == null ? "the task's data" : "--data " + data)
                    + ": a pair of rows has |x ± y|² = " + v + " in kernel coordinates (x/sigma), beyond "
                    + org.rf4j.theory.CouplingTheory.MAX_SQUARED_NORM + " where the closed-form MSE and every "
                    + "estimator's variance overflow; scale the data down or use a larger sigma");
        }
    }

    private int compute() throws Exception {
        if (!TASKS.contains(task)) {
            throw new InvalidParameterException("--task", task, "one of " + TASKS);
        }
        OptionMessages.requirePositive("--seeds", seeds);
        OptionMessages.requirePositive("--m", ms);
        List<String> notes = new ArrayList<>();
        List<EvaluationConfig> list = new ArrayList<>();
        if (configs.isEmpty()) {
            list.addAll(DefaultConfigs.available(registry, notes));
            if ("ridge".equals(task)) {
                list = new ArrayList<>(RidgeTask.withNystroem(list, registry, notes));
            }
        } else {
            for (Path p : configs) {
                // through the front door: data files resolve against the config's own folder
                RandomFeatures rf = RandomFeatures.fromConfig(p).registry(registry);
                // a length scale fitted from data ("sigma": "median"/"scale") is known once the task's rows are
                list.add(new EvaluationConfig(uniqueLabel(list, stem(p)), rf, rf.bandwidthFit().isPresent() ? null : rf.kernel()));
            }
        }
        EvaluationTask t = task(notes);
        list = withBandwidths(list, t, notes);
        Progress progress = System.console() != null ? new Progress(spec.commandLine().getErr()) : null;
        EvaluationResult r = new Evaluation(t, list, ms, seeds, seed,
                progress == null ? Evaluation.Progress.none() : progress).run();
        if (progress != null) {
            progress.finish();
        }
        if (!notes.isEmpty()) {
            r = r.withNotes(notes);
        }
        if (report != null) {
            String html = HtmlReport.render(r);
            DataFiles.writeAtomically(report, out -> out.write(html.getBytes(StandardCharsets.UTF_8)));
        }
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            Map<String, Object> m = new LinkedHashMap<>(r.toPlain());
            m.put("seed", seed);
            m.put("report", report == null ? null : report.toString());
            out.println(mapper.writeValueAsString(m));
        } else {
            out.print(TextTable.render(r));
            if (report != null) {
                out.println("report: " + report);
            }
        }
        out.flush();
        return 0;
    }

    private EvaluationTask task(List<String> notes) throws IOException {
        switch (task) {
            case "classify" -> {
                if (data == null) {
                    return ClassificationTask.irisDefault(seed);
                }
                DataOptions o = DataOptions.defaults();
                String l = label != null ? label : LabelledRows.defaultLabel(data);
                Dataset ds = DataFiles.readFiniteNorms(data, o.withLabel(l));
                if (ds.labels() == null) {
                    throw new InvalidInputException("--data " + data + " has no label column; classify needs one "
                            + "(name it with --label)");
                }
                return new ClassificationTask(LabeledData.of(stem(data), ds.x(), ds.labels()), seed);
            }
            case "ridge" -> {
                if (data == null) {
                    return RidgeTask.classification(Datasets.breastCancer(), seed);
                }
                LabelledRows rows = LabelledRows.read(data, "--data", label)
                        .requireLabels(data, dropMissingLabels, spec.commandLine().getErr());
                double[] v = rows.numericLabels();
                boolean classify = v == null || (java.util.Arrays.stream(v).allMatch(x -> x == Math.rint(x))
                        && new java.util.HashSet<>(rows.labels()).size() <= FitCommand.MAX_CLASSES_BY_DEFAULT);
                if (classify) {
                    List<String> names = FitCommand.sortedClasses(new ArrayList<>(new java.util.LinkedHashSet<>(rows.labels())));
                    int[] codes = rows.labels().stream().mapToInt(names::indexOf).toArray();
                    return new RidgeTask(stem(data), rows.x(), Targets.classes(codes, names), seed);
                }
                return new RidgeTask(stem(data), rows.x(), Targets.values(v), seed);
            }
            case "attention" -> {
                if (data == null) {
                    return AttentionTask.syntheticDefault(causal, seed);
                }
                Matrix x = readX();
                notes.add("attention on --data: self-attention with Q = K = V = the rows of " + data);
                return new AttentionTask(x, x, x, causal, data + " (self-attention, Q = K = V)");
            }
            case "gram" -> {
                return data == null ? GramTask.simrfDefault(seed) : new GramTask(readX(), data.toString());
            }
            default -> {
                if (data == null) {
                    return PointwiseTask.hrfDefault();
                }
                Matrix x = readX();
                int pairs = Math.min(32, x.rows() / 2);
                if (pairs < 1) {
                    throw new DataFormatException("--data " + data + " has " + x.rows()
                            + " rows; pointwise needs at least 2 (rows 2i and 2i+1 form pair i)");
                }
                Matrix q = Matrix.zeros(pairs, x.cols());
                Matrix k = Matrix.zeros(pairs, x.cols());
                for (int i = 0; i < pairs; i++) {
                    System.arraycopy(x.data(), 2 * i * x.cols(), q.data(), i * x.cols(), x.cols());
                    System.arraycopy(x.data(), (2 * i + 1) * x.cols(), k.data(), i * x.cols(), x.cols());
                }
                notes.add("pointwise pairs: rows (2i, 2i+1) of " + data + " for i < " + pairs);
                return new PointwiseTask(q, k, 32, data + ", " + pairs + " pairs of consecutive rows");
            }
        }
    }

    /**
     * The configs with their data-driven length scales fitted to the task's rows in the coordinates the
     * kernel sees ({@link EvaluationTask#bandwidthRows()}: e.g. the standardised training part), exactly
     * as {@code fit(X)} fits them; each fitted value is noted.
     */
    private List<EvaluationConfig> withBandwidths(List<EvaluationConfig> list, EvaluationTask t, List<String> notes) {
        List<EvaluationConfig> out = new ArrayList<>();
        for (EvaluationConfig c : list) {
            java.util.Optional<org.rf4j.Bandwidth.Fit> fit = c.config().bandwidthFit();
            if (fit.isEmpty()) {
                out.add(c);
                continue;
            }
            String where = data == null ? "the " + task + " task's data" : "--data " + data;
            t.bandwidthRows().forEach(fit.get()::add);
            RandomFeatures rf;
            try {
                rf = c.config().withBandwidths(fit.get());
            } catch (InvalidInputException e) {
                throw new InvalidInputException(where + ": " + e.getMessage());
            }
            fit.get().values().forEach((key, v) -> notes.add(String.format(Locale.ROOT,
                    "'%s': kernel.%s = \"%s\" fitted to %s (the rows the kernel sees): %.6g", c.label(), key,
                    fit.get().rules().get(key), where, v)));
            out.add(new EvaluationConfig(c.label(), rf, rf.kernel()));
        }
        return out;
    }

    private Matrix readX() throws IOException {
        // the label rule: a label column (named, an ARFF class, or called label/class) is never a feature
        return DataFiles.readFiniteNorms(data, DataOptions.defaults()
                .withLabel(DataFiles.ruleLabel(data, DataOptions.defaults(), label))).x();
    }

    private static String stem(Path p) {
        String n = p.getFileName().toString();
        int dot = n.lastIndexOf('.');
        return dot > 0 ? n.substring(0, dot) : n;
    }

    private static String uniqueLabel(List<EvaluationConfig> existing, String base) {
        String l = base;
        int k = 2;
        while (true) {
            String c = l;
            if (existing.stream().noneMatch(e -> e.label().equals(c))) {
                return l;
            }
            l = base + "#" + k++;
        }
    }

    /** A one-line progress bar on stderr, redrawn in place. */
    static final class Progress implements Evaluation.Progress {
        private final PrintWriter err;
        private int lastPercent = -1;

        Progress(PrintWriter err) {
            this.err = err;
        }

        @Override
        public void update(int done, int total, String label) {
            int pct = (int) (100L * done / Math.max(1, total));
            if (pct == lastPercent && done != total) {
                return;
            }
            lastPercent = pct;
            int width = 30;
            int fill = (int) ((long) width * done / Math.max(1, total));
            String text = String.format(Locale.ROOT, "\r[%s%s] %3d%% %d/%d %-30.30s", "#".repeat(fill),
                    ".".repeat(width - fill), pct, done, total, label);
            err.print(text);
            err.flush();
        }

        void finish() {
            err.print("\r" + " ".repeat(80) + "\r");
            err.flush();
        }
    }
}
