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
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.rf4j.app.CliRun;

/**
 * What {@code rf4j estimate} says about the theory: the closed-form MSE ({@code theoryMse}, with
 * {@code "theory": "closed-form"}) for the arc-cosine, TensorSketch and Random Maclaurin maps, where
 * the 3,000-trial MSE must match it within 4.5 of its standard errors; and for an orthogonal coupling
 * with the Matérn kernel no closed form, said in words ({@code "theory": "monte-carlo-only"}, a
 * {@code theoryNote} naming the coupling and the kernel, and the text line
 * {@code none (Monte Carlo only: …)}).
 */
class EstimateTheoryTest {
    @TempDir
    Path dir;

    private static final String X = "0.4,-0.3,0.2";
    private static final String Y = "0.5,0.3,-0.2";

    @ParameterizedTest(name = "{1}")
    @CsvSource(delimiter = ';', value = {
        "{\"id\": \"arc-cosine\", \"order\": 1}; arc-cosine",
        "{\"id\": \"arc-cosine\", \"order\": 0}; arc-cosine",
        "{\"id\": \"polynomial\", \"gamma\": 0.5, \"coef0\": 1.0, \"degree\": 3}; tensor-sketch",
        "{\"id\": \"polynomial\", \"gamma\": 0.5, \"coef0\": 1.0, \"degree\": 3}; random-maclaurin"})
    void theKernelMapsReportTheirClosedForm(String kernel, String map) throws IOException {
        Path c = KernelCli.config(dir, kernel,
                "{\"id\": \"random-features\", \"m\": 16, \"features\": {\"id\": \"" + map + "\"}}");
        CliRun r = CliRun.run("estimate", "--config", c.toString(), "--x", X, "--y", Y, "--trials", "3000", "--json");
        assertThat(r.code()).as(r.toString()).isZero();
        JsonNode j = r.json();
        assertThat(j.get("config").get("estimator").get("features").get("id").asText()).isEqualTo(map);
        assertThat(j.get("theoryMse").isNumber()).as(r.toString()).isTrue();
        assertThat(j.get("theory").asText()).isEqualTo("closed-form");
        assertThat(j.get("theoryNote").isNull()).isTrue();
        double se = j.get("mseStdErr").asDouble();
        assertThat(4.5 * se).as("the check has power").isLessThanOrEqualTo(0.5 * j.get("theoryMse").asDouble());
        assertThat(Math.abs(j.get("mse").asDouble() - j.get("theoryMse").asDouble())).as(r.toString())
                .isLessThanOrEqualTo(4.5 * se);
    }

    @Test
    void anOrthogonalMaternIsMonteCarloOnlyInWords() throws IOException {
        Path c = KernelCli.config(dir, "{\"id\": \"matern\", \"nu\": 1.5, \"lengthscale\": 2.0}",
                "{\"id\": \"random-features\", \"m\": 16, \"coupling\": {\"id\": \"orthogonal\"},"
                        + " \"features\": {\"id\": \"trigonometric\"}}");
        CliRun r = CliRun.run("estimate", "--config", c.toString(), "--x", X, "--y", Y, "--trials", "200", "--json");
        assertThat(r.code()).as(r.toString()).isZero();
        JsonNode j = r.json();
        assertThat(j.get("theoryMse").isNull()).isTrue();
        assertThat(j.get("theory").asText()).isEqualTo("monte-carlo-only");
        assertThat(j.get("theoryNote").asText()).contains("'orthogonal'", "'matern'", "no closed form");
        CliRun text = CliRun.run("estimate", "--config", c.toString(), "--x", X, "--y", Y, "--trials", "200");
        assertThat(text.code()).as(text.toString()).isZero();
        assertThat(text.out()).contains("theory mse   none (Monte Carlo only: coupling 'orthogonal'");
        // rf4j theory prints NaN there, and says why in one line on stderr
        CliRun curve = CliRun.run("theory", "--config", c.toString(), "--m", "16,64");
        assertThat(curve.code()).as(curve.toString()).isZero();
        assertThat(curve.out()).contains("16,", "NaN");
        assertThat(curve.err().strip()).startsWith("note: Monte Carlo only (coupling 'orthogonal'").doesNotContain("\n");
        // the same kernel with iid projections has its closed form
        // (KernelCli.config rewrites the same file)
        Path iid = KernelCli.config(dir, "{\"id\": \"matern\", \"nu\": 1.5, \"lengthscale\": 2.0}",
                "{\"id\": \"random-features\", \"m\": 16, \"features\": {\"id\": \"trigonometric\"}}");
        JsonNode k = CliRun.run("estimate", "--config", iid.toString(), "--x", X, "--y", Y, "--trials", "200", "--json")
                .json();
        assertThat(k.get("theory").asText()).isEqualTo("closed-form");
        assertThat(CliRun.run("theory", "--config", iid.toString(), "--m", "16,64").err()).isEmpty();
    }

    /** The Gaussian with a coupling that has no closed form says none, as before (nothing is known). */
    @Test
    void aConfigWithoutAKnownReasonStaysNone() throws IOException {
        Path c = KernelCli.config(dir, "{\"id\": \"gaussian\", \"sigma\": 1.0}",
                "{\"id\": \"random-features\", \"m\": 16, \"coupling\": {\"id\": \"halton\"},"
                        + " \"features\": {\"id\": \"trigonometric\"}}");
        CliRun r = CliRun.run("estimate", "--config", c.toString(), "--x", X, "--y", Y, "--trials", "50");
        assertThat(r.code()).as(r.toString()).isZero();
        assertThat(r.out()).contains("theory mse   none (no closed form for this configuration)");
        JsonNode j = CliRun.run("estimate", "--config", c.toString(), "--x", X, "--y", Y, "--trials", "50", "--json")
                .json();
        assertThat(j.get("theory").asText()).isEqualTo("none");
    }
}
