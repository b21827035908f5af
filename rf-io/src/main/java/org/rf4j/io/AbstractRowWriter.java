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

import java.io.IOException;
import java.nio.file.Path;

/**
 * The frame of the row writers: the output written atomically (nothing at the target until
 * {@link #commit}), its column count and the rows written so far.
 */
abstract class AbstractRowWriter implements RowWriter {
    protected final int cols;
    protected final AtomicFile out;
    protected long rows;

    /** Opens the output for {@code cols} columns (its temporary file; the target is written by commit). */
    AbstractRowWriter(int cols, Path file) throws IOException {
        this.cols = cols;
        this.out = AtomicFile.open(file);
    }

    /** What a batch of the wrong width is called in the refusal. */
    protected final String batchName() {
        return "rows written to " + out.target();
    }

    @Override
    public final long rowsWritten() {
        return rows;
    }

    @Override
    public final void close() throws IOException {
        out.close();
    }
}
