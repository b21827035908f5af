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
package org.rf4j.app.plugins;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rf4j.app.RuntimePath;
import org.rf4j.testkit.PluginJars;

/**
 * Plugin errors are charged to the right JAR: on the module path each plugin JAR is resolved on its
 * own first, so a provider of the wrong type in one JAR is reported against that JAR only, not also
 * against an empty JAR beside it (whose layer used to see the other JARs).
 */
class PluginBlameTest {
    @TempDir
    Path dir;

    @Test
    void aBrokenProviderIsChargedToItsOwnJarOnly() throws Exception {
        Path plugins = Files.createDirectory(dir.resolve("plugins"));
        // an automatic module whose services file names a class that is not a provider
        PluginJars.buildSources(dir.resolve("wrong-src"), Map.of("com/example/wrong/NotAProvider.java",
                "package com.example.wrong;\n\n/** Not a provider. */\npublic final class NotAProvider {\n}\n"),
                Map.of("META-INF/services/org.rf4j.spi.CouplingProvider", "com.example.wrong.NotAProvider\n"),
                plugins.resolve("wrong.jar"), List.of());
        PluginJars.jar(plugins.resolve("empty.jar"));
        List<String> cmd = new ArrayList<>(List.of(RuntimePath.java(), "-p", RuntimePath.modulePath(), "-m",
                "org.rf4j.app/org.rf4j.app.Main", "--plugins", plugins.toString(), "mechanisms", "--json"));
        Path out = dir.resolve("out.txt");
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectOutput(out.toFile())
                .redirectError(dir.resolve("err.txt").toFile()).start();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        String err = Files.readString(dir.resolve("err.txt"), StandardCharsets.UTF_8);
        assertThat(p.exitValue()).as(err).isZero();
        JsonNode problems = new ObjectMapper().readTree(Files.readString(out, StandardCharsets.UTF_8)).get("problems");
        List<String> all = new ArrayList<>();
        problems.forEach(n -> all.add(n.asText()));
        assertThat(all).as(all.toString()).hasSize(1);
        assertThat(all.get(0)).contains("wrong.jar").contains("com.example.wrong.NotAProvider").doesNotContain("empty.jar");
    }
}
