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
package org.rf4j.app.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rf4j.app.CliRun;
import org.rf4j.app.RuntimePath;


/**
 * The README's "Use rf4j as a library" program, as a new user would use it: the Java block is
 * extracted from README.md, compiled with javac against the built artifacts and run in a separate
 * JVM — once on the class path and once on the module path ({@code --add-modules org.rf4j}) — and
 * its features must equal {@code rf4j transform}'s for the config it printed (bit for bit), so the
 * docs cannot rot.
 */
class LibraryDocTest {
    /** Not on a library user's path: test artifacts and the CLI application's own (app, Guice, picocli, logback). */
    private static final List<String> NOT_LIBRARY = List.of("junit", "opentest4j", "apiguardian", "assertj",
            "rf-testkit", "byte-buddy", "hamcrest", "test-classes", "logback", "guice", "picocli", "aopalliance",
            "jakarta.inject", "guava", "failureaccess", File.separator + "app" + File.separator + "target");
    private static final Pattern JAVA_BLOCK = Pattern.compile("## Use rf4j as a library.*?```java\\n(.*?)```",
            Pattern.DOTALL);

    private static List<String> runtimePath;
    private static String java;

    @TempDir
    Path dir;

    @BeforeAll
    static void paths() {
        runtimePath = RuntimePath.entries(NOT_LIBRARY);
        java = RuntimePath.java();
    }

    static String snippet() throws IOException {
        Path readme = Path.of("..", "README.md");
        assertThat(readme).as("the README beside the module").exists();
        Matcher m = JAVA_BLOCK.matcher(Files.readString(readme, StandardCharsets.UTF_8));
        assertThat(m.find()).as("a ```java block under '## Use rf4j as a library'").isTrue();
        return m.group(1);
    }

    private record Proc(int code, String out, String err) {
    }

    private Proc run(List<String> command) throws IOException, InterruptedException {
        Path out = dir.resolve("out.txt");
        Path err = dir.resolve("err.txt");
        Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectOutput(out.toFile())
                .redirectError(err.toFile()).start();
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("finished in time").isTrue();
        return new Proc(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8));
    }

    private Path compile(boolean modulePath) throws IOException {
        Path src = Files.createDirectories(dir.resolve(modulePath ? "src-mp" : "src-cp"));
        Files.writeString(src.resolve("Quickstart.java"), snippet());
        Path classes = Files.createDirectories(dir.resolve(modulePath ? "classes-mp" : "classes-cp"));
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        List<String> args = new ArrayList<>(List.of("--release", "17", "-d", classes.toString()));
        args.addAll(modulePath
                ? List.of("--module-path", String.join(File.pathSeparator, runtimePath), "--add-modules", "org.rf4j")
                : List.of("-cp", String.join(File.pathSeparator, runtimePath)));
        args.add(src.resolve("Quickstart.java").toString());
        java.io.ByteArrayOutputStream diagnostics = new java.io.ByteArrayOutputStream();
        int rc = javac.run(null, diagnostics, diagnostics, args.toArray(String[]::new));
        assertThat(rc).as("javac: " + diagnostics.toString(StandardCharsets.UTF_8)).isZero();
        return classes;
    }

    private void writeHybrid() throws IOException {
        Files.writeString(dir.resolve("hybrid.json"), """
                {"kernel": {"id": "softmax"},
                 "estimator": {"id": "hybrid",
                   "base": [{"id": "random-features", "features": {"id": "hyperbolic"}, "m": 16},
                            {"id": "random-features", "features": {"id": "trigonometric"}, "m": 16}],
                   "lambdas": [{"id": "angular", "n": 8}]},
                 "seed": 3}
                """);
    }

    @Test
    void theReadmeProgramRunsOnTheClassPathAndTheModulePathAndMatchesRf4jTransform() throws Exception {
        writeHybrid();
        Path cpClasses = compile(false);
        List<String> cp = new ArrayList<>(runtimePath);
        cp.add(cpClasses.toString());
        Proc onClassPath = run(List.of(java, "-cp", String.join(File.pathSeparator, cp), "Quickstart", "hybrid.json"));
        assertThat(onClassPath.code()).as(onClassPath.err()).isZero();

        Path mpClasses = compile(true);
        Proc onModulePath = run(List.of(java, "-p", String.join(File.pathSeparator, runtimePath), "--add-modules",
                "org.rf4j", "-cp", mpClasses.toString(), "Quickstart", "hybrid.json"));
        assertThat(onModulePath.code()).as(onModulePath.err()).isZero();
        assertThat(onModulePath.out()).isEqualTo(onClassPath.out());

        String[] lines = onClassPath.out().split("\n");
        assertThat(lines).hasSize(6);
        assertThat(lines[5]).startsWith("true ");
        // the printed (fitted) config through the CLI: the same features, bit for bit
        Path config = Files.writeString(dir.resolve("fitted.json"), lines[0]);
        Path x = Files.writeString(dir.resolve("x.csv"), "0.3,-0.1,0.2\n0.0,0.4,-0.3\n-0.2,0.1,0.5\n0.1,0.1,0.1\n");
        Path features = dir.resolve("features.csv");
        CliRun t = CliRun.run("transform", "--config", config.toString(), "--input", x.toString(), "--output",
                features.toString(), "--header", "absent");
        assertThat(t.code()).as(t.toString()).isZero();
        List<String> rows = Files.readAllLines(features);
        assertThat(rows).hasSize(5); // header + 4 rows
        for (int i = 0; i < 4; i++) {
            double[] cli = Arrays.stream(rows.get(i + 1).split(",")).mapToDouble(Double::parseDouble).toArray();
            String printed = lines[i + 1];
            double[] lib = Arrays.stream(printed.substring(1, printed.length() - 1).split(", "))
                    .mapToDouble(Double::parseDouble).toArray();
            assertThat(cli).as("row " + i).containsExactly(lib);
        }
    }
}
