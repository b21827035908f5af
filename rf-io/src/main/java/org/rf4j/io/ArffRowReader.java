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

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Streams a Weka ARFF file: {@code @relation}, {@code @attribute} lines (numeric, real, integer,
 * or nominal {@code {a, b, c}}), then {@code @data} rows, dense or sparse ({@code {3 1.5, 7 x}}).
 * {@code %} starts a comment. The label is the attribute named by the options, else the last
 * attribute when it is nominal (Weka's class convention); a nominal label becomes the index of
 * its value in the declaration. Other nominal attributes are one-hot encoded (one column per
 * value, named {@code attribute=value}). Missing values ({@code ?}), string, date and relational
 * attributes are rejected with the line and column.
 */
final class ArffRowReader extends AbstractRowReader<TextLines> {
    private record Attribute(String name, List<String> values, Map<String, Integer> index, int offset) {
        boolean nominal() {
            return values != null;
        }
    }

    private final List<Attribute> attributes = new ArrayList<>();
    private final List<String> featureNames = new ArrayList<>();
    /** The 1-based attribute of each feature (a nominal attribute gives one feature per value). */
    private final List<Integer> featureAttribute = new ArrayList<>();
    private final int d;
    private long lineNo;

    ArffRowReader(Path file, DataOptions options) throws IOException {
        super(file, new TextLines(file));
        try {
            List<String> names = new ArrayList<>();
            List<List<String>> values = new ArrayList<>();
            boolean data = false;
            String line;
            while (!data && (line = in.readLine()) != null) {
                lineNo++;
                String t = stripComment(line).strip();
                if (t.isEmpty()) {
                    continue;
                }
                String lower = t.toLowerCase(Locale.ROOT);
                if (lower.startsWith("@relation")) {
                    continue;
                } else if (lower.startsWith("@attribute")) {
                    parseAttribute(t.substring("@attribute".length()).strip(), names, values);
                } else if (lower.startsWith("@data")) {
                    data = true;
                } else {
                    throw DataFormatException.at(file, lineNo, 1, "expected @relation, @attribute or @data, found '"
                            + abbreviate(t) + "'");
                }
            }
            if (!data) {
                throw DataFormatException.at(file, lineNo, 0, "no @data section");
            }
            if (names.isEmpty()) {
                throw DataFormatException.at(file, lineNo, 0, "no @attribute declarations before @data");
            }
            int label;
            if (options.label() == null) {
                label = values.get(values.size() - 1) != null ? names.size() - 1 : -1;
            } else {
                label = LabelCoder.resolve(options.label(), names, names.size(), file);
            }
            this.labelIndex = label;
            this.coder = label >= 0 && values.get(label) != null ? new LabelCoder(values.get(label)) : new LabelCoder();
            int offset = 0;
            for (int a = 0; a < names.size(); a++) {
                List<String> vals = values.get(a);
                Map<String, Integer> idx = null;
                if (vals != null) {
                    idx = new HashMap<>();
                    for (int k = 0; k < vals.size(); k++) {
                        idx.put(vals.get(k), k);
                    }
                }
                attributes.add(new Attribute(names.get(a), vals, idx, a == label ? -1 : offset));
                if (a != label) {
                    if (vals == null) {
                        featureNames.add(names.get(a));
                        featureAttribute.add(a + 1);
                        offset++;
                    } else {
                        for (String v : vals) {
                            featureNames.add(names.get(a) + "=" + v);
                            featureAttribute.add(a + 1);
                        }
                        offset += vals.size();
                    }
                }
            }
            if (featureNames.isEmpty()) {
                throw new DataFormatException(file + ": no feature attributes (the only attribute is the label)");
            }
            this.d = featureNames.size();
            this.features = List.copyOf(featureNames);
        } catch (IOException | RuntimeException e) {
            in.close();
            throw e;
        }
    }

    private void parseAttribute(String rest, List<String> names, List<List<String>> values) {
        String name;
        String type;
        if (rest.startsWith("'") || rest.startsWith("\"")) {
            char q = rest.charAt(0);
            int end = rest.indexOf(q, 1);
            if (end < 0) {
                throw DataFormatException.at(file, lineNo, 0, "unclosed quote in attribute name");
            }
            name = rest.substring(1, end);
            type = rest.substring(end + 1).strip();
        } else {
            int sp = 0;
            while (sp < rest.length() && !Character.isWhitespace(rest.charAt(sp)) && rest.charAt(sp) != '{') {
                sp++;
            }
            name = rest.substring(0, sp);
            type = rest.substring(sp).strip();
        }
        if (name.isEmpty() || type.isEmpty()) {
            throw DataFormatException.at(file, lineNo, 0, "an attribute needs a name and a type: '@attribute "
                    + abbreviate(rest) + "'");
        }
        String lt = type.toLowerCase(Locale.ROOT);
        if (lt.equals("numeric") || lt.equals("real") || lt.equals("integer")) {
            names.add(name);
            values.add(null);
        } else if (type.startsWith("{")) {
            int end = type.lastIndexOf('}');
            if (end < 0) {
                throw DataFormatException.at(file, lineNo, 0, "nominal attribute '" + name + "' lacks its closing '}'");
            }
            List<String> vals = new ArrayList<>();
            for (String v : splitFields(type.substring(1, end), ',')) {
                vals.add(unquote(v.strip()));
            }
            if (vals.isEmpty() || (vals.size() == 1 && vals.get(0).isEmpty())) {
                throw DataFormatException.at(file, lineNo, 0, "nominal attribute '" + name + "' declares no values");
            }
            names.add(name);
            values.add(vals);
        } else {
            throw DataFormatException.at(file, lineNo, 0, "attribute '" + name + "' has type '" + type
                    + "'; supported: numeric, real, integer, or nominal {a, b, ...}");
        }
    }

    private static String stripComment(String line) {
        boolean q1 = false;
        boolean q2 = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '\'' && !q2) {
                q1 = !q1;
            } else if (c == '"' && !q1) {
                q2 = !q2;
            } else if (c == '%' && !q1 && !q2) {
                return line.substring(0, i);
            }
        }
        return line;
    }

    private static List<String> splitFields(String s, char delimiter) {
        List<String> out = new ArrayList<>();
        StringBuilder sb = new StringBuilder();
        char quote = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (quote != 0) {
                if (c == '\\' && i + 1 < s.length()) {
                    sb.append(c).append(s.charAt(++i));
                    continue;
                }
                if (c == quote) {
                    quote = 0;
                }
                sb.append(c);
            } else if (c == '\'' || c == '"') {
                quote = c;
                sb.append(c);
            } else if (c == delimiter) {
                out.add(sb.toString());
                sb.setLength(0);
            } else {
                sb.append(c);
            }
        }
        out.add(sb.toString());
        return out;
    }

    private static String unquote(String v) {
        if (v.length() >= 2 && (v.charAt(0) == '\'' || v.charAt(0) == '"') && v.charAt(v.length() - 1) == v.charAt(0)) {
            return v.substring(1, v.length() - 1).replace("\\'", "'").replace("\\\"", "\"");
        }
        return v;
    }

    private static String abbreviate(String s) {
        return s.length() > 60 ? s.substring(0, 57) + "..." : s;
    }

    @Override
    public int fileColumn(int feature) {
        return featureAttribute.get(feature);
    }

    @Override
    public String labelColumn() {
        return labelIndex < 0 ? null : attributes.get(labelIndex).name();
    }

    @Override
    public Chunk next(int maxRows) throws IOException {
        ChunkBuilder b = new ChunkBuilder(d, maxRows, labelIndex >= 0);
        String line;
        while (b.hasRoom() && (line = in.readLine()) != null) {
            lineNo++;
            String t = stripComment(line).strip();
            if (t.isEmpty()) {
                continue;
            }
            int o = b.startRow(lineNo);
            if (t.startsWith("{")) {
                sparseRow(t, b.data(), o, b.labels(), b.row());
            } else {
                denseRow(t, b.data(), o, b.labels(), b.row());
            }
            b.endRow();
        }
        Chunk chunk = b.chunk();
        return chunk == null ? null : read(chunk, b.lines());
    }

    private void denseRow(String t, double[] buf, int o, int[] labels, int n) {
        List<String> fields = splitFields(t, ',');
        // A trailing instance weight {w} is allowed and ignored.
        if (fields.size() == attributes.size() + 1 && fields.get(fields.size() - 1).strip().startsWith("{")) {
            fields = fields.subList(0, attributes.size());
        }
        if (fields.size() != attributes.size()) {
            throw DataFormatException.at(file, lineNo, Math.min(fields.size(), attributes.size()) + 1, "the row has "
                    + fields.size() + " values but " + attributes.size() + " attributes are declared");
        }
        for (int a = 0; a < attributes.size(); a++) {
            put(a, unquote(fields.get(a).strip()), buf, o, labels, n, a + 1);
        }
    }

    private void sparseRow(String t, double[] buf, int o, int[] labels, int n) {
        int end = t.lastIndexOf('}');
        if (end < 0) {
            throw DataFormatException.at(file, lineNo, 1, "sparse row lacks its closing '}'");
        }
        boolean[] seen = new boolean[attributes.size()];
        String body = t.substring(1, end).strip();
        if (!body.isEmpty()) {
            int col = 0;
            for (String entry : splitFields(body, ',')) {
                col++;
                String e = entry.strip();
                int sp = 0;
                while (sp < e.length() && !Character.isWhitespace(e.charAt(sp))) {
                    sp++;
                }
                int a;
                try {
                    a = Integer.parseInt(e.substring(0, sp));
                } catch (NumberFormatException ex) {
                    throw DataFormatException.at(file, lineNo, col, "sparse entry '" + e
                            + "' does not start with an attribute index");
                }
                if (a < 0 || a >= attributes.size()) {
                    throw DataFormatException.at(file, lineNo, col, "sparse attribute index " + a + " is outside 0.."
                            + (attributes.size() - 1));
                }
                seen[a] = true;
                put(a, unquote(e.substring(sp).strip()), buf, o, labels, n, a + 1);
            }
        }
        for (int a = 0; a < attributes.size(); a++) {
            if (!seen[a]) {
                Attribute at = attributes.get(a);
                // Omitted sparse values are 0: for a nominal attribute, its first value.
                put(a, at.nominal() ? at.values().get(0) : "0", buf, o, labels, n, a + 1);
            }
        }
    }

    private void put(int a, String v, double[] buf, int o, int[] labels, int n, int column) {
        Attribute at = attributes.get(a);
        if (v.equals("?")) {
            throw DataFormatException.at(file, lineNo, column, "missing value '?' for attribute '" + at.name()
                    + "'; rf4j needs complete rows");
        }
        if (a == labelIndex) {
            labels[n] = coder.code(v, file, lineNo, column);
            return;
        }
        if (at.nominal()) {
            Integer k = at.index().get(v);
            if (k == null) {
                throw DataFormatException.at(file, lineNo, column, "'" + v + "' is not a declared value of attribute '"
                        + at.name() + "'; allowed: " + at.values());
            }
            for (int j = 0; j < at.values().size(); j++) {
                buf[o + at.offset() + j] = 0;
            }
            buf[o + at.offset() + k] = 1;
        } else {
            buf[o + at.offset()] = Numbers.parse(v, file, lineNo, column, at.name());
        }
    }
}
