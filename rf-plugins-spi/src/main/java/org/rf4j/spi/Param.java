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
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.rf4j.api.Spec;
import org.apiguardian.api.API;

/**
 * A typed handle on one {@link Parameter}: a provider declares each parameter once, as a constant,
 * builds its schema from the handles and reads the validated value with the handle's Java type:
 *
 * <pre>{@code
 * static final Param<Double> SIGMA = Param.number("sigma", 1.0, Double.MIN_VALUE, null, "the bandwidth σ > 0");
 * static final Param<Integer> PASSES = Param.integer("passes", 2, 1L, null, "refinement passes");
 *
 * super("my-kernel", "…", (p, c) -> new MyKernel(p.get(SIGMA), p.get(PASSES)), SIGMA, PASSES);
 * }</pre>
 *
 * <p>The factories mirror {@link Parameter}'s and build the same records, so a schema of handles is
 * the schema of the same parameters declared directly. {@link Parameters#get(Param)} reads a
 * handle: a defaulted or required parameter as its value ({@link Double}, {@link Integer},
 * {@link Long}, {@link Boolean}, {@link String}, {@link Spec}, a list of specs), an optional one as
 * {@link OptionalDouble}, {@link OptionalLong} or {@link Optional}. Handles are made only by these
 * factories, so a handle's type always matches its parameter's.
 *
 * @param <V> the Java type of a read
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class Param<V> {

    /** How a handle reads its validated value from {@link Parameters}. */
    @FunctionalInterface
    interface Reader<V> {
        V read(Parameters parameters, String name);
    }

    private final Parameter parameter;
    private final Reader<V> reader;

    private Param(Parameter parameter, Reader<V> reader) {
        this.parameter = parameter;
        this.reader = reader;
    }

    /** The declared parameter (what the schema holds). */
    public Parameter parameter() {
        return parameter;
    }

    /** The config key. */
    public String name() {
        return parameter.name();
    }

    V read(Parameters parameters) {
        return reader.read(parameters, parameter.name());
    }

    /** The parameters of the handles, in order: a provider's schema list. */
    public static List<Parameter> parameters(Param<?>... handles) {
        return parameters(List.of(handles));
    }

    /** The parameters of the handles, in order: a provider's schema list. */
    public static List<Parameter> parameters(List<? extends Param<?>> handles) {
        List<Parameter> out = new ArrayList<>(handles.size());
        for (Param<?> h : handles) {
            out.add(h.parameter());
        }
        return List.copyOf(out);
    }

    // ------------------------------------------------------------------ factories

    /** A real parameter with a default and inclusive bounds (null for none). */
    public static Param<Double> number(String name, double defaultValue, Double min, Double max, String description) {
        return new Param<>(Parameter.number(name, defaultValue, min, max, description),
                (p, n) -> p.require(n, Double.class));
    }

    /** A real parameter without a default (absent unless given). */
    public static Param<OptionalDouble> optionalNumber(String name, Double min, Double max, String description) {
        return new Param<>(Parameter.number(name, null, min, max, description), (p, n) -> {
            Double v = p.optional(n, Double.class);
            return v == null ? OptionalDouble.empty() : OptionalDouble.of(v);
        });
    }

    /** An integer parameter with a default and inclusive bounds (null for none), read in the int range. */
    public static Param<Integer> integer(String name, long defaultValue, Long min, Long max, String description) {
        return new Param<>(Parameter.integer(name, defaultValue, min, max, description), Parameters::getInt);
    }

    /** A required integer parameter with inclusive bounds, read in the int range. */
    public static Param<Integer> requiredInteger(String name, Long min, Long max, String description) {
        return new Param<>(Parameter.requiredInteger(name, min, max, description), Parameters::getInt);
    }

    /** An integer parameter with a default, read as a long (seeds, sizes beyond the int range). */
    public static Param<Long> longInteger(String name, long defaultValue, Long min, Long max, String description) {
        return new Param<>(Parameter.integer(name, defaultValue, min, max, description),
                (p, n) -> p.require(n, Long.class));
    }

    /** An integer parameter without a default (absent unless given). */
    public static Param<OptionalLong> optionalInteger(String name, Long min, Long max, String description) {
        return new Param<>(new Parameter(name, ParameterType.INTEGER, null, false,
                min == null ? null : min.doubleValue(), max == null ? null : max.doubleValue(), List.of(), null,
                description), (p, n) -> {
                    Long v = p.optional(n, Long.class);
                    return v == null ? OptionalLong.empty() : OptionalLong.of(v);
                });
    }

    /** A boolean parameter. */
    public static Param<Boolean> bool(String name, boolean defaultValue, String description) {
        return new Param<>(Parameter.bool(name, defaultValue, description), (p, n) -> p.require(n, Boolean.class));
    }

    /** A string parameter with a default; {@code allowed} empty means any string. */
    public static Param<String> string(String name, String defaultValue, List<String> allowed, String description) {
        return new Param<>(Parameter.string(name, Objects.requireNonNull(defaultValue, "defaultValue"), allowed,
                description), (p, n) -> p.require(n, String.class));
    }

    /** A string parameter without a default; {@code allowed} empty means any string. */
    public static Param<Optional<String>> optionalString(String name, List<String> allowed, String description) {
        return new Param<>(Parameter.string(name, null, allowed, description),
                (p, n) -> Optional.ofNullable(p.optional(n, String.class)));
    }

    /** An optional list of numbers, read as a fresh array. */
    public static Param<Optional<double[]>> numbers(String name, String description) {
        return new Param<>(Parameter.numbers(name, description),
                (p, n) -> p.has(n) ? Optional.of(p.getDoubles(n)) : Optional.empty());
    }

    /**
     * An optional data file named in the config (see {@link Parameter#dataFile}), read as its name;
     * its rows reach the mechanism's fit stage.
     */
    public static Param<Optional<String>> dataFile(String name, String description) {
        return new Param<>(Parameter.dataFile(name, description),
                (p, n) -> Optional.ofNullable(p.optional(n, String.class)));
    }

    /** A nested mechanism with a default spec (null: required). */
    public static Param<Spec> mechanism(String name, MechanismKind<?> kind, Spec defaultValue, String description) {
        return new Param<>(Parameter.mechanism(name, kind, defaultValue, description), Parameters::getSpec);
    }

    /** An optional nested mechanism with no default. */
    public static Param<Optional<Spec>> optionalMechanism(String name, MechanismKind<?> kind, String description) {
        return new Param<>(Parameter.optionalMechanism(name, kind, description),
                (p, n) -> Optional.ofNullable(p.optional(n, Spec.class)));
    }

    /** A required list of nested mechanisms. */
    public static Param<List<Spec>> mechanisms(String name, MechanismKind<?> kind, String description) {
        return new Param<>(Parameter.mechanisms(name, kind, description), Parameters::getSpecs);
    }

    /** Any JSON value, optional; the provider validates it. */
    public static Param<Optional<Object>> any(String name, String description) {
        return new Param<>(Parameter.any(name, description), (p, n) -> Optional.ofNullable(p.optional(n, Object.class)));
    }

    @Override
    public String toString() {
        return parameter.name() + " (" + parameter.type() + ")";
    }
}
