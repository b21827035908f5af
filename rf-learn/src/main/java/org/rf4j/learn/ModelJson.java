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

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.rf4j.io.DataFiles;

/**
 * Reading and writing the fields of rf4j's model files (ridge and Gaussian-process models): every
 * reader refuses a missing or ill-typed field with a {@link ModelFileException} naming it.
 */
final class ModelJson {
    private ModelJson() {
    }

    private static final ObjectMapper MAPPER = org.rf4j.config.Json.mapper();

    /** A model file's text, or a refusal naming the file. */
    static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new ModelFileException("model file " + file + " does not exist");
        } catch (IOException e) {
            throw new ModelFileException("cannot read model file " + file + ": " + e.getMessage());
        }
    }

    /**
     * The model object of JSON text: an object with {@code "format"} equal to {@code format} and an
     * {@code "rf4jVersion"} of this rf4j's major version; anything else is refused naming the field.
     */
    static ObjectNode parse(String json, String source, String format) {
        if (json == null) {
            throw new ModelFileException(source + ": no model text");
        }
        JsonNode root;
        try {
            root = MAPPER.readTree(json);
        } catch (JsonProcessingException e) {
            throw new ModelFileException(source + ": malformed JSON: " + oneLine(e.getOriginalMessage()));
        }
        if (!(root instanceof ObjectNode o)) {
            throw new ModelFileException(source + ": expected a JSON object written by 'rf4j fit'");
        }
        String found = text(o, "format", source);
        if (!format.equals(found)) {
            throw new ModelFileException(source + ": field 'format' is '" + found + "'; expected '" + format + "'");
        }
        String version = text(o, "rf4jVersion", source);
        String current = RidgeModel.RF4J_VERSION;
        if (!version.matches("\\d+(\\.\\d+)*([-+.][0-9A-Za-z.-]+)?")) {
            throw new ModelFileException(source + ": field 'rf4jVersion' is '" + version + "'; expected an rf4j version such as "
                    + current);
        }
        if (!RidgeModel.major(version).equals(RidgeModel.major(current))) {
            throw new ModelFileException(source + " was written by rf4j " + version + " (major version "
                    + RidgeModel.major(version) + "); this is rf4j " + current + " (major version "
                    + RidgeModel.major(current) + "): refit the model with this version");
        }
        return o;
    }

    static void doubles(ArrayNode a, double[] v) {
        for (double x : v) {
            a.add(x);
        }
    }

    /** Sets {@code field} to v, or to null when v is NaN (not set). */
    static void numberOrNull(ObjectNode o, String field, double v) {
        if (Double.isNaN(v)) {
            o.putNull(field);
        } else {
            o.put(field, v);
        }
    }

    /** Sets {@code field} to v, or to null. */
    static void textOrNull(ObjectNode o, String field, String v) {
        if (v == null) {
            o.putNull(field);
        } else {
            o.put(field, v);
        }
    }

    /** Sets {@code "config"} to the tree of a feature config's JSON text. */
    static void config(ObjectNode o, String featureConfig) {
        try {
            o.set("config", MAPPER.readTree(featureConfig));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("the feature config is not JSON: " + e.getOriginalMessage(), e);
        }
    }

    /** Sets {@code "standardize"} to the columns' mean and scale, or to null for rows used as given. */
    static void standardizer(ObjectNode o, Standardizer standardizer) {
        if (standardizer == null) {
            o.putNull("standardize");
        } else {
            ObjectNode s = o.putObject("standardize");
            doubles(s.putArray("mean"), standardizer.mean());
            doubles(s.putArray("scale"), standardizer.scale());
        }
    }

    /** Writes a model's JSON text and a newline to a file atomically (an interrupted write leaves no file behind). */
    static void save(Path file, String json) {
        byte[] bytes = (json + "\n").getBytes(StandardCharsets.UTF_8);
        DataFiles.writeAtomically(file, out -> out.write(bytes));
    }

    static String oneLine(String s) {
        return s == null ? "" : s.replace('\n', ' ').replace('\r', ' ');
    }

    static void distinct(List<String> names, String field, String source) {
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (String n : names) {
            if (!seen.add(n)) {
                throw new ModelFileException(source + ": field '" + field + "' names '" + n + "' twice; names must be distinct");
            }
        }
    }

    static JsonNode field(JsonNode o, String name, String source) {
        JsonNode v = o.get(name);
        if (v == null) {
            throw new ModelFileException(source + ": field '" + name + "' is missing; the file is not a complete rf4j model");
        }
        return v;
    }

    static String text(JsonNode o, String name, String source) {
        JsonNode v = field(o, name, source);
        if (!v.isTextual()) {
            throw new ModelFileException(source + ": field '" + name + "' must be a string, not " + v);
        }
        return v.asText();
    }

    static double number(JsonNode o, String name, String source, boolean nullable) {
        JsonNode v = field(o, name, source);
        if (nullable && v.isNull()) {
            return Double.NaN;
        }
        if (!v.isNumber()) {
            throw new ModelFileException(source + ": field '" + name + "' must be a number, not " + v);
        }
        return v.asDouble();
    }

    static int integer(JsonNode o, String name, String source) {
        JsonNode v = field(o, name, source);
        if (!v.canConvertToInt() || !v.isIntegralNumber() || v.asInt() < 1) {
            throw new ModelFileException(source + ": field '" + name + "' must be a positive integer, not " + v);
        }
        return v.asInt();
    }

    static List<String> strings(JsonNode o, String name, String source) {
        JsonNode v = field(o, name, source);
        if (!v.isArray()) {
            throw new ModelFileException(source + ": field '" + name + "' must be an array of strings");
        }
        List<String> out = new ArrayList<>();
        for (int i = 0; i < v.size(); i++) {
            if (!v.get(i).isTextual()) {
                throw new ModelFileException(source + ": field '" + name + "[" + i + "]' must be a string, not " + v.get(i));
            }
            out.add(v.get(i).asText());
        }
        return out;
    }

    /** The finite number at a field, or a refusal naming it. */
    static double finite(JsonNode v, String field, String source) {
        if (v == null || !v.isNumber()) {
            throw new ModelFileException(source + ": field '" + field + "' must be a number, not " + v);
        }
        double x = v.asDouble();
        if (!Double.isFinite(x)) {
            throw new ModelFileException(source + ": field '" + field + "' is " + v + ", which is not a finite double;"
                    + " a model's numbers must be finite");
        }
        return x;
    }

    static double[] doubles(JsonNode o, String field, String name, String source) {
        JsonNode v = field(o, name, source);
        if (!v.isArray()) {
            throw new ModelFileException(source + ": field '" + field + "' must be an array of numbers");
        }
        double[] out = new double[v.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = finite(v.get(i), field + "[" + i + "]", source);
        }
        return out;
    }
}
