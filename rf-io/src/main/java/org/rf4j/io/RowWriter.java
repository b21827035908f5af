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

import java.io.Closeable;
import java.io.IOException;
import org.apiguardian.api.API;

/**
 * Writes rows to a file atomically: rows go to a temporary file in the target's folder, and
 * {@link #commit()} moves it into place. Closing without committing (e.g. after a failure)
 * deletes the temporary file and leaves any existing target untouched.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public interface RowWriter extends Closeable {

    /** Appends rows ({@code rows.cols()} must equal the column count given at opening). */
    void write(org.rf4j.api.Matrix rows) throws IOException;

    /**
     * Appends float rows (the float path): CSV gets each value's shortest float text, {@code .npy}
     * its file's dtype (float32 files store them exactly, float64 files widen them exactly).
     */
    void write(org.rf4j.api.FloatMatrix rows) throws IOException;

    /** Finishes the file and moves it into place. */
    void commit() throws IOException;

    /** Rows written so far. */
    long rowsWritten();

    /** Deletes the temporary file unless committed. */
    @Override
    void close() throws IOException;
}
