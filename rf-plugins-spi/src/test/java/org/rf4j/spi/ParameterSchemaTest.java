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
import org.junit.jupiter.api.Test;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Spec;

class ParameterSchemaTest {
    private final ParameterSchema schema = ParameterSchema.of(
            Parameter.integer("m", 64, 1L, 1000L, "projections"),
            Parameter.number("sigma", 1.0, 0.0, null, "bandwidth"),
            Parameter.string("mode", "fast", List.of("fast", "exact"), "how"),
            Parameter.bool("flag", false, "a flag"),
            Parameter.mechanism("coupling", MechanismKind.COUPLING, Spec.of("iid"), "coupling"),
            Parameter.numbers("weights", "optional weights"));

    @Test
    void fillsDefaultsAndNormalisesTypes() {
        Parameters p = schema.validate("estimator", "x", Map.of("m", 32, "coupling", Map.of("id", "orthogonal")));
        assertThat(p.getInt("m")).isEqualTo(32);
        assertThat(p.getDouble("sigma")).isEqualTo(1.0);
        assertThat(p.getString("mode")).isEqualTo("fast");
        assertThat(p.getBoolean("flag")).isFalse();
        assertThat(p.getSpec("coupling")).isEqualTo(Spec.of("orthogonal"));
        assertThat(p.has("weights")).isFalse();
        assertThat(p.spec().parameters().keySet()).containsExactly("m", "sigma", "mode", "flag", "coupling");
    }

    @Test
    void errorsNameThePathTheValueAndTheAllowedSet() {
        assertThatThrownBy(() -> schema.validate("estimator", "x", Map.of("m", 0)))
                .isInstanceOf(InvalidParameterException.class)
                .hasMessage("parameter 'estimator.m' = 0 is not allowed; allowed: an integer >= 1 and <= 1000");
        assertThatThrownBy(() -> schema.validate("estimator", "x", Map.of("m", 2.5)))
                .hasMessageContaining("'estimator.m' = 2.5");
        assertThatThrownBy(() -> schema.validate("estimator", "x", Map.of("mode", "slow")))
                .hasMessageContaining("'slow'").hasMessageContaining("one of [fast, exact]");
        assertThatThrownBy(() -> schema.validate("estimator", "x", Map.of("sigma", Double.NaN)))
                .hasMessageContaining("estimator.sigma");
        assertThatThrownBy(() -> schema.validate("estimator", "x", Map.of("mystery", 1)))
                .hasMessageContaining("estimator.mystery").hasMessageContaining("known: [m, sigma, mode, flag, coupling, weights]");
        assertThatThrownBy(() -> schema.validate("estimator", "x", Map.of("weights", List.of(1.0, "a"))))
                .hasMessageContaining("estimator.weights[1]");
        assertThatThrownBy(() -> schema.validate("estimator", "x", Map.of("coupling", Map.of("m", 1))))
                .hasMessageContaining("estimator.coupling.id");
    }

    @Test
    void openBoundsAreStatedAsSuch() {
        assertThat(Parameter.number("p", null, Double.MIN_VALUE, Math.nextDown(1.0), "").allowedText())
                .isEqualTo("a finite number > 0 and < 1");
        assertThat(Parameter.number("a", null, -2.5, 0.25, "").allowedText())
                .isEqualTo("a finite number >= -2.5 and <= 0.25");
        assertThat(Parameter.integer("k", 3, 1L, 16L, "").allowedText()).isEqualTo("an integer >= 1 and <= 16");
    }

    @Test
    void inconsistentSchemasAreRefused() {
        assertThatThrownBy(() -> ParameterSchema.of(Parameter.integer("m", 0, 1L, 10L, "bad default")))
                .isInstanceOf(InvalidSchemaException.class).hasMessageContaining("invalid default");
        assertThatThrownBy(() -> ParameterSchema.of(Parameter.bool("a", true, ""), Parameter.bool("a", true, "")))
                .isInstanceOf(InvalidSchemaException.class).hasMessageContaining("declared twice");
        assertThatThrownBy(() -> ParameterSchema.of(Parameter.number("s", null, 2.0, 1.0, "")))
                .isInstanceOf(InvalidSchemaException.class).hasMessageContaining("min");
        assertThatThrownBy(() -> ParameterSchema.of(Parameter.bool("id", true, "")))
                .isInstanceOf(InvalidSchemaException.class);
    }
}
