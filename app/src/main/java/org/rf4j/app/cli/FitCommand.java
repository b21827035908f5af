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
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.rf4j.api.InvalidInputException;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.RandomFeatures;
import org.rf4j.learn.GaussianProcess;
import org.rf4j.learn.GaussianProcessTrainer;
import org.rf4j.learn.LearningTask;
import org.rf4j.learn.RidgeModel;
import org.rf4j.learn.RidgeTrainer;
import org.rf4j.learn.Targets;
import org.rf4j.spi.MechanismRegistry;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/**
 * {@code rf4j fit}: trains a ridge model on the random features of a config's map (ridge
 * regression, or one-vs-rest ridge classification as scikit-learn's {@code RidgeClassifier}) and
 * saves it atomically as JSON ({@link RidgeModel}). λ is given ({@code --lambda}) or chosen, with
 * the Gaussian σ, by k-fold ({@code --cv K}, the default with K = 5) or hold-out
 * ({@code --holdout F}) cross-validation over a grid ({@code --lambdas}, {@code --sigmas}); the
 * grid, the choice, the cross-validated score and the training time are printed.
 *
 * <p>{@code --task gp} trains Gaussian-process regression on the features instead
 * ({@link GaussianProcess}, saved as {@code rf4j-gp-model}): the length scale, s² and τ² by the
 * log marginal likelihood ({@code --lml}, the default), or the length scale by cross-validation
 * ({@code --cv}, {@code --holdout}, {@code --folds-file}, scored by held-out NLPD) with s² and τ²
 * by the likelihood; it reports the fitted values, the optimiser's path and the calibration on
 * the training rows.
 */
@Command(name = "fit", mixinStandardHelpOptions = true,
        description = "Train a ridge model (classify or regress) or a Gaussian process (gp) on random features and save"
                + " it as JSON.")
public final class FitCommand implements Callable<Integer> {
    /** More distinct numeric labels than this (or a non-integer one) make the default task 'regress'. */
    static final int MAX_CLASSES_BY_DEFAULT = 20;

    private final MechanismRegistry registry;

    @picocli.CommandLine.Spec
    CommandSpec spec;

    @Option(names = "--config", paramLabel = "FILE",
            description = "Feature-map config (JSON; default: the bundled default config).")
    Path config;

    @Option(names = {"--data", "--input"}, paramLabel = "FILE", required = true, description = "Training rows (.csv, .tsv, .txt, .arff, .npy).")
    Path data;

    @Option(names = "--label", paramLabel = "NAME|INDEX",
            description = "Label column (name or 0-based index, -1 = last); default: the last column (ARFF: the class).")
    String label;

    @Option(names = "--drop-missing-labels", description = "Drop rows whose label is missing (empty) or, in a numeric"
            + " label column, not a finite number, and report how many; by default such a row is refused naming its line.")
    boolean dropMissingLabels;

    @Option(names = "--task", paramLabel = "classify|regress|gp",
            description = "Default: classify, unless the labels are numbers with a non-integer or more than "
                    + MAX_CLASSES_BY_DEFAULT + " distinct values. gp: Gaussian-process regression with predictive"
                    + " variance (rf4j predict writes mean, std, intervals and posterior samples).")
    String task;

    @Option(names = "--lml", description = "With --task gp: the length scale, s² and τ² by maximising the log marginal"
            + " likelihood (the default for gp; --cv, --holdout or --folds-file choose the length scale by"
            + " cross-validation instead).")
    boolean lml;

    @Option(names = "--lambda", paramLabel = "L", description = "Fixed ridge λ (the system is ΦᵀΦ + nλI); no search.")
    Double lambda;

    @Option(names = "--cv", paramLabel = "K", description = "k-fold cross-validation over the grid (default 5 when neither"
            + " --lambda nor --holdout is given).")
    Integer cv;

    @Option(names = "--holdout", paramLabel = "F", description = "Hold-out cross-validation with this validation fraction"
            + " (0 < F < 1).")
    Double holdout;

    @Option(names = "--folds-file", paramLabel = "FILE",
            description = "k-fold cross-validation on a predefined partition: one fold number 0…k−1 per training row,"
                    + " one per line, in the rows' order (scikit-learn's PredefinedSplit); k from the file (--cv K, if"
                    + " given, must agree). Lets two libraries be compared on identical folds.")
    Path foldsFile;

    @Option(names = "--lambdas", paramLabel = "L", split = ",",
            description = "λ grid (default 1e-7,1e-6,...,1).")
    List<Double> lambdas;

    @Option(names = "--sigmas", paramLabel = "S", split = ",",
            description = "σ grid for a Gaussian kernel: numbers, or 'median' (σ₀ × 2^(k/2), k = -2..2, σ₀ = the median"
                    + " pairwise distance of the (standardised) training rows; the default when searching), or 'config'"
                    + " (the config's σ × 2^(k/2)). Without search: one σ (default the config's; 'median': σ₀).")
    List<String> sigmas;

    @Option(names = "--standardize", negatable = true, fallbackValue = "true",
            description = "Standardise the columns with the training statistics first, kept in the model (default,"
                    + " except for the histogram kernels chi2 and skewed-chi2, whose rows must stay non-negative;"
                    + " --no-standardize to train on the raw columns).")
    Boolean standardize;

    /** {@link #standardize} resolved for the config's kernel, once. */
    private Boolean standardizeRows;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "42", description = "Seed of the CV split (default ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--model", paramLabel = "FILE", required = true, description = "Where to write the model (JSON, atomically).")
    Path model;

    @Option(names = "--json", description = "Print one JSON object.")
    boolean json;

    @Option(names = "--repeat", paramLabel = "N", defaultValue = "1",
            description = "Train N times in this JVM (same model) and report the fastest time: for timing against other"
                    + " libraries once the JIT has compiled the code (default ${DEFAULT-VALUE}).")
    int repeat;

    @Option(names = "--warmup-seconds", paramLabel = "S", defaultValue = "0",
            description = "Before the timed runs, train untimed until S seconds have passed (JIT warm-up for steady-state"
                    + " timing; default ${DEFAULT-VALUE}).")
    double warmupSeconds;

    @picocli.CommandLine.Mixin
    ThreadsOption threads = new ThreadsOption();

    @Inject
    FitCommand(MechanismRegistry registry) {
        this.registry = registry;
    }

    @Override
    public Integer call() throws Exception {
        try (org.rf4j.io.InputFiles.Scope in = org.rf4j.io.OutputPaths.guard("--model", model,
                org.rf4j.io.OutputPaths.inputs("--config", config, "--data", data, "--folds-file", foldsFile))) {
            return fit();
        }
    }

    private int fit() throws Exception {
        boolean gp = GP.equals(task);
        if (task != null && !gp && !LearningTask.ids().contains(task)) {
            throw new InvalidParameterException("--task", task, "one of " + LearningTask.ids() + " or " + GP);
        }
        if (lml && !gp) {
            throw new InvalidParameterException("--lml", "given", "--task gp (a ridge model's λ and σ come from --lambda or"
                    + " cross-validation)");
        }
        if (gp) {
            return fitGp();
        }
        RidgeTrainer.Options options = options();
        RandomFeatures features = RandomFeatures.fromConfigOrDefault(config).registry(registry);
        LabelledRows read = LabelledRows.read(data, "--data", label);
        LabelledRows rows = read.requireLabels(data, dropMissingLabels, spec.commandLine().getErr());
        LearningTask t = task(rows);
        Targets targets;
        if (t == LearningTask.CLASSIFY) {
            List<String> names = new ArrayList<>(new java.util.LinkedHashSet<>(rows.labels()));
            Map<String, Integer> code = new HashMap<>();
            List<String> sorted = sortedClasses(names);
            for (int i = 0; i < sorted.size(); i++) {
                code.put(sorted.get(i), i);
            }
            int[] labels = rows.labels().stream().mapToInt(code::get).toArray();
            targets = Targets.classes(labels, sorted);
        } else {
            targets = Targets.values(values(rows, LearningTask.REGRESS.id()));
        }
        if (foldsFile != null) {
            int[] ids = readFolds(foldsFile, targets.rows());
            options = options.withFoldIds(ids);
        }
        RidgeTrainer.Options o = options;
        List<Double> seconds = new ArrayList<>();
        RidgeTrainer.Result r;
        try {
            r = timed(() -> RidgeTrainer.train(features, rows.x(), rows.columns(), rows.labelColumn(), targets, o),
                    RidgeTrainer.Result::trainSeconds, seconds);
        } catch (org.rf4j.api.InputEntryException e) {
            throw read.locate(data, e);
        }
        RidgeModel m = r.model();
        m.save(model);
        print(r, options, t, targets, seconds);
        return 0;
    }

    /**
     * Whether the rows are standardised: {@code --standardize}/{@code --no-standardize} when given,
     * else yes, except for a histogram kernel (chi2, skewed-chi2), whose rows must stay non-negative;
     * {@code --standardize} with such a kernel is refused.
     */
    private boolean standardizeRows() {
        if (standardizeRows == null) {
            RandomFeatures features = RandomFeatures.fromConfigOrDefault(config).registry(registry);
            org.rf4j.api.kernel.Kernel kernel = features.bandwidthFit().isPresent() ? null : features.kernel();
            boolean histogram = kernel != null && kernel.capability(org.rf4j.api.kernel.Histogram.class).isPresent();
            if (histogram && Boolean.TRUE.equals(standardize)) {
                throw new InvalidParameterException("--standardize", "given", "--no-standardize (the default) with kernel '"
                        + kernel.spec().id() + "': it takes non-negative histogram rows, and standardised columns are"
                        + " negative");
            }
            standardizeRows = standardize != null ? standardize : !histogram;
        }
        return standardizeRows;
    }

    /** The task id of Gaussian-process regression. */
    static final String GP = "gp";

    /**
     * Trains {@code repeat} times (after the warm-up) on the caller's thread budget and returns the
     * fastest run; every run's seconds go to {@code seconds}.
     */
    private <R> R timed(java.util.function.Supplier<R> train, java.util.function.ToDoubleFunction<R> secondsOf,
            List<Double> seconds) {
        if (repeat < 1) {
            throw new InvalidParameterException("--repeat", repeat, "an integer >= 1");
        }
        if (!(warmupSeconds >= 0) || warmupSeconds > 3600) {
            throw new InvalidParameterException("--warmup-seconds", warmupSeconds, "a number of seconds from 0 to 3600");
        }
        R r = null;
        try (ThreadsOption.Scope scope = threads.apply()) {
            long until = System.nanoTime() + (long) (warmupSeconds * 1e9);
            while (warmupSeconds > 0 && System.nanoTime() < until) {
                train.get();
            }
            for (int i = 0; i < repeat; i++) {
                R ri = train.get();
                seconds.add(secondsOf.applyAsDouble(ri));
                r = r == null || secondsOf.applyAsDouble(ri) < secondsOf.applyAsDouble(r) ? ri : r;
            }
        }
        return r;
    }

    /** The labels as finite numbers, or a refusal naming the first value that is not one. */
    private double[] values(LabelledRows rows, String taskId) {
        double[] v = rows.numericLabels();
        if (v == null) {
            String bad = rows.labels().stream().filter(s -> {
                try {
                    return !Double.isFinite(Double.parseDouble(s.strip()));
                } catch (NumberFormatException e) {
                    return true;
                }
            }).findFirst().orElse("?");
            throw new InvalidInputException("--data " + data + ": label column '" + rows.labelColumn() + "' has the value '"
                    + bad + "'; --task " + taskId + " needs finite numbers");
        }
        return v;
    }

    /** {@code --task gp}: the Gaussian process, by marginal likelihood or with the length scale cross-validated. */
    private int fitGp() throws Exception {
        if (lambda != null) {
            throw new InvalidParameterException("--lambda", lambda, "no λ with --task gp: s² and τ² come from the marginal"
                    + " likelihood (ridge's λ is τ²/(n·s²))");
        }
        if (lambdas != null) {
            throw new InvalidParameterException("--lambdas", lambdas, "no λ grid with --task gp: s² and τ² come from the"
                    + " marginal likelihood");
        }
        boolean crossValidate = cv != null || holdout != null || foldsFile != null;
        if (lml && crossValidate) {
            throw new InvalidParameterException("--lml/--cv/--holdout/--folds-file", "several",
                    "one way to choose the length scale: --lml, or cross-validation with --cv, --holdout or --folds-file");
        }
        Double fixedScale = null;
        RidgeTrainer.Options search = null;
        if (crossValidate) {
            search = options();
        } else if (sigmas != null) {
            double[] v = sigmaWord() == null ? sigmaValues(null) : new double[0];
            if (v.length != 1 || !(v[0] > 0 && Double.isFinite(v[0]))) {
                throw new InvalidParameterException("--sigmas", String.join(",", sigmas), "one number > 0 (a fixed length"
                        + " scale) with the marginal likelihood, or none (searched); a grid or 'median'/'config' with --cv");
            }
            fixedScale = v[0];
        }
        GaussianProcess.Options gpOptions = new GaussianProcess.Options(null, null, fixedScale, true, standardizeRows());
        RandomFeatures features = RandomFeatures.fromConfigOrDefault(config).registry(registry);
        LabelledRows read = LabelledRows.read(data, "--data", label);
        LabelledRows rows = read.requireLabels(data, dropMissingLabels, spec.commandLine().getErr());
        double[] y = values(rows, GP);
        if (foldsFile != null) {
            search = search.withFoldIds(readFolds(foldsFile, y.length));
        }
        RidgeTrainer.Options cvOptions = search;
        List<Double> seconds = new ArrayList<>();
        GaussianProcessTrainer.Result r;
        try {
            r = timed(() -> GaussianProcessTrainer.train(features, rows.x(), rows.columns(), rows.labelColumn(), y,
                    gpOptions, cvOptions), GaussianProcessTrainer.Result::trainSeconds, seconds);
        } catch (org.rf4j.api.InputEntryException e) {
            throw read.locate(data, e);
        }
        GaussianProcess m = r.model();
        GaussianProcessTrainer.Evaluation training = GaussianProcessTrainer.Evaluation.of(m.predict(rows.x()), y);
        m.save(model);
        printGp(r, search, training, projections(features.spec()), seconds);
        return 0;
    }

    private void printGp(GaussianProcessTrainer.Result r, RidgeTrainer.Options search,
            GaussianProcessTrainer.Evaluation training, Integer projections, List<Double> seconds) {
        GaussianProcess m = r.model();
        List<GaussianProcess.Step> path = m.path();
        double scale = m.lengthScale();
        String method = Double.isNaN(scale) ? "none: the kernel has no length scale"
                : search != null ? (search.folds() >= 2 ? search.folds() + "-fold" : "hold-out (" + search.holdout() + ")")
                        + " cross-validation over the length scale, scored by held-out NLPD"
                : path.isEmpty() ? "fixed (--sigmas)"
                : "the log marginal likelihood: 13 log-spaced scales over [c/8, 8c] around the median distance c,"
                        + " then golden-section refinement, on one draw of the projections (common random numbers)";
        double[] scales = search != null ? r.grid().stream().mapToDouble(GaussianProcessTrainer.GridPoint::lengthScale).toArray()
                : path.stream().mapToDouble(GaussianProcess.Step::lengthScale).toArray();
        double[] lmls = path.stream().mapToDouble(GaussianProcess.Step::logMarginalLikelihood).toArray();
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            Map<String, Object> opt = new LinkedHashMap<>();
            opt.put("lengthScale", method);
            opt.put("variances", "s² and τ² by the marginal likelihood: τ² closed-form for each λ' = τ²/s², λ' by a"
                    + " 151-point grid over [1e-9, 1e6] then golden section");
            opt.put("evaluations", search != null ? r.grid().size() : path.size());
            opt.put("lengthScales", scales.length == 0 ? null : List.of(Arrays.stream(scales).min().getAsDouble(),
                    Arrays.stream(scales).max().getAsDouble()));
            opt.put("lmls", lmls.length == 0 ? null : List.of(Arrays.stream(lmls).min().getAsDouble(),
                    Arrays.stream(lmls).max().getAsDouble()));
            Map<String, Object> j = new LinkedHashMap<>();
            j.put("task", GP);
            j.put("search", search != null ? "cv" : "lml");
            j.put("lengthScale", Double.isNaN(scale) ? null : scale);
            j.put("signalVariance", m.signalVariance());
            j.put("noiseVariance", m.noiseVariance());
            j.put("lml", m.logMarginalLikelihood());
            j.put("optimiser", opt);
            j.put("cvScore", search != null ? r.cvNlpd() : null);
            j.put("cvMetric", search != null ? "nlpd" : null);
            List<Object> grid = new ArrayList<>();
            for (GaussianProcessTrainer.GridPoint g : r.grid()) {
                Map<String, Object> p = new LinkedHashMap<>();
                p.put("lengthScale", g.lengthScale());
                p.put("nlpd", g.nlpd());
                grid.add(p);
            }
            j.put("grid", grid);
            j.put("folds", search != null && search.folds() >= 2 ? search.folds() : null);
            j.put("holdout", search != null && search.holdout() > 0 ? search.holdout() : null);
            j.put("foldsFile", foldsFile == null ? null : foldsFile.toString());
            j.put("evaluatedOn", "training");
            j.put("coverage", training.coverage());
            j.put("rmse", training.rmse());
            j.put("nlpd", training.nlpd());
            j.put("trainSeconds", r.trainSeconds());
            j.put("trainSecondsAll", seconds);
            j.put("m", projections);
            j.put("outputDimension", m.features());
            j.put("rows", m.rows());
            j.put("model", model.toString());
            out.println(org.rf4j.config.Json.line(j));
        } else {
            out.printf(Locale.ROOT, "task: gp (Gaussian process) on %d rows, %s features (output dimension %d)%n", m.rows(),
                    projections == null ? "?" : "m = " + projections, m.features());
            out.printf(Locale.ROOT, "length scale: %s (%s)%n", Double.isNaN(scale) ? "none"
                    : String.format(Locale.ROOT, "%.4g", scale), method);
            if (search != null) {
                out.printf(Locale.ROOT, "cross-validated nlpd %.4f over length scales %s%n", r.cvNlpd(),
                        r.grid().stream().map(g -> String.format(Locale.ROOT, "%.4g", g.lengthScale())).toList());
            } else if (scales.length > 0) {
                out.printf(Locale.ROOT, "optimiser: %d scales tried in [%.4g, %.4g]%n", scales.length,
                        Arrays.stream(scales).min().getAsDouble(), Arrays.stream(scales).max().getAsDouble());
            }
            out.printf(Locale.ROOT, "s² = %.6g, τ² = %.6g, log marginal likelihood = %.6g%n", m.signalVariance(),
                    m.noiseVariance(), m.logMarginalLikelihood());
            out.printf(Locale.ROOT, "training rows: coverage of the 95%% interval %.4f, rmse %.6g, nlpd %.4f%n",
                    training.coverage(), training.rmse(), training.nlpd());
            out.printf(Locale.ROOT, "trained in %.3f s; model written to %s%n", r.trainSeconds(), model);
        }
        out.flush();
    }

    /** The configured number of projections m, or null when the config does not give one. */
    private static Integer projections(org.rf4j.config.ConfigSpec cfg) {
        return cfg.estimator() != null && cfg.estimator().get("m") instanceof Long mv && mv == mv.intValue()
                ? mv.intValue() : null;
    }

    /**
     * The fold number of each training row: one integer per non-blank line. The file must name
     * exactly {@code rows} rows; {@code --cv}, if given, must equal the number of folds.
     */
    private int[] readFolds(Path file, int rows) {
        List<String> lines;
        try {
            lines = java.nio.file.Files.readAllLines(file, java.nio.charset.StandardCharsets.UTF_8);
        } catch (java.nio.file.NoSuchFileException e) {
            throw new InvalidParameterException("--folds-file", file, "an existing file of fold numbers");
        } catch (java.nio.charset.CharacterCodingException e) {
            throw new InvalidParameterException("--folds-file", file, "a UTF-8 text file of fold numbers, one per line");
        } catch (java.io.IOException e) {
            throw new InvalidParameterException("--folds-file", file, "a readable file of fold numbers (" + e.getMessage() + ")");
        }
        int[] ids = new int[lines.size()];
        int n = 0;
        for (int i = 0; i < lines.size(); i++) {
            String t = lines.get(i).strip();
            if (t.isEmpty()) {
                continue;
            }
            try {
                ids[n++] = Integer.parseInt(t);
            } catch (NumberFormatException e) {
                throw new InvalidInputException("--folds-file " + file + " line " + (i + 1) + ": '" + t
                        + "' is not a fold number; allowed: one integer 0…k−1 per line");
            }
            if (ids[n - 1] < 0) {
                throw new InvalidInputException("--folds-file " + file + " line " + (i + 1) + ": fold " + ids[n - 1]
                        + " is negative; allowed: one integer 0…k−1 per line (every row is validated once)");
            }
        }
        if (n != rows) {
            throw new InvalidInputException("--folds-file " + file + " has " + n + " fold numbers but --data " + data + " has "
                    + rows + " rows; one per training row is required");
        }
        ids = Arrays.copyOf(ids, n);
        int k = Arrays.stream(ids).max().orElse(0) + 1;
        if (cv != null && cv != k) {
            throw new InvalidParameterException("--cv", cv, "the " + k + " folds of --folds-file " + file + " (or no --cv)");
        }
        return ids;
    }

    /** Class names in numeric order when they are all numbers, else in order of first appearance. */
    static List<String> sortedClasses(List<String> names) {
        boolean numeric = names.stream().allMatch(s -> {
            try {
                Double.parseDouble(s.strip());
                return true;
            } catch (NumberFormatException e) {
                return false;
            }
        });
        List<String> out = new ArrayList<>(names);
        if (numeric) {
            out.sort((a, b) -> Double.compare(Double.parseDouble(a.strip()), Double.parseDouble(b.strip())));
        }
        return out;
    }

    private LearningTask task(LabelledRows rows) {
        if (task != null) {
            return LearningTask.of("--task", task);
        }
        double[] v = rows.numericLabels();
        if (v == null) {
            return LearningTask.CLASSIFY;
        }
        boolean integers = Arrays.stream(v).allMatch(x -> x == Math.rint(x));
        long distinct = new HashSet<>(rows.labels()).size();
        return integers && distinct <= MAX_CLASSES_BY_DEFAULT ? LearningTask.CLASSIFY : LearningTask.REGRESS;
    }

    private RidgeTrainer.Options options() {
        if (holdout != null && !(holdout > 0 && holdout < 1)) {
            throw new InvalidParameterException("--holdout", holdout, "a validation fraction F with 0 < F < 1");
        }
        int given = (lambda != null ? 1 : 0) + (cv != null ? 1 : 0) + (holdout != null ? 1 : 0);
        if (given > 1) {
            throw new InvalidParameterException("--lambda/--cv/--holdout", "several", "at most one of them");
        }
        if (foldsFile != null && (lambda != null || holdout != null)) {
            throw new InvalidParameterException("--folds-file", foldsFile, "k-fold cross-validation, so not with "
                    + (lambda != null ? "--lambda" : "--holdout"));
        }
        String word = sigmaWord();
        // the median heuristic: the default grid when searching, on request with a fixed λ
        boolean median = word == null ? lambda == null : word.equals("median");
        return options(sigmaValues(word)).withMedianSigmas(median);
    }

    /** 'median' or 'config' when --sigmas is that single word; null for numbers or no --sigmas. */
    private String sigmaWord() {
        if (sigmas == null || sigmas.size() != 1) {
            return null;
        }
        String w = sigmas.get(0).strip();
        return w.equals("median") || w.equals("config") ? w : null;
    }

    /** The σ grid given as numbers; empty for none or a word. */
    private double[] sigmaValues(String word) {
        if (sigmas == null || word != null) {
            return new double[0];
        }
        double[] v = new double[sigmas.size()];
        for (int i = 0; i < v.length; i++) {
            String t = sigmas.get(i).strip();
            try {
                v[i] = Double.parseDouble(t);
            } catch (NumberFormatException e) {
                throw new InvalidParameterException("--sigmas", sigmas.get(i), "numbers > 0, or the single word 'median' or 'config'");
            }
        }
        return v;
    }

    private RidgeTrainer.Options options(double[] sg) {
        if (lambda != null) {
            if (lambdas != null) {
                throw new InvalidParameterException("--lambdas", lambdas, "no grid with a fixed --lambda");
            }
            if (sg.length > 1) {
                throw new InvalidParameterException("--sigmas", sigmas, "one σ with a fixed --lambda (no search)");
            }
            return new RidgeTrainer.Options(new double[] {lambda}, sg, 0, 0, seed, standardizeRows());
        }
        double[] lg = lambdas == null ? RidgeTrainer.DEFAULT_LAMBDAS : lambdas.stream().mapToDouble(Double::doubleValue).toArray();
        if (holdout != null) {
            return new RidgeTrainer.Options(lg, sg, 0, holdout, seed, standardizeRows());
        }
        if (foldsFile != null) {
            // k comes from the file; the trainer checks a given --cv against it
            return new RidgeTrainer.Options(lg, sg, 0, 0, seed, standardizeRows());
        }
        int k = cv == null ? 5 : cv;
        if (k < 2) {
            throw new InvalidParameterException("--cv", k, "an integer >= 2 (folds)");
        }
        return new RidgeTrainer.Options(lg, sg, k, 0, seed, standardizeRows());
    }

    private void print(RidgeTrainer.Result r, RidgeTrainer.Options o, LearningTask t, Targets targets, List<Double> seconds)
            throws Exception {
        RidgeModel m = r.model();
        Integer projections = projections(RandomFeatures.fromConfig(m.featureConfig()).spec());
        String metric = t == LearningTask.CLASSIFY ? "accuracy" : "r2";
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            Map<String, Object> j = new LinkedHashMap<>();
            j.put("task", t.id());
            j.put("lambda", m.lambda());
            j.put("sigma", Double.isNaN(m.sigma()) ? null : m.sigma());
            j.put("cvScore", Double.isNaN(m.cvScore()) ? null : m.cvScore());
            j.put("cvMetric", Double.isNaN(m.cvScore()) ? null : metric);
            j.put("trainSeconds", r.trainSeconds());
            j.put("fitSeconds", r.fitSeconds());
            j.put("trainSecondsAll", seconds);
            j.put("m", projections);
            j.put("outputDimension", m.outputDimension());
            j.put("rows", targets.rows());
            j.put("classes", t == LearningTask.CLASSIFY ? m.classes() : null);
            j.put("folds", o.folds() >= 2 ? o.folds() : null);
            j.put("holdout", o.holdout() > 0 ? o.holdout() : null);
            j.put("foldsFile", foldsFile == null ? null : foldsFile.toString());
            j.put("lambdas", o.lambdas());
            List<Object> grid = new ArrayList<>();
            for (RidgeTrainer.GridPoint g : r.grid()) {
                Map<String, Object> p = new LinkedHashMap<>();
                p.put("sigma", Double.isNaN(g.sigma()) ? null : g.sigma());
                p.put("lambda", g.lambda());
                p.put("score", g.score());
                grid.add(p);
            }
            j.put("grid", grid);
            j.put("model", model.toString());
            out.println(org.rf4j.config.Json.line(j));
        } else {
            out.printf(Locale.ROOT, "task: %s%s on %d rows, %s features (output dimension %d)%n", t.id(),
                    t == LearningTask.CLASSIFY ? " (" + m.classes().size() + " classes, one-vs-rest ridge)" : " (ridge)",
                    targets.rows(), projections == null ? "?" : "m = " + projections, m.outputDimension());
            if (!r.grid().isEmpty()) {
                out.printf(Locale.ROOT, "%s cross-validation over λ %s%s%n",
                        o.folds() >= 2 ? o.folds() + "-fold" : "hold-out (" + o.holdout() + ")", Arrays.toString(o.lambdas()),
                        Double.isNaN(m.sigma()) ? "" : " × σ " + sigmaGrid(r));
                out.printf(Locale.ROOT, "chosen: lambda = %.3g%s, cv %s = %.4f%n", m.lambda(),
                        Double.isNaN(m.sigma()) ? "" : String.format(Locale.ROOT, ", sigma = %.4g", m.sigma()), metric,
                        m.cvScore());
            } else {
                out.printf(Locale.ROOT, "lambda = %.3g%s (given, no cross-validation)%n", m.lambda(),
                        Double.isNaN(m.sigma()) ? "" : String.format(Locale.ROOT, ", sigma = %.4g", m.sigma()));
            }
            out.printf(Locale.ROOT, "trained in %.3f s (final fit %.3f s); model written to %s%n", r.trainSeconds(),
                    r.fitSeconds(), model);
        }
        out.flush();
    }

    private static String sigmaGrid(RidgeTrainer.Result r) {
        List<String> s = new ArrayList<>();
        for (RidgeTrainer.GridPoint g : r.grid()) {
            String v = String.format(Locale.ROOT, "%.4g", g.sigma());
            if (!s.contains(v)) {
                s.add(v);
            }
        }
        return s.toString();
    }
}
