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
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * One entry of a {@link ParameterSchema}.
 *
 * @param name          the config key
 * @param type          its type
 * @param defaultValue  the value used when the key is absent, or null if it is required (or optional with no value,
 *                      see {@code required})
 * @param required      true if the key must be given
 * @param min           inclusive lower bound for numbers (or list entries), or null
 * @param max           inclusive upper bound for numbers, or null
 * @param allowed       for strings: the allowed values (empty: any)
 * @param mechanismKind for MECHANISM and MECHANISM_LIST: the nested kind, else null
 * @param description   one line for {@code rf4j mechanisms}
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public record Parameter(String name, ParameterType type, Object defaultValue, boolean required, Double min, Double max,
        List<String> allowed, MechanismKind<?> mechanismKind, String description) {
    public Parameter {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
        allowed = List.copyOf(allowed == null ? List.of() : allowed);
        description = description == null ? "" : description;
    }

    /** An integer parameter with a default and inclusive bounds (null for none). */
    public static Parameter integer(String name, long defaultValue, Long min, Long max, String description) {
        return new Parameter(name, ParameterType.INTEGER, defaultValue, false, min == null ? null : min.doubleValue(),
                max == null ? null : max.doubleValue(), List.of(), null, description);
    }

    /** A required integer parameter with inclusive bounds. */
    public static Parameter requiredInteger(String name, Long min, Long max, String description) {
        return new Parameter(name, ParameterType.INTEGER, null, true, min == null ? null : min.doubleValue(),
                max == null ? null : max.doubleValue(), List.of(), null, description);
    }

    /** A real parameter with a default (null: optional, absent unless given) and inclusive bounds. */
    public static Parameter number(String name, Double defaultValue, Double min, Double max, String description) {
        return new Parameter(name, ParameterType.NUMBER, defaultValue, false, min, max, List.of(), null, description);
    }

    /** A boolean parameter. */
    public static Parameter bool(String name, boolean defaultValue, String description) {
        return new Parameter(name, ParameterType.BOOLEAN, defaultValue, false, null, null, List.of(), null, description);
    }

    /** A string parameter; {@code allowed} empty means any string; default null means optional. */
    public static Parameter string(String name, String defaultValue, List<String> allowed, String description) {
        return new Parameter(name, ParameterType.STRING, defaultValue, false, null, null, allowed, null, description);
    }

    /**
     * An optional data file (CSV, ARFF or .npy) named in the config. The config loader reads it; the
     * mechanism receives its rows at its fit stage as {@code fitData.file(name)}.
     */
    public static Parameter dataFile(String name, String description) {
        return new Parameter(name, ParameterType.DATA_FILE, null, false, null, null, List.of(), null, description);
    }

    /** An optional list of numbers. */
    public static Parameter numbers(String name, String description) {
        return new Parameter(name, ParameterType.NUMBER_LIST, null, false, null, null, List.of(), null, description);
    }

    /** A nested mechanism with a default spec (null: required). */
    public static Parameter mechanism(String name, MechanismKind<?> kind, org.rf4j.api.Spec defaultValue,
            String description) {
        return new Parameter(name, ParameterType.MECHANISM, defaultValue, defaultValue == null, null, null, List.of(),
                kind, description);
    }

    /** An optional nested mechanism with no default. */
    public static Parameter optionalMechanism(String name, MechanismKind<?> kind, String description) {
        return new Parameter(name, ParameterType.MECHANISM, null, false, null, null, List.of(), kind, description);
    }

    /** A required list of nested mechanisms. */
    public static Parameter mechanisms(String name, MechanismKind<?> kind, String description) {
        return new Parameter(name, ParameterType.MECHANISM_LIST, null, true, null, null, List.of(), kind, description);
    }

    /** Any JSON value, optional. */
    public static Parameter any(String name, String description) {
        return new Parameter(name, ParameterType.ANY, null, false, null, null, List.of(), null, description);
    }

    /** A human-readable statement of what this parameter allows. */
    public String allowedText() {
        return switch (type) {
            case INTEGER, NUMBER -> (type == ParameterType.INTEGER ? "an integer" : "a finite number")
                    + (min != null ? lower(min) : "") + (min != null && max != null ? " and" : "")
                    + (max != null ? upper(max) : "");
            case BOOLEAN -> "true or false";
            case STRING -> allowed.isEmpty() ? "a string" : "one of " + allowed;
            case DATA_FILE -> "a data file name (CSV, ARFF or .npy), relative to the config's folder";
            case NUMBER_LIST -> "a list of finite numbers" + (min != null ? " >= " + fmt(min) : "");
            case MECHANISM -> "a " + mechanismKind.label() + " object {\"id\": ...}";
            case MECHANISM_LIST -> "a list of " + mechanismKind.label() + " objects";
            case ANY -> "any value";
        };
    }

    /** Bounds one ulp inside a round number are open bounds ({@code Double.MIN_VALUE} means "> 0"). */
    private static String lower(double min) {
        if (min != 0 && Math.nextDown(min) == Math.rint(Math.nextDown(min))) {
            return " > " + fmt(Math.nextDown(min));
        }
        return " >= " + fmt(min);
    }

    private static String upper(double max) {
        if (max != 0 && Math.nextUp(max) == Math.rint(Math.nextUp(max)) && max != Math.rint(max)) {
            return " < " + fmt(Math.nextUp(max));
        }
        return " <= " + fmt(max);
    }

    private static String fmt(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
    }
}
