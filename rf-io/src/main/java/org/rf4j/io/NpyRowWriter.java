package org.rf4j.io;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import org.rf4j.api.DimensionMismatchException;
import org.rf4j.api.Matrix;

/**
 * Streams rows into a float64, little-endian, C-order {@code .npy} file. The row count is not
 * known up front: the header reserves room for 20 digits and is rewritten on commit. Written
 * atomically through {@link AtomicFile}.
 */
final class NpyRowWriter implements RowWriter {
    private static final int ROW_DIGITS = 20;
    private final AtomicFile out;
    private final int cols;
    private final int headerLength;
    private long rows;

    NpyRowWriter(Path file, int cols) throws IOException {
        if (cols < 1) {
            throw new DimensionMismatchException("an .npy output needs at least 1 column, not " + cols);
        }
        this.cols = cols;
        this.out = AtomicFile.open(file);
        try {
            byte[] h = Npy.header(0, cols, ROW_DIGITS);
            headerLength = h.length;
            writeFully(ByteBuffer.wrap(h));
        } catch (IOException | RuntimeException e) {
            out.close();
            throw e;
        }
    }

    private void writeFully(ByteBuffer b) throws IOException {
        while (b.hasRemaining()) {
            out.channel().write(b);
        }
    }

    @Override
    public void write(Matrix m) throws IOException {
        m.requireCols(cols, "rows written to " + out.target());
        double[] d = m.data();
        ByteBuffer b = ByteBuffer.allocate(Math.min(d.length, 1 << 14) * 8).order(ByteOrder.LITTLE_ENDIAN);
        for (double v : d) {
            if (!b.hasRemaining()) {
                b.flip();
                writeFully(b);
                b.clear();
            }
            b.putDouble(v);
        }
        b.flip();
        writeFully(b);
        rows += m.rows();
    }

    @Override
    public void commit() throws IOException {
        byte[] h = Npy.header(rows, cols, ROW_DIGITS);
        if (h.length != headerLength) {
            throw new IllegalStateException("npy header length changed from " + headerLength + " to " + h.length);
        }
        out.channel().position(0);
        writeFully(ByteBuffer.wrap(h));
        out.commit();
    }

    @Override
    public long rowsWritten() {
        return rows;
    }

    @Override
    public void close() throws IOException {
        out.close();
    }
}
