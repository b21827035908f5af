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
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.rf4j.api.InvalidInputException;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Matrix;
import org.rf4j.io.DataFiles;
import org.rf4j.io.InputFiles;
import org.rf4j.io.OutputPaths;
import org.rf4j.learn.GaussianProcess;
import org.rf4j.learn.GaussianProcessTrainer;
import org.rf4j.learn.LearningTask;
import org.rf4j.learn.RidgeModel;
import org.rf4j.learn.RidgeTrainer;
import org.rf4j.spi.MechanismRegistry;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/**
 * {@code rf4j predict}: applies a model written by {@code rf4j fit} to the rows of a data file and
 * writes one prediction per row (the class label as in the training data, or the value) to a CSV
 * file, atomically. When the file also has the label column (one column more than the model's
 * inputs), it reports accuracy (classify) or RMSE and R² (regress). The model file is checked field
 * by field on load, and the file's columns are matched to the model's by name where both have
 * names ({@link ModelColumns}); the output is never one of the inputs by any path ({@link OutputPaths}).
 *
 * <p>A Gaussian-process model ({@code rf4j fit --task gp}) writes the columns {@code mean,std} (std:
 * predictive, latent plus noise), with {@code --interval P} also {@code lower,upper} (the central
 * P interval), and with {@code --samples K} K posterior function samples {@code sample_1..sample_K}
 * (seeded by {@code --seed}); with the label it reports the 95% interval's coverage, RMSE and NLPD.
 */
@Command(name = "predict", mixinStandardHelpOptions = true,
        description = "Predict with a model from 'rf4j fit': one prediction per row, written atomically to CSV.")
public final class PredictCommand implements Callable<Integer> {

    private final MechanismRegistry registry;

    @picocli.CommandLine.Spec
    CommandSpec spec;

    @Option(names = "--model", paramLabel = "FILE", required = true, description = "A model written by 'rf4j fit'.")
    Path model;

    @Option(names = {"--data", "--input"}, paramLabel = "FILE", required = true, description = "Rows to predict (.csv, .tsv, .txt, .arff, .npy).")
    Path data;

    @Option(names = "--output", paramLabel = "FILE", required = true, description = "Predictions (.csv), one per row.")
    Path output;

    @Option(names = "--label", paramLabel = "NAME|INDEX",
            description = "Label column of --data; default: when --data has one column more than the model's inputs,"
                    + " that column if it is the model's label column or is called label or class (else, without"
                    + " names, the last). The label is never an input.")
    String label;

    @Option(names = "--json", description = "Print one JSON object.")
    boolean json;

    @Option(names = "--interval", paramLabel = "P", description = "Gaussian-process model: add the columns lower,upper,"
            + " the central predictive interval of probability P (0 < P < 1), e.g. 0.95.")
    Double interval;

    @Option(names = "--samples", paramLabel = "K", description = "Gaussian-process model: add K posterior function samples"
            + " sample_1..sample_K at the rows (each one function, consistent across rows and runs with the same --seed).")
    Integer samples;

    @Option(names = "--seed", paramLabel = "S", description = "Seed of the posterior samples (--samples; default "
            + DEFAULT_SAMPLE_SEED + ").")
    Long seed;

    /** The seed of {@code --samples} when {@code --seed} is not given. */
    static final long DEFAULT_SAMPLE_SEED = 42;
    /** The most sample values (rows × K) one run writes. */
    static final long MAX_SAMPLE_VALUES = 5_000_000L;

    @Inject
    PredictCommand(MechanismRegistry registry) {
        this.registry = registry;
    }

    @Override
    public Integer call() throws Exception {
        try (InputFiles.Scope in = OutputPaths.guard("--output", output, OutputPaths.inputs("--model", model, "--data", data))) {
            return predict();
        }
    }

    private int predict() throws Exception {
        String ext = DataFiles.extension(output);
        if (!List.of("csv", "tsv", "txt").contains(ext)) {
            throw new InvalidParameterException("--output", output, "a .csv (or .tsv/.txt) file");
        }
        if (isGaussianProcess(model)) {
            return predictGp();
        }
        for (Object[] o : new Object[][] {{"--interval", interval}, {"--samples", samples}, {"--seed", seed}}) {
            if (o[1] != null) {
                throw new InvalidParameterException((String) o[0], o[1], "a Gaussian-process model (rf4j fit --task gp);"
                        + " model file " + model + " is a ridge model");
            }
        }
        RidgeModel m = RidgeModel.load(model, registry);
        LabelledRows rows = ModelColumns.read(m, data, label, spec.commandLine().getErr());
        long t0 = System.nanoTime();
        StringBuilder sb = new StringBuilder("prediction\n");
        Map<String, Object> j = new LinkedHashMap<>();
        j.put("task", m.task().id());
        j.put("rows", rows.x().rows());
        if (m.task() == LearningTask.CLASSIFY) {
            int[] p;
            try {
                p = m.predictClassIndex(rows.x());
            } catch (org.rf4j.api.InputEntryException e) {
                throw rows.locate(data, e);
            }
            List<String> classes = m.classes();
            int ok = 0;
            for (int i = 0; i < p.length; i++) {
                String c = classes.get(p[i]);
                sb.append(csv(c)).append('\n');
                if (rows.labels() != null && same(c, rows.labels().get(i))) {
                    ok++;
                }
            }
            j.put("accuracy", rows.labels() == null ? null : (double) ok / Math.max(1, p.length));
        } else {
            double[] p;
            try {
                p = m.predictValues(rows.x());
            } catch (org.rf4j.api.InputEntryException e) {
                throw rows.locate(data, e);
            }
            for (double v : p) {
                sb.append(v).append('\n');
            }
            double[] truth = rows.labels() == null ? null : rows.numericLabels();
            if (rows.labels() != null && truth == null) {
                throw new InvalidInputException("--data " + data + ": the label column '" + rows.labelColumn()
                        + "' has a value that is not a number; a regression model needs numbers");
            }
            j.put("rmse", truth == null ? null : RidgeTrainer.rmse(p, truth));
            j.put("r2", truth == null ? null : RidgeTrainer.r2(p, truth));
        }
        double seconds = write(sb, j, t0);
        PrintWriter w = spec.commandLine().getOut();
        if (json) {
            w.println(org.rf4j.config.Json.line(j));
        } else {
            w.printf(Locale.ROOT, "wrote %d predictions to %s in %.3f s%n", rows.x().rows(), output, seconds);
            if (j.get("accuracy") != null) {
                w.printf(Locale.ROOT, "accuracy: %.4f%n", (Double) j.get("accuracy"));
            }
            if (j.get("rmse") != null) {
                w.printf(Locale.ROOT, "rmse: %.6g, r2: %.4f%n", (Double) j.get("rmse"), (Double) j.get("r2"));
            }
        }
        w.flush();
        return 0;
    }

    /** Writes the CSV text atomically and records the seconds since t0 and the output in j; returns the seconds. */
    private double write(StringBuilder sb, Map<String, Object> j, long t0) {
        double seconds = (System.nanoTime() - t0) * 1e-9;
        byte[] bytes = sb.toString().getBytes(StandardCharsets.UTF_8);
        DataFiles.writeAtomically(output, o -> o.write(bytes));
        j.put("predictSeconds", seconds);
        j.put("output", output.toString());
        return seconds;
    }

    /**
     * Whether a model file is a Gaussian-process model: its top-level {@code "format"} (the first
     * field rf4j writes, so the rest of the file is not read); anything else is left to the ridge
     * model's checks, which name what is wrong.
     */
    private static boolean isGaussianProcess(Path file) {
        try (com.fasterxml.jackson.core.JsonParser p = org.rf4j.config.Json.mapper().getFactory().createParser(file.toFile())) {
            if (p.nextToken() != com.fasterxml.jackson.core.JsonToken.START_OBJECT) {
                return false;
            }
            while (p.nextToken() == com.fasterxml.jackson.core.JsonToken.FIELD_NAME) {
                String name = p.currentName();
                com.fasterxml.jackson.core.JsonToken value = p.nextToken();
                if (name.equals("format")) {
                    return value == com.fasterxml.jackson.core.JsonToken.VALUE_STRING
                            && GaussianProcess.FORMAT.equals(p.getText());
                }
                p.skipChildren();
            }
            return false;
        } catch (java.io.IOException | RuntimeException e) {
            return false;
        }
    }

    /**
     * A Gaussian-process model: {@code mean,std}, then {@code lower,upper} with {@code --interval},
     * then the posterior samples with {@code --samples}; each value as Java writes a double (exact,
     * so a reloaded model writes the same bytes).
     */
    private int predictGp() throws Exception {
        if (interval != null && !(interval > 0 && interval < 1)) {
            throw new InvalidParameterException("--interval", interval, "a probability P with 0 < P < 1, e.g. 0.95");
        }
        if (samples != null && (samples < 1 || samples > 10_000)) {
            throw new InvalidParameterException("--samples", samples, "an integer from 1 to 10000 (posterior functions)");
        }
        if (seed != null && samples == null) {
            throw new InvalidParameterException("--seed", seed, "only with --samples K (it seeds the posterior samples)");
        }
        GaussianProcess m = GaussianProcess.load(model, registry);
        LabelledRows rows = ModelColumns.read(ModelColumns.Inputs.of(m), data, label, spec.commandLine().getErr());
        int n = rows.x().rows();
        if (samples != null && (long) n * samples > MAX_SAMPLE_VALUES) {
            throw new InvalidParameterException("--samples", samples, "at most " + MAX_SAMPLE_VALUES + " values in all; --data "
                    + data + " has " + n + " rows, so at most " + MAX_SAMPLE_VALUES / n + " samples (or predict the rows in parts)");
        }
        double[] truth = rows.labels() == null ? null : rows.numericLabels();
        if (rows.labels() != null && truth == null) {
            throw new InvalidInputException("--data " + data + ": the label column '" + rows.labelColumn()
                    + "' has a value that is not a number; a Gaussian-process model needs numbers");
        }
        long t0 = System.nanoTime();
        GaussianProcess.Prediction p;
        try {
            p = m.predict(rows.x());
        } catch (org.rf4j.api.InputEntryException e) {
            throw rows.locate(data, e);
        }
        double[] mean = p.mean();
        double[] std = p.std();
        double z = interval == null ? Double.NaN : org.rf4j.theory.special.Normal.inverseCdf(0.5 + interval / 2);
        Matrix draws = samples == null ? null : m.sample(rows.x(), samples, seed == null ? DEFAULT_SAMPLE_SEED : seed);
        StringBuilder sb = new StringBuilder("mean,std");
        if (interval != null) {
            sb.append(",lower,upper");
        }
        for (int k = 1; samples != null && k <= samples; k++) {
            sb.append(",sample_").append(k);
        }
        sb.append('\n');
        for (int i = 0; i < n; i++) {
            sb.append(mean[i]).append(',').append(std[i]);
            if (interval != null) {
                sb.append(',').append(mean[i] - z * std[i]).append(',').append(mean[i] + z * std[i]);
            }
            for (int k = 0; samples != null && k < samples; k++) {
                sb.append(',').append(draws.get(i, k));
            }
            sb.append('\n');
        }
        Map<String, Object> j = new LinkedHashMap<>();
        j.put("task", FitCommand.GP);
        j.put("rows", n);
        GaussianProcessTrainer.Evaluation e = truth == null ? null : GaussianProcessTrainer.Evaluation.of(p, truth);
        j.put("coverage", e == null ? null : e.coverage());
        j.put("rmse", e == null ? null : e.rmse());
        j.put("nlpd", e == null ? null : e.nlpd());
        j.put("r2", truth == null ? null : RidgeTrainer.r2(mean, truth));
        j.put("interval", interval);
        j.put("intervalCoverage", e == null || interval == null ? null : GaussianProcessTrainer.Evaluation.of(p, truth, z).coverage());
        j.put("samples", samples);
        j.put("seed", samples == null ? null : seed == null ? DEFAULT_SAMPLE_SEED : seed);
        double seconds = write(sb, j, t0);
        PrintWriter w = spec.commandLine().getOut();
        if (json) {
            w.println(org.rf4j.config.Json.line(j));
        } else {
            w.printf(Locale.ROOT, "wrote %d predictions (mean, std%s%s) to %s in %.3f s%n", n,
                    interval == null ? "" : ", " + interval + " interval",
                    samples == null ? "" : ", " + samples + " posterior samples", output, seconds);
            if (e != null) {
                w.printf(Locale.ROOT, "coverage of the 95%% interval: %.4f, rmse: %.6g, nlpd: %.4f%n", e.coverage(), e.rmse(),
                        e.nlpd());
            }
        }
        w.flush();
        return 0;
    }

    /** Labels compare as written, or as numbers when both are numbers (1 and 1.0). */
    private static boolean same(String a, String b) {
        if (a.strip().equals(b.strip())) {
            return true;
        }
        try {
            return Double.parseDouble(a.strip()) == Double.parseDouble(b.strip());
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private static String csv(String v) {
        if (v.contains(",") || v.contains("\"") || v.contains("\n")) {
            return "\"" + v.replace("\"", "\"\"") + "\"";
        }
        return v;
    }
}
