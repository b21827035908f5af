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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rf4j.api.Matrix;
import org.rf4j.app.CliRun;
import org.rf4j.io.DataFiles;
import org.rf4j.io.RowWriter;

/**
 * The label rule per command and format: a column named by {@code --label}, or else the column called
 * label or class, is never a feature. CSV and ARFF name it; a {@code .npy} file has no names, so there
 * only {@code --label} (or, in predict, one column more than the model's inputs) makes a column the label.
 * Each run's predictions (or dimension) must equal those of the same rows without the label column.
 */
class LabelRuleFormatsTest {
    @TempDir
    Path dir;

    private static final int N = 40;

    private static double a(int i) {
        return Math.sin(i);
    }

    private static double b(int i) {
        return Math.cos(1.7 * i);
    }

    private static int cls(int i) {
        return a(i) > 0 ? 1 : 0;
    }

    private Path csv(String name, String header, java.util.function.IntFunction<String> row) throws IOException {
        StringBuilder sb = new StringBuilder(header).append('\n');
        for (int i = 0; i < N; i++) {
            sb.append(row.apply(i)).append('\n');
        }
        return Files.writeString(dir.resolve(name), sb);
    }

    private Path npy(String name, boolean withLabel) throws IOException {
        Path p = dir.resolve(name);
        List<String> cols = withLabel ? List.of("c0", "c1", "c2") : List.of("c0", "c1");
        double[][] rows = new double[N][];
        for (int i = 0; i < N; i++) {
            rows[i] = withLabel ? new double[] {a(i), b(i), cls(i)} : new double[] {a(i), b(i)};
        }
        try (RowWriter w = DataFiles.create(p, cols, false)) {
            w.write(Matrix.of(rows));
            w.commit();
        }
        return p;
    }

    private Path config() throws IOException {
        return Files.writeString(dir.resolve("c.json"), "{\"kernel\": {\"id\": \"gaussian\", \"sigma\": 1.0}, \"estimator\":"
                + " {\"id\": \"random-features\", \"features\": {\"id\": \"trigonometric\"}, \"m\": 16}, \"seed\": 3}");
    }

    private List<String> predict(Path model, Path data, String... extra) throws IOException {
        Path out = dir.resolve("p-" + data.getFileName() + ".csv");
        List<String> args = new ArrayList<>(List.of("predict", "--model", model.toString(), "--data", data.toString(),
                "--output", out.toString()));
        args.addAll(List.of(extra));
        CliRun r = CliRun.run(args.toArray(String[]::new));
        assertThat(r.code()).as(r.toString()).isZero();
        return Files.readAllLines(out);
    }

    @Test
    void predictLeavesTheLabelOutInEveryFormat() throws IOException {
        Path train = csv("train.csv", "class,a,b", i -> cls(i) + "," + a(i) + "," + b(i));
        Path model = dir.resolve("m.json");
        CliRun fit = CliRun.run("fit", "--config", config().toString(), "--data", train.toString(), "--model",
                model.toString(), "--lambda", "0.01");
        assertThat(fit.code()).as(fit.toString()).isZero();
        List<String> plain = predict(model, csv("plain.csv", "a,b", i -> a(i) + "," + b(i)));
        assertThat(plain).hasSize(N + 1);
        // CSV: the class column in the middle, by its name
        assertThat(predict(model, csv("mid.csv", "a,class,b", i -> a(i) + "," + cls(i) + "," + b(i)))).isEqualTo(plain);
        // CSV: a label column called label, first
        assertThat(predict(model, csv("lab.csv", "label,a,b", i -> cls(i) + "," + a(i) + "," + b(i)))).isEqualTo(plain);
        // ARFF: the nominal class attribute
        StringBuilder arff = new StringBuilder("@relation r\n@attribute a numeric\n@attribute b numeric\n"
                + "@attribute class {0,1}\n@data\n");
        for (int i = 0; i < N; i++) {
            arff.append(a(i)).append(',').append(b(i)).append(',').append(cls(i)).append('\n');
        }
        assertThat(predict(model, Files.writeString(dir.resolve("d.arff"), arff))).isEqualTo(plain);
        // .npy: no names; the column after the model's inputs is the label, or the one --label names
        Path npyPlain = npy("plain.npy", false);
        Path npyLabelled = npy("labelled.npy", true);
        assertThat(predict(model, npyPlain)).isEqualTo(plain);
        assertThat(predict(model, npyLabelled)).isEqualTo(plain);
        assertThat(predict(model, npyLabelled, "--label", "-1")).isEqualTo(plain);
    }

    @Test
    void npyInputTakesItsLabelOnlyFromTheOption() throws IOException {
        Path npy = npy("x.npy", true);
        CliRun all = CliRun.run("advise", "--data", npy.toString(), "--m", "16", "--trials", "2", "--json",
                "--candidates", "iid/trigonometric");
        assertThat(all.code()).as(all.toString()).isZero();
        assertThat(all.json().get("dimension").asInt()).isEqualTo(3);
        CliRun labelled = CliRun.run("advise", "--data", npy.toString(), "--label", "-1", "--m", "16", "--trials", "2",
                "--json", "--candidates", "iid/trigonometric");
        assertThat(labelled.code()).as(labelled.toString()).isZero();
        assertThat(labelled.json().get("dimension").asInt()).isEqualTo(2);
        // fit and evaluate: the named column is the label, the other two the features
        Path model = dir.resolve("n.json");
        CliRun fit = CliRun.run("fit", "--config", config().toString(), "--data", npy.toString(), "--label", "-1",
                "--model", model.toString(), "--lambda", "0.01", "--json");
        assertThat(fit.code()).as(fit.toString()).isZero();
        assertThat(fit.json().get("classes")).hasSize(2);
        assertThat(predict(model, npy("p.npy", false))).hasSize(N + 1);
        CliRun eval = CliRun.run("evaluate", "--task", "ridge", "--config", config().toString(), "--data",
                npy.toString(), "--label", "-1", "--m", "16", "--seeds", "1", "--json");
        assertThat(eval.code()).as(eval.toString()).isZero();
    }
}
