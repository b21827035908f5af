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
package org.rf4j;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Spec;
import org.rf4j.config.ConfigException;
import org.rf4j.config.ConfigLoader;
import org.rf4j.spi.MechanismRegistry;

/** Config text in and out for the front door (package-private plumbing). */
final class Configs {
    /** The top-level key a fitted config records its input dimension under. */
    static final String DIMENSION = "dimension";
    /**
     * The top-level switch that lets rows with degenerate features through ({@code true}; absent or
     * {@code false}: such rows are refused, see {@link org.rf4j.api.DegenerateRowException}).
     */
    static final String ALLOW_DEGENERATE_ROWS = "allowDegenerateRows";

    private static final ObjectMapper MAPPER = RandomFeatures.newMapper();

    private Configs() {
    }

    /** The registry of every provider {@code ServiceLoader} finds, built once. */
    static MechanismRegistry defaultRegistry() {
        return DefaultRegistry.INSTANCE;
    }

    private static final class DefaultRegistry {
        static final MechanismRegistry INSTANCE = MechanismRegistry.discover();
    }

    static ConfigLoader loader(MechanismRegistry registry) {
        return new ConfigLoader(registry, MAPPER);
    }

    static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new ConfigException("config file " + file + " does not exist");
        } catch (IOException e) {
            throw new ConfigException("cannot read config file " + file + ": " + e.getMessage(), e);
        }
    }

    /** Parses JSON text that must be one object (the config loader's rules) and checks a fitted config's dimension. */
    static Map<String, Object> parseObject(String json, String source) {
        Map<String, Object> copy = ConfigLoader.readObject(MAPPER, json, source);
        Object dim = copy.get(DIMENSION);
        if (dim != null && !(dim instanceof Long l && l >= 1 && l <= Integer.MAX_VALUE)) {
            throw new InvalidParameterException(DIMENSION, dim, "an integer >= 1 (the fitted input dimension)");
        }
        Object allow = copy.get(ALLOW_DEGENERATE_ROWS);
        if (allow != null && !(allow instanceof Boolean)) {
            throw new InvalidParameterException(ALLOW_DEGENERATE_ROWS, allow, "true or false");
        }
        return copy;
    }

    static String write(Map<String, Object> plain) {
        try {
            return MAPPER.writeValueAsString(plain);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write config: " + e.getMessage(), e);
        }
    }

    /**
     * A parameter value given from Java as a plain JSON-like value: numbers (ints and longs as Long,
     * floats as Double), strings, booleans, lists/arrays, maps and {@link Spec}s.
     */
    static Object plainValue(String key, Object v) {
        if (v == null || v instanceof String || v instanceof Boolean || v instanceof Long || v instanceof Double) {
            return v;
        }
        if (v instanceof Integer || v instanceof Short || v instanceof Byte) {
            return ((Number) v).longValue();
        }
        if (v instanceof Float f) {
            return f.doubleValue();
        }
        if (v instanceof Spec s) {
            return s.toPlain();
        }
        if (v instanceof double[] a) {
            List<Object> l = new ArrayList<>(a.length);
            for (double x : a) {
                l.add(x);
            }
            return l;
        }
        if (v instanceof int[] a) {
            List<Object> l = new ArrayList<>(a.length);
            for (int x : a) {
                l.add((long) x);
            }
            return l;
        }
        if (v instanceof Collection<?> c) {
            List<Object> l = new ArrayList<>(c.size());
            int i = 0;
            for (Object x : c) {
                l.add(plainValue(key + "[" + i++ + "]", x));
            }
            return l;
        }
        if (v instanceof Map<?, ?> m) {
            Map<String, Object> out = new LinkedHashMap<>();
            m.forEach((k, x) -> out.put(String.valueOf(k), plainValue(key + "." + k, x)));
            return out;
        }
        throw new InvalidParameterException(key, v.getClass().getSimpleName() + " " + v,
                "a number, string, boolean, list, map or mechanism spec");
    }
}
