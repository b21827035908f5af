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

import com.fasterxml.jackson.core.io.NumberInput;
import com.fasterxml.jackson.core.io.NumberOutput;
import java.nio.file.Path;

/**
 * Number text: parsing of numeric fields with file/line/column errors, and formatting. Both
 * directions are exact and JDK-independent: text to double by FastDoubleParser (correctly rounded,
 * the same double as {@link Double#parseDouble}, several times faster), double to text by
 * Schubfach (the shortest decimal that reads back to the same double, the same digits as JDK 19+'s
 * {@link Double#toString}; JDK 17's own sometimes writes more digits, and is 3× slower), both as
 * shipped inside jackson-core.
 */
final class Numbers {
    private Numbers() {
    }

    /** {@link Double#parseDouble}'s result and syntax, faster. */
    static double parseDouble(String t) {
        return NumberInput.parseDouble(t, true);
    }

    /** JDK 19+'s Double.toString is Schubfach itself (JDK-4511638), and faster than the port. */
    private static final boolean JDK_SHORTEST = Runtime.version().feature() >= 19;

    /** The shortest text that reads back as v (Double.toString's syntax, JDK 19+'s digits, on every JDK). */
    static String toString(double v) {
        return JDK_SHORTEST ? Double.toString(v) : NumberOutput.toString(v, true);
    }

    /** Appends {@link #toString(double) toString(v)} (on JDK 19+ without an intermediate String). */
    static void append(StringBuilder sb, double v) {
        if (JDK_SHORTEST) {
            sb.append(v);
        } else {
            sb.append(NumberOutput.toString(v, true));
        }
    }

    /**
     * Appends the shortest text that reads back (as a float) as v: Jackson's Schubfach port for
     * float, so JDK 17 and JDK 19+ write the same digits (JDK 17's Float.toString is not always shortest).
     */
    static void append(StringBuilder sb, float v) {
        if (JDK_SHORTEST) {
            sb.append(v);
        } else {
            sb.append(NumberOutput.toString(v, true));
        }
    }

    /** Jackson's Schubfach port for float, whatever the JDK (for the test that it equals JDK 19+'s Float.toString). */
    static String schubfach(float v) {
        return NumberOutput.toString(v, true);
    }

    /** Jackson's Schubfach port, whatever the JDK (for the test that it equals JDK 19+'s Double.toString). */
    static String schubfach(double v) {
        return NumberOutput.toString(v, true);
    }

    /** True if the text parses as a finite or non-finite number. */
    static boolean isNumber(String s) {
        String t = s.strip();
        if (t.isEmpty()) {
            return false;
        }
        if (nonFiniteWord(t)) {
            return true;
        }
        if (javaSuffix(t)) {
            return false;
        }
        try {
            parseDouble(t);
            return true;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /** A number with a decimal comma ({@code 1,5}, {@code -0,25e3}), as some locales write them. */
    private static final java.util.regex.Pattern DECIMAL_COMMA =
            java.util.regex.Pattern.compile("[+-]?(\\d+,\\d*|,\\d+)([eE][+-]?\\d+)?");

    /** A number, or what is meant as one with a decimal comma (for telling a header from data). */
    static boolean looksNumeric(String s) {
        return isNumber(s) || DECIMAL_COMMA.matcher(s.strip()).matches();
    }

    /** "nan", "inf", "-inf", "+inf" in any case (other tools write them; "inf" ends in a Java suffix letter). */
    private static boolean nonFiniteWord(String t) {
        String l = t.toLowerCase(java.util.Locale.ROOT);
        return l.equals("nan") || l.equals("inf") || l.equals("-inf") || l.equals("+inf");
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
        if (nonFiniteWord(t)) {
            throw DataFormatException.at(file, line, column, "'" + t + "'" + where + " is not finite; all entries must be finite");
        }
        double v;
        try {
            if (javaSuffix(t)) {
                throw new NumberFormatException(t);
            }
            v = parseDouble(t);
        } catch (NumberFormatException e) {
            throw DataFormatException.at(file, line, column, "'" + t + "'" + where + " is not a number"
                    + (DECIMAL_COMMA.matcher(t).matches() ? " (a decimal comma? write " + t.replace(',', '.') + ")" : ""));
        }
        if (!Double.isFinite(v)) {
            throw DataFormatException.at(file, line, column, "'" + t + "'" + where + " is not finite; all entries must be finite");
        }
        return v;
    }
}
