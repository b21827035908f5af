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

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rf4j.api.random.Seeds;
import org.rf4j.app.CliRun;

/**
 * {@code rf4j advise} end to end: the JSON shape of the contract (candidates best first, each with a
 * config that {@code rf4j estimate --config} accepts as it is), the text table, the HTML report
 * (written atomically), the attention task, and exit code 2 with one line for bad input.
 */
class AdviseCommandTest {
    @TempDir
    Path dir;

    private Path data(String name, int n, int d, double shift) throws IOException {
        RandomGenerator rng = Seeds.generator(Seeds.derive(3, name));
        StringBuilder b = new StringBuilder();
        for (int j = 0; j < d; j++) {
            b.append(j == 0 ? "" : ",").append("f").append(j);
        }
        b.append('\n');
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < d; j++) {
                b.append(j == 0 ? "" : ",").append(String.format(Locale.ROOT, "%.6f", shift + 0.5 * rng.nextGaussian()));
            }
            b.append('\n');
        }
        Path p = dir.resolve(name + ".csv");
        Files.writeString(p, b.toString());
        return p;
    }

    @Test
    void jsonHasTheContractShapeAndConfigsRunAsTheyAre() throws IOException {
        Path x = data("x", 80, 4, 0.0);
        CliRun r = CliRun.run("advise", "--data", x.toString(), "--m", "32", "--trials", "6", "--pairs", "32",
                "--candidates", "iid/trigonometric,orthogonal/oprf,orthogonal/poisson", "--json");
        assertThat(r.code()).as(r.toString()).isZero();
        JsonNode j = r.json();
        JsonNode cs = j.get("candidates");
        assertThat(cs.size()).isEqualTo(2);
        for (JsonNode c : cs) {
            for (String key : new String[] {"config", "predictedRelMse", "source", "measuredRelMse", "measuredStdErr", "m",
                "secondsPerRow"}) {
                assertThat(c.has(key)).as(key).isTrue();
            }
            assertThat(c.get("m").asInt()).isEqualTo(32);
            assertThat(c.get("source").asText()).isIn("closed-form", "monte-carlo");
            // extensions: the tail diagnostic behind heavyTailed and the widened SE
            assertThat(c.get("heavyTailed").isBoolean()).isTrue();
            assertThat(c.get("measuredStdErr").asDouble()).isGreaterThanOrEqualTo(c.get("sampleStdErr").asDouble());
            assertThat(c.get("tailTerms").asDouble()).isPositive();
            Path cfg = dir.resolve(c.get("name").asText().replace('/', '-') + ".json");
            Files.writeString(cfg, c.get("config").toString());
            CliRun e = CliRun.run("estimate", "--config", cfg.toString(), "--trials", "4", "--x", "0.1,0.2,0.3,0.1",
                    "--y", "0.2,0.1,0.0,0.3", "--json");
            assertThat(e.code()).as(e.toString()).isZero();
        }
        assertThat(cs.get(0).get("predictedRelMse").asDouble()).isLessThanOrEqualTo(cs.get(1).get("predictedRelMse").asDouble());
        // oprf is data-driven: its config names the data file, so it is complete
        JsonNode oprf = cs.get(0).get("name").asText().equals("orthogonal/oprf") ? cs.get(0) : cs.get(1);
        assertThat(oprf.get("config").get("data").asText()).isEqualTo(x.toAbsolutePath().toString());
        assertThat(j.get("refused").get(0).get("name").asText()).isEqualTo("orthogonal/poisson");
        assertThat(j.get("refused").get(0).get("reason").asText()).contains("iid");
    }

    @Test
    void textTableAndReport() throws IOException {
        Path x = data("t", 60, 3, 0.0);
        Path report = dir.resolve("advice.html");
        CliRun r = CliRun.run("advise", "--data", x.toString(), "--m", "16", "--trials", "4", "--pairs", "16",
                "--candidates", "iid/trigonometric,iid/positive", "--report", report.toString());
        assertThat(r.code()).as(r.toString()).isZero();
        assertThat(r.out()).contains("rank").contains("iid/trigonometric").contains("closed-form");
        assertThat(Files.readString(report)).startsWith("<?xml").contains("iid/positive").endsWith("</html>\n");
        try (var s = Files.list(dir)) {
            assertThat(s.filter(p -> p.getFileName().toString().startsWith(".")).count()).as("no temporary files").isZero();
        }
    }

    @Test
    void attentionTask() throws IOException {
        Path q = data("q", 64, 8, 0.0);
        Path k = data("k", 96, 8, 0.0);
        CliRun r = CliRun.run("advise", "--task", "attention", "--data", q.toString(), "--keys", k.toString(), "--m", "32",
                "--trials", "4", "--candidates", "iid/positive,iid/trigonometric", "--json");
        assertThat(r.code()).as(r.toString()).isZero();
        JsonNode j = r.json();
        assertThat(j.get("task").asText()).isEqualTo("attention");
        assertThat(j.get("candidates").get(0).get("source").asText()).isEqualTo("monte-carlo");
        assertThat(j.get("refused").get(0).get("reason").asText()).contains("positive");
    }

    @Test
    void badInputExitsWithTwoAndOneLine() throws IOException {
        Path x = data("b", 20, 3, 0.0);
        String[][] bad = {
            {"advise", "--data", x.toString(), "--task", "regression"},
            {"advise", "--data", x.toString(), "--kernel", "laplace"},
            {"advise", "--data", x.toString(), "--candidates", "iid/nothing"},
            {"advise", "--data", x.toString(), "--m", "8", "--target-error", "0.1"},
            {"advise", "--data", dir.resolve("missing.csv").toString()},
            {"advise", "--data", x.toString(), "--kernel", "softmax", "--sigma", "2"},
        };
        for (String[] args : bad) {
            CliRun r = CliRun.run(args);
            assertThat(r.code()).as(r.toString()).isEqualTo(2);
            assertThat(r.err().strip().lines().count()).as(r.toString()).isOne();
            assertThat(r.out()).isEmpty();
        }
    }
}
