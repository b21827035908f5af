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

import org.apiguardian.api.API;

/**
 * How to read a data file.
 *
 * @param label     the label column: a column name, or a 0-based index (negative counts from the
 *                  end, {@code -1} = last); null for none. For ARFF, null means the last attribute
 *                  when it is nominal (Weka's convention)
 * @param header    whether a CSV file has a header line
 * @param delimiter the CSV delimiter, or 0 to detect it (comma, semicolon or tab)
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
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
