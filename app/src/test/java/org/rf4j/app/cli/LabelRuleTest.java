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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rf4j.app.CliRun;

/**
 * The label rule in the commands that learn or advise: without {@code --label}, the column called
 * label or class is the label wherever it stands (not the last column), and never a feature.
 */
class LabelRuleTest {
    @TempDir
    Path dir;

    /** class first, then two features; the last column is a numeric feature, not the label. */
    private Path data() throws IOException {
        StringBuilder sb = new StringBuilder("class,a,b\n");
        for (int i = 0; i < 40; i++) {
            double a = Math.sin(i);
            sb.append(a > 0 ? "up" : "down").append(',').append(a).append(',').append(Math.cos(1.7 * i)).append('\n');
        }
        Path p = dir.resolve("d.csv");
        Files.writeString(p, sb);
        return p;
    }

    @Test
    void fitTakesTheClassColumnWhereverItIs() throws IOException {
        Path model = dir.resolve("m.json");
        CliRun r = CliRun.run("fit", "--config", config().toString(), "--data", data().toString(), "--model",
                model.toString(), "--lambda", "0.1", "--json");
        assertThat(r.code()).as(r.toString()).isZero();
        JsonNode classes = r.json().get("classes");
        assertThat(classes).hasSize(2);
        assertThat(classes.toString()).contains("up", "down");
    }

    @Test
    void adviseLeavesTheClassColumnOut() throws IOException {
        CliRun r = CliRun.run("advise", "--data", data().toString(), "--m", "16", "--trials", "2", "--json",
                "--candidates", "iid/positive");
        assertThat(r.code()).as(r.toString()).isZero();
        assertThat(r.json().get("dimension").asInt()).isEqualTo(2);
    }

    private Path config() throws IOException {
        Path c = dir.resolve("c.json");
        Files.writeString(c, "{\"kernel\": {\"id\": \"gaussian\", \"sigma\": 1.0}, \"estimator\": "
                + "{\"id\": \"random-features\", \"features\": {\"id\": \"trigonometric\"}, \"m\": 16}, \"seed\": 3}");
        return c;
    }

    /** A numeric label column with a NaN is refused naming file, line and column, never taken for classes. */
    @Test
    void aNanInANumericLabelIsAnErrorNotAClassList() throws IOException {
        StringBuilder sb = new StringBuilder("a,b,y\n");
        for (int i = 0; i < 30; i++) {
            sb.append(Math.sin(i)).append(',').append(Math.cos(i)).append(',').append(i == 17 ? "NaN" : 0.37 * i)
                    .append('\n');
        }
        Path d = dir.resolve("reg.csv");
        Files.writeString(d, sb);
        CliRun fit = CliRun.run("fit", "--config", config().toString(), "--data", d.toString(), "--label", "y", "--model",
                dir.resolve("m.json").toString());
        assertThat(fit.code()).isEqualTo(2);
        assertThat(fit.err().lines().findFirst().orElseThrow()).contains("reg.csv, line 19, column 'y'")
                .contains("'NaN' is not a finite number");
        CliRun ev = CliRun.run("evaluate", "--task", "ridge", "--data", d.toString(), "--label", "y", "--m", "8",
                "--seeds", "1");
        assertThat(ev.code()).isEqualTo(2);
        assertThat(ev.err()).contains("line 19, column 'y'");
    }

    /**
     * An empty label cell is a missing label, not a class of its own: refused naming its line and
     * column, and with --drop-missing-labels the row is dropped and counted (a NaN in a numeric
     * column is dropped the same way), so the model is the one trained without those rows.
     */
    @Test
    void aMissingLabelIsRefusedOrDroppedWhenAsked() throws IOException {
        StringBuilder full = new StringBuilder("a,b,y\n");
        StringBuilder clean = new StringBuilder("a,b,y\n");
        for (int i = 0; i < 40; i++) {
            String row = Math.sin(i) + "," + Math.cos(i) + ",";
            String y = i % 2 == 0 ? "yes" : "no";
            full.append(row).append(i == 11 ? "" : y).append('\n');
            if (i != 11) {
                clean.append(row).append(y).append('\n');
            }
        }
        Path d = dir.resolve("cls.csv");
        Files.writeString(d, full);
        Path c = dir.resolve("clean.csv");
        Files.writeString(c, clean);
        CliRun refused = CliRun.run("fit", "--config", config().toString(), "--data", d.toString(), "--label", "y",
                "--lambda", "1e-3", "--model", dir.resolve("m.json").toString());
        assertThat(refused.code()).isEqualTo(2);
        assertThat(refused.err().lines().findFirst().orElseThrow()).contains("cls.csv, line 13, column 'y'")
                .contains("the label is missing").contains("--drop-missing-labels");
        assertThat(dir.resolve("m.json")).doesNotExist();
        CliRun dropped = CliRun.run("fit", "--config", config().toString(), "--data", d.toString(), "--label", "y",
                "--lambda", "1e-3", "--drop-missing-labels", "--model", dir.resolve("m.json").toString());
        assertThat(dropped.code()).as(dropped.toString()).isZero();
        assertThat(dropped.err()).contains("dropped 1 of 40 rows");
        CliRun reference = CliRun.run("fit", "--config", config().toString(), "--data", c.toString(), "--label", "y",
                "--lambda", "1e-3", "--model", dir.resolve("ref.json").toString());
        assertThat(reference.code()).as(reference.toString()).isZero();
        assertThat(Files.readString(dir.resolve("m.json"))).isEqualTo(Files.readString(dir.resolve("ref.json")));
        CliRun ev = CliRun.run("evaluate", "--task", "ridge", "--data", d.toString(), "--label", "y", "--m", "8",
                "--seeds", "1");
        assertThat(ev.code()).isEqualTo(2);
        assertThat(ev.err()).contains("line 13, column 'y'");
    }
}
