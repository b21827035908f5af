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
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.rf4j.RandomFeatures;
import org.rf4j.api.Matrix;
import org.rf4j.app.CliRun;
import org.rf4j.io.DataFiles;
import org.rf4j.io.DataOptions;

/**
 * The arc-cosine, polynomial and χ² kernels through the CLI: {@code transform} writes the kernel's
 * default map, bit for bit the front door's; {@code estimate} reports the exact value as
 * {@code exact} and an unbiased mean; {@code mechanisms} lists each kernel's family and its maps; a
 * negative χ² entry, refused combinations and bad parameters are one-line usage errors (exit 2).
 */
class NonStationaryKernelCliTest {
    @TempDir
    Path dir;

    private Path config(String kernel, String estimator) throws IOException {
        return KernelCli.config(dir, kernel, estimator);
    }

    private Path input(String rows) throws IOException {
        Path in = dir.resolve("in.csv");
        Files.writeString(in, "a,b,c\n" + rows);
        return in;
    }

    private static final String ROWS = "0.1,0.2,0.3\n0.4,0.5,0.0\n0.7,0.1,0.2\n0.3,0.3,0.6\n";

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = ';', value = {
        "{\"id\": \"arc-cosine\", \"order\": 1}; arc-cosine; 8",
        "{\"id\": \"polynomial\", \"gamma\": 0.5, \"coef0\": 1.0, \"degree\": 3}; tensor-sketch; 8",
        "{\"id\": \"chi2\"}; additive-chi2-sampler; 9",
        "{\"id\": \"skewed-chi2\", \"skewedness\": 0.5}; skewed-chi2-sampler; 8"})
    void transformWritesTheDefaultMapAsTheFrontDoorDoes(String kernel, String map, int features) throws IOException {
        Path out = dir.resolve("out.csv");
        Path c = config(kernel, "{\"id\": \"random-features\", \"m\": 8}");
        CliRun r = CliRun.run("transform", "--config", c.toString(), "--input", input(ROWS).toString(), "--output",
                out.toString(), "--json");
        assertThat(r.code()).as(r.toString()).isZero();
        assertThat(r.json().get("features").asInt()).isEqualTo(features);
        Matrix written = DataFiles.read(out, DataOptions.defaults()).x();
        Matrix in = DataFiles.read(dir.resolve("in.csv"), DataOptions.defaults()).x();
        var phi = RandomFeatures.fromConfig(c).fit(3);
        assertThat(phi.toConfig()).contains("\"" + map + "\"");
        assertThat(written.data()).isEqualTo(phi.transform(in).data());
    }

    @Test
    void estimateReportsTheExactValueAndAnUnbiasedMean() throws IOException {
        for (var e : Map.of("{\"id\": \"polynomial\", \"gamma\": 1.0, \"coef0\": 1.0, \"degree\": 2}",
                org.rf4j.theory.ExactKernels.polynomial(1.0, 1.0, 2, new double[] {0.4, 0.3, 0.2},
                        new double[] {0.1, 0.3, 0.2}),
                "{\"id\": \"arc-cosine\", \"order\": 0}",
                org.rf4j.theory.ExactKernels.arcCosine(0, new double[] {0.4, 0.3, 0.2}, new double[] {0.1, 0.3, 0.2}))
                .entrySet()) {
            Path c = config(e.getKey(), "{\"id\": \"random-features\", \"m\": 16}");
            CliRun r = CliRun.run("estimate", "--config", c.toString(), "--x", "0.4,0.3,0.2", "--y", "0.1,0.3,0.2",
                    "--trials", "2000", "--json");
            assertThat(r.code()).as(r.toString()).isZero();
            JsonNode j = r.json();
            assertThat(j.get("exact").asDouble()).isEqualTo(e.getValue());
            assertThat(Math.abs(j.get("mean").asDouble() - j.get("exact").asDouble()))
                    .as(r.toString()).isLessThan(4.5 * j.get("meanStdErr").asDouble());
        }
    }

    @Test
    void mechanismsListsEachKernelsFamilyAndMaps() {
        CliRun r = CliRun.run("mechanisms", "--json");
        assertThat(r.code()).isZero();
        Map<String, String[]> expected = Map.of(
                "arc-cosine", new String[] {"arc-cosine", "[\"arc-cosine\"]"},
                "polynomial", new String[] {"dot-product", "[\"random-maclaurin\",\"tensor-sketch\"]"},
                "chi2", new String[] {"histogram, additive (chi2)", "[\"additive-chi2-sampler\"]"},
                "skewed-chi2", new String[] {"histogram, multiplicative (skewed chi2)", "[\"skewed-chi2-sampler\"]"});
        int seen = 0;
        for (JsonNode p : r.json().get("providers")) {
            String[] want = expected.get(p.get("id").asText());
            if (p.get("kind").asText().equals("kernel") && want != null) {
                seen++;
                assertThat(p.get("family").asText()).isEqualTo(want[0]);
                for (String map : want[1].replace("[", "").replace("]", "").split(",")) {
                    assertThat(p.get("maps").toString()).as(p.toString()).contains(map, "\"nystroem\"");
                }
                assertThat(p.get("maps").toString()).doesNotContain("trigonometric", "positive");
                assertThat(p.get("couplings").toString()).isEqualTo("[\"iid\"]");
            }
        }
        assertThat(seen).isEqualTo(4);
    }

    @Test
    void aNegativeChi2EntryIsAUsageErrorNamingTheFileRowAndColumn() throws IOException {
        Path out = dir.resolve("out.csv");
        CliRun r = CliRun.run("transform", "--config", config("{\"id\": \"chi2\"}", "{\"id\": \"random-features\"}")
                .toString(), "--input", input("0.1,0.2,0.3\n0.4,-0.5,0.0\n").toString(), "--output", out.toString());
        assertThat(r.code()).as(r.toString()).isEqualTo(2);
        assertThat(r.err().strip()).contains("in.csv, line 3 (row 2), column 2 ('b'): entry -0.5").doesNotContain("\n")
                .doesNotContain("Exception");
        assertThat(out).doesNotExist();
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = ';', value = {
        "{\"id\": \"polynomial\"}; {\"id\": \"random-features\", \"coupling\": {\"id\": \"orthogonal\"}};"
                + " features 'tensor-sketch' accepts (it needs independent draws: 'iid')",
        "{\"id\": \"chi2\"}; {\"id\": \"random-features\", \"features\": {\"id\": \"trigonometric\"}};"
                + " kernel 'chi2' (histogram, additive (chi2)) with feature map 'trigonometric'",
        "{\"id\": \"gaussian\"}; {\"id\": \"random-features\", \"features\": {\"id\": \"arc-cosine\"}};"
                + " with feature map 'arc-cosine': the map needs an arc-cosine kernel",
        "{\"id\": \"arc-cosine\", \"order\": 3}; {\"id\": \"random-features\"}; order",
        "{\"id\": \"skewed-chi2\", \"skewedness\": -1}; {\"id\": \"random-features\"}; skewedness"})
    void refusedCombinationsAndBadParametersAreOneLineUsageErrors(String kernel, String estimator, String message)
            throws IOException {
        KernelCli.assertUsageError(config(kernel, estimator), input(ROWS), message);
    }
}
