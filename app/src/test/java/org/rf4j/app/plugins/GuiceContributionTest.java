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
import com.google.inject.Guice;
import com.google.inject.Module;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rf4j.api.Spec;
import org.rf4j.api.mechanism.LambdaEstimator;
import org.rf4j.app.inject.AppModule;
import org.rf4j.app.inject.AppSettings;
import org.rf4j.app.inject.GuiceContributions;
import org.rf4j.spi.MechanismKind;
import org.rf4j.spi.MechanismRegistry;
import org.rf4j.testkit.PluginJars;

/**
 * A plugin that contributes a Guice module ({@code examples/guice-plugin}): its provider is created
 * by Guice with a value from the plugin's module injected, joins the registry with origin
 * {@code plugin} and its JAR as location, and is listed and usable. A plugin whose Guice module
 * fails is reported by class and JAR, and everything else still starts.
 */
class GuiceContributionTest {
    @TempDir
    static Path tmp;
    static Path plugins;
    static Path guiceJar;
    static Path brokenJar;

    @BeforeAll
    static void buildPlugins() {
        plugins = tmp.resolve("plugins");
        guiceJar = PluginJars.buildProject(PluginJars.guicePlugin(), plugins.resolve("guice-plugin.jar"),
                AppPaths.guiceModulePath());
        String module = "module com.example.broken.guice {\n    requires com.google.guice;\n"
                + "    provides com.google.inject.Module with com.example.broken.guice.BrokenModule;\n}\n";
        String cls = "package com.example.broken.guice;\n\nimport com.google.inject.AbstractModule;\n\n"
                + "/** Fails while configuring. */\npublic final class BrokenModule extends AbstractModule {\n"
                + "    @Override\n    protected void configure() {\n"
                + "        throw new IllegalStateException(\"no connection to the feature store\");\n    }\n}\n";
        brokenJar = PluginJars.buildSources(tmp.resolve("broken-src"), Map.of("module-info.java", module,
                "com/example/broken/guice/BrokenModule.java", cls),
                Map.of("META-INF/services/com.google.inject.Module", "com.example.broken.guice.BrokenModule\n"),
                plugins.resolve("broken-guice.jar"), AppPaths.guiceModulePath());
    }

    @Test
    void theContributedProviderIsListedWithItsJar() {
        PluginCli r = PluginCli.run(plugins, "mechanisms", "--json");
        assertThat(r.code()).as(r.toString()).isZero();
        JsonNode p = r.provider("lambda", "tuned-constant");
        assertThat(p).as(r.out()).isNotNull();
        assertThat(p.get("origin").asText()).isEqualTo("plugin");
        assertThat(p.get("location").asText()).isEqualTo(guiceJar.toString());
        // The default was injected from the plugin's Guice module.
        assertThat(p.get("parameters").get(0).get("default").asDouble()).isEqualTo(0.25);
        assertThat(r.provider("coupling", "iid")).isNotNull();
    }

    @Test
    void aFailingGuiceModuleIsReportedAndTheRestStarts() {
        PluginCli r = PluginCli.run(plugins, "mechanisms", "--json");
        assertThat(r.code()).as(r.toString()).isZero();
        JsonNode problems = r.json().get("problems");
        assertThat(problems).hasSize(1);
        assertThat(problems.get(0).asText()).contains("Guice module com.example.broken.guice.BrokenModule",
                brokenJar.toString(), "no connection to the feature store");
        assertThat(r.provider("lambda", "tuned-constant")).isNotNull();
        assertThat(r.provider("features", "positive")).isNotNull();
    }

    @Test
    void theContributedMechanismIsCreatedThroughTheRegistry() {
        AppSettings settings = new AppSettings(false, plugins);
        MechanismRegistry.Builder discovery = AppModule.discover(settings);
        List<Module> modules = new ArrayList<>();
        modules.add(new AppModule(settings, discovery));
        modules.addAll(GuiceContributions.load(discovery, settings));
        MechanismRegistry registry = Guice.createInjector(modules).getInstance(MechanismRegistry.class);
        LambdaEstimator l = registry.create(MechanismKind.LAMBDA_ESTIMATOR, "estimator.lambdas[0]",
                Spec.of("tuned-constant"));
        assertThat(l.value(new double[] {1}, new double[] {2})).isEqualTo(0.25);
        assertThat(l.spec()).isEqualTo(Spec.of("tuned-constant", "value", 0.25));
        assertThat(registry.problems()).singleElement().asString().contains("BrokenModule");
    }
}
