package org.rf4j.api;

/** Input data that cannot be used: NaN or infinite entries, empty batches, norms too large. */
public class InvalidInputException extends RfException {
    private static final long serialVersionUID = 1L;

    public InvalidInputException(String message) {
        super(message);
    }
}
