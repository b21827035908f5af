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

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Spec;
import org.rf4j.spi.MechanismKind;
import org.apiguardian.api.API;

/**
 * A config as written, typed: the kernel and estimator as {@link Spec} trees, the seed, the
 * {@code "data"} value, and a fitted config's {@code "dimension"} and {@code "allowDegenerateRows"}
 * switch. Edits return a new value; nothing here reads a file or asks the registry
 * ({@link ConfigLoader#resolve} does that once).
 *
 * @param kernel              the kernel spec, or null for the default (Gaussian, σ = 1); a length
 *                            scale may still be a rule ({@code "median"}, {@code "scale"})
 * @param estimator           the estimator spec, or null (refused when the config is resolved)
 * @param seed                the root seed, or null for {@link ConfigLoader#DEFAULT_SEED}
 * @param data                the {@code "data"} value as written (a file name or
 *                            {@code {"query": file, "key": file}}), or null
 * @param dimension           the fitted input dimension, or null
 * @param allowDegenerateRows whether rows with degenerate features are let through
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.2")
public record ConfigSpec(Spec kernel, Spec estimator, Long seed, Object data, Integer dimension,
        boolean allowDegenerateRows) {
    /** The top-level key a fitted config records its input dimension under. */
    public static final String DIMENSION = "dimension";
    /** The top-level switch that lets rows with degenerate features through. */
    public static final String ALLOW_DEGENERATE_ROWS = "allowDegenerateRows";
    /** Every top-level key a config may have. */
    public static final List<String> KEYS = List.of("kernel", "estimator", "data", "seed", DIMENSION,
            ALLOW_DEGENERATE_ROWS);

    /**
     * The typed config of plain JSON-like values (what {@link ConfigLoader#readObject} gives).
     * Unknown keys and values of the wrong shape are refused naming the key, the value and what is
     * allowed.
     */
    public static ConfigSpec fromPlain(Map<String, Object> plain) {
        for (String key : plain.keySet()) {
            if (!KEYS.contains(key)) {
                throw new ConfigException("unknown top-level key '" + key + "'; allowed: " + ConfigLoader.TOP_LEVEL_KEYS);
            }
        }
        Object kernel = plain.get("kernel");
        Object estimator = plain.get("estimator");
        Object seed = plain.get("seed");
        if (seed != null && !(seed instanceof Long)) {
            throw new InvalidParameterException("seed", seed, "an integer (64-bit)");
        }
        Object dim = plain.get(DIMENSION);
        if (dim != null && !(dim instanceof Long l && l >= 1 && l <= Integer.MAX_VALUE)) {
            throw new InvalidParameterException(DIMENSION, dim, "an integer >= 1 (the fitted input dimension)");
        }
        Object allow = plain.get(ALLOW_DEGENERATE_ROWS);
        if (allow != null && !(allow instanceof Boolean)) {
            throw new InvalidParameterException(ALLOW_DEGENERATE_ROWS, allow, "true or false");
        }
        return new ConfigSpec(kernel == null ? null : mechanism("kernel", kernel, MechanismKind.KERNEL),
                estimator == null ? null : mechanism("estimator", estimator, MechanismKind.ESTIMATOR), (Long) seed,
                plain.get("data"), dim == null ? null : ((Long) dim).intValue(), Boolean.TRUE.equals(allow));
    }

    /** The config as plain JSON-like values in the contract's key order (absent values left out). */
    public Map<String, Object> toPlain() {
        Map<String, Object> m = new LinkedHashMap<>();
        if (kernel != null) {
            m.put("kernel", kernel.toPlain());
        }
        if (estimator != null) {
            m.put("estimator", estimator.toPlain());
        }
        if (data != null) {
            m.put("data", data);
        }
        if (seed != null) {
            m.put("seed", seed);
        }
        if (dimension != null) {
            m.put(DIMENSION, (long) dimension);
        }
        if (allowDegenerateRows) {
            m.put(ALLOW_DEGENERATE_ROWS, true);
        }
        return m;
    }

    /** The seed, or {@link ConfigLoader#DEFAULT_SEED} when the config gives none. */
    public long seedOrDefault() {
        return seed == null ? ConfigLoader.DEFAULT_SEED : seed;
    }

    /** A copy with another kernel; a fitted dimension is dropped (the config is no longer the fitted one). */
    public ConfigSpec withKernel(Spec newKernel) {
        return new ConfigSpec(newKernel, estimator, seed, data, null, allowDegenerateRows);
    }

    /** A copy with another estimator; a fitted dimension is dropped. */
    public ConfigSpec withEstimator(Spec newEstimator) {
        return new ConfigSpec(kernel, newEstimator, seed, data, null, allowDegenerateRows);
    }

    /** A copy with another seed. */
    public ConfigSpec withSeed(long newSeed) {
        return new ConfigSpec(kernel, estimator, newSeed, data, dimension, allowDegenerateRows);
    }

    /** A copy with the degenerate-rows switch set. */
    public ConfigSpec withAllowDegenerateRows(boolean allow) {
        return new ConfigSpec(kernel, estimator, seed, data, dimension, allow);
    }

    /** A copy without the given kernel parameters (length scales still to be fitted, say). */
    public ConfigSpec withoutKernelParameters(Iterable<String> keys) {
        Spec k = kernel;
        for (String key : keys) {
            k = k.without(key);
        }
        return new ConfigSpec(k, estimator, seed, data, dimension, allowDegenerateRows);
    }

    /** A copy with kernel parameters set (fitted length scales, say), the fitted dimension kept. */
    public ConfigSpec withKernelParameters(Map<String, ?> values) {
        Spec k = kernel;
        for (Map.Entry<String, ?> e : values.entrySet()) {
            k = k.with(e.getKey(), e.getValue());
        }
        return new ConfigSpec(k, estimator, seed, data, dimension, allowDegenerateRows);
    }

    /** A mechanism spec from a plain {@code {"id": ..., ...}} object (or a spec), refused naming {@code path}. */
    public static Spec mechanism(String path, Object v, MechanismKind<?> kind) {
        if (v instanceof Spec s) {
            return s;
        }
        if (!(v instanceof Map<?, ?> m)) {
            throw new InvalidParameterException(path, describe(v), "a" + (kind == MechanismKind.ESTIMATOR ? "n " : " ")
                    + kind.label() + " object {\"id\": ...}");
        }
        Object id = m.get("id");
        if (!(id instanceof String s) || s.isBlank()) {
            throw new InvalidParameterException(path + ".id", id, "a " + kind.label() + " id string");
        }
        Map<String, Object> rest = new LinkedHashMap<>();
        m.forEach((k, x) -> {
            if (!"id".equals(k)) {
                rest.put(String.valueOf(k), x);
            }
        });
        return new Spec(s, rest);
    }

    static String describe(Object v) {
        if (v == null) {
            return "null";
        }
        if (v instanceof Map) {
            return "an object";
        }
        if (v instanceof List) {
            return "a list";
        }
        return v instanceof String s ? "'" + s + "'" : String.valueOf(v);
    }
}
