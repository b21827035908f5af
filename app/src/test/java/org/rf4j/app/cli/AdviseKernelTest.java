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
import org.rf4j.app.CliRun;

/**
 * {@code rf4j advise} within the user's kernel: a registered kernel with its parameters
 * ({@code --kernel matern --kernel-param nu=2.5}, the length scale from the median distance) ranks
 * the candidates that serve it and lists the others as refused with the kernel's one-line reason.
 * Closed forms predict where they exist (iid maps of Matérn, the polynomial and arc-cosine maps); the
 * orthogonal coupling with Matérn is predicted by Monte Carlo and a note says it has no closed form.
 */
class AdviseKernelTest {

    @Test
    void candidatesAreComparedWithinAMaternKernel() {
        CliRun r = CliRun.run("advise", "--kernel", "matern", "--kernel-param", "nu=2.5", "--m", "16", "--trials", "4",
                "--pairs", "16", "--candidates", "iid/trigonometric,orthogonal/trigonometric,iid/positive", "--json");
        assertThat(r.code()).as(r.toString()).isZero();
        JsonNode j = r.json();
        assertThat(j.toString()).contains("matern");
        StringBuilder ranked = new StringBuilder();
        j.get("candidates").forEach(c -> ranked.append(c.get("name").asText()).append(' '));
        assertThat(ranked.toString()).contains("iid/trigonometric", "orthogonal/trigonometric").doesNotContain("positive");
        JsonNode refused = j.get("refused");
        assertThat(refused.toString()).contains("iid/positive", "kernel 'matern'", "infinite variance");
        // the iid map is predicted by its closed form, the orthogonal one by Monte Carlo, and a note says it has none
        j.get("candidates").forEach(c -> assertThat(c.get("source").asText()).as(c.get("name").asText())
                .isEqualTo(c.get("name").asText().startsWith("iid/") ? "closed-form" : "monte-carlo"));
        assertThat(j.get("notes").toString()).contains("Monte Carlo only (no closed form exists): orthogonal/trigonometric",
                "coupling 'orthogonal'", "kernel 'matern'");
    }

    /** The polynomial and arc-cosine maps are ranked by their closed forms, within the user's kernel. */
    @Test
    void theKernelMapsArePredictedByTheirClosedForms() {
        CliRun r = CliRun.run("advise", "--kernel", "polynomial", "--kernel-param", "degree=3", "--kernel-param",
                "coef0=1", "--m", "16", "--trials", "4", "--pairs", "16", "--candidates",
                "iid/tensor-sketch,iid/random-maclaurin,iid/arc-cosine,iid/trigonometric", "--json");
        assertThat(r.code()).as(r.toString()).isZero();
        JsonNode j = r.json();
        StringBuilder ranked = new StringBuilder();
        j.get("candidates").forEach(c -> {
            ranked.append(c.get("name").asText()).append(' ');
            assertThat(c.get("source").asText()).as(c.get("name").asText()).isEqualTo("closed-form");
        });
        assertThat(ranked.toString()).as(j.toString()).contains("iid/tensor-sketch")
                .doesNotContain("arc-cosine", "trigonometric");
        // on Iris's raw norms Random Maclaurin with its default degree law is refused by its closed form
        assertThat(j.get("refused").toString()).contains("iid/arc-cosine", "iid/trigonometric", "kernel 'polynomial'",
                "iid/random-maclaurin", "its predicted (closed-form) relative MSE at m = 16");
        assertThat(j.get("notes").toString()).doesNotContain("Monte Carlo only");
        CliRun arc = CliRun.run("advise", "--kernel", "arc-cosine", "--m", "16", "--trials", "4", "--pairs", "16",
                "--candidates", "iid/arc-cosine", "--json");
        assertThat(arc.code()).as(arc.toString()).isZero();
        assertThat(arc.json().get("candidates").get(0).get("source").asText()).isEqualTo("closed-form");
    }

    @Test
    void badKernelOptionsAreOneLineUsageErrors() {
        CliRun unknown = CliRun.run("advise", "--kernel", "materm");
        assertThat(unknown.code()).isEqualTo(2);
        assertThat(unknown.err().strip()).contains("--kernel", "materm", "matern").doesNotContain("\n");
        CliRun notANumber = CliRun.run("advise", "--kernel", "matern", "--kernel-param", "nu=smooth");
        assertThat(notANumber.code()).isEqualTo(2);
        assertThat(notANumber.err().strip()).contains("--kernel-param", "nu=smooth").doesNotContain("\n");
        CliRun gaussian = CliRun.run("advise", "--kernel", "gaussian", "--kernel-param", "nu=1");
        assertThat(gaussian.code()).isEqualTo(2);
        assertThat(gaussian.err().strip()).contains("--kernel-param").doesNotContain("\n");
        CliRun outOfRange = CliRun.run("advise", "--kernel", "matern", "--kernel-param", "nu=-1");
        assertThat(outOfRange.code()).isEqualTo(2);
        assertThat(outOfRange.err().strip()).contains("nu").doesNotContain("\n");
    }
}
