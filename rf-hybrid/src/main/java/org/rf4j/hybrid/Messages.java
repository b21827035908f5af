package org.rf4j.hybrid;

import org.rf4j.api.InvalidParameterException;

/** Re-keys parameter exceptions thrown by constructors to the full config path. */
final class Messages {
    private Messages() {
    }

    /** The same complaint about {@code e.key()} under {@code path}. */
    static InvalidParameterException requalify(String path, InvalidParameterException e) {
        String prefix = "parameter '" + e.key() + "'";
        String msg = e.getMessage();
        String rest = msg.startsWith(prefix) ? msg.substring(prefix.length()) : ": " + msg;
        rest = rest.startsWith(": ") ? rest.substring(2) : "value" + rest;
        String key = path == null || path.isEmpty() ? e.key() : path + "." + e.key();
        return new InvalidParameterException(key, rest);
    }
}
