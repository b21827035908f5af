package org.rf4j.io;

/**
 * How to read a data file.
 *
 * @param label     the label column: a column name, or a 0-based index (negative counts from the
 *                  end, {@code -1} = last); null for none. For ARFF, null means the last attribute
 *                  when it is nominal (Weka's convention)
 * @param header    whether a CSV file has a header line
 * @param delimiter the CSV delimiter, or 0 to detect it (comma, semicolon or tab)
 */
public record DataOptions(String label, Header header, char delimiter) {
    /** Whether the first CSV line names the columns. */
    public enum Header {
        /** A header if the first line has a field that is not a number where the next line has one. */
        AUTO,
        /** The first line is a header. */
        PRESENT,
        /** Every line is data. */
        ABSENT
    }

    public DataOptions {
        header = header == null ? Header.AUTO : header;
    }

    /** No label column, header detected, delimiter detected. */
    public static DataOptions defaults() {
        return new DataOptions(null, Header.AUTO, (char) 0);
    }

    /** A copy with a label column (name or 0-based index; null for none). */
    public DataOptions withLabel(String newLabel) {
        return new DataOptions(newLabel, header, delimiter);
    }

    /** A copy with a header setting. */
    public DataOptions withHeader(Header newHeader) {
        return new DataOptions(label, newHeader, delimiter);
    }
}
