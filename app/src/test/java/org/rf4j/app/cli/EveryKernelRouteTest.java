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
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.rf4j.app.CliRun;

/**
 * Every kernel beyond the Gaussian through every learning route of the CLI: {@code evaluate}'s
 * ridge and classify tasks (exact-kernel references and the map's score), {@code fit}/{@code predict}
 * for classification, regression and the Gaussian process, and {@code advise} within the kernel, each
 * giving a sensible result on a small, easy data set (the label is a smooth function of the first two
 * columns, all entries in [0, 1), so the histogram kernels accept the rows as they are).
 */
class EveryKernelRouteTest {
    /** The rows: x uniform on [0, 1)³, class 1 when x₀ + x₁ > 1, target sin(3x₀) + x₁². */
    private static final int ROWS = 80;

    @TempDir
    static Path dir;

    private static Path data(String name, boolean regression) throws IOException {
        Path p = dir.resolve(name);
        if (Files.exists(p)) {
            return p;
        }
        SplittableRandom rng = new SplittableRandom(11);
        StringBuilder sb = new StringBuilder("a,b,c,label\n");
        for (int i = 0; i < ROWS; i++) {
            double a = rng.nextDouble();
            double b = rng.nextDouble();
            double c = rng.nextDouble();
            String y = regression ? Double.toString(Math.sin(3 * a) + b * b) : (a + b > 1 ? "1" : "0");
            sb.append(String.format(Locale.ROOT, "%.6f,%.6f,%.6f,%s%n", a, b, c, y));
        }
        Files.writeString(p, sb);
        return p;
    }

    private static Path config(String id, String kernel) throws IOException {
        Path c = dir.resolve(id + ".json");
        Files.writeString(c, "{\"kernel\": " + kernel + ", \"estimator\": {\"id\": \"random-features\", \"m\": 16},"
                + " \"seed\": 7}");
        return c;
    }

    /** Id; config; whether the kernel is local (decays with distance), which Nadaraya–Watson needs to beat chance. */
    private static final String KERNELS = """
            matern;             {"id": "matern", "nu": 1.5, "lengthscale": "median"};            true
            exponential;        {"id": "exponential", "lengthscale": 1.0};                       true
            laplacian;          {"id": "laplacian", "gamma": 1.0};                               true
            rational-quadratic; {"id": "rational-quadratic", "alpha": 1.0, "lengthscale": "median"}; true
            arc-cosine;         {"id": "arc-cosine", "order": 1};                                false
            polynomial;         {"id": "polynomial", "gamma": 1.0, "coef0": 1.0, "degree": 2};   false
            chi2;               {"id": "chi2"};                                                  false
            skewed-chi2;        {"id": "skewed-chi2", "skewedness": 1.0};                        false
            """;

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = ';', textBlock = KERNELS)
    void evaluateRidgeAndClassifyTasksScoreTheKernelAgainstItsExactReference(String id, String kernel, boolean local)
            throws IOException {
        Path c = config(id, kernel);
        for (String task : new String[] {"ridge", "classify"}) {
            JsonNode j = evaluate(task, id, c);
            // exact kernel ridge is well above chance on this easy split (and so is Nadaraya–Watson with a local
            // kernel; with a flat one, such as chi2 on [0, 1), it predicts about the majority class); the map's score is a rate
            assertThat(j.get("reference").asDouble()).as(task + ": " + j)
                    .isGreaterThanOrEqualTo(task.equals("ridge") || local ? 0.7 : 0.0);
            assertThat(score(j)).as(task).isBetween(0.0, 1.0);
        }
    }

    /** {@code rf4j evaluate --task TASK} of the config on the classification rows at m = 16: one series, the kernel's. */
    private static JsonNode evaluate(String task, String id, Path config) throws IOException {
        CliRun r = CliRun.run("evaluate", "--task", task, "--config", config.toString(), "--data",
                data("cls.csv", false).toString(), "--m", "16", "--seeds", "1", "--json");
        assertThat(r.code()).as(task + ": " + r).isZero();
        JsonNode j = r.json();
        assertThat(j.get("series")).as(task + ": " + r).hasSize(1);
        assertThat(j.get("kernel").toString()).as(task).contains("\"" + id + "\"");
        return j;
    }

    /** The one series' value at its one m. */
    private static double score(JsonNode evaluation) {
        return evaluation.get("series").get(0).get("points").get(0).get("mean").asDouble();
    }

    /** One kernel of each family: isotropic, shift-invariant product, dot-product, histogram. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = ';', value = {
        "matern; {\"id\": \"matern\", \"nu\": 2.5, \"lengthscale\": \"median\"}",
        "laplacian; {\"id\": \"laplacian\", \"gamma\": 1.0}",
        "polynomial; {\"id\": \"polynomial\", \"gamma\": 1.0, \"coef0\": 1.0, \"degree\": 2}",
        "chi2; {\"id\": \"chi2\"}"})
    void evaluateGramAndPointwiseTasksMeasureTheKernelsError(String id, String kernel) throws IOException {
        Path c = config(id, kernel);
        for (String task : new String[] {"gram", "pointwise"}) {
            // a relative error of the estimated kernel: finite, and below 1 (estimating 0 everywhere) on this data
            assertThat(score(evaluate(task, id, c))).as(task).isGreaterThanOrEqualTo(0.0).isLessThan(1.0);
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = ';', textBlock = KERNELS)
    void fitAndPredictClassifyRegressAndGaussianProcess(String id, String kernel, boolean local) throws IOException {
        Path c = config(id, kernel);
        String[][] runs = {{"classify", "cls.csv", "accuracy", "0.8"}, {"regress", "reg.csv", "r2", "0.5"},
            {"gp", "reg.csv", "r2", "0.5"}};
        for (String[] run : runs) {
            Path d = data(run[1], !run[0].equals("classify"));
            Path model = dir.resolve(id + "-" + run[0] + ".json");
            CliRun fit = run[0].equals("gp")
                    ? CliRun.run("fit", "--config", c.toString(), "--data", d.toString(), "--task", "gp", "--model",
                            model.toString(), "--json")
                    : CliRun.run("fit", "--config", c.toString(), "--data", d.toString(), "--task", run[0], "--model",
                            model.toString(), "--json");
            assertThat(fit.code()).as(run[0] + ": " + fit).isZero();
            CliRun predict = CliRun.run("predict", "--model", model.toString(), "--data", d.toString(), "--output",
                    dir.resolve(id + "-" + run[0] + ".csv").toString(), "--json");
            assertThat(predict.code()).as(run[0] + ": " + predict).isZero();
            // training rows predicted back: an easy, smooth target is learnt by every kernel
            assertThat(predict.json().get(run[2]).asDouble()).as(run[0] + ": " + predict)
                    .isGreaterThan(Double.parseDouble(run[3]));
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = ';', textBlock = KERNELS)
    void adviseRanksMechanismsWithinTheKernel(String id, String kernel, boolean local) throws IOException {
        CliRun r = CliRun.run("advise", "--kernel", id, "--data", data("cls.csv", false).toString(), "--m", "16",
                "--trials", "2", "--pairs", "16", "--json");
        assertThat(r.code()).as(r.toString()).isZero();
        JsonNode j = r.json();
        assertThat(j.get("kernel").get("id").asText()).isEqualTo(id);
        // Nyström and at least the kernel's own default map
        assertThat(j.get("candidates").size()).as(r.toString()).isGreaterThanOrEqualTo(2);
        for (JsonNode cand : j.get("candidates")) {
            assertThat(cand.get("config").get("kernel").get("id").asText()).isEqualTo(id);
            assertThat(cand.get("measuredRelMse").asDouble()).as(cand.toString()).isBetween(0.0, 1.0);
        }
    }

    @Test
    void aHistogramKernelTrainsOnTheRawRowsAndLocatesARefusedEntryInTheFile() throws IOException {
        Path c = config("chi2", "{\"id\": \"chi2\"}");
        Path bad = dir.resolve("negative.csv");
        Files.writeString(bad, "a,label,b\n0.1,0,0.2\n0.3,1,-0.25\n0.2,0,0.4\n0.5,1,0.1\n");
        Path model = dir.resolve("chi2-located.json");
        CliRun fit = CliRun.run("fit", "--config", c.toString(), "--data", bad.toString(), "--label", "label",
                "--lambda", "0.1", "--model", model.toString());
        assertThat(fit.code()).as(fit.toString()).isEqualTo(2);
        assertThat(fit.err().strip()).contains("negative.csv, line 3 (row 2), column 3 ('b'): entry -0.25",
                "chi2 kernel").doesNotContain("\n").doesNotContain("Exception");
        assertThat(model).doesNotExist();

        CliRun standardised = CliRun.run("fit", "--config", c.toString(), "--data", data("cls.csv", false).toString(),
                "--standardize", "--model", model.toString());
        assertThat(standardised.code()).isEqualTo(2);
        assertThat(standardised.err().strip()).contains("--standardize", "chi2", "non-negative").doesNotContain("\n");

        CliRun good = CliRun.run("fit", "--config", c.toString(), "--data", data("cls.csv", false).toString(),
                "--lambda", "0.001", "--model", model.toString());
        assertThat(good.code()).as(good.toString()).isZero();
        Path badTest = dir.resolve("negative-test.csv");
        Files.writeString(badTest, "a,b,c,label\n0.1,0.2,0.3,0\n0.3,0.1,-0.5,1\n");
        CliRun predict = CliRun.run("predict", "--model", model.toString(), "--data", badTest.toString(), "--output",
                dir.resolve("p.csv").toString());
        assertThat(predict.code()).as(predict.toString()).isEqualTo(2);
        assertThat(predict.err().strip()).contains("negative-test.csv, line 3 (row 2), column 3 ('c'): entry -0.5")
                .doesNotContain("\n");
        assertThat(dir.resolve("p.csv")).doesNotExist();
    }
}
