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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rf4j.app.CliRun;

/** The CLI helps with mistakes: suggestions, --data/--input aliases, messages naming the option typed. */
class CliHelpsTest {
    @TempDir
    Path dir;

    private Path data() throws IOException {
        StringBuilder sb = new StringBuilder("a,b,label\n");
        for (int i = 0; i < 40; i++) {
            sb.append(Math.sin(i)).append(',').append(Math.cos(1.3 * i)).append(',').append(Math.sin(i) > 0 ? 1 : 0)
                    .append('\n');
        }
        Path p = dir.resolve("d.csv");
        Files.writeString(p, sb);
        return p;
    }

    @Test
    void unknownOptionsAndCommandsGetSuggestions() {
        CliRun o = CliRun.run("transform", "--confg", "c.json", "--input", "a.csv", "--output", "b.csv");
        assertThat(o.code()).isEqualTo(2);
        assertThat(o.err().lines().findFirst().orElseThrow()).contains("'--confg'").contains("did you mean")
                .contains("--config");
        CliRun in = CliRun.run("transform", "--in", "x.csv", "--out", "y.csv");
        assertThat(in.code()).isEqualTo(2);
        assertThat(in.err().lines().findFirst().orElseThrow()).contains("unknown --in, --out")
                .contains("did you mean --input, --output?");
        CliRun c = CliRun.run("transfrm");
        assertThat(c.code()).isEqualTo(2);
        assertThat(c.err()).contains("did you mean").contains("transform");
    }

    @Test
    void dataAndInputAreOneOptionAndFitDefaultsToTheBundledConfig() throws IOException {
        Path d = data();
        CliRun t = CliRun.run("transform", "--data", d.toString(), "--output", dir.resolve("z.csv").toString());
        assertThat(t.code()).as(t.toString()).isZero();
        CliRun f = CliRun.run("fit", "--input", d.toString(), "--model", dir.resolve("m.json").toString(), "--json");
        assertThat(f.code()).as(f.toString()).isZero();
        assertThat(f.json().get("sigma").asDouble()).isPositive();
        CliRun p = CliRun.run("predict", "--model", dir.resolve("m.json").toString(), "--input", d.toString(), "--output",
                dir.resolve("p.csv").toString());
        assertThat(p.code()).as(p.toString()).isZero();
    }

    @Test
    void messagesNameTheOptionTypedWithoutADoubledPrefix() throws IOException {
        CliRun a = CliRun.run("advise", "--sigma", "0");
        assertThat(a.code()).isEqualTo(2);
        assertThat(a.err()).contains("option --sigma = 0.0").doesNotContain("kernel.sigma");
        CliRun b = CliRun.run("bench", "--features", "nope", "--n", "8", "--d", "2", "--m", "4");
        assertThat(b.code()).isEqualTo(2);
        assertThat(b.err()).startsWith("rf4j: ").doesNotContain("rf4j: rf4j");
        CliRun threads = CliRun.run("advise", "--data", data().toString(), "--m", "16", "--trials", "2", "--threads", "1",
                "--candidates", "iid/positive");
        assertThat(threads.code()).as(threads.toString()).isZero();
    }

    /** Help texts: the task list names ridge, list options read M[,M...], nothing wraps inside a path. */
    @Test
    void helpTextsAreReadable() {
        assertThat(CliRun.run("--help").out().replaceAll("\\s+", " ")).contains("attention, ridge)");
        for (String command : new String[] {"mechanisms", "estimate", "transform", "config", "evaluate", "theory",
                "attention", "advise", "bench", "fit", "predict"}) {
            String help = CliRun.run(command, "--help").out();
            assertThat(help).as(command).doesNotContain("......").doesNotContain("M,M,").doesNotContain("else .\n");
        }
        assertThat(CliRun.run("evaluate", "--help").out()).contains("--m=M[,M...]");
        assertThat(CliRun.run("transform", "--help").out()).contains("--keep-label").contains("--allow-degenerate-rows");
    }
}
