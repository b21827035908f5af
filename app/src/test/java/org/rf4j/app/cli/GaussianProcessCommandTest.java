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
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rf4j.api.Matrix;
import org.rf4j.app.CliRun;
import org.rf4j.learn.GaussianProcess;

/**
 * {@code rf4j fit --task gp} and {@code rf4j predict} on a Gaussian-process model, end to end on
 * generated files: the fitted hyperparameters and calibration in {@code --json}, the columns
 * {@code mean,std[,lower,upper][,sample_k]}, a reloaded model writing the same bytes, and the
 * one-line refusals.
 */
class GaussianProcessCommandTest {
    /** The noise standard deviation of the generated targets. */
    private static final double NOISE = 0.3;

    @TempDir
    Path dir;

    /** y = sin(2a) + 0.5·b + N(0, NOISE²), with a header a,b,y. */
    private Path curve(String name, int n, int seed) throws IOException {
        java.util.Random r = new java.util.Random(seed);
        StringBuilder sb = new StringBuilder("a,b,y\n");
        for (int i = 0; i < n; i++) {
            double a = r.nextGaussian();
            double b = r.nextGaussian();
            sb.append(String.format(Locale.ROOT, "%.6f,%.6f,%.6f%n", a, b, Math.sin(2 * a) + 0.5 * b + NOISE * r.nextGaussian()));
        }
        Path p = dir.resolve(name);
        Files.writeString(p, sb);
        return p;
    }

    private Path config() throws IOException {
        Path c = dir.resolve("gp.json");
        Files.writeString(c, "{\"kernel\": {\"id\": \"gaussian\", \"sigma\": 1.0}, \"estimator\": {\"id\": \"random-features\","
                + " \"coupling\": {\"id\": \"orthogonal\"}, \"features\": {\"id\": \"trigonometric\"}, \"m\": 64}, \"seed\": 5}");
        return c;
    }

    private static double[][] csv(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file);
        double[][] out = new double[lines.size() - 1][];
        for (int i = 1; i < lines.size(); i++) {
            out[i - 1] = java.util.Arrays.stream(lines.get(i).split(",")).mapToDouble(Double::parseDouble).toArray();
        }
        return out;
    }

    /**
     * The marginal-likelihood fit reports its hyperparameters, its optimiser's path and the
     * calibration on the training rows; predict writes mean, predictive std (latent plus noise:
     * never below τ), the interval from that std, and posterior samples; on held-out rows of a
     * known-noise function the 95% interval covers 95% ± 4 standard errors of a proportion
     * (n = 400: ±0.044). Planted faults this catches: the noise left out of the std (std below
     * τ, coverage far below), intervals from the latent variance (width, coverage).
     */
    @Test
    void fitsByMarginalLikelihoodAndPredictsMeanStdIntervalAndSamples() throws IOException {
        Path model = dir.resolve("gp-model.json");
        CliRun fit = CliRun.run("fit", "--task", "gp", "--config", config().toString(), "--data", curve("train.csv", 300, 1)
                .toString(), "--model", model.toString(), "--json");
        assertThat(fit.code()).as(fit.toString()).isZero();
        JsonNode j = fit.json();
        assertThat(j.get("task").asText()).isEqualTo("gp");
        assertThat(j.get("search").asText()).isEqualTo("lml");
        for (String key : List.of("lengthScale", "signalVariance", "noiseVariance", "lml", "coverage", "rmse", "nlpd")) {
            assertThat(j.get(key).isNumber()).as(key + " in " + j).isTrue();
        }
        double tau2 = j.get("noiseVariance").asDouble();
        // the fitted noise is the generated one: τ² = 0.09 within the spread of a 300-row fit
        assertThat(tau2).isBetween(0.6 * NOISE * NOISE, 1.5 * NOISE * NOISE);
        assertThat(j.get("optimiser").get("evaluations").asInt()).isGreaterThanOrEqualTo(13);
        assertThat(j.get("optimiser").get("lengthScales")).hasSize(2);
        assertThat(j.get("optimiser").get("lengthScale").asText()).contains("marginal likelihood");
        assertThat(j.get("lengthScale").asDouble()).isBetween(j.get("optimiser").get("lengthScales").get(0).asDouble(),
                j.get("optimiser").get("lengthScales").get(1).asDouble());
        // the final LML (full eigendecomposition) is the search's best (eigenvalues and β only): the
        // same quantity, rounded along two paths, so equal to 1e-12 relative, not to the bit
        double best = j.get("optimiser").get("lmls").get(1).asDouble();
        assertThat(j.get("lml").asDouble()).isCloseTo(best, within(1e-12 * Math.abs(best)));
        assertThat(j.get("coverage").asDouble()).isBetween(0.9, 1.0);
        assertThat(j.get("m").asInt()).isEqualTo(64);
        assertThat(Files.readString(model)).contains("\"format\" : \"rf4j-gp-model\"").contains("\"labelColumn\" : \"y\"");

        Path test = curve("test.csv", 400, 2);
        Path pred = dir.resolve("pred.csv");
        CliRun p = CliRun.run("predict", "--model", model.toString(), "--data", test.toString(), "--output", pred.toString(),
                "--interval", "0.95", "--samples", "3", "--seed", "7", "--json");
        assertThat(p.code()).as(p.toString()).isZero();
        JsonNode q = p.json();
        assertThat(q.get("task").asText()).isEqualTo("gp");
        double se = Math.sqrt(0.95 * 0.05 / 400);
        assertThat(q.get("coverage").asDouble()).isBetween(0.95 - 4 * se, 0.95 + 4 * se);
        assertThat(q.get("intervalCoverage").asDouble()).isEqualTo(q.get("coverage").asDouble());
        assertThat(q.get("rmse").asDouble()).isLessThan(1.3 * NOISE);
        assertThat(q.get("nlpd").asDouble()).isBetween(0.0, 0.6);
        assertThat(Files.readAllLines(pred).get(0)).isEqualTo("mean,std,lower,upper,sample_1,sample_2,sample_3");
        double[][] rows = csv(pred);
        assertThat(rows).hasNumberOfRows(400);
        double z = 1.959963984540054;
        for (double[] r : rows) {
            assertThat(r[1]).isGreaterThanOrEqualTo(Math.sqrt(tau2) * (1 - 1e-12));
            // the interval is the predictive std's: mean ± Φ⁻¹(0.975)·std
            assertThat(r[2]).isCloseTo(r[0] - z * r[1], org.assertj.core.data.Offset.offset(1e-12));
            assertThat(r[3]).isCloseTo(r[0] + z * r[1], org.assertj.core.data.Offset.offset(1e-12));
        }
        // the CSV holds exactly what the library predicts and samples (Java's shortest exact text)
        GaussianProcess gp = GaussianProcess.load(model);
        double[][] x = new double[400][];
        List<String> lines = Files.readAllLines(test);
        for (int i = 0; i < 400; i++) {
            String[] f = lines.get(i + 1).split(",");
            x[i] = new double[] {Double.parseDouble(f[0]), Double.parseDouble(f[1])};
        }
        GaussianProcess.Prediction api = gp.predict(Matrix.of(x));
        Matrix draws = gp.sample(Matrix.of(x), 3, 7);
        for (int i = 0; i < 400; i++) {
            assertThat(rows[i][0]).isEqualTo(api.mean()[i]);
            assertThat(rows[i][1]).isEqualTo(api.std()[i]);
            assertThat(rows[i][6]).isEqualTo(draws.get(i, 2));
        }
    }

    /**
     * A saved model reproduces its output bit for bit: two predict runs write byte-identical files,
     * and fitting again writes a byte-identical model. Without the label column only the
     * predictions are written and no metric is reported.
     */
    @Test
    void reloadedModelWritesTheSameBytes() throws IOException {
        Path train = curve("train.csv", 120, 3);
        byte[][] models = new byte[2][];
        for (int k = 0; k < 2; k++) {
            Path model = dir.resolve("m" + k + ".json");
            CliRun fit = CliRun.run("fit", "--task", "gp", "--lml", "--config", config().toString(), "--data", train.toString(),
                    "--model", model.toString());
            assertThat(fit.code()).as(fit.toString()).isZero();
            assertThat(fit.out()).contains("task: gp").contains("log marginal likelihood").contains("coverage of the 95% interval");
            models[k] = Files.readAllBytes(model);
        }
        assertThat(models[1]).isEqualTo(models[0]);
        Path unlabelled = dir.resolve("x.csv");
        Files.write(unlabelled, Files.readAllLines(curve("test.csv", 50, 4)).stream()
                .map(s -> s.substring(0, s.lastIndexOf(','))).toList());
        byte[][] out = new byte[2][];
        for (int k = 0; k < 2; k++) {
            Path pred = dir.resolve("p" + k + ".csv");
            CliRun p = CliRun.run("predict", "--model", dir.resolve("m0.json").toString(), "--data", unlabelled.toString(),
                    "--output", pred.toString(), "--interval", "0.9", "--samples", "2", "--json");
            assertThat(p.code()).as(p.toString()).isZero();
            assertThat(p.json().get("coverage").isNull()).isTrue();
            assertThat(p.json().get("seed").asLong()).isEqualTo(PredictCommand.DEFAULT_SAMPLE_SEED);
            out[k] = Files.readAllBytes(pred);
        }
        assertThat(out[1]).isEqualTo(out[0]);
        assertThat(new String(out[0], java.nio.charset.StandardCharsets.UTF_8)).startsWith("mean,std,lower,upper,sample_1,sample_2\n");
        Path plain = dir.resolve("plain.csv");
        assertThat(CliRun.run("predict", "--model", dir.resolve("m0.json").toString(), "--data", unlabelled.toString(),
                "--output", plain.toString()).code()).isZero();
        assertThat(Files.readAllLines(plain).get(0)).isEqualTo("mean,std");
    }

    /**
     * The alternative to the likelihood: the length scale by k-fold cross-validation over a σ grid,
     * scored by held-out NLPD; the chosen scale is the grid's lowest NLPD.
     */
    @Test
    void crossValidatesTheLengthScaleAsTheAlternative() throws IOException {
        Path model = dir.resolve("cv.json");
        CliRun fit = CliRun.run("fit", "--task", "gp", "--cv", "3", "--sigmas", "0.25,1,4", "--config", config().toString(),
                "--data", curve("train.csv", 150, 5).toString(), "--model", model.toString(), "--json");
        assertThat(fit.code()).as(fit.toString()).isZero();
        JsonNode j = fit.json();
        assertThat(j.get("search").asText()).isEqualTo("cv");
        assertThat(j.get("cvMetric").asText()).isEqualTo("nlpd");
        assertThat(j.get("folds").asInt()).isEqualTo(3);
        assertThat(j.get("optimiser").get("evaluations").asInt()).isEqualTo(3);
        assertThat(j.get("optimiser").get("lengthScales").toString()).isEqualTo("[0.25,4.0]");
        JsonNode grid = j.get("grid");
        assertThat(grid).hasSize(3);
        int best = 0;
        for (int g = 0; g < 3; g++) {
            if (grid.get(g).get("nlpd").asDouble() <= grid.get(best).get("nlpd").asDouble()) {
                best = g;
            }
        }
        assertThat(j.get("lengthScale").asDouble()).isEqualTo(grid.get(best).get("lengthScale").asDouble());
        assertThat(j.get("cvScore").asDouble()).isEqualTo(grid.get(best).get("nlpd").asDouble());
        // a scale far too small for a smooth function scores worse than the chosen one
        assertThat(grid.get(0).get("nlpd").asDouble()).isGreaterThan(j.get("cvScore").asDouble());
        CliRun p = CliRun.run("predict", "--model", model.toString(), "--data", curve("test.csv", 100, 6).toString(), "--output",
                dir.resolve("cv.csv").toString(), "--json");
        assertThat(p.code()).as(p.toString()).isZero();
        assertThat(p.json().get("rmse").asDouble()).isLessThan(1.5 * NOISE);
    }

    private static void assertUsageError(CliRun r, String... fragments) {
        assertThat(r.code()).as(r.toString()).isEqualTo(2);
        assertThat(r.out()).as(r.toString()).isEmpty();
        assertThat(r.err()).as(r.toString()).startsWith("rf4j: ").contains(fragments);
        assertThat(r.err().strip().lines().count()).as(r.toString()).isEqualTo(1);
    }

    /** Bad input to fit and predict: exit 2 and one line naming the option or the data and what is allowed. */
    @Test
    void refusesBadInputInOneLine() throws IOException {
        String c = config().toString();
        String train = curve("train.csv", 60, 7).toString();
        Path model = dir.resolve("model.json");
        String m = model.toString();
        Path constant = dir.resolve("constant.csv");
        Files.writeString(constant, "a,b,y\n1,2,3\n2,1,3\n0,5,3\n4,4,3\n");
        assertUsageError(CliRun.run("fit", "--task", "gp", "--config", c, "--data", constant.toString(), "--model", m),
                "constant", "3.0");
        Path one = dir.resolve("one.csv");
        Files.writeString(one, "a,b,y\n1,2,3\n");
        assertUsageError(CliRun.run("fit", "--task", "gp", "--config", c, "--data", one.toString(), "--model", m),
                "1 training row", "at least 2");
        Path words = dir.resolve("words.csv");
        Files.writeString(words, "a,b,y\n1,2,low\n2,1,high\n");
        assertUsageError(CliRun.run("fit", "--task", "gp", "--config", c, "--data", words.toString(), "--model", m),
                "'y'", "'low'", "--task gp needs finite numbers");
        assertUsageError(CliRun.run("fit", "--task", "gp", "--lambda", "0.1", "--config", c, "--data", train, "--model", m),
                "--lambda", "--task gp");
        assertUsageError(CliRun.run("fit", "--task", "gp", "--lambdas", "0.1,1", "--config", c, "--data", train, "--model", m),
                "--lambdas", "--task gp");
        assertUsageError(CliRun.run("fit", "--task", "gp", "--lml", "--cv", "3", "--config", c, "--data", train, "--model", m),
                "--lml/--cv", "one way");
        assertUsageError(CliRun.run("fit", "--task", "gp", "--sigmas", "1,2", "--config", c, "--data", train, "--model", m),
                "--sigmas", "'1,2'", "one number");
        assertUsageError(CliRun.run("fit", "--task", "gp", "--sigmas", "-1", "--config", c, "--data", train, "--model", m),
                "--sigmas", "one number > 0");
        assertUsageError(CliRun.run("fit", "--task", "regress", "--lml", "--config", c, "--data", train, "--model", m),
                "--lml", "--task gp");
        assertUsageError(CliRun.run("fit", "--task", "kriging", "--config", c, "--data", train, "--model", m),
                "--task", "'kriging'", "classify", "regress", "gp");
        assertUsageError(CliRun.run("fit", "--task", "gp", "--config", c, "--data", train, "--model", train),
                "--model", "never overwritten");
        assertThat(model).doesNotExist();

        assertThat(CliRun.run("fit", "--task", "gp", "--config", c, "--data", train, "--model", m).code()).isZero();
        String out = dir.resolve("p.csv").toString();
        for (String bad : List.of("0", "1.5", "NaN")) {
            assertUsageError(CliRun.run("predict", "--model", m, "--data", train, "--output", out, "--interval", bad),
                    "--interval", "0 < P < 1");
        }
        assertUsageError(CliRun.run("predict", "--model", m, "--data", train, "--output", out, "--samples", "0"),
                "--samples", "from 1 to 10000");
        assertUsageError(CliRun.run("predict", "--model", m, "--data", train, "--output", out, "--seed", "3"),
                "--seed", "only with --samples");
        Path many = dir.resolve("many.csv");
        Files.writeString(many, "a,b\n" + "0.5,0.25\n".repeat(501));
        assertUsageError(CliRun.run("predict", "--model", m, "--data", many.toString(), "--output", out, "--samples", "10000"),
                "--samples", "at most " + PredictCommand.MAX_SAMPLE_VALUES + " values", "501 rows", "at most 9980 samples");
        Path words2 = dir.resolve("words2.csv");
        Files.writeString(words2, "a,b,y\n1,2,low\n");
        assertUsageError(CliRun.run("predict", "--model", m, "--data", words2.toString(), "--output", out),
                "'y'", "not a number");
        assertThat(dir.resolve("p.csv")).doesNotExist();

        // GP-only options on a ridge model
        Path ridge = dir.resolve("ridge.json");
        assertThat(CliRun.run("fit", "--task", "regress", "--lambda", "1e-3", "--config", c, "--data", train, "--model",
                ridge.toString()).code()).isZero();
        for (String[] opt : new String[][] {{"--interval", "0.95"}, {"--samples", "2"}, {"--seed", "1"}}) {
            assertUsageError(CliRun.run("predict", "--model", ridge.toString(), "--data", train, "--output", out, opt[0], opt[1]),
                    opt[0], "Gaussian-process model", "ridge model");
        }
        CliRun r = CliRun.run("predict", "--model", ridge.toString(), "--data", train, "--output", out);
        assertThat(r.code()).as(r.toString()).isZero();
        assertThat(Files.readAllLines(dir.resolve("p.csv")).get(0)).isEqualTo("prediction");
    }
}
