package org.rf4j.io;

import java.nio.file.Path;

/** Parsing of numeric text fields with file/line/column errors. */
final class Numbers {
    private Numbers() {
    }

    /** True if the text parses as a finite or non-finite number. */
    static boolean isNumber(String s) {
        String t = s.strip();
        if (t.isEmpty()) {
            return false;
        }
        if (javaSuffix(t)) {
            return false;
        }
        try {
            Double.parseDouble(t);
            return true;
        } catch (NumberFormatException e) {
            String l = t.toLowerCase(java.util.Locale.ROOT);
            return l.equals("nan") || l.equals("inf") || l.equals("-inf") || l.equals("+inf");
        }
    }

    /** Java's parser accepts "1d", "2f" and hex floats; data files should not. */
    private static boolean javaSuffix(String t) {
        char c = t.charAt(t.length() - 1);
        if (c == 'd' || c == 'D' || c == 'f' || c == 'F') {
            return true;
        }
        int x = t.indexOf('x');
        return x >= 0 || t.indexOf('X') >= 0;
    }

    /** Parses a finite number, or throws naming the position. */
    static double parse(String s, Path file, long line, int column, String columnName) {
        String t = s.strip();
        String where = columnName == null ? "" : " (column '" + columnName + "')";
        if (t.isEmpty()) {
            throw DataFormatException.at(file, line, column, "empty field" + where + "; a finite number is required");
        }
        double v;
        try {
            if (javaSuffix(t)) {
                throw new NumberFormatException(t);
            }
            v = Double.parseDouble(t);
        } catch (NumberFormatException e) {
            throw DataFormatException.at(file, line, column, "'" + t + "'" + where + " is not a number");
        }
        if (!Double.isFinite(v)) {
            throw DataFormatException.at(file, line, column, "'" + t + "'" + where + " is not finite; all entries must be finite");
        }
        return v;
    }
}
