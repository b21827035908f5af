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
import java.nio.file.Path;
import java.util.List;
import org.rf4j.api.Matrix;
import org.apiguardian.api.API;

/**
 * Reads a data file in chunks of rows, so files of any length run in bounded memory. Obtained
 * from {@link DataFiles#open}. Not thread-safe.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public interface RowReader extends Closeable {

    /** A chunk of consecutive rows. */
    record Chunk(Matrix x, int[] labels) {
        public int rows() {
            return x.rows();
        }
    }

    /** The file being read. */
    Path file();

    /** The names of the feature columns (label excluded). */
    List<String> columns();

    /**
     * The 1-based column of the file (ARFF: attribute) that holds feature {@code feature}
     * (0-based): the feature's own number when no label column precedes it.
     */
    default int fileColumn(int feature) {
        return feature + 1;
    }

    /** The number of feature columns. */
    default int dimension() {
        return columns().size();
    }

    /** The label column's name, or null when there is none. */
    String labelColumn();

    /** The class names seen so far when labels are nominal (labels index this list), else empty. */
    List<String> classes();

    /**
     * Reads up to {@code maxRows} further rows.
     *
     * @return the rows, or null at the end of the file
     * @throws DataFormatException naming the file, line and column of a bad entry
     */
    Chunk next(int maxRows) throws IOException;

    /**
     * The 1-based line of the file that held row {@code index} of the last chunk returned by
     * {@link #next}, or 0 where the format has no lines ({@code .npy}) or the index is out of range.
     */
    default long line(int index) {
        return 0;
    }

    /** The number of data rows returned so far. */
    long rowsRead();
}
