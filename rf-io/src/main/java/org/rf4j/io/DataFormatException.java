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

import java.nio.file.Path;
import org.rf4j.api.InvalidInputException;
import org.apiguardian.api.API;

/** A data file that cannot be read as rf4j data; the message names the file, line and column. */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public class DataFormatException extends InvalidInputException {
    private static final long serialVersionUID = 1L;

    public DataFormatException(String message) {
        super(message);
    }

    /**
     * @param file   the file
     * @param line   1-based line (0: not applicable)
     * @param column 1-based column (0: not applicable)
     */
    public static DataFormatException at(Path file, long line, int column, String problem) {
        StringBuilder sb = new StringBuilder().append(file);
        if (line > 0) {
            sb.append(", line ").append(line);
        }
        if (column > 0) {
            sb.append(", column ").append(column);
        }
        return new DataFormatException(sb.append(": ").append(problem).toString());
    }
}
