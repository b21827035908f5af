package org.rf4j.spi;

import org.rf4j.api.RfException;

/** A provider declared an inconsistent parameter schema (a plugin bug, reported at discovery). */
public class InvalidSchemaException extends RfException {
    private static final long serialVersionUID = 1L;

    public InvalidSchemaException(String message) {
        super(message);
    }
}
