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
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.channels.Channels;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.rf4j.api.Matrix;
import java.util.function.BiFunction;
import org.apiguardian.api.API;

/**
 * Reading and writing data files by extension: {@code .csv}, {@code .tsv}, {@code .txt} (delimited
 * text), {@code .arff} (Weka) and {@code .npy} (NumPy). Whole files with {@link #read}, chunked
 * streams with {@link #open} and {@link #create}; every write is atomic.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class DataFiles {
    /** The readable formats, by extension. */
    public static final List<String> EXTENSIONS = List.of("csv", "tsv", "txt", "arff", "npy");
    /** The writable formats, by extension. */
    public static final List<String> OUTPUT_EXTENSIONS = List.of("csv", "tsv", "txt", "npy");

    /** Writes bytes to a stream. */
    @FunctionalInterface
    public interface StreamWriter {
        void write(OutputStream out) throws IOException;
    }

    private DataFiles() {
    }

    /** The column names the label rule recognises when no label is named (compared ignoring case). */
    public static final List<String> LABEL_NAMES = List.of("label", "class");

    /**
     * The one label rule of every command: the column named by {@code label} (a name or 0-based index)
     * when given; absent that, an ARFF file's class attribute (its last attribute when nominal, Weka's
     * convention) or the column called {@code label} or {@code class} (ignoring case); else none
     * ({@code null}). A {@code .npy} file has no column names, so only a named label applies to it.
     *
     * @return the label option to read the file with (a column name or index), or null for none
     */
    public static String ruleLabel(Path file, DataOptions options, String label) throws IOException {
        if (label != null) {
            return label;
        }
        try (RowReader r = open(file, options.withLabel(null))) {
            if (r.labelColumn() != null) {
                return r.labelColumn();
            }
            for (String c : r.columns()) {
                if (LABEL_NAMES.contains(c.strip().toLowerCase(java.util.Locale.ROOT))) {
                    return c;
                }
            }
        }
        return null;
    }

    /** Opens a data file for streaming in chunks. */
    public static RowReader open(Path file, DataOptions options) throws IOException {
        String ext = extension(file);
        if (!Files.exists(file)) {
            throw new DataFormatException("data file " + file + " does not exist");
        }
        if (Files.isDirectory(file)) {
            throw new DataFormatException("data file " + file + " is a directory");
        }
        RowReader reader;
        try {
            reader = switch (ext) {
                case "csv", "txt" -> new CsvRowReader(file, options);
                case "tsv" -> new CsvRowReader(file, options.delimiter() == 0
                        ? new DataOptions(options.label(), options.header(), '\t') : options);
                case "arff" -> new ArffRowReader(file, options);
                case "npy" -> new NpyRowReader(file, options);
                default -> throw new DataFormatException("data file " + file + " has extension '" + ext
                        + "'; supported: " + EXTENSIONS);
            };
        } catch (NoSuchFileException e) {
            throw new DataFormatException("data file " + file + " does not exist");
        }
        return new DeclaredReader(reader, InputFiles.declareRead("the data file", file));
    }

    /** A reader whose file is a declared input ({@link InputFiles}) while it is open. */
    private record DeclaredReader(RowReader r, InputFiles.Scope scope) implements RowReader {
        @Override
        public Path file() {
            return r.file();
        }

        @Override
        public List<String> columns() {
            return r.columns();
        }

        @Override
        public int dimension() {
            return r.dimension();
        }

        @Override
        public String labelColumn() {
            return r.labelColumn();
        }

        @Override
        public int fileColumn(int feature) {
            return r.fileColumn(feature);
        }

        @Override
        public List<String> classes() {
            return r.classes();
        }

        @Override
        public Chunk next(int maxRows) throws IOException {
            return r.next(maxRows);
        }

        @Override
        public long line(int index) {
            return r.line(index);
        }

        @Override
        public long rowsRead() {
            return r.rowsRead();
        }

        @Override
        public void close() throws IOException {
            try {
                r.close();
            } finally {
                scope.close();
            }
        }
    }

    /** Reads a whole data file into memory. */
    public static Dataset read(Path file, DataOptions options) throws IOException {
        try (RowReader r = open(file, options)) {
            int d = r.dimension();
            List<double[]> parts = new ArrayList<>();
            List<int[]> labelParts = new ArrayList<>();
            long n = 0;
            RowReader.Chunk c;
            while ((c = r.next(8192)) != null) {
                parts.add(c.x().data());
                if (c.labels() != null) {
                    labelParts.add(c.labels());
                }
                n += c.rows();
                if (n * d > Integer.MAX_VALUE - 8) {
                    throw new DataFormatException(file + ": more than " + (Integer.MAX_VALUE - 8)
                            + " entries do not fit in one matrix; stream the file instead");
                }
            }
            double[] all = new double[(int) (n * d)];
            int o = 0;
            for (double[] p : parts) {
                System.arraycopy(p, 0, all, o, p.length);
                o += p.length;
            }
            int[] labels = null;
            if (r.labelColumn() != null) {
                labels = new int[(int) n];
                int k = 0;
                for (int[] p : labelParts) {
                    System.arraycopy(p, 0, labels, k, p.length);
                    k += p.length;
                }
            }
            return new Dataset(Matrix.wrap((int) n, d, all), labels, r.columns(), r.classes());
        }
    }

    /**
     * Creates an atomic row writer: CSV (with the column names as header) or float64 {@code .npy},
     * by the file's extension.
     */
    public static RowWriter create(Path file, List<String> columns) throws IOException {
        return create(file, columns, false);
    }

    /**
     * {@link #create(Path, List)} for the float path: with {@code float32} an {@code .npy} output
     * has dtype {@code <f4}; CSV is the same either way (write float rows for float text).
     */
    public static RowWriter create(Path file, List<String> columns, boolean float32) throws IOException {
        String ext = extension(file);
        return switch (ext) {
            case "csv", "txt", "tsv" -> new CsvRowWriter(file, columns);
            case "npy" -> new NpyRowWriter(file, columns.size(), float32);
            default -> throw new DataFormatException("output file " + file + " has extension '" + ext
                    + "'; supported: " + OUTPUT_EXTENSIONS);
        };
    }

    /** Writes a whole matrix atomically (CSV or .npy by extension). */
    public static void write(Path file, Matrix m, List<String> columns) throws IOException {
        try (RowWriter w = create(file, columns)) {
            w.write(m);
            w.commit();
        }
    }

    /** Default column names {@code prefix0, prefix1, ...}. */
    public static List<String> names(String prefix, int count) {
        String[] a = new String[count];
        Arrays.setAll(a, i -> prefix + i);
        return List.of(a);
    }

    /** Writes a file atomically from a stream writer (nothing is left behind if it fails). */
    public static void writeAtomically(Path file, StreamWriter writer) {
        try (AtomicFile f = AtomicFile.open(file)) {
            OutputStream out = Channels.newOutputStream(f.channel());
            try {
                writer.write(out);
                out.flush();
            } catch (IOException e) {
                throw f.failure(e);
            }
            f.commit();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * The reader for data files named in configs: names resolve relative to {@code folder} (the
     * config file's folder); a label column is not expected (ARFF's nominal class, if any, is
     * dropped). Errors name the config key.
     */
    public static BiFunction<String, String, Matrix> configReader(Path folder) {
        return (key, name) -> {
            Path p = folder.resolve(name);
            try {
                return readFiniteNorms(p, DataOptions.defaults()).x();
            } catch (DataFormatException e) {
                throw new DataFormatException(key + " = '" + name + "': " + e.getMessage());
            } catch (IOException e) {
                throw new DataFormatException(key + " = '" + name + "': cannot read " + p + ": " + e);
            }
        };
    }

    /**
     * Reads a whole data file whose rows must have finite squared norms (data that mechanisms fit
     * statistics such as means of |x|² to, or that a kernel maps): a row whose |x|² overflows a
     * double is refused with its line (row for .npy) and norm.
     */
    public static Dataset readFiniteNorms(Path p, DataOptions options) throws IOException {
        try (RowReader r = open(p, options)) {
            RowReader.Chunk c;
            while ((c = r.next(8192)) != null) {
                try {
                    org.rf4j.api.RowNormException.check(c.x(), "data");
                } catch (org.rf4j.api.RowNormException e) {
                    long line = r.line(e.row());
                    throw new DataFormatException(p + (line > 0 ? ", line " + line
                            : ", row " + (r.rowsRead() - c.rows() + e.row() + 1)) + ": the row's norm " + e.norm()
                            + " squared overflows a double; norms up to "
                            + String.format(Locale.ROOT, "%.3g", org.rf4j.api.RowNormException.MAX_NORM)
                            + " are allowed: rescale the data");
                }
            }
        }
        return read(p, options);
    }

    /** The lower-case extension of a file name, or "" if it has none. */
    public static String extension(Path file) {
        String n = file.getFileName() == null ? "" : file.getFileName().toString();
        int dot = n.lastIndexOf('.');
        return dot < 0 ? "" : n.substring(dot + 1).toLowerCase(Locale.ROOT);
    }
}
