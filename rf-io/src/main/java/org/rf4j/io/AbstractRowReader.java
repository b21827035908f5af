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

/**
 * The frame of the row readers: the file and its open stream, the feature columns and the label's
 * column once the header is read, the label coder, and the count of rows read with the file lines
 * of the last chunk.
 *
 * @param <S> the stream the reader reads
 */
abstract class AbstractRowReader<S extends Closeable> implements RowReader {
    protected final Path file;
    protected final S in;
    /** The feature columns' names (set once the header is read). */
    protected List<String> features = List.of();
    /** The label's 0-based column among all the file's columns, or −1 (set once the header is read). */
    protected int labelIndex = -1;
    protected LabelCoder coder = new LabelCoder();
    private long[] chunkLines;
    private long rows;

    AbstractRowReader(Path file, S in) {
        this.file = file;
        this.in = in;
    }

    @Override
    public final Path file() {
        return file;
    }

    @Override
    public final List<String> columns() {
        return features;
    }

    /** One file column per feature, skipping the label's. */
    @Override
    public int fileColumn(int feature) {
        return labelIndex >= 0 && feature >= labelIndex ? feature + 2 : feature + 1;
    }

    @Override
    public final List<String> classes() {
        return coder.classes();
    }

    @Override
    public final long line(int index) {
        return chunkLines == null || index < 0 || index >= chunkLines.length ? 0 : chunkLines[index];
    }

    @Override
    public final long rowsRead() {
        return rows;
    }

    /** Counts a chunk's rows as read, with the file lines they came from (null where lines are not known). */
    protected final Chunk read(Chunk chunk, long[] lines) {
        rows += chunk.rows();
        if (lines != null) {
            chunkLines = lines;
        }
        return chunk;
    }

    @Override
    public final void close() throws IOException {
        in.close();
    }
}
