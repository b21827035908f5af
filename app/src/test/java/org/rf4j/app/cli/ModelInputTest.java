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
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rf4j.app.CliRun;

/**
 * {@code rf4j predict} treats the model and the data as inputs: a hand-edited model is refused
 * naming the field, and the data's columns are matched to the model's by name (reordered with a
 * note, refused naming what is missing or extra), or by position with a warning when names are
 * not there to check.
 */
class ModelInputTest {
    @TempDir
    Path dir;
    Path model;

    /** y = 3a − b + c²: each column matters differently, so a swap of columns shows in the RMSE. */
    private Path regression(String name, int n, int seed, String header, int[] order) throws IOException {
        java.util.Random r = new java.util.Random(seed);
        StringBuilder sb = new StringBuilder(header == null ? "" : header + "\n");
        for (int i = 0; i < n; i++) {
            double[] v = {r.nextGaussian(), r.nextGaussian(), r.nextGaussian(), 0};
            v[3] = 3 * v[0] - v[1] + v[2] * v[2];
            for (int k = 0; k < order.length; k++) {
                sb.append(k == 0 ? "" : ",").append(String.format(Locale.ROOT, "%.6f", v[order[k]]));
            }
            sb.append('\n');
        }
        Path p = dir.resolve(name);
        Files.writeString(p, sb);
        return p;
    }

    @BeforeEach
    void fit() throws IOException {
        Path c = dir.resolve("c.json");
        Files.writeString(c, "{\"kernel\": {\"id\": \"gaussian\", \"sigma\": 1.5}, \"estimator\": {\"id\": \"random-features\","
                + " \"coupling\": {\"id\": \"orthogonal\"}, \"features\": {\"id\": \"trigonometric\"}, \"m\": 128}, \"seed\": 3}");
        Path train = regression("train.csv", 400, 1, "a,b,c,y", new int[] {0, 1, 2, 3});
        model = dir.resolve("model.json");
        CliRun fit = CliRun.run("fit", "--config", c.toString(), "--data", train.toString(), "--task", "regress",
                "--lambda", "1e-4", "--model", model.toString());
        assertThat(fit.code()).as(fit.toString()).isZero();
    }

    private CliRun predict(Path data, String... more) {
        String[] args = {"predict", "--model", model.toString(), "--data", data.toString(), "--output",
                dir.resolve("p.csv").toString(), "--json"};
        String[] all = java.util.Arrays.copyOf(args, args.length + more.length);
        System.arraycopy(more, 0, all, args.length, more.length);
        return CliRun.run(all);
    }

    @Test
    void reorderedColumnsAreMatchedByNameWithANote() throws IOException {
        CliRun same = predict(regression("test.csv", 200, 2, "a,b,c,y", new int[] {0, 1, 2, 3}));
        assertThat(same.code()).as(same.toString()).isZero();
        assertThat(same.err()).isEmpty();
        List<String> expected = Files.readAllLines(dir.resolve("p.csv"));
        double rmse = same.json().get("rmse").asDouble();
        assertThat(rmse).isLessThan(0.5);

        CliRun moved = predict(regression("moved.csv", 200, 2, "y,c,a,b", new int[] {3, 2, 0, 1}));
        assertThat(moved.code()).as(moved.toString()).isZero();
        assertThat(moved.err()).contains("note:").contains("another order").contains("'a', 'b', 'c'");
        assertThat(moved.json().get("rmse").asDouble()).isEqualTo(rmse);
        assertThat(Files.readAllLines(dir.resolve("p.csv"))).isEqualTo(expected);
    }

    @Test
    void missingAndExtraColumnsAreRefusedByName() throws IOException {
        CliRun missing = predict(regression("missing.csv", 20, 2, "a,c,y", new int[] {0, 2, 3}));
        assertThat(missing.code()).as(missing.toString()).isEqualTo(2);
        assertThat(missing.err()).contains("lacks the model's input column 'b'").hasLineCount(1);

        CliRun extra = predict(regression("extra.csv", 20, 2, "a,b,c,d,y", new int[] {0, 1, 2, 2, 3}));
        assertThat(extra.code()).as(extra.toString()).isEqualTo(2);
        assertThat(extra.err()).contains("'d'").contains("does not take").hasLineCount(1);

        CliRun renamed = predict(regression("renamed.csv", 20, 2, "a,b,c,target", new int[] {0, 1, 2, 3}));
        assertThat(renamed.code()).as(renamed.toString()).isEqualTo(2);
        assertThat(renamed.err()).contains("'target'").contains("label column is 'y'").hasLineCount(1);
        assertThat(predict(dir.resolve("renamed.csv"), "--label", "target").code()).isZero();
    }

    @Test
    void headerlessFilesAreMatchedByPositionWithAWarningOnlyWhenTheCountsAgree() throws IOException {
        CliRun ok = predict(regression("plain.csv", 50, 2, null, new int[] {0, 1, 2, 3}));
        assertThat(ok.code()).as(ok.toString()).isZero();
        assertThat(ok.err()).contains("warning:").contains("no header").contains("by position");
        CliRun noLabel = predict(regression("plain3.csv", 50, 2, null, new int[] {0, 1, 2}));
        assertThat(noLabel.code()).as(noLabel.toString()).isZero();
        CliRun wrong = predict(regression("plain5.csv", 50, 2, null, new int[] {0, 1, 2, 2, 3}));
        assertThat(wrong.code()).as(wrong.toString()).isEqualTo(2);
        assertThat(wrong.err()).contains("5 columns").contains("3 inputs");
    }

    @Test
    void handEditedModelsAreRefusedNamingTheField() throws IOException {
        Path test = regression("test.csv", 20, 2, "a,b,c,y", new int[] {0, 1, 2, 3});
        String json = Files.readString(model);
        Files.writeString(model, json.replaceFirst("(\"weights\" : \\[ \\[ )[-0-9.Ee]+", "$11e999"));
        CliRun big = predict(test);
        assertThat(big.code()).as(big.toString()).isEqualTo(2);
        assertThat(big.err()).contains("weights[0][0]").contains("finite").hasLineCount(1);

        Files.writeString(model, json.replaceFirst("(\"scale\" : \\[ )[-0-9.Ee]+", "$10"));
        CliRun zero = predict(test);
        assertThat(zero.code()).as(zero.toString()).isEqualTo(2);
        assertThat(zero.err()).contains("standardize.scale[0]").contains("column 'a'").doesNotContain("rescale the data");
    }
}
