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

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rf4j.app.CliRun;

/**
 * A config whose own data has another width than the rows being mapped is refused in one line that
 * names the config, its "data" value and both widths, for every command that maps with it.
 */
class ConfigDataNamingTest {
    @TempDir
    Path dir;

    private Path config() throws Exception {
        Files.writeString(dir.resolve("wide.csv"), "0.1,0.2,0.3\n0.2,0.1,0.0\n0.3,0.3,0.1\n");
        Files.writeString(dir.resolve("in.csv"), "0.1,0.2\n0.2,0.1\n");
        return Files.writeString(dir.resolve("c.json"), """
                {"kernel": {"id": "gaussian", "sigma": 1.0},
                 "estimator": {"id": "random-features", "features": {"id": "oprf"}, "m": 8},
                 "data": "wide.csv"}
                """);
    }

    private static void assertNamesTheData(CliRun r, Path config) {
        assertThat(r.code()).as(r.toString()).isEqualTo(2);
        assertThat(r.err()).as(r.toString()).startsWith("rf4j: " + config + ": \"data\": wide.csv: ")
                .contains("the config's data has 3 columns but the input dimension is 2");
        assertThat(r.err().strip().lines().count()).as(r.toString()).isEqualTo(1);
    }

    @Test
    void transformNamesTheConfigsData() throws Exception {
        Path c = config();
        assertNamesTheData(CliRun.run("transform", "--config", c.toString(), "--input", dir.resolve("in.csv").toString(),
                "--output", dir.resolve("out.csv").toString()), c);
        assertThat(dir.resolve("out.csv")).doesNotExist();
    }

    @Test
    void estimateNamesTheConfigsData() throws Exception {
        Path c = config();
        assertNamesTheData(CliRun.run("estimate", "--config", c.toString(), "--x", "0.1,0.2", "--y", "0.2,0.1"), c);
    }
}
