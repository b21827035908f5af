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
import org.rf4j.RandomFeatureMap;
import org.rf4j.RandomFeatures;
import org.rf4j.api.Matrix;
import org.rf4j.api.SparseMatrix;
import org.rf4j.app.CliRun;
import org.rf4j.io.DataFiles;
import org.rf4j.io.DataOptions;
import org.rf4j.io.Dataset;

/**
 * {@code rf4j transform} on libsvm / svmlight input: the features are the front door's for the same
 * sparse rows (1-based indices, labels kept out, copied through with {@code --label label}), by
 * extension or {@code --format}; malformed lines exit 2 with one line naming the file, line, column
 * and what is allowed, and leave no output.
 */
class SparseTransformCommandTest {
    private static final String ROWS = """
            # a comment line
            +1 1:0.5 3:-1.25 7:2
            -1 qid:4 2:1e-3 7:0.75   # trailing comment

            0 
            2.5 1:1 2:1 3:1 4:1 5:1 6:1 7:1 8:-0.5
            """;

    @TempDir
    Path dir;

    private Path config() throws IOException {
        Path c = dir.resolve("c.json");
        Files.writeString(c, "{\"kernel\": {\"id\": \"gaussian\", \"sigma\": 1.2}, \"estimator\": "
                + "{\"id\": \"random-features\", \"features\": {\"id\": \"trigonometric\"}, \"m\": 6}, \"seed\": 9}");
        return c;
    }

    private static SparseMatrix expectedRows(int d) {
        return SparseMatrix.builder(d)
                .addRow(new int[] {0, 2, 6}, new double[] {0.5, -1.25, 2})
                .addRow(new int[] {1, 6}, new double[] {1e-3, 0.75})
                .addRow(new int[] {}, new double[] {})
                .addRow(new int[] {0, 1, 2, 3, 4, 5, 6, 7}, new double[] {1, 1, 1, 1, 1, 1, 1, -0.5})
                .build();
    }

    @Test
    void featuresEqualTheFrontDoorsForTheSparseRowsAndLabelsAreCopiedOnlyWhenAsked() throws IOException {
        Path in = dir.resolve("rows.svm");
        Files.writeString(in, ROWS);
        Path csv = dir.resolve("out.csv");
        CliRun r = CliRun.run("transform", "--config", config().toString(), "--input", in.toString(), "--output",
                csv.toString(), "--chunk", "3", "--side", "key", "--label", "label");
        assertThat(r.code()).as(r.toString()).isZero();
        assertThat(r.out()).contains("wrote 4 rows");
        RandomFeatureMap phi = RandomFeatures.fromConfig(config()).fit(8);
        Matrix expected = phi.transformKeys(expectedRows(8));
        Dataset out = DataFiles.read(csv, DataOptions.defaults());
        assertThat(out.columns()).hasSize(13).startsWith("f0").endsWith("label");
        int f = expected.cols();
        double[] labels = {1, -1, 0, 2.5};
        for (int i = 0; i < 4; i++) {
            for (int j = 0; j < f; j++) {
                assertThat(out.x().get(i, j)).isEqualTo(expected.get(i, j));
            }
            assertThat(out.x().get(i, f)).isEqualTo(labels[i]);
        }

        // any extension with --format libsvm; no --label: features only; --dimension widens the rows
        Path txt = dir.resolve("rows.txt");
        Files.writeString(txt, ROWS);
        Path npy = dir.resolve("out.npy");
        CliRun r2 = CliRun.run("transform", "--config", config().toString(), "--input", txt.toString(), "--output",
                npy.toString(), "--format", "libsvm", "--dimension", "262144", "--json");
        assertThat(r2.code()).as(r2.toString()).isZero();
        assertThat(r2.json().get("inputColumns").asInt()).isEqualTo(262144);
        Matrix wide = RandomFeatures.fromConfig(config()).fit(262144).transform(expectedRows(262144));
        assertThat(DataFiles.read(npy, DataOptions.defaults()).x()).isEqualTo(wide);
    }

    @Test
    void malformedLinesExitTwoWithOneLineNamingFileLineColumnAndWhatIsAllowed() throws IOException {
        String[][] cases = {
            {"1 1:2 3:x\n", "line 1, column 9", "'x' (column 'index 3') is not a number"},
            {"1 1:2\n1 3:1 2:1\n", "line 2, column 7", "index 2 follows index 3; the indices of a line must be strictly increasing"},
            {"1 0:4\n", "line 1, column 3", "index 0 is outside 1.."},
            {"1 a:4\n", "line 1, column 3", "index 'a' is not an integer"},
            {"1 4\n", "line 1, column 3", "'4' is not <index>:<value>"},
            {"1:2 3:4\n", "line 1, column 1", "is where the label belongs"},
            {"yes 1:2\n", "line 1, column 1", "'yes' (column 'label') is not a number"},
            {"1 2:nan\n", "line 1, column 5", "is not finite"},
        };
        for (String[] c : cases) {
            Path in = dir.resolve("bad.libsvm");
            Files.writeString(in, c[0]);
            Path out = dir.resolve("bad.csv");
            CliRun r = CliRun.run("transform", "--input", in.toString(), "--output", out.toString());
            assertThat(r.code()).as(r.toString()).isEqualTo(2);
            String err = r.err().strip();
            assertThat(err).as(c[0]).doesNotContain("\n").contains(in.toString() + ", " + c[1]).contains(c[2]);
            assertThat(out).doesNotExist();
        }
        // an index beyond --dimension, and options that do not apply
        Path in = dir.resolve("ok.svmlight");
        Files.writeString(in, "1 5:1\n");
        // a numeric sigma: the bundled default fits sigma from dense data, which a libsvm input does not give
        Path numeric = Files.writeString(dir.resolve("numeric.json"), "{\"kernel\": {\"id\": \"gaussian\", \"sigma\": 1.0},"
                + " \"estimator\": {\"id\": \"random-features\", \"features\": {\"id\": \"trigonometric\"}, \"m\": 8},"
                + " \"seed\": 1}");
        CliRun r = CliRun.run("transform", "--config", numeric.toString(), "--input", in.toString(), "--output",
                dir.resolve("o.csv").toString(), "--dimension", "4");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err().strip()).contains(in + ", line 1, column 3: index 5 is outside 1..4 (the input dimension)");
        CliRun lbl = CliRun.run("transform", "--input", in.toString(), "--output", dir.resolve("o.csv").toString(),
                "--label", "y");
        assertThat(lbl.code()).isEqualTo(2);
        assertThat(lbl.err().strip()).contains("--label").contains("'label' for libsvm input").doesNotContain("\n");
        CliRun fmt = CliRun.run("transform", "--input", in.toString(), "--output", dir.resolve("o.csv").toString(),
                "--format", "parquet");
        assertThat(fmt.code()).isEqualTo(2);
        assertThat(fmt.err().strip()).contains("--format").contains("parquet").contains("libsvm");
        CliRun fl = CliRun.run("transform", "--input", in.toString(), "--output", dir.resolve("o.csv").toString(),
                "--precision", "float");
        assertThat(fl.code()).isEqualTo(2);
        assertThat(fl.err().strip()).contains("--precision").doesNotContain("\n");
        // the bundled default fits sigma from dense rows: refused in the CLI's words, naming --config
        CliRun dflt = CliRun.run("transform", "--input", in.toString(), "--output", dir.resolve("o.csv").toString(),
                "--dimension", "8");
        assertThat(dflt.code()).as(dflt.toString()).isEqualTo(2);
        assertThat(dflt.err().strip()).doesNotContain("\n").startsWith("rf4j: --config (the bundled default config): its"
                + " kernel.sigma = \"median\" is fitted from dense rows, and --input " + in + " is libsvm (sparse)")
                .doesNotContain("fit(X)");
        assertThat(dir.resolve("o.csv")).doesNotExist();
        Path empty = dir.resolve("empty.svm");
        Files.writeString(empty, "# nothing\n1\n");
        CliRun none = CliRun.run("transform", "--input", empty.toString(), "--output", dir.resolve("o.csv").toString());
        assertThat(none.code()).isEqualTo(2);
        assertThat(none.err().strip()).contains("--dimension");
        assertThat(dir.resolve("o.csv")).doesNotExist();
    }
}
