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
package org.rf4j.spi;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Spec;
import org.apiguardian.api.API;

/**
 * The parameters a provider accepts. Validation happens here and only here: unknown keys, missing
 * required keys, wrong types and out-of-range values fail with the key's path, the value and what
 * is allowed; absent keys take their defaults.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class ParameterSchema {
    private final List<Parameter> parameters;
    private final Map<String, Parameter> byName = new LinkedHashMap<>();

    private ParameterSchema(List<Parameter> parameters) {
        this.parameters = List.copyOf(parameters);
        for (Parameter p : this.parameters) {
            if (p.name().isBlank() || p.name().equals("id")) {
                throw new InvalidSchemaException("parameter name '" + p.name() + "' is not allowed (blank or 'id')");
            }
            if (byName.put(p.name(), p) != null) {
                throw new InvalidSchemaException("parameter '" + p.name() + "' is declared twice");
            }
            if ((p.type() == ParameterType.MECHANISM || p.type() == ParameterType.MECHANISM_LIST)
                    != (p.mechanismKind() != null)) {
                throw new InvalidSchemaException("parameter '" + p.name() + "' of type " + p.type()
                        + " must name a mechanism kind exactly when it is a mechanism");
            }
            if (p.min() != null && p.max() != null && p.min() > p.max()) {
                throw new InvalidSchemaException("parameter '" + p.name() + "' has min " + p.min() + " > max " + p.max());
            }
            if (p.defaultValue() != null) {
                try {
                    check(p, p.name(), p.defaultValue());
                } catch (InvalidParameterException e) {
                    throw new InvalidSchemaException("parameter '" + p.name() + "' has an invalid default: "
                            + e.getMessage());
                }
            }
        }
    }

    /** A schema of the given parameters, checked for consistency. */
    public static ParameterSchema of(Parameter... parameters) {
        return new ParameterSchema(List.of(parameters));
    }

    /** A schema of the given parameters, checked for consistency. */
    public static ParameterSchema of(List<Parameter> parameters) {
        return new ParameterSchema(parameters);
    }

    /** The parameters in declaration order. */
    public List<Parameter> parameters() {
        return parameters;
    }

    /** The parameter named {@code name}, or null if the schema does not declare it. */
    public Parameter parameter(String name) {
        return byName.get(name);
    }

    /**
     * Validates raw values and fills defaults.
     *
     * @param path  where the object sits in the config, for messages (e.g. {@code estimator.coupling})
     * @param id    the provider id
     * @param raw   the given values (JSON-like: String, Boolean, Number, List, Map, Spec)
     */
    public Parameters validate(String path, String id, Map<String, ?> raw) {
        for (String key : raw.keySet()) {
            if (!byName.containsKey(key)) {
                throw new InvalidParameterException(qualify(path, key), "is not a parameter of '" + id + "'; known: "
                        + byName.keySet());
            }
        }
        Map<String, Object> values = new LinkedHashMap<>();
        for (Parameter p : parameters) {
            Object v = raw.get(p.name());
            String key = qualify(path, p.name());
            if (v == null) {
                if (p.required()) {
                    throw new InvalidParameterException(key, "is required by '" + id + "'; expected " + p.allowedText());
                }
                if (p.defaultValue() != null) {
                    values.put(p.name(), p.defaultValue());
                }
                continue;
            }
            values.put(p.name(), check(p, key, v));
        }
        return new Parameters(path, new Spec(id, values), this);
    }

    private static String qualify(String path, String key) {
        return path == null || path.isEmpty() ? key : path + "." + key;
    }

    private static Object check(Parameter p, String key, Object v) {
        switch (p.type()) {
            case INTEGER -> {
                if (!(v instanceof Number n) || n.doubleValue() != Math.rint(n.doubleValue())
                        || Double.isInfinite(n.doubleValue())) {
                    throw new InvalidParameterException(key, v, p.allowedText());
                }
                long l = n.longValue();
                range(p, key, l, v);
                return l;
            }
            case NUMBER -> {
                if (!(v instanceof Number n) || !Double.isFinite(n.doubleValue())) {
                    throw new InvalidParameterException(key, v, p.allowedText());
                }
                range(p, key, n.doubleValue(), v);
                return n.doubleValue();
            }
            case BOOLEAN -> {
                if (!(v instanceof Boolean)) {
                    throw new InvalidParameterException(key, v, p.allowedText());
                }
                return v;
            }
            case STRING -> {
                if (!(v instanceof String s) || (!p.allowed().isEmpty() && !p.allowed().contains(s))) {
                    throw new InvalidParameterException(key, v, p.allowedText());
                }
                return v;
            }
            case DATA_FILE -> {
                if (!(v instanceof String s) || s.isBlank()) {
                    throw new InvalidParameterException(key, v, p.allowedText());
                }
                return v;
            }
            case NUMBER_LIST -> {
                List<Double> out = new ArrayList<>();
                if (v instanceof double[] a) {
                    for (double x : a) {
                        out.add(x);
                    }
                } else if (v instanceof List<?> l) {
                    for (int i = 0; i < l.size(); i++) {
                        if (!(l.get(i) instanceof Number n) || !Double.isFinite(n.doubleValue())) {
                            throw new InvalidParameterException(key + "[" + i + "]", l.get(i), "a finite number");
                        }
                        out.add(n.doubleValue());
                    }
                } else {
                    throw new InvalidParameterException(key, v, p.allowedText());
                }
                for (int i = 0; i < out.size(); i++) {
                    range(p, key + "[" + i + "]", out.get(i), out.get(i));
                }
                return out;
            }
            case MECHANISM -> {
                return toSpec(p, key, v);
            }
            case MECHANISM_LIST -> {
                if (!(v instanceof List<?> l)) {
                    throw new InvalidParameterException(key, v, p.allowedText());
                }
                List<Spec> out = new ArrayList<>();
                for (int i = 0; i < l.size(); i++) {
                    out.add(toSpec(p, key + "[" + i + "]", l.get(i)));
                }
                return out;
            }
            default -> {
                return v;
            }
        }
    }

    private static void range(Parameter p, String key, double x, Object shown) {
        if ((p.min() != null && x < p.min()) || (p.max() != null && x > p.max())) {
            throw new InvalidParameterException(key, shown, p.allowedText());
        }
    }

    /** Converts a nested mechanism value (a {@link Spec} or a map with "id") to a spec. */
    static Spec toSpec(Parameter p, String key, Object v) {
        if (v instanceof Spec s) {
            return s;
        }
        if (v instanceof Map<?, ?> m) {
            Object id = m.get("id");
            if (!(id instanceof String s) || s.isBlank()) {
                throw new InvalidParameterException(key + ".id", id, "a " + p.mechanismKind().label() + " id string");
            }
            Map<String, Object> rest = new LinkedHashMap<>();
            m.forEach((k, x) -> {
                if (!"id".equals(k)) {
                    rest.put(String.valueOf(k), x);
                }
            });
            return new Spec(s, rest);
        }
        throw new InvalidParameterException(key, v, p.allowedText());
    }
}
