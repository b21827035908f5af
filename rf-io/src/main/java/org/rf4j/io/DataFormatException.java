package org.rf4j.io;

import java.nio.file.Path;
import org.rf4j.api.InvalidInputException;

/** A data file that cannot be read as rf4j data; the message names the file, line and column. */
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
