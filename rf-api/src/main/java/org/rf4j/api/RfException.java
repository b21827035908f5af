package org.rf4j.api;

/**
 * Root of rf4j's unchecked exceptions. Every message names what was wrong, the offending value
 * and, where there is one, the allowed set or range.
 */
public class RfException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public RfException(String message) {
        super(message);
    }

    public RfException(String message, Throwable cause) {
        super(message, cause);
    }
}
