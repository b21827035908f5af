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
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * Streams a delimited text file (CSV, TSV). Blank lines and lines starting with {@code #} are
 * skipped; fields may be double-quoted ({@code ""} escapes a quote). The delimiter is detected
 * from the first line (comma, semicolon or tab) unless given. The first line is a header when
 * one of its fields is not a number while the same field of the next line is, or looks like one
 * written with a decimal comma ({@code 1,5}: then refused on its own line), or when told so;
 * without a header, columns are named {@code c0, c1, ...}.
 */
final class CsvRowReader extends AbstractRowReader<TextLines> {
    private final Deque<String[]> pending = new ArrayDeque<>();
    private final Deque<Long> pendingLines = new ArrayDeque<>();
    private final String labelName;
    private final int width;
    private final List<String> allNames;
    private char delimiter;
    private long lineNo;

    CsvRowReader(Path file, DataOptions options) throws IOException {
        super(file, new TextLines(file));
        try {
            this.delimiter = options.delimiter();
            String[] first = nextRecord();
            if (first == null) {
                throw new DataFormatException(file + ": the file has no data rows");
            }
            long firstLine = lineNo;
            boolean header;
            String[] second = null;
            long secondLine = 0;
            if (options.header() == DataOptions.Header.AUTO) {
                second = nextRecord();
                secondLine = lineNo;
                header = looksLikeHeader(first, second);
            } else {
                header = options.header() == DataOptions.Header.PRESENT;
            }
            this.width = first.length;
            List<String> names = new ArrayList<>();
            if (header) {
                for (String f : first) {
                    names.add(f.strip());
                }
            } else {
                for (int j = 0; j < width; j++) {
                    names.add("c" + j);
                }
                pending.add(first);
                pendingLines.add(firstLine);
            }
            if (second != null) {
                pending.add(second);
                pendingLines.add(secondLine);
            }
            this.allNames = List.copyOf(names);
            this.labelIndex = LabelCoder.resolve(options.label(), header ? names : null, width, file);
            this.labelName = labelIndex < 0 ? null : names.get(labelIndex);
            List<String> feats = new ArrayList<>(names);
            if (labelIndex >= 0) {
                feats.remove(labelIndex);
            }
            if (feats.isEmpty()) {
                throw new DataFormatException(file + ": no feature columns (the only column is the label)");
            }
            this.features = List.copyOf(feats);
        } catch (IOException | RuntimeException e) {
            in.close();
            throw e;
        }
    }

    private static boolean looksLikeHeader(String[] first, String[] second) {
        for (int j = 0; j < first.length; j++) {
            if (!Numbers.isNumber(first[j])) {
                if (second == null || j >= second.length || Numbers.looksNumeric(second[j])) {
                    return true;
                }
            }
        }
        // Every field of the first line is a number, or non-numbers sit where the next line also
        // has non-numbers (a nominal label column): data.
        boolean allText = true;
        for (String f : first) {
            allText &= !Numbers.isNumber(f);
        }
        return allText && second == null;
    }

    /** The next non-blank, non-comment line split into fields, or null at the end. */
    private String[] nextRecord() throws IOException {
        String line;
        while ((line = in.readLine()) != null) {
            lineNo++;
            if (lineNo == 1 && !line.isEmpty() && line.charAt(0) == '\uFEFF') {
                line = line.substring(1);
            }
            String t = line.strip();
            if (t.isEmpty() || t.startsWith("#")) {
                continue;
            }
            if (delimiter == 0) {
                delimiter = detect(line);
            }
            return split(line);
        }
        return null;
    }

    private static char detect(String line) {
        char best = ',';
        int bestCount = -1;
        for (char c : new char[] {',', '\t', ';'}) {
            int n = 0;
            boolean q = false;
            for (int i = 0; i < line.length(); i++) {
                char ch = line.charAt(i);
                if (ch == '"') {
                    q = !q;
                } else if (ch == c && !q) {
                    n++;
                }
            }
            if (n > bestCount) {
                best = c;
                bestCount = n;
            }
        }
        return best;
    }

    private String[] split(String line) {
        if (line.indexOf('"') < 0) {
            return splitPlain(line);
        }
        List<String> out = new ArrayList<>();
        StringBuilder sb = new StringBuilder();
        boolean quoted = false;
        int fieldStart = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted) {
                if (c == '"') {
                    if (i + 1 < line.length() && line.charAt(i + 1) == '"') {
                        sb.append('"');
                        i++;
                    } else {
                        quoted = false;
                    }
                } else {
                    sb.append(c);
                }
            } else if (c == '"' && sb.toString().isBlank()) {
                quoted = true;
                sb.setLength(0);
            } else if (c == delimiter) {
                out.add(sb.toString());
                sb.setLength(0);
                fieldStart = i + 1;
            } else {
                sb.append(c);
            }
        }
        if (quoted) {
            throw DataFormatException.at(file, lineNo, out.size() + 1, "unclosed quote in the field starting at character "
                    + (fieldStart + 1));
        }
        out.add(sb.toString());
        return out.toArray(new String[0]);
    }

    /** The fast path for lines without quotes. */
    private String[] splitPlain(String line) {
        int n = 1;
        for (int i = line.indexOf(delimiter); i >= 0; i = line.indexOf(delimiter, i + 1)) {
            n++;
        }
        String[] out = new String[n];
        int start = 0;
        for (int k = 0; k < n - 1; k++) {
            int end = line.indexOf(delimiter, start);
            out[k] = line.substring(start, end);
            start = end + 1;
        }
        out[n - 1] = line.substring(start);
        return out;
    }

    @Override
    public String labelColumn() {
        return labelName;
    }

    @Override
    public Chunk next(int maxRows) throws IOException {
        ChunkBuilder b = new ChunkBuilder(features.size(), maxRows, labelIndex >= 0);
        while (b.hasRoom()) {
            String[] rec;
            long line;
            if (!pending.isEmpty()) {
                rec = pending.poll();
                line = pendingLines.poll();
            } else {
                rec = nextRecord();
                line = lineNo;
            }
            if (rec == null) {
                break;
            }
            if (rec.length != width) {
                throw DataFormatException.at(file, line, Math.min(rec.length, width) + 1, "the line has " + rec.length
                        + " fields but " + width + " are expected (" + allNames + ")");
            }
            int o = b.startRow(line);
            double[] buf = b.data();
            for (int j = 0; j < width; j++) {
                if (j == labelIndex) {
                    b.labels()[b.row()] = coder.code(rec[j], file, line, j + 1);
                } else {
                    buf[o++] = Numbers.parse(rec[j], file, line, j + 1, allNames.get(j));
                }
            }
            b.endRow();
        }
        Chunk chunk = b.chunk();
        return chunk == null ? null : read(chunk, b.lines());
    }
}
