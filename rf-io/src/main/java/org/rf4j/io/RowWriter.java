package org.rf4j.io;

import java.io.Closeable;
import java.io.IOException;

/**
 * Writes rows to a file atomically: rows go to a temporary file in the target's folder, and
 * {@link #commit()} moves it into place. Closing without committing (e.g. after a failure)
 * deletes the temporary file and leaves any existing target untouched.
 */
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
