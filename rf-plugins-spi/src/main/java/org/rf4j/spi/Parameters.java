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

import java.util.List;
import java.util.Map;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Spec;
import org.apiguardian.api.API;

/**
 * Validated parameters of one mechanism (defaults filled in), with typed getters. Obtained from
 * {@link ParameterSchema#validate}; {@link #spec()} is the complete spec that round-trips.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class Parameters {
    private final String path;
    private final Spec spec;

    Parameters(String path, Spec spec) {
        this.path = path;
        this.spec = spec;
    }

    /** The full spec: id plus every parameter, defaults included. */
    public Spec spec() {
        return spec;
    }

    /** Where this object sits in the config (for error messages). */
    public String path() {
        return path;
    }

    /** The qualified key for messages about {@code name}. */
    public String key(String name) {
        return path == null || path.isEmpty() ? name : path + "." + name;
    }

    public boolean has(String name) {
        return spec.parameters().containsKey(name);
    }

    public long getLong(String name) {
        return ((Number) require(name)).longValue();
    }

    public int getInt(String name) {
        long v = getLong(name);
        if (v > Integer.MAX_VALUE || v < Integer.MIN_VALUE) {
            throw new InvalidParameterException(key(name), v, "an integer in the int range");
        }
        return (int) v;
    }

    public double getDouble(String name) {
        return ((Number) require(name)).doubleValue();
    }

    public boolean getBoolean(String name) {
        return (Boolean) require(name);
    }

    public String getString(String name) {
        return (String) require(name);
    }

    public Spec getSpec(String name) {
        return (Spec) require(name);
    }

    @SuppressWarnings("unchecked")
    public List<Spec> getSpecs(String name) {
        return (List<Spec>) require(name);
    }

    /** A number list as an array. */
    @SuppressWarnings("unchecked")
    public double[] getDoubles(String name) {
        List<Number> l = (List<Number>) require(name);
        double[] a = new double[l.size()];
        for (int i = 0; i < a.length; i++) {
            a[i] = l.get(i).doubleValue();
        }
        return a;
    }

    /** The raw value (null if absent). */
    public Object get(String name) {
        return spec.parameters().get(name);
    }

    /** All values. */
    public Map<String, Object> values() {
        return spec.parameters();
    }

    private Object require(String name) {
        Object v = spec.parameters().get(name);
        if (v == null) {
            throw new InvalidParameterException(key(name), "has no value and no default");
        }
        return v;
    }

    @Override
    public String toString() {
        return spec.toString();
    }
}
