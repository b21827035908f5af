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
import java.util.OptionalDouble;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Spec;
import org.apiguardian.api.API;

/**
 * Validated parameters of one mechanism (defaults filled in), with typed getters. Obtained from
 * {@link ParameterSchema#validate}; {@link #spec()} is the complete spec that round-trips.
 *
 * <p>A provider that declares its parameters as {@link Param} handles reads them with
 * {@link #get(Param)}, typed by the handle: {@code double} for {@link Param#number},
 * {@code int} for {@link Param#integer}, {@link OptionalDouble} for {@link Param#optionalNumber},
 * and so on. A handle the
 * schema does not declare (or declares differently) is refused with an {@link InvalidSchemaException};
 * a value of another type than the handle's with an {@link InvalidParameterException} naming the key.
 * The string getters ({@link #getDouble(String)}, ...) remain for providers that declare
 * {@link Parameter}s directly.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class Parameters {
    private final String path;
    private final Spec spec;
    private final ParameterSchema schema;

    Parameters(String path, Spec spec, ParameterSchema schema) {
        this.path = path;
        this.spec = spec;
        this.schema = schema;
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
        return require(name, Number.class).longValue();
    }

    public int getInt(String name) {
        return toInt(name, getLong(name));
    }

    private int toInt(String name, long v) {
        if (v > Integer.MAX_VALUE || v < Integer.MIN_VALUE) {
            throw new InvalidParameterException(key(name), v, "an integer in the int range");
        }
        return (int) v;
    }

    public double getDouble(String name) {
        return require(name, Number.class).doubleValue();
    }

    public boolean getBoolean(String name) {
        return require(name, Boolean.class);
    }

    public String getString(String name) {
        return require(name, String.class);
    }

    public Spec getSpec(String name) {
        return require(name, Spec.class);
    }

    @SuppressWarnings("unchecked")
    public List<Spec> getSpecs(String name) {
        return (List<Spec>) require(name, List.class);
    }

    /** A number list as an array. */
    public double[] getDoubles(String name) {
        return toArray(name, require(name, List.class));
    }

    private double[] toArray(String name, List<?> l) {
        double[] a = new double[l.size()];
        for (int i = 0; i < a.length; i++) {
            if (!(l.get(i) instanceof Number n)) {
                throw new InvalidParameterException(key(name) + "[" + i + "]", l.get(i), "a finite number");
            }
            a[i] = n.doubleValue();
        }
        return a;
    }

    // ------------------------------------------------------------------ typed reads

    /**
     * The value of a handle's parameter, typed by the handle: e.g. {@code double} for a
     * {@link Param#number} handle, {@link OptionalDouble} for a {@link Param#optionalNumber} one.
     *
     * @throws InvalidSchemaException if the schema does not declare exactly the handle's parameter
     * @throws InvalidParameterException if a required value is missing, naming the key
     */
    public <V> V get(Param<V> handle) {
        declared(handle);
        return handle.read(this);
    }

    /** Whether the handle's parameter has a value (given or defaulted). */
    public boolean has(Param<?> handle) {
        return has(declared(handle));
    }

    /** The qualified key of the handle's parameter, for messages and nested paths. */
    public String key(Param<?> handle) {
        return key(handle.name());
    }

    /** The handle's name, after checking that the schema declares exactly the handle's parameter. */
    private String declared(Param<?> handle) {
        String name = handle.name();
        Parameter d = schema == null ? null : schema.parameter(name);
        if (d == null || !d.equals(handle.parameter())) {
            throw new InvalidSchemaException("parameter '" + key(name) + "' of '" + spec.id() + "' is read with a handle"
                    + (d == null ? " the schema does not declare" : " of type " + handle.parameter().type()
                    + " that differs from the declared " + d.type() + " parameter"));
        }
        return name;
    }

    /** The value, or null if absent; of another type than {@code type}: an exception naming the key. */
    <V> V optional(String name, Class<V> type) {
        Object v = spec.parameters().get(name);
        return v == null ? null : typed(name, v, type);
    }

    /** The raw value (null if absent). */
    public Object get(String name) {
        return spec.parameters().get(name);
    }

    /** All values. */
    public Map<String, Object> values() {
        return spec.parameters();
    }

    /** The value; absent: the "has no value" error; of another type than {@code type}: an exception naming the key. */
    <V> V require(String name, Class<V> type) {
        Object v = spec.parameters().get(name);
        if (v == null) {
            throw new InvalidParameterException(key(name), "has no value and no default");
        }
        return typed(name, v, type);
    }

    /** The value as {@code type}, or an exception naming the key, the value and the type read. */
    private <V> V typed(String name, Object v, Class<V> type) {
        if (!type.isInstance(v)) {
            throw new InvalidParameterException(key(name), v, expected(type));
        }
        return type.cast(v);
    }

    private static String expected(Class<?> type) {
        if (type == Long.class) {
            return "an integer";
        }
        if (type == Double.class || type == Number.class) {
            return "a finite number";
        }
        if (type == Boolean.class) {
            return "true or false";
        }
        if (type == String.class) {
            return "a string";
        }
        if (type == Spec.class) {
            return "a mechanism object {\"id\": ...}";
        }
        return "a list";
    }

    @Override
    public String toString() {
        return spec.toString();
    }
}
