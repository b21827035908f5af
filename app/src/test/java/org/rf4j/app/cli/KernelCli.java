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
import org.rf4j.app.CliRun;

/** The kernel CLI tests' config file and their one-line usage-error check. */
final class KernelCli {
    private KernelCli() {
    }

    /** {@code dir/k.json} with the kernel, the estimator and seed 7. */
    static Path config(Path dir, String kernel, String estimator) throws IOException {
        Path c = dir.resolve("k.json");
        Files.writeString(c, "{\"kernel\": " + kernel + ", \"estimator\": " + estimator + ", \"seed\": 7}");
        return c;
    }

    /** {@code transform} of {@code input} with the config is a one-line usage error (exit 2) naming it, and writes nothing. */
    static void assertUsageError(Path config, Path input, String message) {
        Path out = config.resolveSibling("out.csv");
        CliRun r = CliRun.run("transform", "--config", config.toString(), "--input", input.toString(), "--output",
                out.toString());
        assertThat(r.code()).as(r.toString()).isEqualTo(2);
        assertThat(r.err().strip()).contains(message).contains("k.json").doesNotContain("\n").doesNotContain("Exception");
        assertThat(out).doesNotExist();
    }
}
