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
package org.rf4j.testkit.plugins;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rf4j.spi.MechanismKind;
import org.rf4j.spi.MechanismRegistry;
import org.rf4j.spi.PluginException;
import org.rf4j.spi.ProviderInfo;
import org.rf4j.testkit.PluginJars;

/**
 * Broken plugins, each built from sources in the test and dropped into one plugins directory
 * beside the working example plugin: every failure is reported in {@link MechanismRegistry#problems()}
 * with a message naming the JAR, the provider and the cause, and everything else still loads.
 */
class PluginFailureTest {
    @TempDir
    static Path tmp;
    static Path plugins;
    static Path lib;
    static Path example;
    static Path ctor;
    static Path missing;
    static Path twinA;
    static Path twinB;
    static Path schema;
    static MechanismRegistry registry;

    @BeforeAll
    static void buildPlugins() {
        plugins = tmp.resolve("plugins");
        example = PluginJars.buildProject(PluginJars.examplePlugin(), plugins.resolve("example-plugin.jar"), List.of());

        ctor = plugin("broken-ctor", "com.example.broken.ctor", "Throwing", "coupling", "throwing",
                "    public Throwing() {\n"
                + "        throw new IllegalStateException(\"licence file /etc/acme.lic not found\");\n"
                + "    }\n", "", "");

        // A library module the plugin needs at run time but that is not installed.
        lib = PluginJars.buildSources(tmp.resolve("absent-src"), Map.of(
                "module-info.java", "module com.example.absent { exports com.example.absent; }",
                "com/example/absent/Helper.java",
                "package com.example.absent;\npublic final class Helper {\n    private Helper() {\n    }\n\n"
                        + "    public static String name() {\n        return \"needs-absent\";\n    }\n}\n"),
                Map.of(), tmp.resolve("lib/absent.jar"), List.of());
        missing = plugin("needs-absent", "com.example.needs", "NeedsAbsent", "coupling",
                "com.example.absent.Helper.name()", "", "requires com.example.absent;", "");

        twinA = plugin("twin-a", "com.example.twin.a", "Twin", "coupling", "twin", "", "", "");
        twinB = plugin("twin-b", "com.example.twin.b", "Twin", "coupling", "twin", "", "", "");

        schema = plugin("bad-schema", "com.example.badschema", "BadSchema", "features", "bad-schema", "", "",
                "org.rf4j.spi.Parameter.integer(\"m\", 0, 1L, 10L, \"a count\")");

        registry = MechanismRegistry.builder().loadDiscovered().pluginDirectory(plugins).build();
    }

    /**
     * Writes, compiles and packages a one-provider plugin.
     *
     * @param idExpr  a Java expression for the id (a plain word is quoted)
     * @param body    extra members (e.g. a constructor)
     * @param req     extra module-info directives
     * @param param   a schema parameter expression, or ""
     */
    static Path plugin(String jar, String module, String cls, String kind, String idExpr, String body, String req,
            String param) {
        String iface = kind.equals("coupling") ? "CouplingProvider" : "FeatureMapProvider";
        String type = kind.equals("coupling") ? "org.rf4j.api.mechanism.Coupling" : "org.rf4j.api.mechanism.FeatureMap";
        String id = idExpr.matches("[a-z-]+") ? "\"" + idExpr + "\"" : idExpr;
        String src = "package " + module + ";\n\n"
                + "import org.rf4j.spi.BuildContext;\nimport org.rf4j.spi.ParameterSchema;\nimport org.rf4j.spi.Parameters;\n\n"
                + "/** Test provider. */\npublic final class " + cls + " implements org.rf4j.spi." + iface + " {\n"
                + body
                + "    @Override\n    public String id() {\n        return " + id + ";\n    }\n\n"
                + "    @Override\n    public ParameterSchema schema() {\n        return ParameterSchema.of(" + param + ");\n    }\n\n"
                + "    @Override\n    public " + type + " create(Parameters p, BuildContext c) {\n"
                + "        throw new UnsupportedOperationException();\n    }\n}\n";
        String info = "module " + module + " {\n    requires transitive org.rf4j.spi;\n    " + req + "\n"
                + "    exports " + module + ";\n    provides org.rf4j.spi." + iface + " with " + module + "." + cls + ";\n}\n";
        return PluginJars.buildSources(tmp.resolve(jar + "-src"), Map.of("module-info.java", info,
                module.replace('.', '/') + "/" + cls + ".java", src),
                Map.of("META-INF/services/org.rf4j.spi." + iface, module + "." + cls + "\n"),
                plugins.resolve(jar + ".jar"), List.of(lib == null ? tmp : lib));
    }

    @Test
    void theWorkingPluginAndTheFirstTwinStillLoad() {
        assertThat(registry.ids(MechanismKind.COUPLING)).contains("antithetic", "twin").doesNotContain("throwing");
        assertThat(registry.ids(MechanismKind.FEATURE_MAP)).contains("random-phase").doesNotContain("bad-schema");
        assertThat(registry.ids(MechanismKind.LAMBDA_ESTIMATOR)).contains("constant");
        assertThat(registry.provider(MechanismKind.COUPLING, "c", "twin").location()).isEqualTo(twinA.toString());
        assertThat(registry.problems()).hasSize(4);
    }

    @Test
    void aProviderThatThrowsInItsConstructorIsReportedWithItsJarAndCause() {
        assertThat(problemAbout(ctor)).contains("com.example.broken.ctor.Throwing", "could not be instantiated",
                "IllegalStateException: licence file /etc/acme.lic not found");
    }

    @Test
    void aMissingDependencyIsNamed() {
        assertThat(problemAbout(missing)).contains("Module com.example.absent not found, required by com.example.needs",
                "JARs in the plugins directory");
    }

    @Test
    void aDependencyShippedAsAJarInThePluginsDirectoryIsResolvedIntoThePluginsLayer() throws IOException {
        Path dir = tmp.resolve("plugins-with-lib");
        Files.createDirectories(dir);
        Files.copy(missing, dir.resolve("needs-absent.jar"));
        Files.copy(lib, dir.resolve("absent.jar"));
        MechanismRegistry r = MechanismRegistry.builder().pluginDirectory(dir).build();
        assertThat(r.problems()).isEmpty();
        ProviderInfo info = r.provider(MechanismKind.COUPLING, "c", "needs-absent");
        assertThat(info.location()).isEqualTo(dir.resolve("needs-absent.jar").toString());
        assertThat(r.all()).hasSize(1);
        assertThat(r.pluginLayers()).hasSize(2);
        assertThat(info.provider().getClass().getModule().getLayer()).isSameAs(r.pluginLayers().get(1));
    }

    @Test
    void aDuplicateIdNamesBothLocations() {
        assertThat(problemAbout(twinB)).contains("coupling id 'twin' is provided twice", twinA.toString(),
                twinB.toString(), "com.example.twin.a.Twin", "com.example.twin.b.Twin");
    }

    @Test
    void anInvalidSchemaIsReportedWithTheProviderAndTheParameter() {
        assertThat(problemAbout(schema)).contains("bad-schema", "com.example.badschema.BadSchema",
                "parameter 'm' has an invalid default", "0", ">= 1");
    }

    @Test
    void strictDiscoveryFailsOnTheFirstProblem() {
        assertThatThrownBy(() -> MechanismRegistry.builder().strict(true).pluginDirectory(plugins).build())
                .isInstanceOf(PluginException.class).hasMessageContaining("bad-schema");
    }

    @Test
    void onTheClassPathTheSameFailuresAreReportedAndTheRestLoads() throws IOException {
        List<Path> jars = List.of(example, ctor, missing, twinA, twinB, schema);
        URL[] urls = new URL[jars.size()];
        for (int i = 0; i < urls.length; i++) {
            urls[i] = jars.get(i).toUri().toURL();
        }
        try (URLClassLoader loader = new URLClassLoader(urls, PluginFailureTest.class.getClassLoader())) {
            MechanismRegistry cp = MechanismRegistry.builder().loadDiscovered(loader).build();
            assertThat(cp.ids(MechanismKind.COUPLING)).contains("antithetic", "twin");
            assertThat(cp.ids(MechanismKind.FEATURE_MAP)).contains("random-phase");
            assertThat(cp.problems()).hasSize(4);
        }
    }

    static String problemAbout(Path jar) {
        List<String> about = registry.problems().stream().filter(p -> p.contains(jar.getFileName().toString())).toList();
        assertThat(about).as("problems naming " + jar + ": " + registry.problems()).hasSize(1);
        return about.get(0);
    }

}
