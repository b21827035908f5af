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
package org.rf4j.io;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rf4j.api.InvalidInputException;
import org.rf4j.api.Matrix;

/** A value beyond float32 written to a {@code <f4} .npy output is named by its 1-based row and column; nothing is left behind. */
class NpyFloatRangeTest {
    @TempDir
    Path dir;

    @Test
    void aValueBeyondFloatIsNamedOneBased() throws Exception {
        Path out = dir.resolve("o.npy");
        try (RowWriter w = DataFiles.create(out, List.of("f0", "f1"), true)) {
            w.write(Matrix.of(new double[][] {{1, 2}}));
            assertThatThrownBy(() -> w.write(Matrix.of(new double[][] {{1, 2}, {3, 1e39}})))
                    .isInstanceOf(InvalidInputException.class).hasMessageContaining("row 3, column 2 (1-based) is 1.0E39");
        }
        try (var s = Files.list(dir)) {
            org.assertj.core.api.Assertions.assertThat(s).isEmpty();
        }
    }
}
