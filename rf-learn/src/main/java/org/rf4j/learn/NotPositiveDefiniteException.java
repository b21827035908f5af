package org.rf4j.learn;

import org.rf4j.api.InvalidInputException;

/**
 * A linear system that must be symmetric positive definite is not (numerically): a Cholesky pivot
 * was zero, negative or not finite. The message names the pivot, its value and what to change.
 */
public class NotPositiveDefiniteException extends InvalidInputException {
    private static final long serialVersionUID = 1L;

    public NotPositiveDefiniteException(String message) {
        super(message);
    }
}
