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
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rf4j.app.CliRun;

/** {@code rf4j fit} and {@code rf4j predict} end to end on generated files. */
class FitPredictCommandTest {
    @TempDir
    Path dir;

    /** Two rings (inner "in", outer "out") with a named label column, class names as strings. */
    private Path rings(String name, int n, int seed) throws IOException {
        java.util.Random r = new java.util.Random(seed);
        StringBuilder sb = new StringBuilder("a,b,kind\n");
        for (int i = 0; i < n; i++) {
            double x = r.nextGaussian();
            double y = r.nextGaussian();
            sb.append(String.format(Locale.ROOT, "%.6f,%.6f,%s%n", x, y, x * x + y * y < 1.2 ? "in" : "out"));
        }
        Path p = dir.resolve(name);
        Files.writeString(p, sb);
        return p;
    }

    private Path regression(String name, int n, int seed) throws IOException {
        java.util.Random r = new java.util.Random(seed);
        StringBuilder sb = new StringBuilder("a,b,y\n");
        for (int i = 0; i < n; i++) {
            double x = r.nextGaussian();
            double z = r.nextGaussian();
            sb.append(String.format(Locale.ROOT, "%.6f,%.6f,%.6f%n", x, z, Math.sin(2 * x) + 0.5 * z + 0.05 * r.nextGaussian()));
        }
        Path p = dir.resolve(name);
        Files.writeString(p, sb);
        return p;
    }

    private Path config() throws IOException {
        Path c = dir.resolve("c.json");
        Files.writeString(c, "{\"kernel\": {\"id\": \"gaussian\", \"sigma\": 1.0}, \"estimator\": {\"id\": \"random-features\","
                + " \"coupling\": {\"id\": \"orthogonal\"}, \"features\": {\"id\": \"positive\"}, \"m\": 64}, \"seed\": 5}");
        return c;
    }

    @Test
    void fitWithCrossValidationThenPredictClassNames() throws IOException {
        Path train = rings("train.csv", 300, 1);
        Path test = rings("test.csv", 200, 2);
        Path model = dir.resolve("model.json");
        CliRun fit = CliRun.run("fit", "--config", config().toString(), "--data", train.toString(), "--cv", "3",
                "--lambdas", "1e-6,1e-3,1", "--model", model.toString(), "--json");
        assertThat(fit.code()).as(fit.toString()).isZero();
        JsonNode j = fit.json();
        for (String f : List.of("task", "lambda", "sigma", "cvScore", "trainSeconds", "m", "outputDimension")) {
            assertThat(j.has(f)).as(f).isTrue();
        }
        assertThat(j.get("task").asText()).isEqualTo("classify");
        assertThat(j.get("m").asInt()).isEqualTo(64);
        assertThat(j.get("outputDimension").asInt()).isEqualTo(64);
        assertThat(j.get("grid")).hasSize(3 * 5);
        assertThat(j.get("cvScore").asDouble()).isGreaterThan(0.85);
        assertThat(j.get("classes").toString()).isIn("[\"in\",\"out\"]", "[\"out\",\"in\"]");

        Path pred = dir.resolve("pred.csv");
        CliRun p = CliRun.run("predict", "--model", model.toString(), "--data", test.toString(), "--output", pred.toString(),
                "--json");
        assertThat(p.code()).as(p.toString()).isZero();
        assertThat(p.json().get("accuracy").asDouble()).isGreaterThan(0.85);
        List<String> lines = Files.readAllLines(pred);
        assertThat(lines).hasSize(201);
        assertThat(lines.get(0)).isEqualTo("prediction");
        assertThat(lines.subList(1, 201)).allMatch(s -> s.equals("in") || s.equals("out"));
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.map(f -> f.getFileName().toString())).doesNotContain(".pred.csv.tmp").allMatch(f -> !f.contains("tmp"));
        }
        // without the label column: predictions only, no accuracy
        Path unlabelled = dir.resolve("x.csv");
        Files.write(unlabelled, Files.readAllLines(test).stream().map(s -> s.substring(0, s.lastIndexOf(','))).toList());
        CliRun q = CliRun.run("predict", "--model", model.toString(), "--data", unlabelled.toString(), "--output",
                dir.resolve("pred2.csv").toString(), "--json");
        assertThat(q.code()).as(q.toString()).isZero();
        assertThat(q.json().get("accuracy").isNull()).isTrue();
        assertThat(Files.readAllLines(dir.resolve("pred2.csv"))).isEqualTo(lines);
    }

    /**
     * {@code --threads} changes the speed only: a model large enough that the ridge system's
     * products are split over threads (600 rows × 256 features: ΦᵀΦ is above the one-thread
     * threshold) is byte-identical on one and on two threads; {@code --repeat} reports every run's time.
     */
    @Test
    void modelIsTheSameOnAnyThreadCountAndRepeatsAreReported() throws IOException {
        Path train = rings("train.csv", 600, 11);
        Path c = dir.resolve("c256.json");
        Files.writeString(c, Files.readString(config()).replace("\"m\": 64", "\"m\": 256"));
        byte[][] models = new byte[2][];
        for (int t = 1; t <= 2; t++) {
            Path model = dir.resolve("model" + t + ".json");
            CliRun fit = CliRun.run("fit", "--config", c.toString(), "--data", train.toString(), "--cv", "3",
                    "--lambdas", "1e-5,1e-2", "--sigmas", "1", "--threads", Integer.toString(t), "--repeat", "2",
                    "--model", model.toString(), "--json");
            assertThat(fit.code()).as(fit.toString()).isZero();
            assertThat(fit.json().get("outputDimension").asInt()).isEqualTo(256);
            assertThat(fit.json().get("trainSecondsAll")).hasSize(2);
            models[t - 1] = Files.readAllBytes(model);
        }
        assertThat(models[1]).isEqualTo(models[0]);
    }

    /**
     * {@code --folds-file}: the grid's scores follow the file's partition. Rows by index mod 3 and
     * the same file with its folds renamed (0→2, 1→0, 2→1) are the same partition, so the grid's
     * scores agree (to rounding: the folds are averaged in another order); another partition (mod 4)
     * gives other scores. Bad files
     * exit with 2 and one line naming the file, the line and what is allowed.
     */
    @Test
    void foldsFileGivesThePartitionOfTheCrossValidation() throws IOException {
        Path train = rings("train.csv", 120, 21);
        StringBuilder mod3 = new StringBuilder();
        StringBuilder renamed = new StringBuilder();
        StringBuilder mod4 = new StringBuilder();
        for (int i = 0; i < 120; i++) {
            mod3.append(i % 3).append('\n');
            renamed.append((i % 3 + 2) % 3).append('\n');
            mod4.append(i % 4).append('\n');
        }
        Path[] files = {dir.resolve("f3.txt"), dir.resolve("f3r.txt"), dir.resolve("f4.txt")};
        Files.writeString(files[0], mod3);
        Files.writeString(files[1], renamed);
        Files.writeString(files[2], mod4);
        JsonNode[] grids = new JsonNode[3];
        for (int f = 0; f < 3; f++) {
            Path model = dir.resolve("fm" + f + ".json");
            CliRun fit = CliRun.run("fit", "--config", config().toString(), "--data", train.toString(), "--folds-file",
                    files[f].toString(), "--lambdas", "1e-6,1e-3,1", "--sigmas", "0.5,1", "--model", model.toString(), "--json");
            assertThat(fit.code()).as(fit.toString()).isZero();
            assertThat(fit.json().get("folds").asInt()).isEqualTo(f == 2 ? 4 : 3);
            assertThat(fit.json().get("foldsFile").asText()).isEqualTo(files[f].toString());
            grids[f] = fit.json().get("grid");
        }
        boolean differs = false;
        for (int g = 0; g < grids[0].size(); g++) {
            double s0 = grids[0].get(g).get("score").asDouble();
            // the same folds in another order: the mean over folds may differ in the last bits only
            assertThat(grids[1].get(g).get("score").asDouble()).isCloseTo(s0, org.assertj.core.data.Offset.offset(1e-12));
            differs |= Math.abs(grids[2].get(g).get("score").asDouble() - s0) > 1e-3;
        }
        assertThat(differs).as("another partition gives other scores").isTrue();

        String c = config().toString();
        Path model = dir.resolve("bad.json");
        Path shortFile = dir.resolve("short.txt");
        Files.writeString(shortFile, "0\n1\n");
        assertUsageError(CliRun.run("fit", "--config", c, "--data", train.toString(), "--folds-file", shortFile.toString(),
                "--model", model.toString()), "--folds-file", "2 fold numbers", "120 rows");
        Path word = dir.resolve("word.txt");
        Files.writeString(word, mod3.toString().replaceFirst("1", "one"));
        assertUsageError(CliRun.run("fit", "--config", c, "--data", train.toString(), "--folds-file", word.toString(),
                "--model", model.toString()), "line 2", "'one'", "0…k−1");
        assertUsageError(CliRun.run("fit", "--config", c, "--data", train.toString(), "--folds-file", files[0].toString(),
                "--cv", "5", "--model", model.toString()), "--cv", "5", "3 folds");
        assertUsageError(CliRun.run("fit", "--config", c, "--data", train.toString(), "--folds-file", files[0].toString(),
                "--lambda", "0.1", "--model", model.toString()), "--folds-file", "--lambda");
        assertUsageError(CliRun.run("fit", "--config", c, "--data", train.toString(), "--folds-file",
                dir.resolve("none.txt").toString(), "--model", model.toString()), "--folds-file", "none.txt");
        assertUsageError(CliRun.run("fit", "--config", c, "--data", train.toString(), "--folds-file", files[0].toString(),
                "--model", files[0].toString()), "--model", "never overwritten");
        assertThat(Files.readString(files[0])).isEqualTo(mod3.toString());
        assertThat(model).doesNotExist();
    }

    @Test
    void regressionWithFixedLambdaReportsRmseAndR2() throws IOException {
        Path model = dir.resolve("m.json");
        CliRun fit = CliRun.run("fit", "--config", config().toString(), "--data", regression("tr.csv", 400, 3).toString(),
                "--lambda", "1e-4", "--model", model.toString(), "--json");
        assertThat(fit.code()).as(fit.toString()).isZero();
        assertThat(fit.json().get("task").asText()).isEqualTo("regress");
        assertThat(fit.json().get("cvScore").isNull()).isTrue();
        assertThat(fit.json().get("lambda").asDouble()).isEqualTo(1e-4);
        CliRun p = CliRun.run("predict", "--model", model.toString(), "--data", regression("te.csv", 100, 4).toString(),
                "--output", dir.resolve("p.csv").toString(), "--json");
        assertThat(p.code()).as(p.toString()).isZero();
        assertThat(p.json().get("r2").asDouble()).isGreaterThan(0.8);
        assertThat(p.json().get("rmse").asDouble()).isLessThan(0.4);
    }

    private static void assertUsageError(CliRun r, String... fragments) {
        assertThat(r.code()).as(r.toString()).isEqualTo(2);
        assertThat(r.out()).as(r.toString()).isEmpty();
        assertThat(r.err()).as(r.toString()).startsWith("rf4j: ").contains(fragments);
        assertThat(r.err().strip().lines().count()).as(r.toString()).isLessThanOrEqualTo(2);
    }

    @Test
    void badInputExitsWithTwoAndOneLine() throws IOException {
        Path train = rings("train.csv", 50, 1);
        Path model = dir.resolve("model.json");
        String c = config().toString();
        assertUsageError(CliRun.run("fit", "--config", c, "--data", train.toString(), "--lambda", "-1", "--model",
                model.toString()), "lambda", "-1");
        assertUsageError(CliRun.run("fit", "--config", c, "--data", train.toString(), "--lambda", "0.1", "--cv", "3",
                "--model", model.toString()), "at most one");
        assertUsageError(CliRun.run("fit", "--config", c, "--data", train.toString(), "--task", "cluster", "--model",
                model.toString()), "--task", "'cluster'", "classify", "regress");
        assertUsageError(CliRun.run("fit", "--config", c, "--data", train.toString(), "--task", "regress", "--model",
                model.toString()), "'kind'", "numbers");
        assertUsageError(CliRun.run("fit", "--config", c, "--data", train.toString(), "--label", "nope", "--model",
                model.toString()), "'nope'");
        assertUsageError(CliRun.run("fit", "--config", c, "--data", dir.resolve("missing.csv").toString(), "--model",
                model.toString()), "does not exist");
        assertUsageError(CliRun.run("fit", "--config", c, "--data", train.toString(), "--model", train.toString()),
                "--model", "never overwritten");
        assertThat(Files.exists(model)).isFalse();
        // a model file with a missing field, or from another major version
        Files.writeString(model, "{\"format\": \"rf4j-ridge-model\", \"rf4jVersion\": \"0.1.0\"}");
        assertUsageError(CliRun.run("predict", "--model", model.toString(), "--data", train.toString(), "--output",
                dir.resolve("p.csv").toString()), "field 'task' is missing");
        Files.writeString(model, "{\"format\": \"rf4j-ridge-model\", \"rf4jVersion\": \"99.0.0\"}");
        assertUsageError(CliRun.run("predict", "--model", model.toString(), "--data", train.toString(), "--output",
                dir.resolve("p.csv").toString()), "rf4j 99.0.0", "refit");
        assertThat(Files.exists(dir.resolve("p.csv"))).isFalse();
    }

    /** {@code evaluate --task ridge}: every default mechanism plus Nyström, exact kernel ridge as the reference. */
    @Test
    void evaluateRidgeOnBundledIrisAndOnRegressionData() throws IOException {
        // the default set and the Nyström baseline on the bundled data; one seed at two m (each mechanism pays
        // its untimed warm-up, so the set's size, not the seeds, sets the time)
        CliRun r = CliRun.run("evaluate", "--task", "ridge", "--m", "8,32", "--seeds", "1", "--json");
        assertThat(r.code()).as(r.toString()).isZero();
        JsonNode j = r.json();
        assertThat(j.get("task").asText()).isEqualTo("ridge");
        assertThat(j.toString()).contains("iid/nystroem").contains("orthogonal/positive");
        assertThat(j.get("reference").asDouble()).isGreaterThan(0.8);
        // regression data: one mechanism is enough to see the metric switch
        CliRun reg = CliRun.run("evaluate", "--task", "ridge", "--config", config().toString(), "--data",
                regression("r.csv", 200, 5).toString(), "--m", "16", "--seeds", "2", "--json");
        assertThat(reg.code()).as(reg.toString()).isZero();
        assertThat(reg.json().get("metric").asText()).isEqualTo("test RMSE");
        assertThat(reg.json().get("reference").asDouble()).isPositive();
    }

    /**
     * The defaults are what a user with raw columns needs: standardisation on and the σ grid centred
     * on the median pairwise distance of the standardised rows. Rings whose second column is in
     * units 10⁴ times larger (as in breast cancer's columns) are learned with the defaults; with
     * {@code --no-standardize --sigmas config} (the old defaults) the large column swamps the
     * kernel and accuracy falls to about the majority rate. The grid is reported, so its centre is
     * checked too.
     */
    @Test
    void defaultsStandardiseAndCentreTheSigmaGridOnTheMedianDistance() throws IOException {
        Path raw = dir.resolve("scaled.csv");
        Path test = dir.resolve("scaled-test.csv");
        for (Path[] pair : new Path[][] {{rings("r1.csv", 400, 21), raw}, {rings("r2.csv", 300, 22), test}}) {
            List<String> lines = Files.readAllLines(pair[0]);
            StringBuilder sb = new StringBuilder(lines.get(0)).append('\n');
            for (String l : lines.subList(1, lines.size())) {
                String[] f = l.split(",");
                sb.append(f[0]).append(',').append(Double.parseDouble(f[1]) * 1e4).append(',').append(f[2]).append('\n');
            }
            Files.writeString(pair[1], sb);
        }
        Path model = dir.resolve("defaults.json");
        CliRun fit = CliRun.run("fit", "--config", config().toString(), "--data", raw.toString(), "--cv", "3",
                "--model", model.toString(), "--json");
        assertThat(fit.code()).as(fit.toString()).isZero();
        assertThat(fit.json().get("cvScore").asDouble()).isGreaterThan(0.9);
        List<Double> grid = new java.util.ArrayList<>();
        fit.json().get("grid").forEach(g -> {
            if (!grid.contains(g.get("sigma").asDouble())) {
                grid.add(g.get("sigma").asDouble());
            }
        });
        assertThat(grid).hasSize(5);
        double centre = grid.get(2);
        // two standardised Gaussian columns: the median distance is about 2·sqrt(ln 2)·... ≈ 1.67, far from the config's 1
        assertThat(centre).isBetween(1.4, 2.0);
        assertThat(grid.get(0)).isCloseTo(centre / 2, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(grid.get(4)).isCloseTo(centre * 2, org.assertj.core.data.Offset.offset(1e-12));
        CliRun p = CliRun.run("predict", "--model", model.toString(), "--data", test.toString(), "--output",
                dir.resolve("pd.csv").toString(), "--json");
        assertThat(p.json().get("accuracy").asDouble()).isGreaterThan(0.9);

        CliRun old = CliRun.run("fit", "--config", config().toString(), "--data", raw.toString(), "--cv", "3",
                "--no-standardize", "--sigmas", "config", "--model", dir.resolve("old.json").toString(), "--json");
        assertThat(old.code()).as(old.toString()).isZero();
        assertThat(old.json().get("cvScore").asDouble()).isLessThan(0.8);
        assertThat(old.json().get("grid").get(0).get("sigma").asDouble()).isEqualTo(0.5);

        // a fixed λ with the median heuristic takes σ₀ itself
        CliRun fixed = CliRun.run("fit", "--config", config().toString(), "--data", raw.toString(), "--lambda", "1e-3",
                "--sigmas", "median", "--model", dir.resolve("fixed.json").toString(), "--json");
        assertThat(fixed.code()).as(fixed.toString()).isZero();
        assertThat(fixed.json().get("sigma").asDouble()).isEqualTo(centre);
        assertUsageError(CliRun.run("fit", "--config", config().toString(), "--data", raw.toString(), "--sigmas", "wide",
                "--model", dir.resolve("bad.json").toString()), "--sigmas", "'wide'", "median");
    }

    @Test
    void predictRefusesDataOfAnotherWidth() throws IOException {
        Path model = dir.resolve("model.json");
        assertThat(CliRun.run("fit", "--config", config().toString(), "--data", rings("t.csv", 80, 1).toString(),
                "--lambda", "1e-3", "--model", model.toString()).code()).isZero();
        Path wide = dir.resolve("wide.csv");
        Files.writeString(wide, "a,b,c,d\n1,2,3,4\n");
        assertUsageError(CliRun.run("predict", "--model", model.toString(), "--data", wide.toString(), "--output",
                dir.resolve("p.csv").toString()), "4 columns", "2 inputs");
    }
}
