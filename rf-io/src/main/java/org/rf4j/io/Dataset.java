package org.rf4j.io;

import java.util.List;
import java.util.Objects;
import org.rf4j.api.DimensionMismatchException;
import org.rf4j.api.Matrix;

/**
 * A data file read into memory.
 *
 * @param x       the feature rows (label column removed)
 * @param labels  the integer label of each row, or null when the file has no label column
 * @param columns the names of the columns of {@code x}
 * @param classes the class names when labels were nominal ({@code labels[i]} indexes this list),
 *                else empty
 */
public record Dataset(Matrix x, int[] labels, List<String> columns, List<String> classes) {
    public Dataset {
        Objects.requireNonNull(x, "x");
        columns = List.copyOf(columns);
        classes = List.copyOf(classes);
        if (labels != null && labels.length != x.rows()) {
            throw new DimensionMismatchException(labels.length + " labels for " + x.rows() + " rows");
        }
        if (columns.size() != x.cols()) {
            throw new DimensionMismatchException(columns.size() + " column names for " + x.cols() + " columns");
        }
    }

    public int rows() {
        return x.rows();
    }
}
