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
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rf4j.app.CliRun;

/**
 * One same-file rule for every command that writes ({@code config}, {@code fit --model} and every
 * output option): the output is refused with exit 2 when it is an input by any path — the same
 * text, {@code ./name}, {@code ..} segments, or a symbolic link to the input — and the input is
 * left as it was. A failure to write is reported against the path the user gave.
 */
class OutputRuleTest {
    @TempDir
    Path dir;
    Path cfg;
    Path data;
    Path model;
    String cfgText;
    String dataText;

    @BeforeEach
    void files() throws IOException {
        cfg = dir.resolve("c.json");
        cfgText = "{\"kernel\": {\"id\": \"gaussian\", \"sigma\": 1.0}, \"estimator\": {\"id\": \"random-features\", \"m\": 8},"
                + " \"seed\": 1}";
        Files.writeString(cfg, cfgText);
        data = dir.resolve("d.csv");
        dataText = "a,b,y\n1,2,0\n3,4,1\n0.5,-1,0\n2,2,1\n-1,0,0\n1.5,1,1\n";
        Files.writeString(data, dataText);
        model = dir.resolve("m.json");
        CliRun fit = CliRun.run("fit", "--config", cfg.toString(), "--data", data.toString(), "--lambda", "0.1", "--model",
                model.toString());
        assertThat(fit.code()).as(fit.toString()).isZero();
    }

    /** The spellings of one file: as given, with ./, with a .. detour, and through a symbolic link. */
    private List<String> spellings(Path p) throws IOException {
        List<String> out = new ArrayList<>();
        out.add(p.toString());
        out.add(p.getParent() + "/./" + p.getFileName());
        Files.createDirectories(dir.resolve("sub"));
        out.add(dir.resolve("sub").resolve("..").resolve(p.getFileName()).toString());
        Path link = dir.resolve("link-" + p.getFileName() + "." + System.nanoTime());
        Files.createSymbolicLink(link, p);
        out.add(link.toString());
        return out;
    }

    private void refused(String input, String... args) throws IOException {
        byte[] before = Files.readAllBytes(dir.resolve(input));
        CliRun r = CliRun.run(args);
        assertThat(r.code()).as(r.toString()).isEqualTo(2);
        assertThat(r.err().strip().lines().count()).as(r.toString()).isEqualTo(1);
        assertThat(r.err()).as(r.toString()).contains("is the same file as").contains("never overwritten");
        assertThat(Files.readAllBytes(dir.resolve(input))).isEqualTo(before);
    }

    @Test
    void configRefusesToRewriteItsOwnConfig() throws IOException {
        for (String out : spellings(cfg)) {
            refused("c.json", "config", "--config", cfg.toString(), "--output", out);
        }
        // relative spellings, as typed in the config's folder
        Path rel = Path.of("").toAbsolutePath().relativize(cfg);
        refused("c.json", "config", "--config", rel.toString(), "--output", "./" + rel);
        assertThat(Files.isSymbolicLink(dir.resolve(spellings(cfg).get(3)))).isTrue();
    }

    @Test
    void predictNeverReplacesTheModelOrTheDataThroughALink() throws IOException {
        for (String out : spellings(model)) {
            refused("m.json", "predict", "--model", model.toString(), "--data", data.toString(), "--output", out);
        }
        for (String out : spellings(data)) {
            refused("d.csv", "predict", "--model", model.toString(), "--data", data.toString(), "--output", out);
        }
    }

    @Test
    void fitAndTheOtherWritersRefuseEveryInputSpelling() throws IOException {
        for (String out : spellings(data)) {
            refused("d.csv", "fit", "--config", cfg.toString(), "--data", data.toString(), "--lambda", "0.1", "--model", out);
            refused("d.csv", "transform", "--config", cfg.toString(), "--input", data.toString(), "--label", "y", "--output",
                    out);
            refused("d.csv", "advise", "--data", data.toString(), "--label", "y", "--report", out, "--candidates",
                    "iid/trigonometric");
        }
        for (String out : spellings(cfg)) {
            refused("c.json", "fit", "--config", cfg.toString(), "--data", data.toString(), "--lambda", "0.1", "--model", out);
            refused("c.json", "theory", "--config", cfg.toString(), "--svg", out);
        }
    }

    @Test
    void aSymbolicLinkToAnotherFileIsStillWritable() throws IOException {
        Path elsewhere = Files.writeString(dir.resolve("old.csv"), "x\n");
        Path link = Files.createSymbolicLink(dir.resolve("p.csv"), elsewhere);
        CliRun r = CliRun.run("predict", "--model", model.toString(), "--data", data.toString(), "--output", link.toString());
        assertThat(r.code()).as(r.toString()).isZero();
    }

    @Test
    void anUnwritableOutputIsReportedAgainstTheUsersPathWithAPlainReason() {
        CliRun r = CliRun.run("config", "--config", cfg.toString(), "--output", "/proc/rf4j-out.json");
        assertThat(r.code()).as(r.toString()).isEqualTo(2);
        assertThat(r.err()).as(r.toString()).startsWith("rf4j: cannot write /proc/rf4j-out.json: ")
                .doesNotContain(".tmp").doesNotContain("Exception").hasLineCount(1);
    }

    @Test
    void anImmutableOutputIsReportedAsImmutable() throws Exception {
        Path out = Files.writeString(dir.resolve("frozen.json"), "{}");
        Process p = new ProcessBuilder("chattr", "+i", out.toString()).redirectErrorStream(true).start();
        org.junit.jupiter.api.Assumptions.assumeTrue(p.waitFor() == 0, "chattr +i is available (root, a supporting file system)");
        try {
            CliRun r = CliRun.run("config", "--config", cfg.toString(), "--output", out.toString());
            assertThat(r.code()).as(r.toString()).isEqualTo(2);
            assertThat(r.err()).as(r.toString()).isEqualTo("rf4j: cannot write " + out
                    + ": the file is immutable or protected, so it cannot be replaced\n");
            try (var s = Files.list(dir)) {
                assertThat(s.filter(f -> f.getFileName().toString().endsWith(".tmp"))).isEmpty();
            }
        } finally {
            new ProcessBuilder("chattr", "-i", out.toString()).start().waitFor();
        }
    }
}
