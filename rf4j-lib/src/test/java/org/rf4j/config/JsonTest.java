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

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rf4j.spi.MechanismRegistry;

/** rf4j's one JSON setting: duplicate keys refused everywhere (the advisor's loader too), one-line and indented text. */
class JsonTest {
    @Test
    void aKeyGivenTwiceIsRefusedByEveryMapperAndLoader() {
        assertThatThrownBy(() -> Json.mapper().readTree("{\"a\": 1, \"a\": 2}"))
                .hasMessageContaining("Duplicate field 'a'");
        assertThatThrownBy(() -> new ConfigLoader(MechanismRegistry.discover())
                .parse("{\"seed\": 1, \"seed\": 2, \"estimator\": {\"id\": \"random-features\"}}", "t.json", null))
                .isInstanceOf(ConfigException.class).hasMessageContaining("t.json").hasMessageContaining("seed");
    }

    @Test
    void lineAndPrettyWriteTheSameValues() throws Exception {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("b", 1L);
        m.put("a", List.of(0.5, "x"));
        assertThat(Json.line(m)).isEqualTo("{\"b\":1,\"a\":[0.5,\"x\"]}");
        assertThat(Json.pretty(m)).contains("\n").isNotEqualTo(Json.line(m));
        assertThat(Json.mapper().readTree(Json.pretty(m))).isEqualTo(Json.mapper().readTree(Json.line(m)));
    }

    @Test
    void aTypedConfigRoundTripsThroughPlainValues() {
        Map<String, Object> plain = ConfigLoader.readObject("""
                {"kernel": {"id": "gaussian", "sigma": "median"}, "estimator": {"id": "random-features", "m": 8},
                 "data": {"query": "q.csv", "key": "k.csv"}, "seed": 3, "dimension": 4, "allowDegenerateRows": true}
                """, "t");
        ConfigSpec spec = ConfigSpec.fromPlain(plain);
        assertThat(spec.seed()).isEqualTo(3L);
        assertThat(spec.dimension()).isEqualTo(4);
        assertThat(spec.allowDegenerateRows()).isTrue();
        assertThat(spec.toPlain()).isEqualTo(plain);
        assertThat(ConfigSpec.fromPlain(spec.toPlain())).isEqualTo(spec);
    }
}
