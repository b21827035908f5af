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
package org.rf4j.evaluation.report;

import java.util.Locale;

/** Escaping and number formatting shared by the renderers (XML-safe, locale-independent). */
final class Markup {
    private Markup() {
    }

    /** Escapes text for XML character data and attribute values. */
    static String esc(String s) {
        StringBuilder b = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '&' -> b.append("&amp;");
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&#39;");
                default -> {
                    if (c < 0x20 && c != '\n' && c != '\t' && c != '\r') {
                        b.append(' ');
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.toString();
    }

    /** A coordinate with two decimals. */
    static String coord(double v) {
        return String.format(Locale.ROOT, "%.2f", v);
    }

    /** A value in round-trip precision for data attributes ("NaN" stays "NaN"). */
    static String exact(double v) {
        return Double.toString(v);
    }

    /** A compact human-readable number (4 significant digits). */
    static String num(double v) {
        if (Double.isNaN(v)) {
            return "–";
        }
        if (v == 0) {
            return "0";
        }
        double a = Math.abs(v);
        if (a >= 1e-3 && a < 1e5) {
            return String.format(Locale.ROOT, "%.4g", v).replaceAll("(\\.\\d*?)0+$", "$1").replaceAll("\\.$", "");
        }
        return String.format(Locale.ROOT, "%.3e", v);
    }
}
