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

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.rf4j.api.Matrix;

/**
 * Streams a {@code .npy} array row by row (C order); a Fortran-order array is read whole and
 * transposed, since its rows are not contiguous. A label column may be chosen by 0-based index
 * (its values must be integers). Non-finite entries are rejected naming row and column.
 */
final class NpyRowReader extends AbstractRowReader<InputStream> {
    private static final int MAX_ENTRIES_PER_READ = 1 << 24;
    private final Npy.Header header;
    private double[] whole;

    NpyRowReader(Path file, DataOptions options) throws IOException {
        super(file, new BufferedInputStream(Files.newInputStream(file), 1 << 16));
        try {
            this.header = Npy.readHeader(in, file);
            List<String> all = new ArrayList<>();
            for (int j = 0; j < header.cols(); j++) {
                all.add("c" + j);
            }
            this.labelIndex = LabelCoder.resolve(options.label(), all, header.cols(), file);
            if (labelIndex >= 0) {
                all.remove(labelIndex);
            }
            if (all.isEmpty()) {
                throw new DataFormatException(file + ": no feature columns (the only column is the label)");
            }
            this.features = List.copyOf(all);
            if (header.fortranOrder()) {
                long n = header.rows() * header.cols();
                if (n > Integer.MAX_VALUE - 8) {
                    throw new DataFormatException(file + ": Fortran-order array of " + n + " entries is too large; "
                            + "save it in C order (np.ascontiguousarray)");
                }
                double[] colMajor = readValues((int) n);
                whole = new double[(int) n];
                int r = (int) header.rows();
                int c = header.cols();
                for (int j = 0; j < c; j++) {
                    for (int i = 0; i < r; i++) {
                        whole[i * c + j] = colMajor[j * r + i];
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            in.close();
            throw e;
        }
    }

    private double[] readValues(int count) throws IOException {
        if ((long) count * header.size() > Integer.MAX_VALUE - 8) {
            throw new DataFormatException(file + ": the .npy array of shape " + header.rows() + "x" + header.cols()
                    + " has too many entries to read at once; save it in C order or with fewer columns");
        }
        byte[] bytes = in.readNBytes(count * header.size());
        if (bytes.length < count * header.size()) {
            throw new DataFormatException(file + ": the .npy data ends early: " + bytes.length / header.size()
                    + " of " + count + " further entries present (shape " + header.rows() + "x" + header.cols() + ")");
        }
        ByteBuffer b = ByteBuffer.wrap(bytes).order(header.order());
        double[] out = new double[count];
        for (int k = 0; k < count; k++) {
            out[k] = header.read(b);
        }
        return out;
    }

    @Override
    public String labelColumn() {
        return labelIndex < 0 ? null : "c" + labelIndex;
    }

    @Override
    public Chunk next(int maxRows) throws IOException {
        if (maxRows <= 0) {
            throw new IllegalArgumentException("maxRows must be > 0");
        }
        long rows = rowsRead();
        long left = header.rows() - rows;
        if (left <= 0) {
            return null;
        }
        int c = header.cols();
        // at most ~16M entries per read, so a huge maxRows (or a huge header) allocates only what the file holds
        int n = (int) Math.min(Math.min(maxRows, left), Math.max(1, MAX_ENTRIES_PER_READ / c));
        double[] raw;
        if (whole != null) {
            raw = Arrays.copyOfRange(whole, (int) (rows * c), (int) ((rows + n) * c));
        } else {
            raw = readValues(Math.multiplyExact(n, c));
        }
        int d = features.size();
        double[] x = labelIndex < 0 ? raw : new double[n * d];
        int[] labels = labelIndex < 0 ? null : new int[n];
        for (int i = 0; i < n; i++) {
            int o = 0;
            for (int j = 0; j < c; j++) {
                double v = raw[i * c + j];
                if (!Double.isFinite(v)) {
                    throw new DataFormatException(file + ", row " + (rows + i + 1) + ", column " + (j + 1) + ": " + v
                            + " is not finite; all entries must be finite");
                }
                if (j == labelIndex) {
                    if (v != Math.rint(v) || Math.abs(v) > Integer.MAX_VALUE) {
                        throw new DataFormatException(file + ", row " + (rows + i + 1) + ", column " + (j + 1) + ": label " + v
                                + " is not an integer");
                    }
                    labels[i] = (int) v;
                } else if (labelIndex >= 0) {
                    x[i * d + o++] = v;
                }
            }
        }
        return read(new Chunk(Matrix.wrap(n, d, x), labels), null);
    }
}
