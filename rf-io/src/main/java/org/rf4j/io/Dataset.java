/*
 * Copyright 2026 The rf4j developers
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package org.rf4j.io;

import java.util.List;
import java.util.Objects;
import org.rf4j.api.DimensionMismatchException;
import org.rf4j.api.Matrix;
import org.apiguardian.api.API;

/**
 * A data file read into memory.
 *
 * @param x       the feature rows (label column removed)
 * @param labels  the integer label of each row, or null when the file has no label column
 * @param columns the names of the columns of {@code x}
 * @param classes the class names when labels were nominal ({@code labels[i]} indexes this list),
 *                else empty
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
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
