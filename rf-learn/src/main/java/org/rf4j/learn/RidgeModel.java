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
package org.rf4j.learn;

import static org.rf4j.learn.ModelJson.distinct;
import static org.rf4j.learn.ModelJson.doubles;
import static org.rf4j.learn.ModelJson.field;
import static org.rf4j.learn.ModelJson.finite;
import static org.rf4j.learn.ModelJson.integer;
import static org.rf4j.learn.ModelJson.number;
import static org.rf4j.learn.ModelJson.oneLine;
import static org.rf4j.learn.ModelJson.strings;
import static org.rf4j.learn.ModelJson.text;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Properties;
import org.rf4j.api.Matrix;
import org.rf4j.api.RfException;
import org.rf4j.spi.MechanismRegistry;
import org.apiguardian.api.API;

/**
 * A trained ridge model as a value: the fitted feature-map config (kernel, mechanisms, fitted
 * statistics, seed, input dimension), the optional standardisation, λ and σ, and the weights and
 * intercepts of the linear predictor on the features. Saved as one JSON file (doubles written in
 * their shortest round-tripping form, so a reload is bit-identical), atomically; a file from
 * another rf4j major version or with a missing field is refused with {@link ModelFileException}.
 *
 * <h2>Which side of the feature map is which</h2>
 * The model predicts {@code f(x) = φ₁(x)ᵀW + b} with {@code W = Φ₂(X)ᵀα}: training rows go through
 * the <em>key</em> side φ₂, the points predicted at through the <em>query</em> side φ₁. So
 * {@code f(x) = Σᵢ αᵢ K̂(x, xᵢ) + b} with {@code K̂(x, xᵢ) = φ₁(x)ᵀφ₂(xᵢ)}, the map's estimate of the
 * kernel between the new point (first argument, query) and the training points (second argument,
 * keys) — the kernel a kernel machine evaluates, K(x_test, x_train). For symmetric maps
 * (φ₁ = φ₂: trigonometric, positive, OPRF, Nyström) this is ordinary ridge on the features; for
 * asymmetric maps (complex-exponential, hybrids, GERF with complex A) it is the only pairing whose
 * cross term is the unbiased kernel estimate, and swapping the sides changes the predictions.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class RidgeModel {
    /** The {@code format} value of model files. */
    public static final String FORMAT = "rf4j-ridge-model";
    /** The rf4j version writing model files. */
    public static final String RF4J_VERSION = currentVersion();
    /** rf4j's JSON settings: a key given twice in a model file is an error, not "the last one wins". */
    private static final ObjectMapper MAPPER = org.rf4j.config.Json.mapper();
    private static final int BLOCK = 4096;

    private final LearningTask task;
    private final String featureConfig;
    private final double lambda;
    private final double sigma;
    private final double cvScore;
    private final List<String> classes;
    private final List<String> columns;
    private final String labelColumn;
    private final Standardizer standardizer;
    private final LinearFit fit;
    private final MechanismRegistry registry;
    private volatile FeatureMaps.DrawnMap map;

    RidgeModel(LearningTask task, MechanismRegistry registry, FeatureMaps.DrawnMap map, String featureConfig, double lambda, double sigma, double cvScore,
            List<String> classes, List<String> columns, String labelColumn, Standardizer standardizer, LinearFit fit) {
        this.task = Objects.requireNonNull(task, "task");
        this.registry = registry;
        this.map = map;
        this.featureConfig = Objects.requireNonNull(featureConfig, "featureConfig");
        this.lambda = lambda;
        this.sigma = sigma;
        this.cvScore = cvScore;
        this.classes = List.copyOf(classes);
        this.columns = List.copyOf(columns);
        this.labelColumn = labelColumn;
        this.standardizer = standardizer;
        this.fit = Objects.requireNonNull(fit, "fit");
    }

    private static String currentVersion() {
        try (InputStream in = RidgeModel.class.getResourceAsStream("version.properties")) {
            if (in != null) {
                Properties p = new Properties();
                p.load(in);
                String v = p.getProperty("version", "");
                if (!v.isBlank() && !v.startsWith("$")) {
                    return v.strip();
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return "0.1.0-SNAPSHOT";
    }

    static String major(String version) {
        int dot = version.indexOf('.');
        return dot < 0 ? version : version.substring(0, dot);
    }

    public LearningTask task() {
        return task;
    }

    public double lambda() {
        return lambda;
    }

    /** The Gaussian kernel's σ, NaN for softmax. */
    public double sigma() {
        return sigma;
    }

    /** The cross-validated score the hyper-parameters were chosen by (accuracy or R²), NaN if none. */
    public double cvScore() {
        return cvScore;
    }

    /** The class names (column j of the scores is class j); empty for regression. */
    public List<String> classes() {
        return classes;
    }

    /** The names of the input columns, in order. */
    public List<String> columns() {
        return columns;
    }

    /** The label column the model was trained on, or null. */
    public String labelColumn() {
        return labelColumn;
    }

    /** The fitted feature-map config JSON. */
    public String featureConfig() {
        return featureConfig;
    }

    public Standardizer standardizer() {
        return standardizer;
    }

    /** The linear predictor on the features. */
    public LinearFit linear() {
        return fit;
    }

    public int inputDimension() {
        return columns.size();
    }

    /** The feature dimension M. */
    public int outputDimension() {
        return fit.weights().rows();
    }

    private FeatureMaps.DrawnMap map() {
        FeatureMaps.DrawnMap m = map;
        if (m == null) {
            m = FeatureMaps.restore(featureConfig, registry);
            if (m.outputDimension() != fit.weights().rows()) {
                throw new ModelFileException("the model's feature config gives " + m.outputDimension()
                        + " features but its weights have " + fit.weights().rows() + " rows");
            }
            map = m;
        }
        return m;
    }

    /**
     * The scores {@code φ₁(x)ᵀW + b} of rows x (caller's coordinates, n×c): class scores for
     * classification, the value for regression. Computed in row blocks.
     */
    public Matrix scores(Matrix x) {
        x.requireCols(columns.size(), "prediction rows").requireFinite("prediction rows");
        FeatureMaps.DrawnMap m = map();
        int n = x.rows();
        int c = fit.outputs();
        Matrix out = Matrix.zeros(n, c);
        for (int r0 = 0; r0 < n; r0 += BLOCK) {
            int r1 = Math.min(n, r0 + BLOCK);
            Matrix block = x.rowRange(r0, r1);
            if (standardizer != null) {
                block = standardizer.apply(block);
            }
            Matrix p = fit.predict(m.queries(block));
            System.arraycopy(p.data(), 0, out.data(), r0 * c, p.data().length);
        }
        return out;
    }

    /** The predicted class index (into {@link #classes()}) of each row. */
    public int[] predictClassIndex(Matrix x) {
        requireTask(LearningTask.CLASSIFY);
        return argmax(scores(x));
    }

    static int[] argmax(Matrix s) {
        int c = s.cols();
        int[] out = new int[s.rows()];
        for (int i = 0; i < s.rows(); i++) {
            int best = 0;
            for (int j = 1; j < c; j++) {
                if (s.data()[i * c + j] > s.data()[i * c + best]) {
                    best = j;
                }
            }
            out[i] = best;
        }
        return out;
    }

    /** The predicted value of each row (regression). */
    public double[] predictValues(Matrix x) {
        requireTask(LearningTask.REGRESS);
        return scores(x).data();
    }

    private void requireTask(LearningTask t) {
        if (task != t) {
            throw new org.rf4j.api.InvalidParameterException("task", task.id(), "'" + t.id() + "' for this call");
        }
    }

    // ------------------------------------------------------------------------------- JSON

    /** The model as JSON text. */
    public String toJson() {
        ObjectNode o = MAPPER.createObjectNode();
        o.put("format", FORMAT);
        o.put("rf4jVersion", RF4J_VERSION);
        o.put("task", task.id());
        o.put("lambda", lambda);
        ModelJson.numberOrNull(o, "sigma", sigma);
        ModelJson.numberOrNull(o, "cvScore", cvScore);
        ModelJson.config(o, featureConfig);
        ArrayNode cols = o.putArray("columns");
        columns.forEach(cols::add);
        ModelJson.textOrNull(o, "labelColumn", labelColumn);
        ArrayNode cls = o.putArray("classes");
        classes.forEach(cls::add);
        ModelJson.standardizer(o, standardizer);
        o.put("outputDimension", outputDimension());
        o.put("outputs", fit.outputs());
        doubles(o.putArray("intercept"), fit.intercept());
        ArrayNode w = o.putArray("weights");
        Matrix wm = fit.weights();
        for (int i = 0; i < wm.rows(); i++) {
            doubles(w.addArray(), wm.row(i));
        }
        try {
            return MAPPER.writer().with(SerializationFeature.INDENT_OUTPUT).writeValueAsString(o);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write the model: " + e.getOriginalMessage(), e);
        }
    }

    /** Writes the model atomically (an interrupted write leaves no file behind). */
    public void save(Path file) {
        ModelJson.save(file, toJson());
    }

    /** Reads a model file. */
    public static RidgeModel load(Path file) {
        return load(file, null);
    }

    /** Reads a model file; its feature map is rebuilt with a registry's mechanisms (null: discovered). */
    public static RidgeModel load(Path file, MechanismRegistry registry) {
        String text = ModelJson.read(file);
        return fromJson(text, "model file " + file, registry);
    }

    /** Parses a model from JSON text; {@code source} names it in messages. */
    public static RidgeModel fromJson(String json, String source) {
        return fromJson(json, source, null);
    }

    /**
     * Parses a model; its feature map is rebuilt with a registry's mechanisms (null: discovered).
     * A model file is an input like any data file: every field is checked before the model is
     * used — the format, a known rf4j major version, the task, finite λ ≥ 0, σ (null or finite
     * &gt; 0), finite means and positive finite scales, finite weights and intercepts, shapes that
     * agree (columns, scales, outputs, classes, weight rows), distinct column and class names,
     * and a feature config that resolves to a map of this input dimension and weight rows. Each
     * failure is a {@link ModelFileException} naming the field.
     */
    public static RidgeModel fromJson(String json, String source, MechanismRegistry registry) {
        ObjectNode o = ModelJson.parse(json, source, FORMAT);
        try {
            String taskId = text(o, "task", source);
            LearningTask task;
            try {
                task = LearningTask.of("task", taskId);
            } catch (RfException e) {
                throw new ModelFileException(source + ": field 'task' is '" + taskId + "'; expected one of " + LearningTask.ids());
            }
            double lambda = number(o, "lambda", source, false);
            if (!(lambda >= 0) || !Double.isFinite(lambda)) {
                throw new ModelFileException(source + ": field 'lambda' is " + lambda + "; expected a finite number >= 0");
            }
            double sigma = number(o, "sigma", source, true);
            if (!Double.isNaN(sigma) && !(sigma > 0 && Double.isFinite(sigma))) {
                throw new ModelFileException(source + ": field 'sigma' is " + sigma + "; expected null or a finite number > 0");
            }
            double cv = number(o, "cvScore", source, true);
            if (Double.isInfinite(cv)) {
                throw new ModelFileException(source + ": field 'cvScore' is " + cv + "; expected null or a finite number");
            }
            JsonNode config = field(o, "config", source);
            if (!config.isObject()) {
                throw new ModelFileException(source + ": field 'config' must be a config object");
            }
            List<String> columns = strings(o, "columns", source);
            if (columns.isEmpty()) {
                throw new ModelFileException(source + ": field 'columns' is empty; a model has at least one input column");
            }
            distinct(columns, "columns", source);
            JsonNode lc = field(o, "labelColumn", source);
            if (!lc.isNull() && !lc.isTextual()) {
                throw new ModelFileException(source + ": field 'labelColumn' must be null or a string, not " + lc);
            }
            String label = lc.isNull() ? null : lc.asText();
            List<String> classes = strings(o, "classes", source);
            distinct(classes, "classes", source);
            JsonNode st = field(o, "standardize", source);
            Standardizer standardizer = null;
            if (!st.isNull()) {
                if (!st.isObject()) {
                    throw new ModelFileException(source + ": field 'standardize' must be null or an object with 'mean' and 'scale'");
                }
                double[] mean = doubles(st, "standardize.mean", "mean", source);
                double[] scale = doubles(st, "standardize.scale", "scale", source);
                if (mean.length != columns.size() || scale.length != columns.size()) {
                    throw new ModelFileException(source + ": 'standardize' has " + mean.length + " means and "
                            + scale.length + " scales for " + columns.size() + " columns");
                }
                for (int j = 0; j < scale.length; j++) {
                    if (!(scale[j] > 0)) {
                        throw new ModelFileException(source + ": field 'standardize.scale[" + j + "]' (column '" + columns.get(j)
                                + "') is " + scale[j] + "; a scale must be a finite number > 0");
                    }
                }
                standardizer = new Standardizer(mean, scale);
            }
            int dim = integer(o, "outputDimension", source);
            int outputs = integer(o, "outputs", source);
            double[] intercept = doubles(o, "intercept", "intercept", source);
            if (intercept.length != outputs) {
                throw new ModelFileException(source + ": 'intercept' has " + intercept.length + " entries for outputs = " + outputs);
            }
            if (task == LearningTask.CLASSIFY && classes.size() != outputs) {
                throw new ModelFileException(source + ": field 'classes' has " + classes.size() + " names for outputs = " + outputs);
            }
            if (task == LearningTask.CLASSIFY && classes.size() < 2) {
                throw new ModelFileException(source + ": field 'classes' has " + classes.size()
                        + " names; a classification model has at least 2");
            }
            if (task == LearningTask.REGRESS && (outputs != 1 || !classes.isEmpty())) {
                throw new ModelFileException(source + ": a regression model has outputs = 1 and no classes, not outputs = "
                        + outputs + " and " + classes.size() + " classes");
            }
            JsonNode w = field(o, "weights", source);
            if (!w.isArray() || w.size() != dim) {
                throw new ModelFileException(source + ": 'weights' must be an array of outputDimension = " + dim + " rows");
            }
            if ((long) dim * outputs > Integer.MAX_VALUE - 8) {
                throw new ModelFileException(source + ": outputDimension × outputs = " + (long) dim * outputs + " is too large");
            }
            Matrix weights = Matrix.zeros(dim, outputs);
            for (int i = 0; i < dim; i++) {
                JsonNode row = w.get(i);
                if (!row.isArray() || row.size() != outputs) {
                    throw new ModelFileException(source + ": weights row " + i + " must have outputs = " + outputs + " numbers");
                }
                for (int j = 0; j < outputs; j++) {
                    weights.data()[i * outputs + j] = finite(row.get(j), "weights[" + i + "][" + j + "]", source);
                }
            }
            RidgeModel model = new RidgeModel(task, registry, null, config.toString(), lambda, sigma, cv, classes, columns, label,
                    standardizer, new LinearFit(weights, intercept));
            model.resolve(source);
            return model;
        } catch (ModelFileException e) {
            throw e;
        } catch (RfException e) {
            throw new ModelFileException(source + ": " + e.getMessage());
        }
    }

    /** Rebuilds the feature map from the fitted config now, so a model that cannot be used is refused on load. */
    private void resolve(String source) {
        FeatureMaps.DrawnMap m;
        try {
            m = FeatureMaps.restore(featureConfig, registry);
        } catch (RfException e) {
            throw new ModelFileException(source + ": field 'config' does not resolve: " + oneLine(e.getMessage()));
        } catch (RuntimeException e) {
            throw new ModelFileException(source + ": field 'config' does not resolve: " + e);
        }
        if (m.inputDimension() != columns.size()) {
            throw new ModelFileException(source + ": field 'config' takes " + m.inputDimension() + " inputs but 'columns' names "
                    + columns.size());
        }
        if (m.outputDimension() != fit.weights().rows()) {
            throw new ModelFileException(source + ": field 'config' gives " + m.outputDimension()
                    + " features but 'weights' has " + fit.weights().rows() + " rows");
        }
        map = m;
    }

}
