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

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rf4j.api.Matrix;
import org.rf4j.api.mechanism.EstimatorRequest;
import org.rf4j.api.mechanism.DrawnEstimator;
import org.rf4j.api.mechanism.Side;
import org.rf4j.app.CliRun;
import org.rf4j.config.ConfigLoader;
import org.rf4j.config.RunConfig;
import org.rf4j.io.DataFiles;
import org.rf4j.io.DataOptions;
import org.rf4j.io.Dataset;
import org.rf4j.spi.MechanismRegistry;

/** {@code rf4j transform}: features equal the library's, chunking does not matter, output is atomic. */
class TransformCommandTest {
    @TempDir
    Path dir;

    private Path input(int rows) throws IOException {
        StringBuilder sb = new StringBuilder("a,b,c,label\n");
        for (int i = 0; i < rows; i++) {
            sb.append(Math.sin(i)).append(',').append(Math.cos(0.3 * i)).append(',').append(0.01 * i).append(',')
                    .append(i % 2 == 0 ? "yes" : "no").append('\n');
        }
        Path p = dir.resolve("in.csv");
        Files.writeString(p, sb);
        return p;
    }

    private Path config() throws IOException {
        Path c = dir.resolve("c.json");
        Files.writeString(c, "{\"kernel\": {\"id\": \"gaussian\", \"sigma\": 0.8}, \"estimator\": "
                + "{\"id\": \"random-features\", \"features\": {\"id\": \"trigonometric\"}, \"m\": 8}, \"seed\": 3}");
        return c;
    }

    @Test
    void featuresEqualTheLibraryAndChunkingDoesNotMatter() throws IOException {
        Path in = input(101);
        Path csv = dir.resolve("out.csv");
        Path npy = dir.resolve("out.npy");
        CliRun r = CliRun.run("transform", "--config", config().toString(), "--input", in.toString(), "--output",
                csv.toString(), "--label", "label", "--chunk", "7", "--side", "key");
        assertThat(r.code()).as(r.toString()).isZero();
        assertThat(r.out()).contains("wrote 101 rows");
        CliRun r2 = CliRun.run("transform", "--config", config().toString(), "--input", in.toString(), "--output",
                npy.toString(), "--label", "3", "--side", "key");
        assertThat(r2.code()).as(r2.toString()).isZero();

        RunConfig cfg = new ConfigLoader(MechanismRegistry.discover(), new ObjectMapper()).load(config());
        Dataset data = DataFiles.read(in, DataOptions.defaults().withLabel("label"));
        DrawnEstimator est = cfg.estimator().draw(new EstimatorRequest(cfg.kernel(), 3, 3));
        Matrix expected = est.features(Side.KEY, data.x(), null);

        Dataset fromCsv = DataFiles.read(csv, DataOptions.defaults().withLabel("label"));
        Dataset fromNpy = DataFiles.read(npy, DataOptions.defaults().withLabel("-1"));
        assertThat(fromCsv.columns()).hasSize(16).startsWith("f0");
        assertThat(fromCsv.x()).isEqualTo(expected);
        assertThat(fromNpy.x()).isEqualTo(expected);
        assertThat(fromCsv.labels()).isEqualTo(data.labels());
        assertThat(fromNpy.labels()).isEqualTo(data.labels());
    }

    /**
     * {@code --precision float}: the features are the library's float path bit for bit (the input
     * rounded once to float), in a float32 .npy and as shortest float text in CSV, whatever the
     * chunking; {@code --json} reports the precision; an input value beyond float's range and an
     * unknown precision exit 2 with one line naming them.
     */
    @Test
    void floatPrecisionWritesTheFloatPathsFeatures() throws IOException {
        Path in = input(101);
        Path csv = dir.resolve("f.csv");
        Path npy = dir.resolve("f.npy");
        CliRun r = CliRun.run("transform", "--config", config().toString(), "--input", in.toString(), "--output",
                csv.toString(), "--label", "label", "--chunk", "7", "--precision", "float", "--json");
        assertThat(r.code()).as(r.toString()).isZero();
        assertThat(r.json().get("precision").asText()).isEqualTo("float");
        CliRun r2 = CliRun.run("transform", "--config", config().toString(), "--input", in.toString(), "--output",
                npy.toString(), "--label", "label", "--precision", "float");
        assertThat(r2.code()).as(r2.toString()).isZero();

        RunConfig cfg = new ConfigLoader(MechanismRegistry.discover(), new ObjectMapper()).load(config());
        Dataset data = DataFiles.read(in, DataOptions.defaults().withLabel("label"));
        DrawnEstimator est = cfg.estimator().draw(new EstimatorRequest(cfg.kernel(), 3, 3));
        Matrix expected = est.featuresFloat(Side.QUERY, org.rf4j.api.FloatMatrix.rounded(data.x()), null).toDouble();
        // CSV has each float's shortest text: read as double it is a nearby double, rounded to float the same float
        Matrix fromCsv = DataFiles.read(csv, DataOptions.defaults().withLabel("label")).x();
        assertThat(org.rf4j.api.FloatMatrix.rounded(fromCsv).toDouble()).isEqualTo(expected);
        assertThat(DataFiles.read(npy, DataOptions.defaults().withLabel("-1")).x()).isEqualTo(expected);
        assertThat(new String(Files.readAllBytes(npy), 0, 128, java.nio.charset.StandardCharsets.ISO_8859_1))
                .contains("'descr': '<f4'");
        // the double path differs (by rounding): the option is not ignored
        assertThat(est.features(Side.QUERY, data.x(), null)).isNotEqualTo(expected);

        Path big = dir.resolve("big.csv");
        Files.writeString(big, "a,b,c\n1,2,3\n1,1e300,3\n");
        CliRun over = CliRun.run("transform", "--config", config().toString(), "--input", big.toString(), "--output",
                dir.resolve("o.csv").toString(), "--precision", "float");
        assertThat(over.code()).isEqualTo(2);
        assertThat(over.err().strip()).contains("big.csv, line 3, column 2").contains("1.0E300")
                .contains("--precision double").doesNotContain("\n").doesNotContain("Exception");
        assertThat(dir.resolve("o.csv")).doesNotExist();
        CliRun half = CliRun.run("transform", "--input", in.toString(), "--output", dir.resolve("h.csv").toString(),
                "--precision", "half");
        assertThat(half.code()).isEqualTo(2);
        assertThat(half.err()).contains("--precision").contains("half").contains("double or float");
    }

    /** {@code --json} says what was written and where the time went (the phases add up to at most the total). */
    @Test
    void jsonReportsRowsAndWhereTheTimeWent() throws IOException {
        Path in = input(101);
        CliRun r = CliRun.run("transform", "--config", config().toString(), "--input", in.toString(), "--output",
                dir.resolve("t.csv").toString(), "--label", "label", "--chunk", "10", "--json");
        assertThat(r.code()).as(r.toString()).isZero();
        com.fasterxml.jackson.databind.JsonNode j = r.json();
        assertThat(j.get("rows").asLong()).isEqualTo(101);
        assertThat(j.get("inputColumns").asInt()).isEqualTo(3);
        assertThat(j.get("features").asInt()).isEqualTo(16);
        double read = j.get("readSeconds").asDouble();
        double map = j.get("mapSeconds").asDouble();
        double write = j.get("writeSeconds").asDouble();
        assertThat(read).isPositive();
        assertThat(map).isPositive();
        assertThat(write).isPositive();
        assertThat(read + map + write).isLessThanOrEqualTo(j.get("totalSeconds").asDouble());
        assertThat(Files.readAllLines(dir.resolve("t.csv"))).hasSize(102);
    }

    @Test
    void aFailingRunLeavesNoOutputAndKeepsAnOldOne() throws IOException {
        Path in = input(50);
        Files.writeString(in, Files.readString(in) + "1,2,oops,yes\n");
        Path out = dir.resolve("out.csv");
        CliRun r = CliRun.run("transform", "--config", config().toString(), "--input", in.toString(), "--output",
                out.toString(), "--label", "label", "--chunk", "8");
        assertThat(r.code()).as(r.toString()).isEqualTo(2);
        assertThat(r.err()).contains("in.csv", "line 52", "column 3", "'oops'");
        assertThat(out).doesNotExist();
        Files.writeString(out, "previous");
        CliRun again = CliRun.run("transform", "--config", config().toString(), "--input", in.toString(), "--output",
                dir.resolve("out.npy").toString(), "--label", "label");
        assertThat(again.code()).isEqualTo(2);
        assertThat(Files.readString(out)).isEqualTo("previous");
        try (Stream<Path> s = Files.list(dir)) {
            assertThat(s.map(p -> p.getFileName().toString()).toList())
                    .containsExactlyInAnyOrder("in.csv", "c.json", "out.csv");
        }
    }

    @Test
    void arffInputWithNominalClass() throws IOException {
        Path arff = dir.resolve("in.arff");
        Files.writeString(arff, "@relation r\n@attribute a numeric\n@attribute b numeric\n@attribute c numeric\n"
                + "@attribute class {pos, neg}\n@data\n0.1,0.2,0.3,neg\n0.3,0.2,0.1,pos\n");
        Path out = dir.resolve("f.csv");
        CliRun r = CliRun.run("transform", "--config", config().toString(), "--input", arff.toString(), "--output",
                out.toString(), "--keep-label");
        assertThat(r.code()).as(r.toString()).isZero();
        Dataset d = DataFiles.read(out, DataOptions.defaults().withLabel("class"));
        assertThat(d.rows()).isEqualTo(2);
        assertThat(d.x().cols()).isEqualTo(16);
        assertThat(d.labels()).containsExactly(1, 0);
        // without --keep-label the class attribute is neither mapped nor copied
        CliRun plain = CliRun.run("transform", "--config", config().toString(), "--input", arff.toString(), "--output",
                out.toString(), "--json");
        assertThat(plain.code()).as(plain.toString()).isZero();
        assertThat(plain.json().get("inputColumns").asInt()).isEqualTo(3);
        assertThat(DataFiles.read(out, DataOptions.defaults()).columns()).hasSize(16).doesNotContain("class");
    }

    /**
     * The label rule, per format: a CSV column called label or class (anywhere, any case) is never mapped and
     * is copied only with --keep-label; --label names another column and copies it (its contract); a .npy file
     * has no names, so only --label applies.
     */
    @Test
    void theLabelColumnIsNeverAFeature() throws IOException {
        Path csv = dir.resolve("mid.csv");
        Files.writeString(csv, "a,Class,b\n0.1,1,0.2\n0.3,0,0.4\n0.5,1,0.1\n");
        Path out = dir.resolve("f.csv");
        CliRun r = CliRun.run("transform", "--config", config().toString(), "--input", csv.toString(), "--output",
                out.toString(), "--json");
        assertThat(r.code()).as(r.toString()).isZero();
        assertThat(r.json().get("inputColumns").asInt()).isEqualTo(2);
        assertThat(DataFiles.read(out, DataOptions.defaults()).columns()).hasSize(16);
        Matrix two = Matrix.of(new double[][] {{0.1, 0.2}, {0.3, 0.4}, {0.5, 0.1}});
        Matrix expected = org.rf4j.RandomFeatures.fromConfig(config()).fit(2).transform(two);
        assertThat(DataFiles.read(out, DataOptions.defaults()).x()).isEqualTo(expected);

        CliRun kept = CliRun.run("transform", "--config", config().toString(), "--input", csv.toString(), "--output",
                out.toString(), "--keep-label");
        assertThat(kept.code()).as(kept.toString()).isZero();
        Dataset d = DataFiles.read(out, DataOptions.defaults().withLabel("Class"));
        assertThat(d.x()).isEqualTo(expected);
        assertThat(d.labels()).containsExactly(1, 0, 1);

        // --label names another column: it is left out and copied; Class is then an ordinary feature
        CliRun named = CliRun.run("transform", "--config", config().toString(), "--input", csv.toString(), "--output",
                out.toString(), "--label", "b", "--json");
        assertThat(named.code()).as(named.toString()).isZero();
        assertThat(named.json().get("inputColumns").asInt()).isEqualTo(2);
        assertThat(DataFiles.read(out, DataOptions.defaults().withLabel("b")).columns()).hasSize(16);

        Path npy = dir.resolve("x.npy");
        try (org.rf4j.io.RowWriter w = DataFiles.create(npy, List.of("p", "q", "r"), false)) {
            w.write(Matrix.of(new double[][] {{0.1, 0.2, 1}, {0.3, 0.4, 0}}));
            w.commit();
        }
        CliRun n = CliRun.run("transform", "--config", config().toString(), "--input", npy.toString(), "--output",
                out.toString(), "--json");
        assertThat(n.json().get("inputColumns").asInt()).isEqualTo(3);
        CliRun nl = CliRun.run("transform", "--config", config().toString(), "--input", npy.toString(), "--output",
                out.toString(), "--json", "--label", "-1");
        assertThat(nl.json().get("inputColumns").asInt()).isEqualTo(2);
    }

    @Test
    void badSideAndOutputFormat() throws IOException {
        Path in = input(3);
        CliRun r = CliRun.run("transform", "--input", in.toString(), "--output", dir.resolve("o.csv").toString(),
                "--side", "left", "--label", "label");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("--side", "query or key");
        CliRun r2 = CliRun.run("transform", "--input", in.toString(), "--output", dir.resolve("o.xlsx").toString(),
                "--label", "label");
        assertThat(r2.code()).isEqualTo(2);
        assertThat(r2.err()).contains("o.xlsx", "supported");
        assertThat(List.of(dir.toFile().list())).doesNotContain("o.csv", "o.xlsx");
    }

    /** Unscaled rows (one column around 1000, as raw breast-cancer areas) for the degenerate-row tests. */
    private Path unscaled() throws IOException {
        StringBuilder sb = new StringBuilder("a,b,area\n");
        for (int i = 0; i < 60; i++) {
            sb.append(Math.sin(i)).append(',').append(Math.cos(0.3 * i)).append(',').append(1000 + 300 * Math.sin(0.7 * i))
                    .append('\n');
        }
        Path p = dir.resolve("raw.csv");
        Files.writeString(p, sb);
        return p;
    }

    /**
     * σ = 1 on unscaled rows: every positive feature underflows. The run exits 2 with one line naming the
     * file, the line and row, the row's norm in kernel coordinates and the remedies, and writes nothing;
     * {@code --allow-degenerate-rows} writes the zeros for a user who asks for them.
     */
    @Test
    void rowsWhoseFeaturesUnderflowAreRefusedUnlessAllowed() throws IOException {
        Path raw = unscaled();
        Path c = dir.resolve("sigma1.json");
        Files.writeString(c, "{\"kernel\": {\"id\": \"gaussian\", \"sigma\": 1.0}, \"estimator\": {\"id\": \"random-features\"}}");
        Path out = dir.resolve("z.csv");
        CliRun r = CliRun.run("transform", "--config", c.toString(), "--input", raw.toString(), "--output", out.toString());
        assertThat(r.code()).as(r.toString()).isEqualTo(2);
        assertThat(r.err().strip()).doesNotContain("\n")
                .contains("raw.csv, line 2 (row 1): its norm 1000 in kernel coordinates")
                .contains("underflow").contains("standardise").contains("\"sigma\": \"median\"")
                .contains("--allow-degenerate-rows");
        assertThat(out).doesNotExist();
        CliRun allowed = CliRun.run("transform", "--config", c.toString(), "--input", raw.toString(), "--output",
                out.toString(), "--allow-degenerate-rows");
        assertThat(allowed.code()).as(allowed.toString()).isZero();
        assertThat(DataFiles.read(out, DataOptions.defaults()).x().data()).containsOnly(0.0);
    }

    /**
     * The bundled config fits σ to the input (the median pairwise distance) in a first pass: the same
     * features as the front door's {@code fit(X)} on the same rows, each row's K̂(x, x) = 1.
     */
    @Test
    void theBundledConfigFitsSigmaToTheInputAsTheFrontDoorDoes() throws IOException {
        Path raw = unscaled();
        Path out = dir.resolve("z.npy");
        CliRun r = CliRun.run("transform", "--input", raw.toString(), "--output", out.toString(), "--chunk", "7");
        assertThat(r.code()).as(r.toString()).isZero();
        Matrix x = DataFiles.read(raw, DataOptions.defaults()).x();
        Matrix expected = org.rf4j.RandomFeatures.defaultConfig().fit(x).transform(x);
        Matrix z = DataFiles.read(out, DataOptions.defaults()).x();
        assertThat(z).isEqualTo(expected);
        for (int i = 0; i < z.rows(); i++) {
            double diag = 0;
            for (double v : z.row(i)) {
                diag += v * v;
            }
            assertThat(diag).isCloseTo(1.0, org.assertj.core.data.Offset.offset(1e-12));
        }
    }

    /**
     * A header-only input with the bundled config (σ fitted from the rows) gives a header-only output,
     * exit 0: no length scale changes a feature of no rows. Rows of norm 1e200 get a σ of their scale
     * (the median distance, computed without overflow), not a refusal of the fit.
     */
    @Test
    void theBundledConfigMapsAnEmptyInputAndHugeRows() throws IOException {
        Path empty = Files.writeString(dir.resolve("empty.csv"), "a,b\n");
        Path out = dir.resolve("e.csv");
        CliRun r = CliRun.run("transform", "--input", empty.toString(), "--output", out.toString());
        assertThat(r.code()).as(r.toString()).isZero();
        assertThat(Files.readAllLines(out)).hasSize(1).first().asString().startsWith("f0,");
        Path big = Files.writeString(dir.resolve("big.csv"), "a,b\n1,2\n1e200,4\n");
        CliRun b = CliRun.run("transform", "--input", big.toString(), "--output", dir.resolve("b.csv").toString());
        assertThat(b.code()).as(b.toString()).isZero();
        assertThat(Files.readString(dir.resolve("b.csv"))).doesNotContain("NaN").doesNotContain("Infinity");
    }
}
