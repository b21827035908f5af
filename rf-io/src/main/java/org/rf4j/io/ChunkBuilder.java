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

import java.util.Arrays;
import org.rf4j.api.Matrix;

/**
 * The growing buffers of one chunk of a text reader: the features (row-major), the labels and the
 * file line of each row. They grow with the rows actually read, so a huge {@code maxRows} costs
 * nothing up front.
 */
final class ChunkBuilder {
    private static final int INITIAL_ROWS = 1024;
    private final int d;
    private final int maxRows;
    private int cap;
    private double[] data;
    private int[] labels;
    private long[] lines;
    private int n;

    /**
     * @param d        features per row
     * @param maxRows  the most rows of the chunk (&gt; 0)
     * @param labelled whether rows carry a label
     */
    ChunkBuilder(int d, int maxRows, boolean labelled) {
        if (maxRows <= 0) {
            throw new IllegalArgumentException("maxRows must be > 0");
        }
        this.d = d;
        this.maxRows = maxRows;
        this.cap = Math.min(maxRows, INITIAL_ROWS);
        this.labels = labelled ? new int[cap] : null;
        this.lines = new long[cap];
    }

    /** True while another row fits. */
    boolean hasRoom() {
        return n < maxRows;
    }

    /**
     * Starts the next row, read from the given file line: grows the buffers if needed and returns the
     * row's offset into {@link #data()}; its label goes to {@code labels()[row()]}. End it with
     * {@link #endRow()}.
     */
    int startRow(long line) {
        if (data == null) {
            data = new double[Math.multiplyExact(cap, d)];
        } else if (n == cap) {
            cap = (int) Math.min(maxRows, 2L * cap);
            data = Arrays.copyOf(data, Math.multiplyExact(cap, d));
            lines = Arrays.copyOf(lines, cap);
            if (labels != null) {
                labels = Arrays.copyOf(labels, cap);
            }
        }
        lines[n] = line;
        return n * d;
    }

    void endRow() {
        n++;
    }

    /** The index of the row being read. */
    int row() {
        return n;
    }

    double[] data() {
        return data;
    }

    int[] labels() {
        return labels;
    }

    /** The file line of each row (the buffer: entries past the last row are unused). */
    long[] lines() {
        return lines;
    }

    /** The chunk of the rows read, or null when there were none. */
    RowReader.Chunk chunk() {
        if (n == 0) {
            return null;
        }
        return new RowReader.Chunk(Matrix.wrap(n, d, n == cap ? data : Arrays.copyOf(data, n * d)),
                labels == null ? null : Arrays.copyOf(labels, n));
    }
}
