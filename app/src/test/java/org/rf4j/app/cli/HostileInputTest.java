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

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.rf4j.app.CliRun;

/**
 * Bad input, faults and limits as a hostile user meets them: each exits 2 with one line naming the real
 * culprit (or 0 where the input is valid), and no input is ever overwritten.
 */
class HostileInputTest {
    @TempDir
    Path dir;

    private static void assertRefused(CliRun r, String... fragments) {
        assertThat(r.code()).as(r.toString()).isEqualTo(2);
        assertThat(r.out()).as(r.toString()).isEmpty();
        assertThat(r.err()).as(r.toString()).startsWith("rf4j: ").contains(fragments).doesNotContain("\tat ");
        assertThat(r.err().strip().lines().count()).as(r.toString()).isEqualTo(1);
    }

    private Path file(String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text);
    }

    private Path config(String features, String kernel) throws IOException {
        // data-driven maps fit their parameters to a (sane) data file
        file("fit.csv", "a,b\n1,2\n0.5,-1\n-0.3,0.2\n");
        return file("c-" + features + ".json", "{\"kernel\": " + kernel + ", \"estimator\": {\"id\": \"random-features\", "
                + "\"features\": {\"id\": \"" + features + "\"}, \"m\": 8}, \"data\": \"fit.csv\", \"seed\": 1}");
    }

    @Test
    void bareRf4jIsAUsageError() {
        CliRun r = CliRun.run();
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.out()).isEmpty();
        assertThat(r.err()).startsWith("rf4j: a command is required").contains("Usage: rf4j", "transform");
    }

    @Test
    void aMissingPluginsDirectoryWarns() throws IOException {
        CliRun r = CliRun.run("--plugins", dir.resolve("nope").toString(), "config");
        assertThat(r.code()).as(r.toString()).isZero();
        assertThat(r.err()).contains("warning: --plugins " + dir.resolve("nope") + " does not exist");
        CliRun f = CliRun.run("--plugins", file("plain", "x").toString(), "config");
        assertThat(f.err()).contains("is not a directory");
    }

    @Test
    void noCommandOverwritesAnInput() throws IOException {
        Path in = file("in.csv", "a,b\n1,2\n3,4\n");
        Path link = dir.resolve("link.csv");
        Files.createSymbolicLink(link, in);
        Path cfg = config("positive", "{\"id\": \"softmax\"}");
        String cfgText = Files.readString(cfg);
        assertRefused(CliRun.run("transform", "--input", in.toString(), "--output", in.toString()),
                "--output " + in, "is the same file as --input " + in);
        assertRefused(CliRun.run("transform", "--input", in.toString(), "--output", link.toString()),
                "--output " + link, "--input " + in);
        assertRefused(CliRun.run("transform", "--config", cfg.toString(), "--input", in.toString(), "--output",
                cfg.toString()), "--output " + cfg, "--config " + cfg);
        assertRefused(CliRun.run("attention", "--q", in.toString(), "--out", link.toString()), "--out " + link,
                "--q " + in);
        assertRefused(CliRun.run("evaluate", "--config", cfg.toString(), "--report", cfg.toString(), "--m", "8",
                "--seeds", "2"), "--report " + cfg, "--config " + cfg);
        assertRefused(CliRun.run("evaluate", "--task", "gram", "--data", in.toString(), "--report", link.toString(),
                "--m", "8", "--seeds", "2"), "--report " + link, "--data " + in);
        assertRefused(CliRun.run("theory", "--config", cfg.toString(), "--svg", cfg.toString()), "--svg " + cfg);
        assertThat(Files.readString(in)).isEqualTo("a,b\n1,2\n3,4\n");
        assertThat(Files.readString(cfg)).isEqualTo(cfgText);
    }

    @Test
    void trailingContentAfterTheConfigIsRefusedWithLineAndColumn() throws IOException {
        String ok = "{\"estimator\": {\"id\": \"random-features\", \"m\": 8}}";
        for (String tail : new String[] {" xyz", "{}", "\n[1]"}) {
            Path c = file("t.json", ok + tail);
            assertRefused(CliRun.run("config", "--config", c.toString()), "t.json", "line ", "column ");
        }
        Path deep = file("deep.json", "[".repeat(1500) + "]".repeat(1500));
        assertRefused(CliRun.run("config", "--config", deep.toString()), "nested 1001 deep", "at most 1000");
        assertThat(CliRun.run("config", "--config", file("fine.json", ok + "\n  \n").toString()).code()).isZero();
    }

    /** Rows whose |x|² overflows: one rule for every map, naming the file, the 1-based line and the norm. */
    @ParameterizedTest
    @ValueSource(strings = {"positive", "hyperbolic", "complex-exponential", "trigonometric", "oprf", "gerf", "poisson",
            "geometric"})
    void overflowingRowsAreRefusedByEveryMap(String features) throws IOException {
        Path in = file("big.csv", "a,b\n1,2\n\n1e200,4\n");
        for (String kernel : new String[] {"{\"id\": \"softmax\"}", "{\"id\": \"gaussian\", \"sigma\": 1}"}) {
            CliRun r = CliRun.run("transform", "--config", config(features, kernel).toString(), "--input",
                    in.toString(), "--output", dir.resolve("o.csv").toString());
            assertRefused(r, "big.csv, line 4", "norm 1.0E200", "1.34e+154");
            assertThat(dir.resolve("o.csv")).doesNotExist();
        }
    }

    @Test
    void dataThatOverflowsIsNamedWithFileAndLine() throws IOException {
        Path big = file("big.csv", "a,b\n1,2\n1e200,4\n");
        for (String f : new String[] {"oprf", "gerf", "poisson", "geometric"}) {
            Path c = file("d.json", "{\"kernel\": {\"id\": \"softmax\"}, \"estimator\": {\"id\": \"random-features\", "
                    + "\"features\": {\"id\": \"" + f + "\"}, \"m\": 8}, \"data\": \"big.csv\"}");
            assertRefused(CliRun.run("transform", "--config", c.toString(), "--input", file("in.csv", "a,b\n1,2\n")
                    .toString(), "--output", dir.resolve("o.csv").toString()), "big.csv, line 3", "norm 1.0E200");
        }
        assertRefused(CliRun.run("evaluate", "--task", "gram", "--data", big.toString(), "--m", "8", "--seeds", "2"),
                "big.csv, line 3", "norm 1.0E200");
        assertRefused(CliRun.run("attention", "--q", big.toString()), "big.csv, line 3");
    }

    @Test
    void internalNamesAreTranslated() throws IOException {
        Path wide = file("wide.csv", "a,b\n100,2\n-100,4\n50,50\n-60,-70\n");
        for (String task : new String[] {"gram", "pointwise"}) {
            CliRun r = CliRun.run("evaluate", "--task", task, "--data", wide.toString(), "--m", "8", "--seeds", "2");
            assertRefused(r, "--data " + wide, "|x ± y|²", "sigma");
            assertThat(r.err()).doesNotContain("'v2'");
        }
        Path c = file("dd.json", "{\"estimator\": {\"id\": \"random-features\", \"features\": {\"id\": \"oprf\"}}, "
                + "\"data\": \"wide.csv\"}");
        assertRefused(CliRun.run("estimate", "--config", c.toString(), "--x", "1,2,3", "--y", "1,2,3", "--trials", "5"),
                "dd.json", "\"data\": wide.csv", "2");
        assertRefused(CliRun.run("transform", "--config", c.toString(), "--input", file("in3.csv", "a,b,c\n1,2,3\n")
                .toString(), "--output", dir.resolve("o.csv").toString()), "\"data\": wide.csv", "3");
    }

    @Test
    void subnormalSigmaNamesSigma() throws IOException {
        Path c = file("s.json", "{\"kernel\": {\"id\": \"gaussian\", \"sigma\": 1e-320}, \"estimator\": "
                + "{\"id\": \"random-features\", \"m\": 8}}");
        assertRefused(CliRun.run("estimate", "--config", c.toString(), "--trials", "5"), "kernel.sigma", "1.0E-320");
    }

    @Test
    void sizesBeyondMemoryOrArraysAreRefusedByName() throws IOException {
        Path in = file("in.csv", "a,b\n1,2\n3,4\n");
        assertRefused(CliRun.run("transform", "--input", in.toString(), "--output", dir.resolve("o.csv").toString(),
                "--chunk", "2147483647"), "option --chunk = 2147483647", "heap");
        assertRefused(CliRun.run("estimate", "--trials", "2147483647"), "option --trials = 2147483647");
        assertRefused(CliRun.run("attention", "--L", "1000000000"), "option --L = 1000000000");
        assertRefused(CliRun.run("bench", "--n", "1000000000"), "option --n = 1000000000");
        assertRefused(CliRun.run("bench", "--attention", "--L", "1000000000"), "option --L = 1000000000");
        Path m = file("m.json", "{\"estimator\": {\"id\": \"random-features\", \"m\": 16777216}}");
        assertRefused(CliRun.run("transform", "--config", m.toString(), "--input", in.toString(), "--output",
                dir.resolve("o.csv").toString()), "16777216");
        // which size is named first depends on the test JVM's heap (the output, or the projections)
        assertRefused(CliRun.run("bench", "--m", "16777216", "--d", "512", "--n", "10"), "option --m = 16777216 is not allowed");
        Path givens = file("g.json", "{\"estimator\": {\"id\": \"random-features\", \"coupling\": {\"id\": \"givens\", "
                + "\"rotations\": 100000000}, \"m\": 8}}");
        if (48L * 100_000_000 > Runtime.getRuntime().maxMemory() / 2) { // the schema's maximum needs 4.8 GB
            assertRefused(CliRun.run("estimate", "--config", givens.toString(), "--trials", "5"),
                    "'estimator.coupling.rotations' = 100000000", "heap");
            // refused already when the config is read, with the file
            assertRefused(CliRun.run("config", "--config", givens.toString()), "g.json", "'estimator.coupling.rotations'");
        }
        String rf = "{\"id\": \"random-features\", \"m\": 8}";
        String inner = rf;
        for (int i = 0; i < 31; i++) {
            inner = "{\"id\": \"hybrid\", \"base\": [" + inner + ", " + rf + "], \"lambdas\": [{\"id\": \"angular\", \"n\": 2}]}";
        }
        Path deep = file("h31.json", "{\"estimator\": " + inner + "}");
        // 31 levels (once "matrix shape 1x-8"): refused when the config is read, at the hybrid 17 deep
        assertRefused(CliRun.run("estimate", "--config", deep.toString(), "--trials", "5"),
                "'estimator" + ".base[0]".repeat(14) + "' = 'a hybrid nested 17 deep'", "at most 16 nested hybrid levels");
        inner = rf;
        for (int i = 0; i < 16; i++) {
            inner = "{\"id\": \"hybrid\", \"base\": [" + inner + ", " + rf + "], \"lambdas\": [{\"id\": \"angular\", \"n\": 2}]}";
        }
        Path wide = file("h16.json", "{\"estimator\": " + inner + "}");
        // 16 levels: within the depth, but about 3¹⁶·8 features per row: refused by size, not out of memory
        assertRefused(CliRun.run("estimate", "--config", wide.toString(), "--trials", "5"), "features per row",
                "nest fewer levels", "Java heap");
        try (Stream<Path> s = Files.list(dir)) {
            assertThat(s.map(p -> p.getFileName().toString())).doesNotContain("o.csv").noneMatch(n -> n.endsWith(".tmp"));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"transform", "estimate", "evaluate", "attention", "bench", "theory"})
    void everyComputingCommandTakesThreads(String command) {
        assertThat(CliRun.run(command, "--help").out()).contains("--threads");
        CliRun bad = CliRun.run(command, "--threads", "-1");
        if (!command.equals("transform")) {
            assertRefused(bad, "--threads", "-1");
        }
    }

    @Test
    void transformIsTheSameOnAnyThreadCount() throws IOException {
        StringBuilder sb = new StringBuilder("a,b,c\n");
        for (int i = 0; i < 3000; i++) {
            sb.append(Math.sin(i)).append(',').append(Math.cos(i)).append(',').append(0.001 * i).append('\n');
        }
        Path in = file("in.csv", sb.toString());
        Path one = dir.resolve("one.npy");
        Path two = dir.resolve("two.npy");
        assertThat(CliRun.run("transform", "--input", in.toString(), "--output", one.toString(), "--threads", "1")
                .code()).isZero();
        assertThat(CliRun.run("transform", "--input", in.toString(), "--output", two.toString(), "--threads", "2")
                .code()).isZero();
        assertThat(Files.readAllBytes(one)).isEqualTo(Files.readAllBytes(two));
    }
}
