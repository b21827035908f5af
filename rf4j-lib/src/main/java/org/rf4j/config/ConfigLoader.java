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
package org.rf4j.config;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.BiFunction;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Matrix;
import org.rf4j.api.RfException;
import org.rf4j.api.Spec;
import org.rf4j.api.kernel.Kernel;
import org.rf4j.api.mechanism.DataSample;
import org.rf4j.api.mechanism.Estimator;
import org.rf4j.io.DataFiles;
import org.rf4j.spi.MechanismKind;
import org.rf4j.spi.MechanismRegistry;
import org.rf4j.spi.UnknownMechanismException;
import org.apiguardian.api.API;

/**
 * Reads the JSON config contract
 * {@code {"kernel": {"id": "gaussian", "sigma": 1.0}, "estimator": {...}, "data": ..., "seed": 42}}.
 *
 * <p>JSON is parsed with Jackson's tree model and converted to plain Java values (String, Boolean,
 * Long, Double, List, Map); the estimator is built through the registry, whose parameter schemas
 * do all validation. Every error names the JSON path (e.g. {@code estimator.coupling.id}), the
 * value and what is allowed; malformed JSON names the file, line and column. Data files named in
 * the config resolve relative to the config file's folder.
 *
 * <p>Top-level keys: {@code kernel} (default {@code {"id": "gaussian", "sigma": 1.0}}),
 * {@code estimator} (required), {@code data} (optional: a file for both sides, or
 * {@code {"query": file, "key": file}}) and {@code seed} (default {@value #DEFAULT_SEED}).
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class ConfigLoader {
    /** The allowed top-level keys. */
    public static final List<String> TOP_LEVEL_KEYS = List.of("kernel", "estimator", "data", "seed");
    /** The seed used when a config gives none. */
    public static final long DEFAULT_SEED = 42;
    /** The bundled default config (resource of this package). */
    public static final String DEFAULT_RESOURCE = "default-config.json";

    private static final ObjectMapper SHARED = Json.mapper();

    private final MechanismRegistry registry;
    private final ObjectMapper mapper;

    /** A loader reading JSON with rf4j's settings ({@link Json#mapper()}). */
    public ConfigLoader(MechanismRegistry registry) {
        this(registry, Json.mapper());
    }

    public ConfigLoader(MechanismRegistry registry, ObjectMapper mapper) {
        this.registry = Objects.requireNonNull(registry, "registry");
        this.mapper = Objects.requireNonNull(mapper, "mapper");
    }

    /** Reads a config file; data files it names resolve relative to its folder. */
    public RunConfig load(Path file) {
        return parse(readText(file), file.toString(), folder(file));
    }

    /** Reads a config file, or the bundled default config when {@code file} is null. */
    public RunConfig loadOrDefault(Path file) {
        return file == null ? loadDefault() : load(file);
    }

    /** The config bundled with rf4j (used when a command gets no {@code --config}). */
    public RunConfig loadDefault() {
        return parse(defaultText(), DEFAULT_SOURCE, Path.of(""));
    }

    /** The name of the bundled default config in messages. */
    public static final String DEFAULT_SOURCE = "(bundled " + DEFAULT_RESOURCE + ")";

    /** The text of a config file; a missing or unreadable file is a {@link ConfigException} naming it. */
    public static String readText(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new ConfigException("config file " + file + " does not exist");
        } catch (IOException e) {
            throw new ConfigException("cannot read config file " + file + ": " + e.getMessage(), e);
        }
    }

    /** The folder the data files a config file names resolve against: the file's own. */
    public static Path folder(Path file) {
        Path parent = file.toAbsolutePath().getParent();
        return parent == null ? Path.of("") : parent;
    }

    /** The text of the bundled default config. */
    public static String defaultText() {
        try (InputStream in = ConfigLoader.class.getResourceAsStream(DEFAULT_RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("the bundled " + DEFAULT_RESOURCE + " is missing from org.rf4j");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Config text that must be exactly one JSON object into plain values, read with rf4j's settings
     * ({@link Json}); see {@link #readObject(ObjectMapper, String, String)}.
     */
    public static Map<String, Object> readObject(String json, String source) {
        return readObject(SHARED, json, source);
    }

    /** Plain config values (a {@link ConfigSpec#toPlain()}, a {@link RunConfig#toPlain()}) as indented JSON text. */
    public static String writeText(Map<String, Object> plain) {
        return Json.pretty(plain);
    }

    /**
     * Parses config text.
     *
     * @param source  the name used in messages (usually the file name)
     * @param folder  the folder data files resolve against
     */
    public RunConfig parse(String json, String source, Path folder) {
        return fromPlain(readObject(mapper, json, source), source, folder);
    }

    /**
     * Reads config text that must be exactly one JSON object (nothing after it) into plain values;
     * malformed JSON names the source, line and column in the user's terms. Shared by this loader
     * and the front door.
     */
    public static Map<String, Object> readObject(ObjectMapper mapper, String json, String source) {
        JsonNode tree;
        try {
            tree = mapper.reader().with(com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_TRAILING_TOKENS).readTree(json);
        } catch (JsonProcessingException e) {
            JsonLocation loc = e.getLocation();
            String where = loc == null ? "" : " at line " + loc.getLineNr() + ", column " + loc.getColumnNr();
            throw new ConfigException(source, "malformed JSON" + where + ": " + jsonProblem(e.getOriginalMessage()), e);
        }
        if (tree == null || tree.isMissingNode()) {
            throw new ConfigException(source, "the config is empty; expected a JSON object with keys "
                    + TOP_LEVEL_KEYS, null);
        }
        Object plain = toPlain(tree);
        if (!(plain instanceof Map<?, ?> map)) {
            throw new ConfigException(source, "the config must be a JSON object with keys " + TOP_LEVEL_KEYS
                    + ", not " + ConfigSpec.describe(plain), null);
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> m = new LinkedHashMap<>((Map<String, Object>) map);
        return m;
    }

    /** Jackson's message in the user's terms (no Jackson class or feature names). */
    public static String jsonProblem(String message) {
        String m = message == null ? "" : message;
        if (m.startsWith("Trailing token")) {
            return "content after the config's JSON object; a config is exactly one JSON object";
        }
        if (m.contains("nesting depth")) {
            java.util.regex.Matcher d = java.util.regex.Pattern.compile("\\((\\d+)\\) exceeds the maximum allowed \\((\\d+)")
                    .matcher(m);
            return d.find() ? "objects and arrays nested " + d.group(1) + " deep; at most " + d.group(2) + " levels are allowed"
                    : "objects and arrays nested too deep";
        }
        return m.replaceAll(" \\(for [^)]*\\)", "").replaceAll("`[a-z]+(\\.[a-zA-Z$]+)+`", "a JSON value");
    }

    /** Builds a config from plain values (the shape {@link RunConfig#toPlain()} produces). */
    public RunConfig fromPlain(Map<String, Object> config, String source, Path folder) {
        ConfigSpec spec;
        try {
            for (String key : config.keySet()) {
                if (!TOP_LEVEL_KEYS.contains(key)) {
                    throw new ConfigException("unknown top-level key '" + key + "'; allowed: " + TOP_LEVEL_KEYS);
                }
            }
            spec = ConfigSpec.fromPlain(config);
        } catch (RfException e) {
            throw inSource(source, e);
        }
        return resolve(spec, source, DataFiles.configReader(folder));
    }

    /**
     * Resolves a typed config through the registry: the kernel and the estimator are built (their
     * parameter schemas validate every value), and every data file the config names, its top-level
     * {@code data} and the files its mechanisms name, is read through {@code reader} (key, file name).
     * Errors name the source, the config path, the value and what is allowed.
     */
    public RunConfig resolve(ConfigSpec config, String source, BiFunction<String, String, Matrix> reader) {
        try {
            Kernel kernel = kernel(config.kernel());
            long seed = config.seedOrDefault();
            if (config.estimator() == null) {
                throw new InvalidParameterException("estimator", "is required; expected an estimator object "
                        + "{\"id\": ...} with id one of " + registry.ids(MechanismKind.ESTIMATOR));
            }
            Spec spec = withDefaultFeatureMap(config.estimator(), kernel);
            Estimator estimator = registry.create(MechanismKind.ESTIMATOR, "estimator", spec);
            estimator.refusal(kernel).ifPresent(why -> {
                throw new InvalidParameterException("estimator", why);
            });
            // the mechanisms read no files: every data file they name is read here, relative to the
            // config's folder, and reaches them at their fit stage (FitData.file)
            Map<String, Matrix> files = new LinkedHashMap<>();
            registry.dataFiles(MechanismKind.ESTIMATOR, "estimator", spec)
                    .forEach((key, file) -> files.put(key, reader.apply(key, file)));
            Object dataValue = config.data();
            DataSample data = dataValue == null ? null : data(dataValue, reader);
            return new RunConfig(kernel, estimator, seed, dataValue, data, files, source);
        } catch (RfException e) {
            throw inSource(source, e);
        }
    }

    /** {@code e} with its message prefixed by the config's source (once). */
    public static ConfigException inSource(String source, RfException e) {
        if (e instanceof ConfigException c && source.equals(c.source())) {
            return c;
        }
        return new ConfigException(source, e.getMessage(), e);
    }

    /** The config as indented JSON text (defaults filled in). */
    public String write(RunConfig config) {
        try {
            return mapper.writer().with(SerializationFeature.INDENT_OUTPUT).writeValueAsString(config.toPlain());
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write config: " + e.getMessage(), e);
        }
    }

    /** Writes a config atomically to a file. */
    public void write(RunConfig config, Path file) {
        DataFiles.writeAtomically(file, out -> out.write((write(config) + "\n").getBytes(StandardCharsets.UTF_8)));
    }

    /**
     * A {@code random-features} estimator that names no feature map gets the kernel's default map
     * ({@link Kernel#defaultFeatureMap()}); the Gaussian and softmax kernels keep the schema's default
     * ({@code positive}), so their configs are unchanged.
     */
    private static Spec withDefaultFeatureMap(Spec estimator, Kernel kernel) {
        if (kernel.unitKind().isPresent() || !"random-features".equals(estimator.id())
                || estimator.parameters().containsKey("features")) {
            return estimator;
        }
        return estimator.with("features", Spec.of(kernel.defaultFeatureMap()));
    }

    /** The kernel through the registry, like every other mechanism; absent: gaussian with σ = 1. */
    private Kernel kernel(Spec spec) {
        if (spec == null) {
            return registry.create(MechanismKind.KERNEL, "kernel", Spec.of("gaussian"));
        }
        spec.parameters().forEach((key, value) -> {
            if ("median".equals(value) || "scale".equals(value)) {
                throw new InvalidParameterException("kernel." + key, "'" + value + "' is a length scale fitted from data,"
                        + " which this command does not fit; give a number (a fitted config, e.g. from rf4j transform or"
                        + " RandomFeatureMap.toConfig(), has it)");
            }
        });
        if (!registry.ids(MechanismKind.KERNEL).contains(spec.id())) {
            throw new UnknownMechanismException("kernel.id", MechanismKind.KERNEL, spec.id(),
                    registry.ids(MechanismKind.KERNEL));
        }
        return registry.create(MechanismKind.KERNEL, "kernel", spec);
    }

    private static DataSample data(Object v, BiFunction<String, String, Matrix> reader) {
        if (v instanceof String file) {
            return DataSample.symmetric(reader.apply("data", file));
        }
        if (v instanceof Map<?, ?> m) {
            for (Object k : m.keySet()) {
                if (!"query".equals(k) && !"key".equals(k)) {
                    throw new InvalidParameterException("data." + k, "is not allowed; allowed: [query, key]");
                }
            }
            if (!(m.get("query") instanceof String q)) {
                throw new InvalidParameterException("data.query", m.get("query"), "a data file name (CSV, ARFF or .npy)");
            }
            if (!(m.get("key") instanceof String k)) {
                throw new InvalidParameterException("data.key", m.get("key"), "a data file name (CSV, ARFF or .npy)");
            }
            Matrix query = reader.apply("data.query", q);
            Matrix key = reader.apply("data.key", k);
            return new DataSample(query, key);
        }
        throw new InvalidParameterException("data", ConfigSpec.describe(v),
                "a data file name, or {\"query\": file, \"key\": file}");
    }

    /** Converts a JSON tree to plain Java values: Map, List, String, Boolean, Long, Double, null. */
    public static Object toPlain(JsonNode n) {
        if (n == null || n.isNull() || n.isMissingNode()) {
            return null;
        }
        if (n.isObject()) {
            Map<String, Object> m = new LinkedHashMap<>();
            Iterator<Map.Entry<String, JsonNode>> it = n.fields();
            while (it.hasNext()) {
                Map.Entry<String, JsonNode> e = it.next();
                m.put(e.getKey(), toPlain(e.getValue()));
            }
            return m;
        }
        if (n.isArray()) {
            List<Object> l = new ArrayList<>(n.size());
            n.forEach(x -> l.add(toPlain(x)));
            return l;
        }
        if (n.isIntegralNumber()) {
            return n.canConvertToLong() ? (Object) n.longValue() : (Object) n.doubleValue();
        }
        if (n.isNumber()) {
            return n.doubleValue();
        }
        if (n.isBoolean()) {
            return n.booleanValue();
        }
        if (n.isTextual()) {
            return n.textValue();
        }
        return n.toString();
    }
}
