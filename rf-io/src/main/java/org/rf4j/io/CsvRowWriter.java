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

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.channels.Channels;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.rf4j.api.FloatMatrix;
import org.rf4j.api.Matrix;

/**
 * Streams rows into a CSV file with a header line; numbers in Java's shortest round-trip
 * decimal form. Written atomically through {@link AtomicFile}.
 */
final class CsvRowWriter extends AbstractRowWriter {
    private final Writer w;

    CsvRowWriter(Path file, List<String> columns) throws IOException {
        super(columns.size(), file);
        try {
            this.w = new BufferedWriter(new OutputStreamWriter(Channels.newOutputStream(out.channel()),
                    StandardCharsets.UTF_8), 1 << 16);
            for (int j = 0; j < cols; j++) {
                if (j > 0) {
                    w.write(',');
                }
                w.write(quote(columns.get(j)));
            }
            w.write('\n');
        } catch (IOException | RuntimeException e) {
            out.close();
            throw e;
        }
    }

    private static String quote(String s) {
        if (s.indexOf(',') < 0 && s.indexOf('"') < 0 && s.indexOf('\n') < 0) {
            return s;
        }
        return '"' + s.replace("\"", "\"\"") + '"';
    }

    @Override
    public void write(Matrix m) throws IOException {
        m.requireCols(cols, batchName());
        double[] d = m.data();
        writeRows(m.rows(), (sb, k) -> {
            double v = d[k];
            if (v == Math.rint(v) && Math.abs(v) < 1e15) {
                sb.append((long) v);
            } else {
                Numbers.append(sb, v);
            }
        });
    }

    @Override
    public void write(FloatMatrix m) throws IOException {
        m.requireCols(cols, batchName());
        float[] d = m.data();
        writeRows(m.rows(), (sb, k) -> {
            float v = d[k];
            if (v == Math.rint(v) && Math.abs(v) < 1e15f) {
                sb.append((long) v);
            } else {
                Numbers.append(sb, v);
            }
        });
    }

    /** Appends the text of value k (row-major index) of the rows being written. */
    private interface Cell {
        void append(StringBuilder sb, int k);
    }

    private void writeRows(int n, Cell cell) throws IOException {
        StringBuilder sb = new StringBuilder(cols * 20);
        for (int i = 0; i < n; i++) {
            sb.setLength(0);
            int o = i * cols;
            for (int j = 0; j < cols; j++) {
                if (j > 0) {
                    sb.append(',');
                }
                cell.append(sb, o + j);
            }
            sb.append('\n');
            try {
                w.append(sb);
            } catch (IOException e) {
                throw out.failure(e);
            }
        }
        rows += n;
    }

    @Override
    public void commit() throws IOException {
        try {
            w.flush();
        } catch (IOException e) {
            throw out.failure(e);
        }
        out.commit();
    }
}
