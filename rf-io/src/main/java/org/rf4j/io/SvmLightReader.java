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

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.rf4j.api.SparseMatrix;
import org.apiguardian.api.API;

/**
 * Reads sparse rows from a libsvm / svmlight text file in chunks (bounded memory for any length):
 * one row per line, {@code <label> [qid:<n>] <index>:<value> ...}, indices 1-based and strictly
 * increasing, values finite; absent indices are zeros. Text after {@code #} is a comment; blank and
 * comment-only lines are skipped. The label is kept apart from the features (a finite number).
 *
 * <p>Every malformed line is refused with a {@link DataFormatException} naming the file, the 1-based
 * line and character column, and what is allowed.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class SvmLightReader implements Closeable {
    /** The extensions read as libsvm / svmlight. */
    public static final List<String> EXTENSIONS = List.of("svm", "libsvm", "svmlight");

    /** One chunk of consecutive rows and their labels. */
    public record Chunk(SparseMatrix x, double[] labels) {
        public int rows() {
            return x.rows();
        }
    }

    private final Path file;
    private final int dimension;
    private final TextLines lines;
    private final InputFiles.Scope scope;
    private long lineNo;
    private long rowsRead;
    private long[] chunkLines = new long[0];
    private int[] cols = new int[16];
    private double[] vals = new double[16];

    private SvmLightReader(Path file, int dimension) throws IOException {
        this.file = file;
        this.dimension = dimension;
        this.scope = InputFiles.declareRead("the data file", file);
        try {
            this.lines = new TextLines(file);
        } catch (NoSuchFileException e) {
            scope.close();
            throw new DataFormatException("data file " + file + " does not exist");
        }
    }

    /** True if the file's extension is one of {@link #EXTENSIONS}. */
    public static boolean hasExtension(Path file) {
        String name = file.getFileName() == null ? "" : file.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return dot >= 0 && EXTENSIONS.contains(name.substring(dot + 1).toLowerCase(Locale.ROOT));
    }

    /**
     * Opens a file for reading rows of width {@code dimension}: an index above it is refused (naming
     * the line). Use {@link #largestIndex} first when the width is not known.
     */
    public static SvmLightReader open(Path file, int dimension) throws IOException {
        requireFile(file);
        if (dimension < 1) {
            throw new DataFormatException("the input dimension of " + file + " is " + dimension + "; it must be >= 1");
        }
        return new SvmLightReader(file, dimension);
    }

    /**
     * Reads the whole file once, checking every line, and returns its largest feature index (the
     * input dimension a row of it needs); a file with no stored entry gives 0.
     */
    public static int largestIndex(Path file) throws IOException {
        requireFile(file);
        int max = 0;
        try (SvmLightReader r = new SvmLightReader(file, Integer.MAX_VALUE)) {
            SparseMatrix.Builder b = SparseMatrix.builder(Integer.MAX_VALUE);
            while (r.parseLine(b, null, 0) != null) {
                for (int k = 0; k < r.lastCount; k++) {
                    max = Math.max(max, r.cols[k] + 1);
                }
                b.clear();
            }
        }
        return max;
    }

    private static void requireFile(Path file) {
        if (!Files.exists(file)) {
            throw new DataFormatException("data file " + file + " does not exist");
        }
        if (Files.isDirectory(file)) {
            throw new DataFormatException("data file " + file + " is a directory");
        }
    }

    /** The file being read. */
    public Path file() {
        return file;
    }

    /** The row width. */
    public int dimension() {
        return dimension;
    }

    /** The data rows returned so far. */
    public long rowsRead() {
        return rowsRead;
    }

    /** The 1-based line of row {@code index} of the last chunk, or 0 if out of range. */
    public long line(int index) {
        return index >= 0 && index < chunkLines.length ? chunkLines[index] : 0;
    }

    /**
     * Reads up to {@code maxRows} further rows.
     *
     * @return the rows, or null at the end of the file
     */
    public Chunk next(int maxRows) throws IOException {
        SparseMatrix.Builder b = SparseMatrix.builder(dimension);
        double[] labels = new double[Math.min(maxRows, 1024)];
        long[] at = new long[labels.length];
        int n = 0;
        while (n < maxRows) {
            if (n == labels.length) {
                labels = Arrays.copyOf(labels, Math.min(maxRows, 2 * n));
                at = Arrays.copyOf(at, labels.length);
            }
            Double label = parseLine(b, labels, n);
            if (label == null) {
                break;
            }
            at[n] = lineNo;
            n++;
        }
        if (n == 0) {
            chunkLines = new long[0];
            return null;
        }
        rowsRead += n;
        chunkLines = Arrays.copyOf(at, n);
        return new Chunk(b.build(), Arrays.copyOf(labels, n));
    }

    /** Entries of the last parsed row (in {@link #cols}, {@link #vals}). */
    private int lastCount;

    /**
     * Parses the next data line into the builder (and its label into {@code labels[n]} when not null);
     * returns the label, or null at the end of the file.
     */
    private Double parseLine(SparseMatrix.Builder b, double[] labels, int n) throws IOException {
        String line;
        while ((line = lines.readLine()) != null) {
            lineNo++;
            int hash = line.indexOf('#');
            String body = hash >= 0 ? line.substring(0, hash) : line;
            int p = skipSpace(body, 0);
            if (p == body.length()) {
                continue;
            }
            int e = tokenEnd(body, p);
            String labelText = body.substring(p, e);
            if (labelText.indexOf(':') >= 0) {
                throw DataFormatException.at(file, lineNo, p + 1, "'" + labelText + "' is where the label belongs;"
                        + " a libsvm line is <label> [qid:<n>] <index>:<value> ... with a number as label");
            }
            double label = Numbers.parse(labelText, file, lineNo, p + 1, "label");
            int count = 0;
            int prev = 0;
            p = skipSpace(body, e);
            boolean first = true;
            while (p < body.length()) {
                e = tokenEnd(body, p);
                String tok = body.substring(p, e);
                int colon = tok.indexOf(':');
                if (first && tok.startsWith("qid:")) {
                    first = false;
                    p = skipSpace(body, e);
                    continue;
                }
                first = false;
                if (colon <= 0 || colon == tok.length() - 1) {
                    throw DataFormatException.at(file, lineNo, p + 1, "'" + tok + "' is not <index>:<value>"
                            + " (an integer index from 1 to " + limit() + " and a finite number)");
                }
                int index;
                try {
                    index = Integer.parseInt(tok.substring(0, colon));
                } catch (NumberFormatException ex) {
                    throw DataFormatException.at(file, lineNo, p + 1, "index '" + tok.substring(0, colon)
                            + "' is not an integer from 1 to " + limit());
                }
                if (index < 1 || index > dimension) {
                    throw DataFormatException.at(file, lineNo, p + 1, "index " + index + " is outside 1.." + limit()
                            + (dimension == Integer.MAX_VALUE ? "" : " (the input dimension)"));
                }
                if (index <= prev) {
                    throw DataFormatException.at(file, lineNo, p + 1, "index " + index + " follows index " + prev
                            + "; the indices of a line must be strictly increasing");
                }
                double v = Numbers.parse(tok.substring(colon + 1), file, lineNo, p + colon + 2, "index " + index);
                if (count == cols.length) {
                    cols = Arrays.copyOf(cols, 2 * count);
                    vals = Arrays.copyOf(vals, 2 * count);
                }
                cols[count] = index - 1;
                vals[count] = v;
                count++;
                prev = index;
                p = skipSpace(body, e);
            }
            if (labels != null) {
                for (int k = 0; k < count; k++) {
                    b.add(cols[k], vals[k]);
                }
                b.endRow();
                labels[n] = label;
            }
            lastCount = count;
            return label;
        }
        return null;
    }

    private String limit() {
        return dimension == Integer.MAX_VALUE ? String.valueOf(Integer.MAX_VALUE) : String.valueOf(dimension);
    }

    private static int skipSpace(String s, int p) {
        while (p < s.length() && (s.charAt(p) == ' ' || s.charAt(p) == '\t')) {
            p++;
        }
        return p;
    }

    private static int tokenEnd(String s, int p) {
        while (p < s.length() && s.charAt(p) != ' ' && s.charAt(p) != '\t') {
            p++;
        }
        return p;
    }

    @Override
    public void close() throws IOException {
        try {
            lines.close();
        } finally {
            scope.close();
        }
    }
}
