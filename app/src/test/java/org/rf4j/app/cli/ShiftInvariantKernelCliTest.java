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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.rf4j.app.CliRun;
import org.rf4j.io.DataFiles;
import org.rf4j.io.DataOptions;

/**
 * The shift-invariant kernels through the CLI: {@code transform} (with the kernel's default map and
 * a length scale fitted by the median rule), {@code estimate} (the exact value as {@code exact}, the
 * iid closed form, an unbiased mean), {@code mechanisms} (family and accepting maps), and refused
 * combinations and bad parameters as one-line usage errors (exit 2).
 */
class ShiftInvariantKernelCliTest {
    @TempDir
    Path dir;

    private Path config(String kernel, String estimator) throws IOException {
        return KernelCli.config(dir, kernel, estimator);
    }

    private Path input() throws IOException {
        Path in = dir.resolve("in.csv");
        Files.writeString(in, "a,b,c\n0.1,0.2,0.3\n-0.4,0.5,0.0\n0.7,-0.1,0.2\n0.3,0.3,-0.6\n");
        return in;
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = ';', value = {
        "{\"id\": \"matern\", \"nu\": 2.5, \"lengthscale\": \"median\"}",
        "{\"id\": \"exponential\", \"lengthscale\": 1.5}",
        "{\"id\": \"rational-quadratic\", \"alpha\": 0.5, \"lengthscale\": \"scale\"}",
        "{\"id\": \"laplacian\", \"gamma\": 0.5}"})
    void transformWritesTheDefaultTrigonometricFeatures(String kernel) throws IOException {
        Path out = dir.resolve("out.csv");
        CliRun r = CliRun.run("transform", "--config", config(kernel, "{\"id\": \"random-features\", \"m\": 8}").toString(),
                "--input", input().toString(), "--output", out.toString(), "--json");
        assertThat(r.code()).as(r.toString()).isZero();
        assertThat(r.json().get("features").asInt()).isEqualTo(16);
        double[] row = DataFiles.read(out, DataOptions.defaults()).x().row(0);
        double sq = 0;
        for (double v : row) {
            sq += v * v;
        }
        // (cos, sin) pairs scaled by m^(-1/2): every row has |phi(x)|^2 = 1 = k(x, x)
        assertThat(sq).isCloseTo(1.0, org.assertj.core.data.Offset.offset(1e-12));
    }

    @Test
    void estimateReportsTheExactValueAndAnUnbiasedMeanWithTheClosedForm() throws IOException {
        Path c = config("{\"id\": \"matern\", \"nu\": 1.5, \"lengthscale\": 2.0}",
                "{\"id\": \"random-features\", \"m\": 16}");
        CliRun r = CliRun.run("estimate", "--config", c.toString(), "--x", "0.4,-0.3,0.2", "--y", "0.1,0.3,-0.2",
                "--trials", "3000", "--json");
        assertThat(r.code()).as(r.toString()).isZero();
        JsonNode j = r.json();
        double dist = Math.sqrt(0.3 * 0.3 + 0.6 * 0.6 + 0.4 * 0.4);
        double z = Math.sqrt(3) * dist / 2.0;
        assertThat(j.get("exact").asDouble()).isCloseTo((1 + z) * Math.exp(-z), org.assertj.core.data.Offset.offset(1e-12));
        assertThat(Math.abs(j.get("mean").asDouble() - j.get("exact").asDouble()))
                .isLessThan(4.5 * j.get("meanStdErr").asDouble());
        double se = j.get("mseStdErr").asDouble();
        assertThat(Math.abs(j.get("mse").asDouble() - j.get("theoryMse").asDouble())).isLessThan(4.5 * se);
        assertThat(j.get("config").get("estimator").get("features").get("id").asText()).isEqualTo("trigonometric");
    }

    @Test
    void mechanismsListsEachKernelsFamilyAndMaps() {
        CliRun r = CliRun.run("mechanisms", "--json");
        assertThat(r.code()).isZero();
        JsonNode laplacian = null;
        for (JsonNode p : r.json().get("providers")) {
            if (p.get("kind").asText().equals("kernel") && p.get("id").asText().equals("laplacian")) {
                laplacian = p;
            }
        }
        assertThat(laplacian).isNotNull();
        assertThat(laplacian.get("family").asText()).contains("not isotropic");
        assertThat(laplacian.get("maps").toString()).contains("trigonometric", "random-fourier").doesNotContain("positive");
        assertThat(laplacian.get("couplings").toString()).isEqualTo("[\"iid\"]");
        assertThat(CliRun.run("mechanisms").out()).contains("matern", "(family)", "shift-invariant isotropic");
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = ';', value = {
        "{\"id\": \"laplacian\"}; {\"id\": \"random-features\", \"coupling\": {\"id\": \"orthogonal\"}};"
                + " kernel 'laplacian' (shift-invariant, product of 1-D laws (not isotropic)) with coupling 'orthogonal'",
        "{\"id\": \"matern\"}; {\"id\": \"random-features\", \"features\": {\"id\": \"positive\"}};"
                + " with feature map 'positive': exponential features",
        "{\"id\": \"matern\", \"nu\": 0}; {\"id\": \"random-features\"}; kernel.nu",
        "{\"id\": \"rational-quadratic\", \"alpha\": -1}; {\"id\": \"random-features\"}; kernel.alpha"})
    void refusedCombinationsAndBadParametersAreOneLineUsageErrors(String kernel, String estimator, String message)
            throws IOException {
        KernelCli.assertUsageError(config(kernel, estimator), input(), message);
    }
}
