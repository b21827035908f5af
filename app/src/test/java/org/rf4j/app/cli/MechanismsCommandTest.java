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
package org.rf4j.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rf4j.app.CliRun;

/** {@code rf4j mechanisms} lists every built-in provider with origin, version and parameter schema. */
class MechanismsCommandTest {

    @Test
    void jsonListsBuiltIns() {
        CliRun r = CliRun.run("mechanisms", "--json");
        assertThat(r.code()).as(r.toString()).isZero();
        assertThat(r.err()).isEmpty();
        JsonNode j = r.json();
        List<String> ids = new ArrayList<>();
        for (JsonNode p : j.get("providers")) {
            ids.add(p.get("kind").asText() + ":" + p.get("id").asText());
            assertThat(p.get("origin").asText()).isEqualTo("built-in");
            assertThat(p.get("version").asText()).isNotBlank();
            assertThat(p.get("location").asText()).isNotBlank();
        }
        assertThat(ids).contains("coupling:iid", "features:positive", "features:trigonometric", "features:hyperbolic",
                "estimator:random-features");
        assertThat(j.get("problems").isArray()).isTrue();
        JsonNode rf = null;
        for (JsonNode p : j.get("providers")) {
            if (p.get("id").asText().equals("random-features")) {
                rf = p;
            }
        }
        JsonNode m = null;
        for (JsonNode q : rf.get("parameters")) {
            if (q.get("name").asText().equals("m")) {
                m = q;
            }
        }
        assertThat(m.get("type").asText()).isEqualTo("integer");
        assertThat(m.get("default").asInt()).isEqualTo(64);
        assertThat(m.get("min").asDouble()).isEqualTo(1.0);
    }

    @Test
    void textListsKindsAndParameters() {
        CliRun r = CliRun.run("mechanisms");
        assertThat(r.code()).as(r.toString()).isZero();
        assertThat(r.out()).contains("COUPLING", "iid", "FEATURES", "positive", "ESTIMATOR", "random-features",
                "default 64");
    }

    @Test
    void brokenPluginJarIsReportedAndSkipped(@TempDir Path plugins) throws IOException {
        Files.writeString(plugins.resolve("broken.jar"), "not a zip");
        CliRun r = CliRun.run("--plugins", plugins.toString(), "mechanisms", "--json");
        assertThat(r.code()).as(r.toString()).isZero();
        JsonNode problems = r.json().get("problems");
        assertThat(problems).hasSize(1);
        assertThat(problems.get(0).asText()).contains("broken.jar", "skipped");
        assertThat(r.json().get("providers").size()).isGreaterThanOrEqualTo(5);
        CliRun text = CliRun.run("mechanisms", "--plugins", plugins.toString());
        assertThat(text.code()).isZero();
        assertThat(text.err()).contains("warning: plugin", "broken.jar");
    }

    @Test
    void helpAndVersion() {
        CliRun r = CliRun.run("--help");
        assertThat(r.code()).isZero();
        assertThat(r.out()).contains("mechanisms", "estimate", "transform", "--plugins");
        assertThat(CliRun.run("--version").out()).contains("rf4j");
    }
}
