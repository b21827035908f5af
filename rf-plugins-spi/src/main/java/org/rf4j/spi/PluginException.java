package org.rf4j.spi;

import org.rf4j.api.RfException;

/** Discovery failed: duplicate provider ids, or a plugin that cannot be loaded. */
public class PluginException extends RfException {
    private static final long serialVersionUID = 1L;

    public PluginException(String message) {
        super(message);
    }

    public PluginException(String message, Throwable cause) {
        super(message, cause);
    }
}
