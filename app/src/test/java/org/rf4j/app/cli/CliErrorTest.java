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

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rf4j.app.CliRun;

/** Bad input of each kind exits with 2 and one line on stderr naming the problem; nothing on stdout. */
class CliErrorTest {
    @TempDir
    Path dir;

    private CliRun estimateWith(String json, String... more) throws IOException {
        Path c = dir.resolve("config.json");
        Files.writeString(c, json);
        String[] args = new String[3 + more.length];
        args[0] = "estimate";
        args[1] = "--config";
        args[2] = c.toString();
        System.arraycopy(more, 0, args, 3, more.length);
        return CliRun.run(args);
    }

    private static void assertUsageError(CliRun r, String... fragments) {
        assertThat(r.code()).as(r.toString()).isEqualTo(2);
        assertThat(r.out()).as(r.toString()).isEmpty();
        assertThat(r.err()).as(r.toString()).startsWith("rf4j: ").contains(fragments);
        assertThat(r.err().strip().lines().count()).as(r.toString()).isLessThanOrEqualTo(2);
    }

    @Test
    void nanInVector() {
        assertUsageError(CliRun.run("estimate", "--x", "1,NaN,2", "--y", "1,2,3"), "--x entry 1", "not finite");
    }

    @Test
    void nonNumberAndEmptyVector() {
        assertUsageError(CliRun.run("estimate", "--x", "1,abc", "--y", "1,2"), "--x entry 1", "'abc'");
        assertUsageError(CliRun.run("estimate", "--x", "", "--y", "1,2"), "--x is empty");
    }

    @Test
    void wrongDimensions() {
        assertUsageError(CliRun.run("estimate", "--x", "1,2", "--y", "1,2,3"), "--x has dimension 2",
                "--y has dimension 3");
    }

    @Test
    void dataOfOtherDimension() throws IOException {
        Files.writeString(dir.resolve("d.csv"), "a,b\n1,2\n3,4\n");
        CliRun r = estimateWith("{\"estimator\": {\"id\": \"random-features\"}, \"data\": \"d.csv\"}",
                "--x", "1,2,3", "--y", "1,2,3", "--trials", "5");
        assertUsageError(r, "dimension");
    }

    @Test
    void unknownCouplingListsKnownIds() throws IOException {
        CliRun r = estimateWith("{\"estimator\": {\"id\": \"random-features\", \"coupling\": {\"id\": \"orthgonal\"}}}");
        assertUsageError(r, "config.json", "estimator.coupling", "'orthgonal'", "known: [", "iid");
    }

    @Test
    void unknownEstimatorAndKernel() throws IOException {
        assertUsageError(estimateWith("{\"estimator\": {\"id\": \"nope\"}}"), "estimator", "'nope'", "random-features");
        assertUsageError(estimateWith("{\"kernel\": {\"id\": \"laplace\"}, \"estimator\": {\"id\": \"random-features\"}}"),
                "kernel.id", "'laplace'", "gaussian", "softmax");
        assertUsageError(estimateWith("{\"kernel\": {\"id\": \"gaussian\", \"sigma\": -1}, "
                + "\"estimator\": {\"id\": \"random-features\"}}"), "kernel.sigma", "-1", "> 0");
    }

    @Test
    void badParameter() throws IOException {
        assertUsageError(estimateWith("{\"estimator\": {\"id\": \"random-features\", \"m\": 0}}"), "estimator.m", "= 0",
                ">= 1");
        assertUsageError(estimateWith("{\"estimator\": {\"id\": \"random-features\", \"mm\": 3}}"), "estimator.mm",
                "known: [");
        assertUsageError(estimateWith("{\"estimator\": {\"id\": \"random-features\"}, \"seed\": 1.5}"), "seed", "1.5");
    }

    @Test
    void unknownTopLevelKeyListsAllowed() throws IOException {
        assertUsageError(estimateWith("{\"estimator\": {\"id\": \"random-features\"}, \"sed\": 3}"), "'sed'",
                "[kernel, estimator, data, seed]");
    }

    @Test
    void malformedJsonNamesLineAndColumn() throws IOException {
        assertUsageError(estimateWith("{\"estimator\":\n  {\"id\": \"random-features\",, }}"), "config.json",
                "malformed JSON", "line 2, column");
        assertUsageError(estimateWith("{\"estimator\": {\"id\": \"random-features\"}, \"seed\": 1, \"seed\": 2}"),
                "Duplicate field 'seed'");
    }

    @Test
    void missingFiles() {
        assertUsageError(CliRun.run("estimate", "--config", dir.resolve("absent.json").toString()), "absent.json",
                "does not exist");
        assertUsageError(CliRun.run("transform", "--input", dir.resolve("absent.csv").toString(), "--output",
                dir.resolve("o.csv").toString()), "absent.csv", "does not exist");
    }

    /**
     * A refused value of a typed option reads the same in every command, whoever finds it wrong (the command,
     * the library it hands the value to, picocli's type conversion): one line naming the option as typed,
     * the value and what is allowed.
     */
    @Test
    void everyCommandRefusesAnOptionValueInOneWording() {
        String[][] cases = {
            {"option --n = 'abc' is not allowed; allowed: an integer from", "bench", "--n", "abc"},
            {"option --m = 0 is not allowed; allowed: an integer >= 1", "bench", "--m", "0"},
            {"option --m = 0 is not allowed; allowed: integers >= 1", "evaluate", "--m", "8,0"},
            {"option --m = 'x' is not allowed; allowed: an integer from", "evaluate", "--m", "8,x"},
            {"option --seeds = 0 is not allowed; allowed: an integer >= 1", "evaluate", "--seeds", "0"},
            {"option --m = 0 is not allowed; allowed: an integer >= 1", "advise", "--m", "0"},
            {"option --sigma = 0.0 is not allowed; allowed: a finite number > 0", "advise", "--sigma", "0"},
            {"option --threads = -1 is not allowed; allowed: ", "estimate", "--threads", "-1"},
            {"option --trials = 1 is not allowed; allowed: an integer >= 2", "estimate", "--trials", "1"},
            {"option --L = 0 is not allowed; allowed: an integer > 0", "attention", "--L", "0"},
            {"option --m = 0 is not allowed; allowed: integers >= 1", "theory", "--m", "0"},
            {"option --chunk = 0 is not allowed; allowed: an integer >= 1", "transform", "--input", "in.csv", "--output",
                "o.csv", "--chunk", "0"},
            {"option --seed = 'x' is not allowed; allowed: an integer", "transform", "--input", "in.csv", "--output",
                "o.csv", "--seed", "x"},
            {"option --holdout = 'x' is not allowed; allowed: a number", "fit", "--data", "in.csv", "--model", "m.json",
                "--holdout", "x"},
        };
        for (String[] c : cases) {
            CliRun r = CliRun.run(java.util.Arrays.copyOfRange(c, 1, c.length));
            assertThat(r.code()).as(r.toString()).isEqualTo(2);
            assertThat(r.err().strip().lines().toList()).as(String.join(" ", c)).hasSize(1).first().asString()
                    .startsWith("rf4j: " + c[0]);
        }
    }

    @Test
    void badOptionsAreUsageErrors() {
        CliRun r = CliRun.run("estimate", "--trials", "many");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("--trials");
        assertThat(CliRun.run("no-such-command").code()).isEqualTo(2);
        assertUsageError(CliRun.run("estimate", "--trials", "1"), "--trials");
    }
}
