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
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns label values into integer labels. Numeric labels must be integers and are used as they
 * are; otherwise (decided by the first label seen) labels are class names coded 0, 1, ... in
 * order of first appearance, or in the declared order when the classes are known up front (ARFF).
 */
final class LabelCoder {
    private final Map<String, Integer> codes = new HashMap<>();
    private final List<String> classes = new ArrayList<>();
    private final boolean fixed;
    private Boolean numeric;

    LabelCoder() {
        this.fixed = false;
    }

    /** A coder for declared classes (an ARFF nominal attribute). */
    LabelCoder(List<String> declared) {
        for (String c : declared) {
            codes.put(c, classes.size());
            classes.add(c);
        }
        this.fixed = true;
        this.numeric = false;
    }

    List<String> classes() {
        return List.copyOf(classes);
    }

    int code(String raw, Path file, long line, int column) {
        String v = raw.strip();
        if (numeric == null) {
            numeric = isInteger(v);
        }
        if (numeric) {
            if (!isInteger(v)) {
                throw DataFormatException.at(file, line, column, "label '" + v
                        + "' is not an integer, but earlier labels were; labels must be all integers or all class names");
            }
            return Integer.parseInt(v.startsWith("+") ? v.substring(1) : v);
        }
        Integer c = codes.get(v);
        if (c == null) {
            if (fixed) {
                throw DataFormatException.at(file, line, column, "label '" + v + "' is not one of the declared classes "
                        + classes);
            }
            c = classes.size();
            codes.put(v, c);
            classes.add(v);
        }
        return c;
    }

    private static boolean isInteger(String v) {
        if (v.isEmpty() || v.length() > 10) {
            return false;
        }
        int i = v.charAt(0) == '-' || v.charAt(0) == '+' ? 1 : 0;
        if (i == v.length()) {
            return false;
        }
        for (; i < v.length(); i++) {
            if (!Character.isDigit(v.charAt(i))) {
                return false;
            }
        }
        long l = Long.parseLong(v.startsWith("+") ? v.substring(1) : v);
        return l >= Integer.MIN_VALUE && l <= Integer.MAX_VALUE;
    }

    /**
     * Resolves a label option (column name, or 0-based index, negative from the end) against the
     * columns; -1 when the option is null.
     */
    static int resolve(String label, List<String> names, int count, Path file) {
        if (label == null) {
            return -1;
        }
        int byName = names == null ? -1 : names.indexOf(label);
        if (byName >= 0) {
            return byName;
        }
        try {
            int i = Integer.parseInt(label.strip());
            int idx = i < 0 ? count + i : i;
            if (idx >= 0 && idx < count) {
                return idx;
            }
            throw new DataFormatException(file + ": label column index " + i + " is outside the " + count
                    + " columns; allowed: 0.." + (count - 1) + " or -1..-" + count);
        } catch (NumberFormatException e) {
            throw new DataFormatException(file + ": label column '" + label + "' is not a column name"
                    + (names == null ? " (the file has no header)" : "; columns: " + names)
                    + " nor a 0-based column index");
        }
    }
}
