/**
 * Data in and out: CSV (header detection, label column by name or index), Weka ARFF (numeric and
 * nominal attributes) and NumPy {@code .npy} (read and write). Readers stream rows in chunks so
 * large files run in bounded memory; writers are atomic (a temporary file in the target folder,
 * moved into place on success). Errors name the file, line and column.
 */
package org.rf4j.io;
