package org.rf4j.learn;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Properties;
import org.rf4j.api.DimensionMismatchException;
import org.rf4j.api.Matrix;
import org.rf4j.api.RfException;
import org.rf4j.io.DataFiles;
import org.rf4j.spi.MechanismRegistry;

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
public final class RidgeModel {
    /** The {@code format} value of model files. */
    public static final String FORMAT = "rf4j-ridge-model";
    /** The rf4j version writing model files. */
    public static final String RF4J_VERSION = currentVersion();
    private static final ObjectMapper MAPPER = new ObjectMapper();
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
    private volatile FeatureMaps.Fitted map;

    RidgeModel(LearningTask task, MechanismRegistry registry, FeatureMaps.Fitted map, String featureConfig, double lambda, double sigma, double cvScore,
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

    private FeatureMaps.Fitted map() {
        FeatureMaps.Fitted m = map;
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
        FeatureMaps.Fitted m = map();
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
        if (Double.isNaN(sigma)) {
            o.putNull("sigma");
        } else {
            o.put("sigma", sigma);
        }
        if (Double.isNaN(cvScore)) {
            o.putNull("cvScore");
        } else {
            o.put("cvScore", cvScore);
        }
        try {
            o.set("config", MAPPER.readTree(featureConfig));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("the feature config is not JSON: " + e.getOriginalMessage(), e);
        }
        ArrayNode cols = o.putArray("columns");
        columns.forEach(cols::add);
        if (labelColumn == null) {
            o.putNull("labelColumn");
        } else {
            o.put("labelColumn", labelColumn);
        }
        ArrayNode cls = o.putArray("classes");
        classes.forEach(cls::add);
        if (standardizer == null) {
            o.putNull("standardize");
        } else {
            ObjectNode s = o.putObject("standardize");
            doubles(s.putArray("mean"), standardizer.mean());
            doubles(s.putArray("scale"), standardizer.scale());
        }
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

    private static void doubles(ArrayNode a, double[] v) {
        for (double x : v) {
            a.add(x);
        }
    }

    /** Writes the model atomically (an interrupted write leaves no file behind). */
    public void save(Path file) {
        String json = toJson() + "\n";
        DataFiles.writeAtomically(file, out -> out.write(json.getBytes(StandardCharsets.UTF_8)));
    }

    /** Reads a model file. */
    public static RidgeModel load(Path file) {
        return load(file, null);
    }

    /** Reads a model file; its feature map is rebuilt with a registry's mechanisms (null: discovered). */
    public static RidgeModel load(Path file, MechanismRegistry registry) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new ModelFileException("model file " + file + " does not exist");
        } catch (IOException e) {
            throw new ModelFileException("cannot read model file " + file + ": " + e.getMessage());
        }
        return fromJson(text, "model file " + file, registry);
    }

    /** Parses a model from JSON text; {@code source} names it in messages. */
    public static RidgeModel fromJson(String json, String source) {
        return fromJson(json, source, null);
    }

    /** Parses a model; its feature map is rebuilt with a registry's mechanisms (null: discovered). */
    public static RidgeModel fromJson(String json, String source, MechanismRegistry registry) {
        JsonNode root;
        try {
            root = MAPPER.readTree(json);
        } catch (JsonProcessingException e) {
            throw new ModelFileException(source + ": malformed JSON: " + e.getOriginalMessage());
        }
        if (!(root instanceof ObjectNode o)) {
            throw new ModelFileException(source + ": expected a JSON object written by 'rf4j fit'");
        }
        String format = text(o, "format", source);
        if (!FORMAT.equals(format)) {
            throw new ModelFileException(source + ": field 'format' is '" + format + "'; expected '" + FORMAT + "'");
        }
        String version = text(o, "rf4jVersion", source);
        if (!major(version).equals(major(RF4J_VERSION))) {
            throw new ModelFileException(source + " was written by rf4j " + version + " (major version " + major(version)
                    + "); this is rf4j " + RF4J_VERSION + " (major version " + major(RF4J_VERSION)
                    + "): refit the model with this version");
        }
        try {
            LearningTask task = LearningTask.of(source + ": task", text(o, "task", source));
            double lambda = number(o, "lambda", source, false);
            double sigma = number(o, "sigma", source, true);
            double cv = number(o, "cvScore", source, true);
            JsonNode config = field(o, "config", source);
            if (!config.isObject()) {
                throw new ModelFileException(source + ": field 'config' must be a config object");
            }
            List<String> columns = strings(o, "columns", source);
            JsonNode lc = field(o, "labelColumn", source);
            String label = lc.isNull() ? null : lc.asText();
            List<String> classes = strings(o, "classes", source);
            JsonNode st = field(o, "standardize", source);
            Standardizer standardizer = null;
            if (!st.isNull()) {
                standardizer = new Standardizer(doubles(st, "mean", source + ": standardize"),
                        doubles(st, "scale", source + ": standardize"));
                if (standardizer.mean().length != columns.size() || standardizer.scale().length != columns.size()) {
                    throw new ModelFileException(source + ": 'standardize' has " + standardizer.mean().length + " means and "
                            + standardizer.scale().length + " scales for " + columns.size() + " columns");
                }
            }
            int dim = integer(o, "outputDimension", source);
            int outputs = integer(o, "outputs", source);
            double[] intercept = doubles(o, "intercept", source);
            JsonNode w = field(o, "weights", source);
            if (!w.isArray() || w.size() != dim) {
                throw new ModelFileException(source + ": 'weights' must be an array of outputDimension = " + dim + " rows");
            }
            Matrix weights = Matrix.zeros(dim, outputs);
            for (int i = 0; i < dim; i++) {
                JsonNode row = w.get(i);
                if (!row.isArray() || row.size() != outputs) {
                    throw new ModelFileException(source + ": weights row " + i + " must have outputs = " + outputs + " numbers");
                }
                for (int j = 0; j < outputs; j++) {
                    if (!row.get(j).isNumber()) {
                        throw new ModelFileException(source + ": weights[" + i + "][" + j + "] is not a number");
                    }
                    weights.data()[i * outputs + j] = row.get(j).asDouble();
                }
            }
            if (intercept.length != outputs) {
                throw new ModelFileException(source + ": 'intercept' has " + intercept.length + " entries for outputs = " + outputs);
            }
            if (task == LearningTask.CLASSIFY && classes.size() != outputs) {
                throw new ModelFileException(source + ": " + classes.size() + " classes for outputs = " + outputs);
            }
            return new RidgeModel(task, registry, null, config.toString(), lambda, sigma, cv, classes, columns, label, standardizer,
                    new LinearFit(weights, intercept));
        } catch (ModelFileException e) {
            throw e;
        } catch (DimensionMismatchException e) {
            throw new ModelFileException(source + ": " + e.getMessage());
        } catch (RfException e) {
            throw new ModelFileException(source + ": " + e.getMessage());
        }
    }

    private static JsonNode field(JsonNode o, String name, String source) {
        JsonNode v = o.get(name);
        if (v == null) {
            throw new ModelFileException(source + ": field '" + name + "' is missing; the file is not a complete rf4j model");
        }
        return v;
    }

    private static String text(JsonNode o, String name, String source) {
        JsonNode v = field(o, name, source);
        if (!v.isTextual()) {
            throw new ModelFileException(source + ": field '" + name + "' must be a string, not " + v);
        }
        return v.asText();
    }

    private static double number(JsonNode o, String name, String source, boolean nullable) {
        JsonNode v = field(o, name, source);
        if (nullable && v.isNull()) {
            return Double.NaN;
        }
        if (!v.isNumber()) {
            throw new ModelFileException(source + ": field '" + name + "' must be a number, not " + v);
        }
        return v.asDouble();
    }

    private static int integer(JsonNode o, String name, String source) {
        JsonNode v = field(o, name, source);
        if (!v.canConvertToInt() || !v.isIntegralNumber() || v.asInt() < 1) {
            throw new ModelFileException(source + ": field '" + name + "' must be a positive integer, not " + v);
        }
        return v.asInt();
    }

    private static List<String> strings(JsonNode o, String name, String source) {
        JsonNode v = field(o, name, source);
        if (!v.isArray()) {
            throw new ModelFileException(source + ": field '" + name + "' must be an array of strings");
        }
        List<String> out = new ArrayList<>();
        v.forEach(x -> out.add(x.asText()));
        return out;
    }

    private static double[] doubles(JsonNode o, String name, String source) {
        JsonNode v = field(o, name, source);
        if (!v.isArray()) {
            throw new ModelFileException(source + ": field '" + name + "' must be an array of numbers");
        }
        double[] out = new double[v.size()];
        for (int i = 0; i < out.length; i++) {
            if (!v.get(i).isNumber()) {
                throw new ModelFileException(source + ": " + name + "[" + i + "] is not a number");
            }
            out[i] = v.get(i).asDouble();
        }
        return out;
    }
}
