/**
 * Data files in and out: CSV, Weka ARFF and NumPy {@code .npy}, streamed in row chunks, written
 * atomically. Depends on {@code org.rf4j.api} and, for number text, jackson-core (its Schubfach
 * double-to-text and FastDoubleParser text-to-double), so the library front door, the CLI and the
 * Spark module share one reader.
 */
module org.rf4j.io {
    requires transitive org.rf4j.api;
    requires com.fasterxml.jackson.core;

    exports org.rf4j.io;
}
