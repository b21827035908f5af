package org.rf4j.api;

/** A mechanism parameter outside its allowed range or of the wrong type. */
public class InvalidParameterException extends RfException {
    private static final long serialVersionUID = 1L;
    private final String key;

    public InvalidParameterException(String key, Object value, String allowed) {
        super("parameter '" + key + "' = " + render(value) + " is not allowed; allowed: " + allowed);
        this.key = key;
    }

    public InvalidParameterException(String key, String message) {
        super("parameter '" + key + "': " + message);
        this.key = key;
    }

    /** The parameter's name (a dotted path where the parameter is nested). */
    public String key() {
        return key;
    }

    private static String render(Object value) {
        return value instanceof CharSequence ? "'" + value + "'" : String.valueOf(value);
    }
}
