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
import org.junit.jupiter.api.Test;
import org.rf4j.api.linalg.Parallelism;
import org.rf4j.app.CliRun;

class BenchCommandTest {

    @Test
    void featureBenchPrintsRowsPerSecondAndGflopsAsJson() {
        int before = Parallelism.defaults().threads();
        CliRun r = CliRun.run("bench", "--features", "positive", "--coupling", "iid", "--n", "300", "--d", "8", "--m", "16",
                "--threads", "1", "--warmup", "1", "--repetitions", "3", "--json");
        assertThat(r.code()).as(r.toString()).isZero();
        JsonNode j = r.json();
        assertThat(j.get("rowsPerSecond").asDouble()).isPositive();
        assertThat(j.get("gflops").asDouble()).isPositive();
        assertThat(j.get("threads").asInt()).isEqualTo(1);
        assertThat(j.get("rows").asInt()).isEqualTo(300);
        // rows/s and GFLOP/s describe the same median time: 2·n·d·m flops per batch
        assertThat(j.get("gflops").asDouble() * 1e9 / j.get("rowsPerSecond").asDouble())
                .isCloseTo(2.0 * 8 * 16, org.assertj.core.data.Percentage.withPercentage(0.01));
        assertThat(Parallelism.defaults().threads()).as("the default is restored").isEqualTo(before);
    }

    @Test
    void attentionBenchPrintsSecondsAndPeakBytes() {
        CliRun r = CliRun.run("bench", "--attention", "--L", "200", "--d", "8", "--m", "16", "--warmup", "0",
                "--repetitions", "1", "--json");
        assertThat(r.code()).as(r.toString()).isZero();
        JsonNode j = r.json();
        assertThat(j.get("seconds").asDouble()).isPositive();
        assertThat(j.get("peakBytes").asLong()).isGreaterThan(4L * 200 * 8 * 8);
        assertThat(j.get("task").asText()).isEqualTo("performer-bidirectional");
    }

    /** {@code --precision float} times the fp32 path (map and attention) and says so; a bad value or --gemm with it exits 2. */
    @Test
    void floatPrecisionTimesTheFloatPath() {
        CliRun r = CliRun.run("bench", "--features", "positive", "--n", "300", "--d", "8", "--m", "16", "--threads", "1",
                "--warmup", "1", "--repetitions", "3", "--precision", "float", "--json");
        assertThat(r.code()).as(r.toString()).isZero();
        assertThat(r.json().get("task").asText()).endsWith("/ float");
        assertThat(r.json().get("peakBytes").asLong()).isLessThan(8L * 300 * (8 + 16));
        CliRun a = CliRun.run("bench", "--attention", "--L", "200", "--d", "8", "--m", "16", "--warmup", "0",
                "--repetitions", "1", "--precision", "float", "--causal", "--json");
        assertThat(a.code()).as(a.toString()).isZero();
        assertThat(a.json().get("task").asText()).isEqualTo("performer-causal-float");
        CliRun bad = CliRun.run("bench", "--precision", "half", "--n", "10");
        assertThat(bad.code()).isEqualTo(2);
        assertThat(bad.err()).contains("--precision").contains("half").contains("double or float");
        CliRun gemm = CliRun.run("bench", "--gemm", "--precision", "float", "--n", "10");
        assertThat(gemm.code()).isEqualTo(2);
        assertThat(gemm.err()).contains("--precision").contains("--gemm");
    }

    /**
     * {@code --config} times the config's mechanism, drawn as the front door draws it: a length scale given as
     * "median" or "scale" is fitted to the benchmark's input rows and printed as the number used.
     */
    @Test
    void aConfigIsTimedWithItsBandwidthFittedToTheBenchmarkRows(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        for (String rule : java.util.List.of("median", "scale")) {
            // a name JSON must escape: the task names the file
            java.nio.file.Path cfg = dir.resolve(rule + " \"q\".json");
            java.nio.file.Files.writeString(cfg, "{\"kernel\": {\"id\": \"gaussian\", \"sigma\": \"" + rule + "\"},"
                    + " \"estimator\": {\"id\": \"random-features\", \"coupling\": {\"id\": \"orthogonal\"},"
                    + " \"features\": {\"id\": \"positive\"}, \"m\": 64}, \"seed\": 5}");
            CliRun r = CliRun.run("bench", "--config", cfg.toString(), "--n", "300", "--d", "8", "--m", "16", "--threads", "1",
                    "--warmup", "0", "--repetitions", "1", "--json");
            assertThat(r.code()).as(r.toString()).isZero();
            JsonNode j = r.json();
            assertThat(j.get("task").asText()).isEqualTo("config " + cfg);
            org.rf4j.RandomFeatureMap expected = org.rf4j.RandomFeatures.fromConfig(cfg).m(16)
                    .fit(org.rf4j.api.Matrix.gaussian(300, 8, Math.pow(8, -0.25), 42));
            assertThat(j.get("kernel").get("sigma").asDouble()).as(rule)
                    .isEqualTo(((org.rf4j.api.kernel.GaussianKernel) expected.kernel()).sigma());
            // rows/s and GFLOP/s at the config's m as overridden by --m: 2·n·d·m flops per batch
            assertThat(j.get("gflops").asDouble() * 1e9 / j.get("rowsPerSecond").asDouble())
                    .isCloseTo(2.0 * 8 * 16, org.assertj.core.data.Percentage.withPercentage(0.01));
            CliRun text = CliRun.run("bench", "--config", cfg.toString(), "--n", "50", "--d", "8", "--warmup", "0",
                    "--repetitions", "1");
            assertThat(text.code()).as(text.toString()).isZero();
            assertThat(text.out()).startsWith("config " + cfg).contains("kernel {\"id\":\"gaussian\",\"sigma\":");
        }
        java.nio.file.Path softmax = dir.resolve("softmax.json");
        java.nio.file.Files.writeString(softmax, "{\"kernel\": {\"id\": \"softmax\"}, \"estimator\": {\"id\":"
                + " \"random-features\", \"coupling\": {\"id\": \"orthogonal\"}, \"features\": {\"id\": \"positive\"},"
                + " \"m\": 16}, \"seed\": 5}");
        CliRun a = CliRun.run("bench", "--attention", "--config", softmax.toString(), "--L", "100", "--d", "8",
                "--warmup", "0", "--repetitions", "1", "--json");
        assertThat(a.code()).as(a.toString()).isZero();
        assertThat(a.json().get("kernel").get("id").asText()).isEqualTo("softmax");
        java.nio.file.Path median = dir.resolve("median \"q\".json");
        CliRun notSoftmax = CliRun.run("bench", "--attention", "--config", median.toString(), "--L", "100", "--d", "8");
        assertThat(notSoftmax.code()).isEqualTo(2);
        assertThat(notSoftmax.err()).contains("--config").contains("softmax").contains("'gaussian'");
        CliRun both = CliRun.run("bench", "--config", median.toString(), "--features", "trigonometric", "--n", "10");
        assertThat(both.code()).isEqualTo(2);
        assertThat(both.err()).contains("--config").contains("--features");
    }

    @Test
    void badShapesAreUsageErrors() {
        CliRun r = CliRun.run("bench", "--n", "0");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("--n").contains("0");
        CliRun u = CliRun.run("bench", "--features", "no-such-map", "--n", "10", "--d", "2", "--m", "2");
        assertThat(u.code()).isEqualTo(2);
        assertThat(u.err()).contains("no-such-map");
    }
}
