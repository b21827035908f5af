/**
 * Data files in and out: CSV, Weka ARFF and NumPy {@code .npy}, streamed in row chunks, written
 * atomically. Free of every dependency but {@code org.rf4j.api}, so the library front door, the
 * CLI and the Spark module share one reader.
 */
module org.rf4j.io {
    requires transitive org.rf4j.api;

    exports org.rf4j.io;
}
