package org.rf4j.config;

import org.rf4j.api.RfException;

/** A config file that cannot be used: unreadable, malformed JSON, or invalid content. */
public class ConfigException extends RfException {
    private static final long serialVersionUID = 1L;

    public ConfigException(String message) {
        super(message);
    }

    public ConfigException(String message, Throwable cause) {
        super(message, cause);
    }
}
