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
package org.rf4j.api;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * A mechanism's identity as a value: a provider id and its parameters. Together with a seed a
 * spec rebuilds the drawn mechanism bit for bit.
 *
 * <p>Parameter values are plain, JSON-like Java values: {@link String}, {@link Boolean},
 * {@link Long} or {@link Double} (other {@link Number}s are normalised to these), {@link Spec}
 * (a nested mechanism), {@link List} and {@link Map} of those. The map keeps insertion order and
 * is immutable.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public record Spec(String id, Map<String, Object> parameters) {
    public Spec {
        Objects.requireNonNull(id, "id");
        if (id.isBlank()) {
            throw new InvalidParameterException("id", id, "a non-blank mechanism id");
        }
        Map<String, Object> copy = new LinkedHashMap<>();
        parameters.forEach((k, v) -> copy.put(k, normalise(k, v)));
        parameters = Collections.unmodifiableMap(copy);
    }

    /** A spec with no parameters. */
    public static Spec of(String id) {
        return new Spec(id, Map.of());
    }

    /** A spec from alternating keys and values. */
    public static Spec of(String id, Object... keyValues) {
        if (keyValues.length % 2 != 0) {
            throw new IllegalArgumentException("keys and values must alternate");
        }
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            m.put((String) keyValues[i], keyValues[i + 1]);
        }
        return new Spec(id, m);
    }

    /** A copy with one parameter set (added or replaced). */
    public Spec with(String key, Object value) {
        Map<String, Object> m = new LinkedHashMap<>(parameters);
        m.put(key, value);
        return new Spec(id, m);
    }

    /** A copy without a parameter (the same spec if it is absent). */
    public Spec without(String key) {
        if (!parameters.containsKey(key)) {
            return this;
        }
        Map<String, Object> m = new LinkedHashMap<>(parameters);
        m.remove(key);
        return new Spec(id, m);
    }

    /** The parameter's value, or null. */
    public Object get(String key) {
        return parameters.get(key);
    }

    /** This spec as a plain map with {@code "id"} first, nested specs converted too (for JSON). */
    public Map<String, Object> toPlain() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", id);
        parameters.forEach((k, v) -> m.put(k, plain(v)));
        return m;
    }

    private static Object plain(Object v) {
        if (v instanceof Spec s) {
            return s.toPlain();
        }
        if (v instanceof List<?> l) {
            List<Object> out = new ArrayList<>(l.size());
            l.forEach(x -> out.add(plain(x)));
            return out;
        }
        if (v instanceof Map<?, ?> mm) {
            Map<String, Object> out = new LinkedHashMap<>();
            mm.forEach((k, x) -> out.put((String) k, plain(x)));
            return out;
        }
        return v;
    }

    private static Object normalise(String key, Object v) {
        if (v == null || v instanceof String || v instanceof Boolean || v instanceof Long || v instanceof Double
                || v instanceof Spec) {
            return v;
        }
        if (v instanceof Integer || v instanceof Short || v instanceof Byte) {
            return ((Number) v).longValue();
        }
        if (v instanceof Number n) {
            return n.doubleValue();
        }
        if (v instanceof List<?> l) {
            List<Object> out = new ArrayList<>(l.size());
            l.forEach(x -> out.add(normalise(key, x)));
            return Collections.unmodifiableList(out);
        }
        if (v instanceof double[] a) {
            List<Object> out = new ArrayList<>(a.length);
            for (double x : a) {
                out.add(x);
            }
            return Collections.unmodifiableList(out);
        }
        if (v instanceof Map<?, ?> mm) {
            Map<String, Object> out = new LinkedHashMap<>();
            mm.forEach((k, x) -> out.put(String.valueOf(k), normalise(key, x)));
            return Collections.unmodifiableMap(out);
        }
        throw new InvalidParameterException(key, v.getClass().getName(),
                "a string, boolean, number, spec, list or map value");
    }
}
