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
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.rf4j.app.CliRun;

/**
 * {@code rf4j estimate} end to end, in-process: the empirical MSE of iid positive and
 * trigonometric features agrees with the closed form within 4 standard errors of the
 * squared-error mean, for the Gaussian and the softmax kernel, at several (x, y); the mean agrees
 * with the exact value within 4 standard errors.
 */
class EstimateCommandTest {
    @TempDir
    Path dir;

    static Stream<Arguments> cases() {
        String[][] points = {
            {"0.4,-0.3,0.2", "0.1,0.3,-0.2"},
            {"0.5,0.5,0.0", "0.4,0.6,0.1"},
            {"-0.6,0.2,0.3", "0.3,-0.1,0.5"},
        };
        Stream.Builder<Arguments> b = Stream.builder();
        for (String features : new String[] {"positive", "trigonometric"}) {
            for (String kernel : new String[] {"{\"id\": \"gaussian\", \"sigma\": 1.3}", "{\"id\": \"softmax\"}"}) {
                for (String[] p : points) {
                    b.add(Arguments.of(features, kernel, p[0], p[1]));
                }
            }
        }
        return b.build();
    }

    @ParameterizedTest(name = "{0} {1} x={2} y={3}")
    @MethodSource("cases")
    void empiricalMseMatchesClosedForm(String features, String kernel, String x, String y) throws IOException {
        Path config = dir.resolve("c.json");
        Files.writeString(config, "{\"kernel\": " + kernel + ", \"estimator\": {\"id\": \"random-features\", "
                + "\"features\": {\"id\": \"" + features + "\"}, \"m\": 16}, \"seed\": 7}");
        CliRun r = CliRun.run("estimate", "--config", config.toString(), "--x", x, "--y", y, "--trials", "3000", "--json");
        assertThat(r.code()).as(r.toString()).isZero();
        assertThat(r.err()).isEmpty();
        JsonNode j = r.json();
        assertThat(j.get("trials").asInt()).isEqualTo(3000);
        assertThat(j.get("m").asInt()).isEqualTo(16);
        assertThat(j.get("theoryMse").isNumber()).as("closed form present").isTrue();
        double mse = j.get("mse").asDouble();
        double se = j.get("mseStdErr").asDouble();
        double theory = j.get("theoryMse").asDouble();
        assertThat(se).isPositive();
        assertThat(Math.abs(mse - theory)).as("|mse - theory| vs 4 SE; mse %s theory %s se %s", mse, theory, se)
                .isLessThan(4 * se);
        double mean = j.get("mean").asDouble();
        double exact = j.get("exact").asDouble();
        assertThat(Math.abs(mean - exact)).isLessThan(4 * j.get("meanStdErr").asDouble());
        assertThat(j.get("config").get("estimator").get("coupling").get("id").asText()).isEqualTo("iid");
    }

    @Test
    void configDataIsUsedAndEchoed() throws IOException {
        Files.writeString(dir.resolve("d.csv"), "a,b,c\n0.1,0.2,0.3\n-0.2,0.1,0.0\n");
        Path config = dir.resolve("c.json");
        Files.writeString(config, "{\"estimator\": {\"id\": \"random-features\", \"m\": 8}, \"data\": \"d.csv\"}");
        CliRun r = CliRun.run("estimate", "--config", config.toString(), "--x", "0.1,0.2,0.3", "--y", "0,0,0.1",
                "--trials", "50", "--json");
        assertThat(r.code()).as(r.toString()).isZero();
        assertThat(r.json().get("config").get("data").asText()).isEqualTo("d.csv");
    }

    @Test
    void configCommandPrintsTheUnderstoodConfig() throws IOException {
        Path config = dir.resolve("c.json");
        Files.writeString(config, "{\"estimator\": {\"id\": \"random-features\"}}");
        CliRun r = CliRun.run("config", "--config", config.toString());
        assertThat(r.code()).as(r.toString()).isZero();
        assertThat(r.json().get("estimator").get("m").asInt()).isEqualTo(64);
        assertThat(r.json().get("seed").asLong()).isEqualTo(42);
        Path out = dir.resolve("understood.json");
        assertThat(CliRun.run("config", "--config", config.toString(), "--output", out.toString()).code()).isZero();
        assertThat(CliRun.run("config", "--config", out.toString()).out()).isEqualTo(r.out());
    }

    @Test
    void theoryMseIsNullWhereThereIsNoClosedForm() throws IOException {
        java.util.Map<String, Object> cfg = new java.util.LinkedHashMap<>();
        cfg.put("kernel", java.util.Map.of("id", "softmax"));
        EstimateCommand.Result r = new EstimateCommand.Result(new double[] {1}, new double[] {2}, 0.5, 0.5, 0.1, 0.01,
                0.001, null, 10, 64, 64, 42);
        JsonNode j = new com.fasterxml.jackson.databind.ObjectMapper().valueToTree(r.toJson(cfg));
        assertThat(j.has("theoryMse")).isTrue();
        assertThat(j.get("theoryMse").isNull()).isTrue();
    }

    @Test
    void defaultConfigAndPairRunWithoutArguments() {
        CliRun r = CliRun.run("estimate", "--trials", "50");
        assertThat(r.code()).as(r.toString()).isZero();
        assertThat(r.out()).contains("exact", "mse", "theory mse");
        assertThat(r.err()).isEmpty();
    }

    @Test
    void jsonHasTheContractFieldsAndTheUnderstoodConfig() {
        CliRun r = CliRun.run("estimate", "--trials", "20", "--seed", "5", "--json");
        assertThat(r.code()).as(r.toString()).isZero();
        JsonNode j = r.json();
        assertThat(j.fieldNames()).toIterable().contains("exact", "mean", "mse", "mseStdErr", "theoryMse", "trials",
                "m", "config");
        assertThat(j.get("config").get("seed").asLong()).isEqualTo(5);
        // the bundled config's σ is the median pairwise distance of the data: here the pair's distance
        double[] x = VectorArgument.parse("--x", EstimateCommand.DEFAULT_X);
        double[] y = VectorArgument.parse("--y", EstimateCommand.DEFAULT_Y);
        double dist = 0;
        for (int i = 0; i < x.length; i++) {
            dist += (x[i] - y[i]) * (x[i] - y[i]);
        }
        assertThat(j.get("config").get("kernel").get("sigma").asDouble()).isEqualTo(Math.sqrt(dist));
        assertThat(j.get("config").get("estimator").get("m").asInt()).isEqualTo(64);
        assertThat(j.get("config").get("estimator").get("features").get("id").asText()).isEqualTo("trigonometric");
        assertThat(j.get("outputDimension").asInt()).isEqualTo(128);
    }

    @Test
    void sameSeedSameNumbersOtherSeedOtherNumbers() {
        String a = CliRun.run("estimate", "--trials", "10", "--seed", "1", "--json").json().get("mse").asText();
        String b = CliRun.run("estimate", "--trials", "10", "--seed", "1", "--json").json().get("mse").asText();
        String c = CliRun.run("estimate", "--trials", "10", "--seed", "2", "--json").json().get("mse").asText();
        assertThat(a).isEqualTo(b).isNotEqualTo(c);
    }
}
