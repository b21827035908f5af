package org.rf4j.api;

/** Shapes that do not fit together; the message carries both shapes. */
public class DimensionMismatchException extends RfException {
    private static final long serialVersionUID = 1L;

    public DimensionMismatchException(String message) {
        super(message);
    }
}
