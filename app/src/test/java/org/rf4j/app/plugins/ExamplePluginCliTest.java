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
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rf4j.app.Main;

/**
 * The example plugin JAR (built from sources outside the reactor; nothing of rf4j recompiled)
 * dropped into a plugins directory is listed by {@code rf4j mechanisms} with its origin and JAR,
 * and its coupling and feature map are used from a config file by {@code rf4j estimate}, which
 * reports an unbiased mean (within 4 standard errors) and, for iid projections, an empirical MSE
 * that matches the plugin's closed form (within 4 standard errors of the squared-error mean). The
 * same JAR also works on the class path, with rf4j itself on the class path.
 */
class ExamplePluginCliTest {
    @TempDir
    Path dir;

    @Test
    void mechanismsListsThePluginsProvidersWithOriginAndLocation() {
        PluginCli r = PluginCli.run(ExamplePlugin.directory(), "mechanisms", "--json");
        assertThat(r.code()).as(r.toString()).isZero();
        assertThat(r.json().get("problems")).isEmpty();
        for (String[] kindId : new String[][] {{"coupling", "antithetic"}, {"features", "random-phase"},
                {"lambda", "constant"}}) {
            JsonNode p = r.provider(kindId[0], kindId[1]);
            assertThat(p).as(kindId[1]).isNotNull();
            assertThat(p.get("origin").asText()).isEqualTo("plugin");
            assertThat(p.get("location").asText()).isEqualTo(ExamplePlugin.jar().toString());
            assertThat(p.get("version").asText()).isEqualTo("1.0.0");
        }
        assertThat(r.provider("coupling", "iid").get("origin").asText()).isEqualTo("built-in");
        JsonNode value = r.provider("lambda", "constant").get("parameters").get(0);
        assertThat(value.get("name").asText()).isEqualTo("value");
        assertThat(value.get("default").asDouble()).isEqualTo(0.5);
        assertThat(value.get("max").asDouble()).isEqualTo(1.0);

        PluginCli text = PluginCli.run(ExamplePlugin.directory(), "mechanisms");
        assertThat(text.out()).contains("antithetic", "plugin (" + ExamplePlugin.jar() + ")");
    }

    @Test
    void estimateUsesThePluginsCouplingAndFeaturesFromAConfig() throws IOException {
        String x = "0.4,-0.3,0.2";
        String y = "0.1,0.3,-0.2";
        for (String kernel : new String[] {"{\"id\": \"gaussian\", \"sigma\": 1.3}", "{\"id\": \"softmax\"}"}) {
            // iid projections: the plugin's closed-form MSE applies.
            JsonNode iid = estimate(kernel, "iid", x, y);
            assertThat(iid.get("theoryMse").isNumber()).as("closed form of random-phase").isTrue();
            assertThat(Math.abs(iid.get("mse").asDouble() - iid.get("theoryMse").asDouble())).as(iid.toString())
                    .isLessThan(4 * iid.get("mseStdErr").asDouble());
            assertThat(Math.abs(iid.get("mean").asDouble() - iid.get("exact").asDouble())).as(iid.toString())
                    .isLessThan(4 * iid.get("meanStdErr").asDouble());
            assertThat(iid.get("config").get("estimator").get("features").get("id").asText()).isEqualTo("random-phase");
            // The plugin's coupling under the plugin's map: unbiased, no closed form claimed.
            JsonNode anti = estimate(kernel, "antithetic", x, y);
            assertThat(anti.get("theoryMse").isNull()).isTrue();
            assertThat(Math.abs(anti.get("mean").asDouble() - anti.get("exact").asDouble())).as(anti.toString())
                    .isLessThan(4 * anti.get("meanStdErr").asDouble());
            assertThat(anti.get("config").get("estimator").get("coupling").get("id").asText()).isEqualTo("antithetic");
        }
    }

    /**
     * The plugin's kernel (a two-scale Gaussian mixture that declares only its exact value and its
     * mixing law) with built-in couplings and the built-in trigonometric map: unbiased with the
     * orthogonal and simplex couplings, the iid closed form from the kernel alone; on the module
     * path too.
     */
    @Test
    void thePluginsKernelWorksWithBuiltInCouplingsAndMaps() throws Exception {
        String kernel = "{\"id\": \"two-scale-gaussian\", \"short\": 0.4, \"long\": 2.0, \"weight\": 0.5}";
        for (String coupling : new String[] {"iid", "orthogonal", "simplex"}) {
            Path config = dir.resolve(coupling + "-kernel.json");
            Files.writeString(config, "{\"kernel\": " + kernel + ", \"estimator\": {\"id\": \"random-features\","
                    + " \"coupling\": {\"id\": \"" + coupling + "\"}, \"m\": 6}, \"seed\": 3}");
            PluginCli r = PluginCli.run(ExamplePlugin.directory(), "estimate", "--config", config.toString(), "--x",
                    "0.4,-0.3,0.2", "--y", "0.1,0.3,-0.2", "--trials", "3000", "--json");
            assertThat(r.code()).as(r.toString()).isZero();
            JsonNode j = r.json();
            assertThat(Math.abs(j.get("mean").asDouble() - j.get("exact").asDouble())).as(j.toString())
                    .isLessThan(4.5 * j.get("meanStdErr").asDouble());
            assertThat(j.get("config").get("estimator").get("features").get("id").asText()).isEqualTo("trigonometric");
            if (coupling.equals("iid")) {
                assertThat(Math.abs(j.get("mse").asDouble() - j.get("theoryMse").asDouble()))
                        .isLessThan(4.5 * j.get("mseStdErr").asDouble());
            }
        }
        JsonNode k = PluginCli.run(ExamplePlugin.directory(), "mechanisms", "--json").provider("kernel", "two-scale-gaussian");
        assertThat(k.get("origin").asText()).isEqualTo("plugin");
        assertThat(k.get("family").asText()).isEqualTo("shift-invariant isotropic, Gaussian scale mixture");
        assertThat(k.get("couplings").toString()).contains("orthogonal", "simplex");
        String mp = AppPaths.applicationClassPath().stream().map(Path::toString)
                .collect(Collectors.joining(File.pathSeparator));
        JsonNode est = jvm(List.of("-p", mp, "-m", "org.rf4j.app/" + Main.class.getName(), "--plugins",
                ExamplePlugin.directory().toString(), "estimate", "--config", dir.resolve("simplex-kernel.json").toString(),
                "--x", "0.1,0.2,0.3", "--y", "0.3,0.1,0.0", "--trials", "1000", "--json"));
        assertThat(Math.abs(est.get("mean").asDouble() - est.get("exact").asDouble())).as(est.toString())
                .isLessThan(4.5 * est.get("meanStdErr").asDouble());
    }

    /**
     * The plugin's λ estimator in a built-in hybrid (HRF Eq. 8): {@code 0.3·K̂_positive + 0.7·K̂_trig}
     * is unbiased, and its MSE matches the hybrid closed form (which uses the plugin's E[λ̂²]).
     */
    @Test
    void theConstantLambdaDrivesABuiltInHybrid() throws IOException {
        Path config = dir.resolve("hybrid.json");
        Files.writeString(config, "{\"kernel\": {\"id\": \"gaussian\", \"sigma\": 1.2}, \"estimator\": {\"id\": \"hybrid\", "
                + "\"base\": [{\"id\": \"random-features\", \"features\": {\"id\": \"positive\"}, \"m\": 16}, "
                + "{\"id\": \"random-features\", \"features\": {\"id\": \"trigonometric\"}, \"m\": 16}], "
                + "\"lambdas\": [{\"id\": \"constant\", \"value\": 0.3}]}, \"seed\": 9}");
        PluginCli r = PluginCli.run(ExamplePlugin.directory(), "estimate", "--config", config.toString(), "--x",
                "0.4,-0.3,0.2", "--y", "0.1,0.3,-0.2", "--trials", "3000", "--json");
        assertThat(r.code()).as(r.toString()).isZero();
        JsonNode j = r.json();
        assertThat(Math.abs(j.get("mean").asDouble() - j.get("exact").asDouble())).as(j.toString())
                .isLessThan(4 * j.get("meanStdErr").asDouble());
        assertThat(j.get("config").get("estimator").get("lambdas").get(0).get("value").asDouble()).isEqualTo(0.3);
        if (j.get("theoryMse").isNumber()) {
            assertThat(Math.abs(j.get("mse").asDouble() - j.get("theoryMse").asDouble())).as(j.toString())
                    .isLessThan(4 * j.get("mseStdErr").asDouble());
        }
    }

    /** {@code rf4j evaluate} compares configs that use the plugin's mechanisms beside a built-in one. */
    @Test
    void evaluateComparesThePluginsMechanisms() throws IOException {
        Path iid = dir.resolve("iid-random-phase.json");
        Path anti = dir.resolve("antithetic-random-phase.json");
        Path builtin = dir.resolve("iid-trigonometric.json");
        String kernel = "{\"kernel\": {\"id\": \"gaussian\", \"sigma\": 1.0}, \"estimator\": {\"id\": \"random-features\", ";
        Files.writeString(iid, kernel + "\"coupling\": {\"id\": \"iid\"}, \"features\": {\"id\": \"random-phase\"}}, \"seed\": 5}");
        Files.writeString(anti, kernel + "\"coupling\": {\"id\": \"antithetic\"}, \"features\": {\"id\": \"random-phase\"}}, "
                + "\"seed\": 5}");
        Files.writeString(builtin, kernel + "\"features\": {\"id\": \"trigonometric\"}}, \"seed\": 5}");
        for (String task : new String[] {"pointwise", "gram"}) {
            PluginCli r = PluginCli.run(ExamplePlugin.directory(), "evaluate", "--task", task, "--config", iid.toString(),
                    anti.toString(), builtin.toString(), "--m", task.equals("gram") ? "8" : "8,32", "--seeds", "3", "--json");
            assertThat(r.code()).as(r.toString()).isZero();
            JsonNode series = r.json().get("series");
            assertThat(series).as(r.out()).hasSize(3);
            assertThat(series.get(0).get("estimator").get("features").get("id").asText()).isEqualTo("random-phase");
            assertThat(series.get(1).get("estimator").get("coupling").get("id").asText()).isEqualTo("antithetic");
            for (JsonNode s : series) {
                for (JsonNode point : s.get("points")) {
                    assertThat(point.get("values")).hasSize(3);
                    assertThat(Double.isFinite(point.get("mean").asDouble())).as(point.toString()).isTrue();
                }
            }
        }
    }

    @Test
    void withoutThePluginTheIdsAreUnknownAndNamed() throws IOException {
        Path config = dir.resolve("c.json");
        Files.writeString(config, "{\"kernel\": {\"id\": \"gaussian\", \"sigma\": 1.0}, \"estimator\": {\"id\": "
                + "\"random-features\", \"coupling\": {\"id\": \"antithetic\"}, \"m\": 8}, \"seed\": 1}");
        PluginCli r = PluginCli.run(dir.resolve("no-plugins"), "estimate", "--config", config.toString());
        assertThat(r.code()).as(r.toString()).isEqualTo(2);
        assertThat(r.err()).contains("antithetic", "iid");
    }

    private JsonNode estimate(String kernel, String coupling, String x, String y) throws IOException {
        Path config = dir.resolve(coupling + ".json");
        Files.writeString(config, "{\"kernel\": " + kernel + ", \"estimator\": {\"id\": \"random-features\", "
                + "\"coupling\": {\"id\": \"" + coupling + "\"}, \"features\": {\"id\": \"random-phase\"}, \"m\": 16}, "
                + "\"seed\": 11}");
        PluginCli r = PluginCli.run(ExamplePlugin.directory(), "estimate", "--config", config.toString(), "--x", x,
                "--y", y, "--trials", "3000", "--json");
        assertThat(r.code()).as(r.toString()).isZero();
        assertThat(r.err()).isEmpty();
        return r.json();
    }

    /** rf4j on the class path, the plugin JAR beside it: found through META-INF/services. */
    @Test
    void theSameJarWorksOnTheClassPath() throws Exception {
        List<Path> cp = new ArrayList<>(AppPaths.applicationClassPath());
        cp.add(ExamplePlugin.jar());
        JsonNode json = classPathRun(cp, dir.resolve("no-plugins"));
        JsonNode p = find(json, "features", "random-phase");
        assertThat(p.get("origin").asText()).isEqualTo("external");
        assertThat(p.get("location").asText()).isEqualTo(ExamplePlugin.jar().toString());
        assertThat(find(json, "coupling", "iid").get("origin").asText()).isEqualTo("built-in");
    }

    /** rf4j on the class path with a plugins directory: each JAR gets its own class loader. */
    @Test
    void aClassPathApplicationLoadsThePluginsDirectory() throws Exception {
        JsonNode json = classPathRun(AppPaths.applicationClassPath(), ExamplePlugin.directory());
        for (String[] kindId : new String[][] {{"coupling", "antithetic"}, {"features", "random-phase"},
                {"lambda", "constant"}}) {
            JsonNode p = find(json, kindId[0], kindId[1]);
            assertThat(p.get("origin").asText()).isEqualTo("plugin");
            assertThat(p.get("location").asText()).isEqualTo(ExamplePlugin.jar().toString());
        }
        assertThat(json.get("problems")).isEmpty();
    }

    /**
     * rf4j on the module path (as {@code ./rf4j} and the jlink image run it): the plugin JAR is
     * resolved into its own module layer, and a config uses its mechanisms.
     */
    @Test
    void onTheModulePathThePluginGetsItsOwnLayer() throws Exception {
        String mp = AppPaths.applicationClassPath().stream().map(Path::toString)
                .collect(Collectors.joining(File.pathSeparator));
        JsonNode json = jvm(List.of("-p", mp, "-m", "org.rf4j.app/" + Main.class.getName(), "--plugins",
                ExamplePlugin.directory().toString(), "mechanisms", "--json"));
        for (String[] kindId : new String[][] {{"coupling", "antithetic"}, {"features", "random-phase"},
                {"lambda", "constant"}}) {
            JsonNode p = find(json, kindId[0], kindId[1]);
            assertThat(p.get("origin").asText()).isEqualTo("plugin");
            assertThat(p.get("location").asText()).isEqualTo(ExamplePlugin.jar().toString());
        }
        assertThat(json.get("problems")).isEmpty();
        Path config = dir.resolve("mp.json");
        Files.writeString(config, "{\"kernel\": {\"id\": \"gaussian\", \"sigma\": 1.0}, \"estimator\": {\"id\": "
                + "\"random-features\", \"coupling\": {\"id\": \"antithetic\"}, \"features\": {\"id\": \"random-phase\"}, "
                + "\"m\": 8}, \"seed\": 3}");
        JsonNode est = jvm(List.of("-p", mp, "-m", "org.rf4j.app/" + Main.class.getName(), "--plugins",
                ExamplePlugin.directory().toString(), "estimate", "--config", config.toString(), "--x", "0.1,0.2",
                "--y", "0.3,0.1", "--trials", "1000", "--json"));
        assertThat(Math.abs(est.get("mean").asDouble() - est.get("exact").asDouble())).as(est.toString())
                .isLessThan(4 * est.get("meanStdErr").asDouble());
    }

    private static JsonNode classPathRun(List<Path> cp, Path plugins) throws Exception {
        return jvm(List.of("-cp", cp.stream().map(Path::toString).collect(Collectors.joining(File.pathSeparator)),
                Main.class.getName(), "--plugins", plugins.toString(), "mechanisms", "--json"));
    }

    /** Runs a JVM with the given arguments; its stdout as JSON. */
    private static JsonNode jvm(List<String> args) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        if (Runtime.version().feature() >= 24) {
            cmd.add("--sun-misc-unsafe-memory-access=allow");
        }
        cmd.addAll(args);
        Process proc = new ProcessBuilder(cmd).redirectErrorStream(false).start();
        String out = new String(proc.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(proc.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(proc.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(proc.exitValue()).as(out + err).isZero();
        return new ObjectMapper().readTree(out);
    }

    private static JsonNode find(JsonNode json, String kind, String id) {
        for (JsonNode p : json.get("providers")) {
            if (p.get("kind").asText().equals(kind) && p.get("id").asText().equals(id)) {
                return p;
            }
        }
        throw new AssertionError(kind + " " + id + " not listed: " + json);
    }
}
