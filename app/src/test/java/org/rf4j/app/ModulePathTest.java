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
package org.rf4j.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.spi.ToolProvider;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;


/**
 * The application as users run it: a separate JVM with rf4j's modules on the MODULE path
 * ({@code java -p ... -m org.rf4j.app/org.rf4j.app.Main}), as {@code ./rf4j} does. The module path
 * is the test's own runtime path minus test-only artifacts. Checks that Guice (an automatic
 * module), its explicit-module dependencies and the providers resolve by service binding, that a
 * broken plugin JAR is reported from its module layer, and that the launcher script explains a
 * missing build.
 */
class ModulePathTest {
    private static String modulePath;
    private static String java;

    @TempDir
    Path dir;

    @BeforeAll
    static void modulePath() {
        modulePath = RuntimePath.modulePath();
        java = RuntimePath.java();
    }

    private record Proc(int code, String out, String err) {
        JsonNode json() throws IOException {
            return new ObjectMapper().readTree(out);
        }
    }

    private Proc run(List<String> command) throws IOException, InterruptedException {
        Path out = dir.resolve("out.txt");
        Path err = dir.resolve("err.txt");
        Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectOutput(out.toFile())
                .redirectError(err.toFile()).start();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("finished in time").isTrue();
        return new Proc(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8));
    }

    private Proc rf4j(String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(java, "-p", modulePath, "-m", "org.rf4j.app/org.rf4j.app.Main"));
        cmd.addAll(List.of(args));
        return run(cmd);
    }

    @Test
    void mechanismsResolveOnTheModulePath() throws Exception {
        Proc r = rf4j("mechanisms", "--json");
        assertThat(r.code()).as(r.err()).isZero();
        // the JVM's own notice when rf-vector (jdk.incubator.vector) is on the module path is allowed
        assertThat(r.err().replace("WARNING: Using incubator modules: jdk.incubator.vector\n", "")).isEmpty();
        List<String> ids = new ArrayList<>();
        for (JsonNode p : r.json().get("providers")) {
            ids.add(p.get("id").asText());
            assertThat(p.get("origin").asText()).isEqualTo("built-in");
        }
        assertThat(ids).contains("iid", "positive", "trigonometric", "hyperbolic", "random-features");
        assertThat(r.json().get("problems")).isEmpty();
    }

    @Test
    void estimateRunsAndABrokenPluginIsReportedFromItsLayer() throws Exception {
        Path plugins = Files.createDirectory(dir.resolve("plugins"));
        Files.writeString(plugins.resolve("broken.jar"), "not a zip");
        Proc r = rf4j("estimate", "--trials", "100", "--json");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.json().get("theoryMse").isNumber()).isTrue();
        assertThat(r.err()).contains("broken.jar"); // the default ./plugins, warned on stderr
        Proc bad = rf4j("estimate", "--x", "1,NaN");
        assertThat(bad.code()).isEqualTo(2);
    }

    @Test
    void launcherExplainsAMissingBuild() throws Exception {
        Path script = Path.of("..", "rf4j").toAbsolutePath().normalize();
        assumeTrue(Files.isRegularFile(script), "launcher script not found at " + script);
        Path copy = dir.resolve("rf4j");
        Files.copy(script, copy);
        Proc r = run(List.of("bash", copy.toString(), "mechanisms"));
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err()).contains("./mvnw -q package -DskipTests");
        assertThat(r.out()).isEmpty();
    }

    /**
     * The launcher's class-data-sharing cache: the first run writes it (a dynamic CDS archive, or
     * an AOT cache on JDK 25+) without changing what the run prints, later runs use it and print the
     * same, a cache older than the modules is written again, and {@code RF4J_CDS=off} writes none.
     */
    @Test
    void launcherWritesItsClassDataCacheOnceAndUsesIt() throws Exception {
        Path script = Path.of("..", "rf4j").toAbsolutePath().normalize();
        assumeTrue(Files.isRegularFile(script), "launcher script not found at " + script);
        Path home = Files.createDirectory(dir.resolve("home"));
        Files.copy(script, home.resolve("rf4j"));
        Path modules = Files.createDirectories(home.resolve("app/target/modules"));
        int exploded = 0;
        for (String entry : modulePath.split(File.pathSeparator)) {
            Path jar = Path.of(entry).toAbsolutePath();
            String name = jar.getFileName().toString();
            if (name.endsWith(".jar")) {
                Files.createSymbolicLink(modules.resolve(name), jar);
            } else { // an exploded module (target/classes) is packed, under the name the launcher looks for
                int code = ToolProvider.findFirst("jar").orElseThrow().run(System.out, System.err, "--create",
                        "--file", modules.resolve("app-" + exploded++ + ".jar").toString(), "-C", jar.toString(), ".");
                assertThat(code).isZero();
            }
        }
        List<String> cmd = List.of("bash", home.resolve("rf4j").toString(), "estimate", "--trials", "50", "--json");
        ProcessBuilder first = new ProcessBuilder(cmd);
        Proc one = launch(first, home, "on");
        assertThat(one.code()).as(one.out() + one.err()).isZero();
        Path cds = home.resolve("app/target/cds");
        List<Path> caches;
        try (var files = Files.list(cds)) {
            caches = files.toList();
        }
        assertThat(caches).hasSize(1);
        Path cache = caches.get(0);
        assertThat(cache.getFileName().toString()).matches("rf4j-jdk\\d+\\.(jsa|aot)");
        var written = Files.getLastModifiedTime(cache);
        Proc two = launch(new ProcessBuilder(cmd), home, "on");
        assertThat(two.code()).as(two.err()).isZero();
        assertThat(two.out()).isEqualTo(one.out());
        assertThat(Files.getLastModifiedTime(cache)).isEqualTo(written);
        Files.setLastModifiedTime(cache, FileTime.fromMillis(0));
        Proc three = launch(new ProcessBuilder(cmd), home, "on");
        assertThat(three.out()).isEqualTo(one.out());
        assertThat(Files.getLastModifiedTime(cache).toMillis()).isGreaterThan(0);
        deleteTree(cds);
        Proc off = launch(new ProcessBuilder(cmd), home, "off");
        assertThat(off.out()).isEqualTo(one.out());
        assertThat(cds).doesNotExist();
    }

    private Proc launch(ProcessBuilder pb, Path home, String cdsSetting) throws IOException, InterruptedException {
        pb.environment().put("JAVA_HOME", Path.of(java).getParent().getParent().toString());
        pb.environment().put("RF4J_CDS", cdsSetting);
        pb.environment().remove("RF4J_JAVA_OPTS");
        Path out = dir.resolve("out.txt");
        Path err = dir.resolve("err.txt");
        Process p = pb.directory(home.toFile()).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("finished in time").isTrue();
        return new Proc(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8));
    }

    private static void deleteTree(Path root) throws IOException {
        try (var walk = Files.walk(root)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    /**
     * {@code evaluate --config sub/c.json} from another working directory reads a
     * mechanism-level {@code "data": "x.csv"} from the config's folder (it was read from the working
     * directory), so the run succeeds, and the same file name is not found beside the working directory.
     */
    @Test
    void evaluateResolvesMechanismDataFilesAgainstTheConfigsFolder() throws Exception {
        Path sub = Files.createDirectory(dir.resolve("sub"));
        // the gram task's default points are 64-dimensional
        StringBuilder csv = new StringBuilder();
        for (int i = 0; i < 20; i++) {
            for (int j = 0; j < 64; j++) {
                csv.append(j == 0 ? "" : ",").append(0.01 * ((i * 7 + j * 3) % 11) - 0.05);
            }
            csv.append('\n');
        }
        Files.writeString(sub.resolve("x.csv"), csv);
        Files.writeString(sub.resolve("c.json"), """
                {"kernel": {"id": "gaussian", "sigma": 2.0},
                 "estimator": {"id": "random-features", "features": {"id": "oprf", "data": "x.csv"}, "m": 8},
                 "seed": 1}
                """);
        Proc r = rf4j("evaluate", "--config", "sub/c.json", "--task", "gram", "--m", "8", "--seeds", "1", "--json");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.json().get("series").get(0).get("label").asText()).isEqualTo("c");
        assertThat(Files.exists(dir.resolve("x.csv"))).isFalse();
    }
}
