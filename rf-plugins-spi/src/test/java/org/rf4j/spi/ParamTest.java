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

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Spec;

/** Typed parameter handles: declared once, the schema built from them, each read with its own Java type. */
class ParamTest {
    static final Param<Integer> M = Param.integer("m", 64, 1L, 1000L, "projections");
    static final Param<Integer> ROUNDS = Param.requiredInteger("rounds", 1L, null, "rounds");
    static final Param<Long> SEED = Param.longInteger("seed", 5_000_000_000L, null, null, "a seed");
    static final Param<OptionalLong> BUDGET = Param.optionalInteger("budget", 1L, null, "a budget");
    static final Param<Double> SIGMA = Param.number("sigma", 1.5, 0.0, null, "bandwidth");
    static final Param<OptionalDouble> LAMBDA = Param.optionalNumber("lambda", Double.MIN_VALUE, null, "a rate");
    static final Param<Boolean> FLAG = Param.bool("flag", true, "a flag");
    static final Param<String> MODE = Param.string("mode", "fast", List.of("fast", "exact"), "how");
    static final Param<Optional<String>> NOTE = Param.optionalString("note", List.of(), "a note");
    static final Param<Optional<double[]>> WEIGHTS = Param.numbers("weights", "optional weights");
    static final Param<Optional<String>> DATA = Param.dataFile("data", "a data file");
    static final Param<Spec> COUPLING = Param.mechanism("coupling", MechanismKind.COUPLING,
            Spec.of("iid"), "coupling");
    static final Param<Optional<Spec>> EXTRA = Param.optionalMechanism("extra", MechanismKind.COUPLING,
            "another coupling");
    static final Param<List<Spec>> LIST = Param.mechanisms("list", MechanismKind.COUPLING, "couplings");
    static final Param<Optional<Object>> RAW = Param.any("raw", "anything");

    private static final List<Param<?>> ALL = List.of(M, ROUNDS, SEED, BUDGET, SIGMA, LAMBDA, FLAG, MODE, NOTE, WEIGHTS,
            DATA, COUPLING, EXTRA, LIST, RAW);
    private static final ParameterSchema SCHEMA = ParameterSchema.of(Param.parameters(ALL));

    private static Parameters validate(Map<String, ?> raw) {
        return SCHEMA.validate("estimator", "x", raw);
    }

    private static final Map<String, Object> REQUIRED = Map.of("rounds", 3, "list", List.of(Map.of("id", "iid")));

    @Test
    void theSchemaOfHandlesIsTheSchemaOfTheSameParametersDeclaredDirectly() {
        ParameterSchema direct = ParameterSchema.of(
                Parameter.integer("m", 64, 1L, 1000L, "projections"),
                Parameter.requiredInteger("rounds", 1L, null, "rounds"),
                Parameter.integer("seed", 5_000_000_000L, null, null, "a seed"),
                new Parameter("budget", ParameterType.INTEGER, null, false, 1.0, null, List.of(), null, "a budget"),
                Parameter.number("sigma", 1.5, 0.0, null, "bandwidth"),
                Parameter.number("lambda", null, Double.MIN_VALUE, null, "a rate"),
                Parameter.bool("flag", true, "a flag"),
                Parameter.string("mode", "fast", List.of("fast", "exact"), "how"),
                Parameter.string("note", null, List.of(), "a note"),
                Parameter.numbers("weights", "optional weights"),
                Parameter.dataFile("data", "a data file"),
                Parameter.mechanism("coupling", MechanismKind.COUPLING, Spec.of("iid"), "coupling"),
                Parameter.optionalMechanism("extra", MechanismKind.COUPLING, "another coupling"),
                Parameter.mechanisms("list", MechanismKind.COUPLING, "couplings"),
                Parameter.any("raw", "anything"));
        assertThat(SCHEMA.parameters()).isEqualTo(direct.parameters());
        assertThat(ALL).extracting(Param::name).containsExactly("m", "rounds", "seed", "budget", "sigma", "lambda",
                "flag", "mode", "note", "weights", "data", "coupling", "extra", "list", "raw");
    }

    @Test
    void defaultsAreReadWithTheirJavaTypes() {
        Parameters p = validate(REQUIRED);
        int m = p.get(M);
        long seed = p.get(SEED);
        double sigma = p.get(SIGMA);
        boolean flag = p.get(FLAG);
        String mode = p.get(MODE);
        Spec coupling = p.get(COUPLING);
        assertThat(m).isEqualTo(64);
        assertThat(seed).isEqualTo(5_000_000_000L);
        assertThat(sigma).isEqualTo(1.5);
        assertThat(flag).isTrue();
        assertThat(mode).isEqualTo("fast");
        assertThat(coupling).isEqualTo(Spec.of("iid"));
        assertThat(p.get(ROUNDS)).isEqualTo(3);
        assertThat(p.get(LIST)).containsExactly(Spec.of("iid"));
    }

    @Test
    void givenValuesAreReadWithTheirJavaTypes() {
        Parameters p = validate(Map.ofEntries(Map.entry("m", 7), Map.entry("rounds", 2), Map.entry("seed", -3),
                Map.entry("budget", 12), Map.entry("sigma", 4), Map.entry("lambda", 0.25), Map.entry("flag", false),
                Map.entry("mode", "exact"), Map.entry("note", "hi"), Map.entry("weights", List.of(1, 2.5)),
                Map.entry("data", "train.csv"), Map.entry("coupling", Map.of("id", "orthogonal")),
                Map.entry("extra", Spec.of("halton")), Map.entry("list", List.of(Spec.of("iid"), Spec.of("hd"))),
                Map.entry("raw", Map.of("k", 1))));
        assertThat(p.get(M)).isEqualTo(7);
        assertThat(p.get(ROUNDS)).isEqualTo(2);
        assertThat(p.get(SEED)).isEqualTo(-3L);
        assertThat(p.get(BUDGET)).isEqualTo(OptionalLong.of(12));
        assertThat(p.get(SIGMA)).isEqualTo(4.0);
        assertThat(p.get(LAMBDA)).isEqualTo(OptionalDouble.of(0.25));
        assertThat(p.get(FLAG)).isFalse();
        assertThat(p.get(MODE)).isEqualTo("exact");
        assertThat(p.get(NOTE)).contains("hi");
        assertThat(p.get(WEIGHTS)).hasValueSatisfying(w -> assertThat(w).containsExactly(1.0, 2.5));
        assertThat(p.get(DATA)).contains("train.csv");
        assertThat(p.get(COUPLING)).isEqualTo(Spec.of("orthogonal"));
        assertThat(p.get(EXTRA)).contains(Spec.of("halton"));
        assertThat(p.get(LIST)).containsExactly(Spec.of("iid"), Spec.of("hd"));
        assertThat(p.get(RAW).orElseThrow()).hasToString("{k=1}");
        assertThat(p.has(LAMBDA)).isTrue();
        assertThat(p.key(SIGMA)).isEqualTo("estimator.sigma");
    }

    @Test
    void optionalHandlesAreEmptyWhenAbsent() {
        Parameters p = validate(REQUIRED);
        assertThat(p.get(BUDGET)).isEmpty();
        assertThat(p.get(LAMBDA)).isEmpty();
        assertThat(p.get(NOTE)).isEmpty();
        assertThat(p.get(WEIGHTS)).isEmpty();
        assertThat(p.get(DATA)).isEmpty();
        assertThat(p.get(EXTRA)).isEmpty();
        assertThat(p.get(RAW)).isEmpty();
        assertThat(p.has(LAMBDA)).isFalse();
        assertThat(p.has(SIGMA)).isTrue();
    }

    @Test
    void aNumberListIsReadAsAFreshArray() {
        Parameters p = validate(Map.of("rounds", 1, "list", List.of(), "weights", List.of(3.0)));
        p.get(WEIGHTS).orElseThrow()[0] = 99;
        assertThat(p.get(WEIGHTS).orElseThrow()).containsExactly(3.0);
    }

    @Test
    void anIntHandleRefusesAValueBeyondTheIntRangeNamingTheKey() {
        Param<Integer> big = Param.integer("big", 0, null, null, "");
        Parameters p = ParameterSchema.of(Param.parameters(big)).validate("estimator", "x", Map.of("big", 1L << 40));
        assertThatThrownBy(() -> p.get(big)).isInstanceOf(InvalidParameterException.class)
                .hasMessageContaining("'estimator.big'").hasMessageContaining("int range");
    }

    @Test
    void aHandleOfAnotherTypeThanTheDeclaredParameterIsRefusedNamingTheKey() {
        Parameters p = validate(REQUIRED);
        Param<Double> mAsReal = Param.number("m", 64, 1.0, 1000.0, "projections");
        assertThatThrownBy(() -> p.get(mAsReal)).isInstanceOf(InvalidSchemaException.class)
                .hasMessageContaining("'estimator.m'").hasMessageContaining("NUMBER")
                .hasMessageContaining("INTEGER");
        Param<Double> undeclared = Param.number("tau", 1.0, null, null, "");
        assertThatThrownBy(() -> p.get(undeclared)).isInstanceOf(InvalidSchemaException.class)
                .hasMessageContaining("'estimator.tau'").hasMessageContaining("does not declare");
        assertThatThrownBy(() -> p.has(undeclared)).isInstanceOf(InvalidSchemaException.class);
    }

    @Test
    void aStringReadOfAnotherTypeNamesTheKeyTheValueAndTheType() {
        Parameters p = validate(REQUIRED);
        assertThatThrownBy(() -> p.getDouble("mode")).isInstanceOf(InvalidParameterException.class)
                .hasMessage("parameter 'estimator.mode' = 'fast' is not allowed; allowed: a finite number");
        assertThatThrownBy(() -> p.getString("m")).isInstanceOf(InvalidParameterException.class)
                .hasMessageContaining("'estimator.m' = 64").hasMessageContaining("a string");
        assertThatThrownBy(() -> p.getSpec("flag")).isInstanceOf(InvalidParameterException.class)
                .hasMessageContaining("'estimator.flag'");
    }

    @Test
    void aMissingValueStaysTheSameError() {
        Parameters p = validate(REQUIRED);
        assertThatThrownBy(() -> p.getDouble("lambda")).isInstanceOf(InvalidParameterException.class)
                .hasMessageContaining("'estimator.lambda'").hasMessageContaining("has no value and no default");
    }
}
