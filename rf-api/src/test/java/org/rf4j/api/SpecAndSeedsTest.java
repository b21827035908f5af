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

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.rf4j.api.random.Seeds;

class SpecAndSeedsTest {

    @Test
    void specNormalisesNumbersAndConvertsToPlainMaps() {
        Spec nested = Spec.of("iid");
        Spec s = Spec.of("random-features", "m", 64, "coupling", nested, "sigmas", new double[] {1, 2});
        assertThat(s.get("m")).isEqualTo(64L);
        assertThat(s.get("sigmas")).isEqualTo(List.of(1.0, 2.0));
        assertThat(s.toPlain()).containsExactly(Map.entry("id", "random-features"), Map.entry("m", 64L),
                Map.entry("coupling", Map.of("id", "iid")), Map.entry("sigmas", List.of(1.0, 2.0)));
        assertThatThrownBy(() -> Spec.of(" ")).isInstanceOf(InvalidParameterException.class);
        assertThatThrownBy(() -> Spec.of("x", "bad", new Object())).isInstanceOf(InvalidParameterException.class)
                .hasMessageContaining("bad");
    }

    @Test
    void seedsAreReproducibleAndDerivedStreamsDiffer() {
        RandomGenerator a = Seeds.generator(42);
        RandomGenerator b = Seeds.generator(42);
        for (int i = 0; i < 100; i++) {
            assertThat(a.nextLong()).isEqualTo(b.nextLong());
        }
        assertThat(Seeds.derive(42, 0)).isNotEqualTo(Seeds.derive(42, 1)).isNotEqualTo(Seeds.derive(43, 0));
        assertThat(Seeds.derive(42, "query")).isEqualTo(Seeds.derive(42, "query")).isNotEqualTo(Seeds.derive(42, "key"));
        // golden values: the L64X128MixRandom stream is specified by the JDK (same on JDK 17 and 25)
        RandomGenerator g = Seeds.generator(1);
        assertThat(g.nextLong()).isEqualTo(-1758847578096520770L);
        assertThat(g.nextGaussian()).isEqualTo(0.3008215546680552);
    }

    @Test
    void checksNameTheKeyAndValue() {
        assertThatThrownBy(() -> Checks.positive("m", 0)).isInstanceOf(InvalidParameterException.class)
                .hasMessage("parameter 'm' = 0 is not allowed; allowed: an integer > 0");
        assertThatThrownBy(() -> Checks.finite("x", new double[] {1, Double.NaN}))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("x[1] = NaN");
        assertThatThrownBy(() -> Checks.finite("x", new double[0])).hasMessageContaining("x is empty");
    }
}
