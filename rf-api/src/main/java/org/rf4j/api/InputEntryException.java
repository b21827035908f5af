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
package org.rf4j.api;

import org.apiguardian.api.API;

/**
 * An input entry outside a kernel's domain (a negative entry for the χ² kernel, say): carries the
 * entry's 0-based row in the batch and column, its value and what is allowed, so a caller that knows
 * where the batch came from (a file, a line, a column name) can say so.
 *
 * <p><b>Numbering.</b> The message numbers rows and columns from 1; {@link #row()} and
 * {@link #column()} are 0-based for programs.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.2")
public class InputEntryException extends InvalidInputException {
    private static final long serialVersionUID = 1L;

    private final int row;
    private final int column;
    private final double value;
    private final String problem;

    /**
     * @param what    the batch (e.g. "feature-map input")
     * @param row     0-based row in the batch
     * @param column  0-based column
     * @param value   the refused entry
     * @param problem why, and what is allowed, without the row and column
     *                (e.g. "is not allowed for the chi2 kernel; allowed: a number >= 0")
     */
    public InputEntryException(String what, int row, int column, double value, String problem) {
        super(what + " row " + (row + 1) + ", column " + (column + 1) + " (1-based): entry " + value + " " + problem);
        this.row = row;
        this.column = column;
        this.value = value;
        this.problem = problem;
    }

    /** The 0-based row in the batch. */
    public int row() {
        return row;
    }

    /** The 0-based column. */
    public int column() {
        return column;
    }

    /** The refused entry. */
    public double value() {
        return value;
    }

    /** Why the entry is refused and what is allowed, without its row and column. */
    public String problem() {
        return problem;
    }
}
