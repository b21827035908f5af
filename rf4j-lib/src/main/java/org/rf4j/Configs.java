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

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Spec;
import org.rf4j.config.ConfigLoader;
import org.rf4j.config.ConfigSpec;
import org.rf4j.spi.MechanismRegistry;

/** The front door's registry and loader, and Java parameter values as config values (package-private plumbing). */
final class Configs {
    /** The top-level key a fitted config records its input dimension under. */
    static final String DIMENSION = ConfigSpec.DIMENSION;
    /**
     * The top-level switch that lets rows with degenerate features through ({@code true}; absent or
     * {@code false}: such rows are refused, see {@link org.rf4j.api.DegenerateRowException}).
     */
    static final String ALLOW_DEGENERATE_ROWS = ConfigSpec.ALLOW_DEGENERATE_ROWS;

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
        return new ConfigLoader(registry);
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
