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

/** Messages point at the right place: the file, the 1-based line and column, and advice that matches the value. */
class MessagePlacesTest {
    @TempDir
    Path dir;

    private static void refused(CliRun r, String... fragments) {
        assertThat(r.code()).as(r.toString()).isEqualTo(2);
        assertThat(r.err()).as(r.toString()).startsWith("rf4j: ").contains(fragments).hasLineCount(1);
    }

    private Path config(String kernel, String features) throws IOException {
        return Files.writeString(dir.resolve("c.json"), "{\"kernel\": " + kernel + ", \"estimator\": {\"id\": \"random-features\","
                + " \"features\": {\"id\": \"" + features + "\"}, \"m\": 8}, \"seed\": 1}");
    }

    @Test
    void aDecimalCommaIsNamedOnItsOwnLineNotTheHeader() throws IOException {
        Path in = Files.writeString(dir.resolve("semi.csv"), "a;b\n1,5;2,5\n3,0;4,0\n");
        refused(CliRun.run("transform", "--input", in.toString(), "--output", dir.resolve("o.csv").toString()),
                in + ", line 2, column 1: '1,5' (column 'a') is not a number", "write 1.5");
    }

    @Test
    void aSoftmaxOverflowNamesTheFileAndTheOneBasedLine() throws IOException {
        Path in = Files.writeString(dir.resolve("big.csv"), "a,b\n0.1,0.2\n# note\n40,0\n");
        refused(CliRun.run("transform", "--config", config("{\"id\": \"softmax\"}", "trigonometric").toString(), "--input",
                in.toString(), "--output", dir.resolve("o.csv").toString()), in + ", line 4", "the row has squared norm");
    }

    @Test
    void fitAdviceMatchesTheValueAndHoldoutKeepsItsRange() throws IOException {
        Path data = Files.writeString(dir.resolve("d.csv"), "a,b,y\n1,2,0\n3,4,1\n0.5,-1,0\n2,2,1\n-1,0,0\n1.5,1,1\n");
        Path c = config("{\"id\": \"gaussian\", \"sigma\": 1.0}", "trigonometric");
        CliRun huge = CliRun.run("fit", "--config", c.toString(), "--data", data.toString(), "--lambda", "1e308", "--model",
                dir.resolve("m.json").toString());
        refused(huge, "lower lambda");
        assertThat(huge.err()).doesNotContain("raise lambda");
        for (String bad : new String[] {"0", "1", "-0.5", "NaN"}) {
            refused(CliRun.run("fit", "--config", c.toString(), "--data", data.toString(), "--holdout", bad, "--model",
                    dir.resolve("m.json").toString()), "--holdout", "0 < F < 1");
        }
        assertThat(dir.resolve("m.json")).doesNotExist();
    }
}
