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

/** {@code rf4j advise} refuses degenerate data in one line instead of ranking with σ = 1 and NaNσ deviations. */
class AdviseDegenerateTest {
    @TempDir
    Path dir;

    @Test
    void oneRowTwoIdenticalRowsAndAllZeroDataAreRefused() throws IOException {
        String[][] cases = {{"one.csv", "a,b\n1,2\n", "one row"}, {"same.csv", "a,b\n1,2\n1,2\n", "identical"},
            {"zero.csv", "a,b,c\n0,0,0\n0,0,0\n0,0,0\n", "zero variance"}};
        for (String[] c : cases) {
            Path p = Files.writeString(dir.resolve(c[0]), c[1]);
            for (String kernel : new String[] {"gaussian", "softmax"}) {
                CliRun r = CliRun.run("advise", "--data", p.toString(), "--kernel", kernel, "--candidates", "iid/trigonometric");
                assertThat(r.code()).as(r.toString()).isEqualTo(2);
                assertThat(r.out()).isEmpty();
                assertThat(r.err()).as(r.toString()).startsWith("rf4j: --data " + p).contains(c[2])
                        .contains("at least two distinct rows").hasLineCount(1);
            }
        }
    }
}
