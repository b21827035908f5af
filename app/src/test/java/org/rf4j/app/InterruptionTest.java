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

import java.io.IOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;


/**
 * No temporary file survives an interrupted {@code transform}: the CLI runs in a child JVM (as
 * users run it) writing a large output and is stopped mid-write. SIGTERM ({@link Process#destroy})
 * runs the shutdown hook, which deletes the temp file; {@code kill -9}
 * ({@link Process#destroyForcibly}) runs nothing, so the temp file stays, and the next run to the
 * same output sweeps it (its process is dead). A temp file of a live process is left alone.
 */
class InterruptionTest {
    private static String modulePath;
    private static String java;

    @TempDir
    Path dir;

    @BeforeAll
    static void modulePath() {
        modulePath = RuntimePath.modulePath();
        java = RuntimePath.java();
    }

    /** A config whose features are wide (2·512 per row), so the output grows fast. */
    private Path setUp() throws IOException {
        Path in = dir.resolve("in.csv");
        try (Writer w = Files.newBufferedWriter(in)) {
            w.write("a,b,c,d\n");
            for (int i = 0; i < 20_000; i++) {
                w.write(String.format(Locale.ROOT, "%.4f,%.4f,%.4f,%.4f%n", Math.sin(i), Math.cos(i), 0.001 * (i % 97),
                        0.5));
            }
        }
        Path c = dir.resolve("c.json");
        Files.writeString(c, "{\"kernel\": {\"id\": \"gaussian\", \"sigma\": 2}, \"estimator\": {\"id\": \"random-features\", "
                + "\"features\": {\"id\": \"trigonometric\"}, \"m\": 512}, \"seed\": 1}");
        return c;
    }

    private Process start(Path config, Path out) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(java, "-p", modulePath, "-m", "org.rf4j.app/org.rf4j.app.Main",
                "transform", "--config", config.toString(), "--input", dir.resolve("in.csv").toString(), "--output",
                out.toString(), "--chunk", "256", "--threads", "1"));
        return new ProcessBuilder(cmd).directory(dir.toFile()).redirectOutput(dir.resolve("stdout.txt").toFile())
                .redirectError(dir.resolve("stderr.txt").toFile()).start();
    }

    private List<Path> temps() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().endsWith(".tmp")).toList();
        }
    }

    /** Waits until the child has written at least 1 MB of its temp file. */
    private Path awaitTempFile(Process p) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            for (Path t : temps()) {
                if (Files.size(t) > (1 << 20)) {
                    return t;
                }
            }
            assertThat(p.isAlive()).as("transform still running; stderr: %s",
                    Files.readString(dir.resolve("stderr.txt"))).isTrue();
            Thread.sleep(50);
        }
        throw new AssertionError("no temp file appeared within 60 s");
    }

    @Test
    void sigtermLeavesNoTempFileAndNoOutput() throws Exception {
        Path c = setUp();
        Path out = dir.resolve("out.csv");
        Process p = start(c, out);
        Path temp = awaitTempFile(p);
        assertThat(temp.getFileName().toString()).startsWith(".out.csv." + p.pid() + ".");
        p.destroy(); // SIGTERM
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(temps()).as("temp files after SIGTERM").isEmpty();
        assertThat(out).doesNotExist();
        String err = Files.readString(dir.resolve("stderr.txt"));
        assertThat(err.lines().filter(l -> l.startsWith("rf4j:")).toList())
                .containsExactly("rf4j: interrupted; nothing was written");
    }

    @Test
    void killMinusNineLeavesATempFileThatTheNextRunSweeps() throws Exception {
        Path c = setUp();
        Path out = dir.resolve("out.csv");
        Process p = start(c, out);
        Path temp = awaitTempFile(p);
        p.destroyForcibly(); // SIGKILL: no hook runs
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(temp).as("kill -9 runs no hook").exists();

        // a temp file of a live process (this JVM's parent or this JVM) must survive the sweep
        long live = ProcessHandle.current().parent().map(ProcessHandle::pid).orElse(ProcessHandle.current().pid());
        Path alive = Files.writeString(dir.resolve(".out.csv." + live + ".7.tmp"), "in progress");
        // a small input, so the next run is quick
        Path small = Files.writeString(dir.resolve("small.csv"), "a,b,c,d\n1,2,3,4\n");
        CliRun r = CliRun.run("transform", "--config", c.toString(), "--input", small.toString(), "--output",
                out.toString());
        assertThat(r.code()).as(r.toString()).isZero();
        assertThat(temp).as("stale temp file of the killed run").doesNotExist();
        assertThat(alive).as("temp file of a live process").exists();
        assertThat(out).exists();
        Files.delete(alive);
        assertThat(temps()).isEmpty();
    }
}
