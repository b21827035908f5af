package org.rf4j.learn;

import org.rf4j.api.InvalidInputException;

/** A model file that cannot be used: malformed, a missing field, or written by another rf4j major version. */
public class ModelFileException extends InvalidInputException {
    private static final long serialVersionUID = 1L;

    public ModelFileException(String message) {
        super(message);
    }
}
