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
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import org.rf4j.api.DimensionMismatchException;
import org.rf4j.api.FloatMatrix;
import org.rf4j.api.InvalidInputException;
import org.rf4j.api.Matrix;

/**
 * Streams rows into a float64 (or, for the float path, float32), little-endian, C-order
 * {@code .npy} file. The row count is not
 * known up front: the header reserves room for 20 digits and is rewritten on commit. Written
 * atomically through {@link AtomicFile}.
 */
final class NpyRowWriter extends AbstractRowWriter {
    private static final int ROW_DIGITS = 20;
    private final int headerLength;
    private final boolean float32;

    NpyRowWriter(Path file, int cols) throws IOException {
        this(file, cols, false);
    }

    /** @param float32 write dtype {@code <f4} (else {@code <f8}) */
    NpyRowWriter(Path file, int cols, boolean float32) throws IOException {
        super(checkedColumns(cols), file);
        this.float32 = float32;
        try {
            byte[] h = Npy.header(0, cols, ROW_DIGITS, float32);
            headerLength = h.length;
            writeFully(ByteBuffer.wrap(h));
        } catch (RuntimeException e) {
            out.close();
            throw e;
        }
    }

    private void writeFully(ByteBuffer b) {
        try {
            while (b.hasRemaining()) {
                out.channel().write(b);
            }
        } catch (IOException e) {
            throw out.failure(e);
        }
    }

    @Override
    public void write(Matrix m) throws IOException {
        m.requireCols(cols, batchName());
        double[] d = m.data();
        ByteBuffer b = buffer(d.length);
        for (int k = 0; k < d.length; k++) {
            double v = d[k];
            if (!b.hasRemaining()) {
                drain(b);
            }
            if (float32) {
                float f = (float) v;
                if (Float.isInfinite(f) && !Double.isInfinite(v)) {
                    throw new InvalidInputException(out.target() + ": row " + (rows + k / cols + 1) + ", column " + (k % cols + 1)
                            + " (1-based) is " + v + ", beyond the float32 range (|x| < 3.4028235E38) of this .npy output");
                }
                b.putFloat(f);
            } else {
                b.putDouble(v);
            }
        }
        b.flip();
        writeFully(b);
        rows += m.rows();
    }

    @Override
    public void write(FloatMatrix m) throws IOException {
        m.requireCols(cols, batchName());
        float[] d = m.data();
        ByteBuffer b = buffer(d.length);
        for (float v : d) {
            if (!b.hasRemaining()) {
                drain(b);
            }
            if (float32) {
                b.putFloat(v);
            } else {
                b.putDouble(v);
            }
        }
        b.flip();
        writeFully(b);
        rows += m.rows();
    }

    private ByteBuffer buffer(int values) {
        return ByteBuffer.allocate(Math.min(values, 1 << 14) * (float32 ? 4 : 8)).order(ByteOrder.LITTLE_ENDIAN);
    }

    private void drain(ByteBuffer b) throws IOException {
        b.flip();
        writeFully(b);
        b.clear();
    }

    @Override
    public void commit() throws IOException {
        byte[] h = Npy.header(rows, cols, ROW_DIGITS, float32);
        if (h.length != headerLength) {
            throw new IllegalStateException("npy header length changed from " + headerLength + " to " + h.length);
        }
        try {
            out.channel().position(0);
        } catch (IOException e) {
            throw out.failure(e);
        }
        writeFully(ByteBuffer.wrap(h));
        out.commit();
    }

    private static int checkedColumns(int cols) {
        if (cols < 1) {
            throw new DimensionMismatchException("an .npy output needs at least 1 column, not " + cols);
        }
        return cols;
    }
}
