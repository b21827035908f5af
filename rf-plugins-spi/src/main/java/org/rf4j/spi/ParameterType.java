package org.rf4j.spi;

/** The type of a mechanism parameter, as it appears in JSON config. */
public enum ParameterType {
    /** A whole number (JSON number without fraction). */
    INTEGER,
    /** A real number. */
    NUMBER,
    /** true / false. */
    BOOLEAN,
    /** A string; {@link Parameter#allowed()} may restrict it to a set. */
    STRING,
    /** A list of real numbers. */
    NUMBER_LIST,
    /** A nested mechanism object {@code {"id": ..., ...}} of {@link Parameter#mechanismKind()}. */
    MECHANISM,
    /** A list of nested mechanism objects of {@link Parameter#mechanismKind()}. */
    MECHANISM_LIST,
    /** Any JSON value (validated by the provider itself). */
    ANY
}
