package org.rf4j.io;

/**
 * An output file that cannot be written (a read-only folder, an immutable file, a full disk):
 * the message names the output as the user gave it and a plain reason.
 */
public class OutputFileException extends DataFormatException {
    private static final long serialVersionUID = 1L;

    public OutputFileException(String message, Throwable cause) {
        super(message);
        initCause(cause);
    }
}
