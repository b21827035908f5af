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
    /**
     * A data file (CSV, ARFF or .npy; rows are vectors) named in a config, relative to the config
     * file's folder. Providers never read it: the config loader reads every such file and hands its
     * rows to the mechanism's fit stage ({@link org.rf4j.api.mechanism.FitData#file(String)}).
     */
    DATA_FILE,
    /** Any JSON value (validated by the provider itself). */
    ANY
}
