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
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rf4j.app.CliRun;
import org.rf4j.spi.MechanismRegistry;
import org.rf4j.testkit.CouplingContract;
import org.rf4j.testkit.PluginJars;

/**
 * The plugin author's path from the docs: {@code examples/example-plugin/pom.xml} is a standalone
 * Maven project (not in the reactor) that builds against rf4j's INSTALLED artifacts. This test
 * installs the artifacts the plugin needs (the parent POM, rf-api, rf-plugins-spi, rf-testkit, as
 * built by this reactor) into a temporary local repository, runs the Maven wrapper OFFLINE on a
 * copy of the example (its contract tests included) with the build's own local repository as a
 * read-only tail for third-party artifacts ({@code maven.repo.local.tail}), and loads the JAR it
 * built from a plugins directory. Skipped, with the reason, only when no Maven can run.
 */
class ExamplePluginBuildTest {
    private static final String VERSION = "0.1.0-SNAPSHOT";

    @TempDir
    Path dir;

    @Test
    void theExamplePluginBuildsStandaloneAndLoads() throws Exception {
        Path root = PluginJars.repositoryRoot();
        Path mvnw = root.resolve("mvnw");
        String tail = System.getProperty("rf4j.test.localRepository");
        assumeTrue(Files.isRegularFile(mvnw), "no Maven wrapper at " + mvnw);
        assumeTrue(tail != null && Files.isDirectory(Path.of(tail)),
                "the build's local repository is unknown (run through Maven: rf4j.test.localRepository)");
        Path repo = dir.resolve("m2");
        assumeTrue(maven(root, repo, tail, List.of("-v")).code == 0, "Maven cannot run here: the wrapper failed");

        // install: parent POM plus the three artifacts, laid out as 'install' lays them out
        installPom(repo, "rf4j-parent", root.resolve("pom.xml"));
        installJar(repo, "rf-api", root, org.rf4j.api.Matrix.class);
        installJar(repo, "rf-plugins-spi", root, MechanismRegistry.class);
        installJar(repo, "rf-testkit", root, CouplingContract.class);

        Path project = dir.resolve("example-plugin");
        copyTree(PluginJars.examplePlugin(), project);
        Result r = maven(root, repo, tail, List.of("-o", "-q", "-f", project.resolve("pom.xml").toString(), "verify"));
        assertThat(r.code).as(r.output).isZero();
        Path jar = project.resolve("target/rf4j-example-plugin-1.0.0.jar");
        assertThat(jar).exists();
        try (JarFile jf = new JarFile(jar.toFile())) {
            assertThat(jf.getEntry("module-info.class")).isNotNull();
            assertThat(jf.getEntry("META-INF/services/org.rf4j.spi.CouplingProvider")).isNotNull();
            assertThat(jf.getEntry("org/rf4j/spi/MechanismRegistry.class")).as("the SPI is provided, not bundled").isNull();
        }
        assertThat(Files.readString(project.resolve("target/surefire-reports")
                .resolve("com.example.rf4j.plugin.ExamplePluginContractTest$Antithetic.txt"))).contains("Failures: 0");

        Path plugins = Files.createDirectory(dir.resolve("plugins"));
        Files.copy(jar, plugins.resolve(jar.getFileName()));
        CliRun m = CliRun.run("--plugins", plugins.toString(), "mechanisms", "--json");
        assertThat(m.code()).as(m.toString()).isZero();
        assertThat(m.out()).contains("\"antithetic\"", "\"random-phase\"", "\"constant\"");
        assertThat(m.json().get("problems")).isEmpty();
    }

    private record Result(int code, String output) {
    }

    private Result maven(Path root, Path repo, String tail, List<String> args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(root.resolve("mvnw").toString(), "-B",
                "-Dmaven.repo.local=" + repo, "-Dmaven.repo.local.tail=" + tail));
        cmd.addAll(args);
        Path log = Files.createTempFile(dir, "maven", ".log");
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(root.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile());
        Map<String, String> env = pb.environment();
        env.remove("MAVEN_ARGS"); // the outer build's options (its own local repository) must not leak in
        Process p = pb.start();
        if (!p.waitFor(10, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            return new Result(-1, "timed out after 10 minutes\n" + Files.readString(log, StandardCharsets.UTF_8));
        }
        return new Result(p.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
    }

    private static Path folder(Path repo, String artifact) throws IOException {
        return Files.createDirectories(repo.resolve("org/rf4j").resolve(artifact).resolve(VERSION));
    }

    private static void installPom(Path repo, String artifact, Path pom) throws IOException {
        Files.copy(pom, folder(repo, artifact).resolve(artifact + "-" + VERSION + ".pom"),
                StandardCopyOption.REPLACE_EXISTING);
    }

    /** The module's JAR as this build made it (or its classes folder, packaged here). */
    private void installJar(Path repo, String artifact, Path root, Class<?> member) throws IOException {
        Path f = folder(repo, artifact);
        installPom(repo, artifact, root.resolve(artifact).resolve("pom.xml"));
        Path where = PluginJars.location(member);
        Path target = f.resolve(artifact + "-" + VERSION + ".jar");
        if (Files.isDirectory(where)) {
            PluginJars.jar(target, where);
        } else {
            Files.copy(where, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> s = Files.walk(from)) {
            for (Path p : s.toList()) {
                Path rel = from.relativize(p);
                if (rel.toString().startsWith("target")) {
                    continue;
                }
                Path t = to.resolve(rel.toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(t);
                } else {
                    Files.copy(p, t);
                }
            }
        }
    }
}
