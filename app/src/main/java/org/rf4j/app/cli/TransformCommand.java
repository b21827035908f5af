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
package org.rf4j.app.cli;

import jakarta.inject.Inject;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.rf4j.Bandwidth;
import org.rf4j.RandomFeatureMap;
import org.rf4j.RandomFeatures;
import org.rf4j.api.InvalidInputException;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.RowNormException;
import org.rf4j.api.FloatMatrix;
import org.rf4j.api.Matrix;
import org.rf4j.api.mechanism.Side;
import org.rf4j.io.DataFiles;
import org.rf4j.io.DataOptions;
import org.rf4j.io.InputFiles;
import org.rf4j.io.OutputPaths;
import org.rf4j.io.RowReader;
import org.rf4j.io.RowWriter;
import org.rf4j.spi.MechanismRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/**
 * {@code rf4j transform}: the random features of every row of a data file. The estimator is drawn
 * once through the library front door ({@link RandomFeatures#fit(int)}: seed from the config or
 * {@code --seed}, dimension from the input); rows stream through {@link RandomFeatureMap#transform}
 * in chunks, so memory stays bounded for any input length; the
 * output (CSV or float64 {@code .npy}, by extension) is written atomically: a failed run leaves no
 * output file. The label column (the label rule: {@code --label}, else an ARFF class attribute or
 * the column called {@code label} or {@code class}) is never mapped; it is written as the last output
 * column when named by {@code --label} or asked for with {@code --keep-label}.
 */
@Command(name = "transform", mixinStandardHelpOptions = true,
        description = "Write the random features of every row of a CSV/ARFF/.npy or libsvm file (atomically).")
public final class TransformCommand implements Callable<Integer> {
    private static final Logger LOG = LoggerFactory.getLogger(TransformCommand.class);

    private final MechanismRegistry registry;

    @picocli.CommandLine.Spec
    CommandSpec spec;

    @Option(names = "--config", paramLabel = "FILE", description = "JSON config (default: the bundled default config).")
    Path config;

    @Option(names = {"--input", "--data"}, paramLabel = "FILE", required = true,
            description = "Input rows (.csv, .tsv, .txt, .arff, .npy; sparse libsvm/svmlight: .svm, .libsvm, .svmlight);"
                    + " --data is the same option.")
    Path input;

    @Option(names = "--output", paramLabel = "FILE", required = true, description = "Output features (.csv or .npy).")
    Path output;

    @Option(names = "--side", paramLabel = "query|key", defaultValue = "query",
            description = "Feature side: query (φ₁) or key (φ₂); default ${DEFAULT-VALUE}.")
    String side;

    @Option(names = "--label", paramLabel = "COLUMN", description = "Label column of the input (name or 0-based index):"
            + " never mapped, copied to the output as its last column. Without it the label rule applies: an ARFF class"
            + " attribute, or the column called label or class, is never mapped and is copied only with --keep-label."
            + " For libsvm input 'label' copies each line's label through.")
    String label;

    @Option(names = "--keep-label", description = "Copy the label column (named by --label, or found by the label rule)"
            + " to the output as its last column.")
    boolean keepLabel;

    @Option(names = "--seed", paramLabel = "S", description = "Root seed (overrides the config's seed).")
    Long seed;

    @Option(names = "--header", paramLabel = "auto|present|absent", defaultValue = "auto",
            description = "Whether a CSV input's first line is a header (default ${DEFAULT-VALUE}: detected).")
    String header;

    @Option(names = "--chunk", paramLabel = "ROWS", defaultValue = "4096", description = "Rows per chunk (default ${DEFAULT-VALUE}).")
    int chunk;

    @Option(names = "--json", description = "Print one JSON object: rows, columns, features and where the time went"
            + " (readSeconds: parsing the input, mapSeconds: the feature map, writeSeconds: formatting and writing,"
            + " totalSeconds).")
    boolean json;

    @Option(names = "--precision", paramLabel = "double|float", defaultValue = "double",
            description = "Arithmetic of the feature map: double (default) or float, the fp32 path (half the bytes,"
                    + " twice the vector lanes; errors against double are stated in docs/library.md). A float .npy output"
                    + " has dtype <f4; CSV gets each feature's shortest float text.")
    String precision;

    @Option(names = "--format", paramLabel = "auto|libsvm|dense", defaultValue = "auto",
            description = "Input format: auto (default: by extension), libsvm (svmlight: sparse rows, 1-based indices,"
                    + " mapped without densifying) or dense (CSV/ARFF/.npy by extension).")
    String format;

    @Option(names = "--dimension", paramLabel = "D", description = "Input width of libsvm input (default: the fitted"
            + " config's dimension, else the largest index in the file), e.g. 262144 for hashed text.")
    Integer dimension;

    @Option(names = "--allow-degenerate-rows", description = "Write rows whose features are degenerate (all zero, or"
            + " K^(x, x) below 1e-6 of K(x, x), e.g. unscaled data with a small sigma) instead of refusing them.")
    boolean allowDegenerateRows;

    @picocli.CommandLine.Mixin
    ThreadsOption threads = new ThreadsOption();

    @Inject
    TransformCommand(MechanismRegistry registry) {
        this.registry = registry;
    }

    @Override
    public Integer call() throws Exception {
        Side s = switch (side.toLowerCase(Locale.ROOT)) {
            case "query" -> Side.QUERY;
            case "key" -> Side.KEY;
            default -> throw new InvalidParameterException("--side", side, "query or key");
        };
        OptionMessages.requirePositive("--chunk", chunk);
        RandomFeatures cfg = RandomFeatures.fromConfigOrDefault(config).registry(registry);
        if (seed != null) {
            cfg = cfg.seed(seed);
        }
        if (allowDegenerateRows) {
            cfg = cfg.allowDegenerateRows(true);
        }
        DataOptions.Header h = switch (header.toLowerCase(Locale.ROOT)) {
            case "auto" -> DataOptions.Header.AUTO;
            case "present", "yes" -> DataOptions.Header.PRESENT;
            case "absent", "no" -> DataOptions.Header.ABSENT;
            default -> throw new InvalidParameterException("--header", header, "auto, present or absent");
        };
        boolean float32 = Precision.float32(precision);
        Timing timing = new Timing();
        timing.float32 = float32;
        try (InputFiles.Scope in = OutputPaths.guard("--output", output, OutputPaths.inputs("--input", input, "--config", config));
                ThreadsOption.Scope t = threads.apply()) {
            if (SparseTransform.applies(format, input)) {
                SparseTransform.transform(cfg, config == null ? "(the bundled default config)" : config.toString(), input,
                        output, s, dimension, keepLabel ? "label" : label, chunk, timing);
            } else if (dimension != null) {
                throw new InvalidParameterException("--dimension", dimension,
                        "no --dimension for dense input (its width is its column count); it applies to libsvm input");
            } else {
                DataOptions options = new DataOptions(label, h, (char) 0);
                String ruled = DataFiles.ruleLabel(input, options, label);
                transform(cfg, input, output, s, options.withLabel(ruled), chunk, timing, label != null || keepLabel);
            }
        }
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            java.util.Map<String, Object> j = new java.util.LinkedHashMap<>();
            j.put("rows", timing.rows);
            j.put("inputColumns", timing.inputs);
            j.put("features", timing.features);
            j.put("side", s == Side.QUERY ? "query" : "key");
            j.put("precision", float32 ? "float" : "double");
            j.put("output", output.toString());
            j.put("readSeconds", timing.read * 1e-9);
            j.put("mapSeconds", timing.map * 1e-9);
            j.put("writeSeconds", timing.write * 1e-9);
            j.put("totalSeconds", timing.total * 1e-9);
            out.println(org.rf4j.config.Json.line(j));
        } else {
            out.println("wrote " + timing.rows + " rows to " + output);
        }
        out.flush();
        return 0;
    }

    /**
     * Streams {@code input} through the front door's fitted map into {@code output}; returns the row
     * count. The map is fitted once (to the config's data, if it names any) for the input's dimension.
     */
    /** Where a transform's time went, in nanoseconds, and what it wrote. */
    static final class Timing {
        long read;
        long map;
        long write;
        long total;
        long rows;
        int inputs;
        int features;
        /** Map and write in float (the fp32 path). */
        boolean float32;

        /**
         * Ends a streamed transform (both the dense and the libsvm path): the read time since {@code t0} (the
         * end of the last chunk's write), the commit counted as writing, the rows written and the total time
         * since {@code start}; returns the rows written.
         */
        long finish(RowWriter writer, long t0, long start) throws java.io.IOException {
            read += System.nanoTime() - t0;
            long t3 = System.nanoTime();
            writer.commit();
            write += System.nanoTime() - t3;
            rows = writer.rowsWritten();
            total = System.nanoTime() - start;
            return rows;
        }
    }

    static long transform(RandomFeatures cfg, Path input, Path output, Side side, DataOptions options, int chunk)
            throws java.io.IOException {
        return transform(cfg, input, output, side, options, chunk, new Timing(), true);
    }

    /**
     * @param options   how to read the input; its label column (if any) is never mapped
     * @param copyLabel whether the label column is copied to the output as its last column
     */
    static long transform(RandomFeatures config, Path input, Path output, Side side, DataOptions options, int chunk,
            Timing timing, boolean copyLabel) throws java.io.IOException {
        long start = System.nanoTime();
        RandomFeatures cfg = withBandwidths(config, input, options, chunk);
        try (RowReader reader = DataFiles.open(input, options)) {
            int d = reader.dimension();
            timing.inputs = d;
            Memory.requireEstimator(cfg.estimator(), d, 1);
            RandomFeatureMap est = cfg.fit(d);
            int f = est.outputDimension();
            timing.features = f;
            boolean labelled = copyLabel && reader.labelColumn() != null;
            // one chunk holds its input rows, their features and the writer's copy
            Memory.require("--chunk", chunk, "one chunk of " + chunk + " rows with " + d + " inputs and " + f
                    + " features", Memory.product(chunk, 2L * f + d + 2, 8L));
            List<String> columns = new ArrayList<>(DataFiles.names("f", f));
            if (labelled) {
                columns.add(reader.labelColumn());
            }
            LOG.debug("transform {} ({} columns) -> {} ({} features, side {})", input, d, output, f, side);
            try (RowWriter writer = DataFiles.create(output, columns, timing.float32)) {
                Matrix buffer = null;
                FloatMatrix floatBuffer = null;
                RowReader.Chunk c;
                long t0 = System.nanoTime();
                while ((c = reader.next(chunk)) != null) {
                    long t1 = System.nanoTime();
                    timing.read += t1 - t0;
                    Matrix feats = null;
                    FloatMatrix floatFeats = null;
                    try {
                        if (timing.float32) {
                            RowReader.Chunk chunkRows = c;
                            FloatMatrix fx = Precision.rounded(c.x(), r -> {
                                long line = reader.line(r);
                                long row = reader.rowsRead() - chunkRows.rows() + r + 1;
                                return input + (line > 0 ? ", line " + line : ", row " + row);
                            }, reader.columns(), reader::fileColumn);
                            FloatMatrix out = c.rows() == chunk ? floatBuffer : null;
                            floatFeats = side == Side.QUERY ? est.transform(fx, out) : est.transformKeys(fx, out);
                        } else {
                            Matrix out = c.rows() == chunk ? buffer : null;
                            feats = side == Side.QUERY ? est.transform(c.x(), out) : est.transformKeys(c.x(), out);
                        }
                    } catch (org.rf4j.api.InputEntryException e) {
                        throw entryError(input, reader, c.rows(), e);
                    } catch (RowNormException e) {
                        long line = reader.line(e.row());
                        long row = reader.rowsRead() - c.rows() + e.row() + 1;
                        throw new InvalidInputException(input + (line > 0 ? ", line " + line + " (row " + row + ")"
                                : ", row " + row) + ": " + e.problem());
                    }
                    if (c.rows() == chunk) {
                        buffer = feats;
                        floatBuffer = floatFeats;
                    }
                    long t2 = System.nanoTime();
                    timing.map += t2 - t1;
                    if (feats != null) {
                        writer.write(labelled ? withLabels(feats, c.labels()) : feats);
                    } else {
                        writer.write(labelled ? withLabels(floatFeats, c.labels()) : floatFeats);
                    }
                    t0 = System.nanoTime();
                    timing.write += t0 - t2;
                }
                return timing.finish(writer, t0, start);
            }
        }
    }

    /**
     * An entry outside the kernel's domain, located in the input: file, 1-based line (or row) and
     * column, with the column's name when the file has a header.
     */
    private static InvalidInputException entryError(Path input, RowReader reader, int chunkRows,
            org.rf4j.api.InputEntryException e) {
        long line = reader.line(e.row());
        long row = reader.rowsRead() - chunkRows + e.row() + 1;
        java.util.List<String> names = reader.columns();
        int j = e.column();
        String name = names == null || j >= names.size() || ModelColumns.unnamed(java.util.List.of(names.get(j))) ? ""
                : " ('" + names.get(j) + "')";
        return new InvalidInputException(input + (line > 0 ? ", line " + line + " (row " + row + ")" : ", row " + row)
                + ", column " + reader.fileColumn(j) + name + ": entry " + e.value() + " " + e.problem());
    }

    /**
     * The config with its data-driven length scales ({@code "sigma": "median"} or {@code "scale"})
     * fitted to the input in a first streaming pass, exactly as {@code fit(X)} fits them to the same
     * rows in memory; the config itself when it has none to fit.
     */
    private static RandomFeatures withBandwidths(RandomFeatures cfg, Path input, DataOptions options, int chunk)
            throws java.io.IOException {
        java.util.Optional<Bandwidth.Fit> fit = cfg.bandwidthFit();
        if (fit.isEmpty()) {
            return cfg;
        }
        long rows = 0;
        try (RowReader pass = DataFiles.open(input, options)) {
            RowReader.Chunk c;
            while ((c = pass.next(chunk)) != null) {
                fit.get().add(c.x());
                rows += c.rows();
            }
        }
        if (rows == 0) {
            // no rows: the output holds only its header, and no length scale can change a feature of it
            return withoutRows(cfg, fit.get().rules().keySet());
        }
        try {
            RandomFeatures fitted = cfg.withBandwidths(fit.get());
            LOG.debug("fitted {} on {}: {}", fit.get().rules(), input, fit.get().values());
            return fitted;
        } catch (InvalidInputException e) {
            throw new InvalidInputException(input + ": " + e.getMessage());
        }
    }

    /** The config with each data-fitted length scale set to 1, for an input without rows (nothing is mapped). */
    private static RandomFeatures withoutRows(RandomFeatures cfg, java.util.Set<String> keys) throws java.io.IOException {
        com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
        @SuppressWarnings("unchecked")
        java.util.Map<String, Object> params = new java.util.LinkedHashMap<>(
                (java.util.Map<String, Object>) json.readValue(cfg.toConfig(), java.util.Map.class).get("kernel"));
        Object id = params.remove("id");
        keys.forEach(k -> params.put(k, 1.0));
        return cfg.kernel(String.valueOf(id), params);
    }

    private static FloatMatrix withLabels(FloatMatrix feats, int[] labels) {
        int f = feats.cols();
        FloatMatrix m = FloatMatrix.zeros(feats.rows(), f + 1);
        float[] src = feats.data();
        float[] dst = m.data();
        for (int i = 0; i < feats.rows(); i++) {
            System.arraycopy(src, i * f, dst, i * (f + 1), f);
            dst[i * (f + 1) + f] = labels[i];
        }
        return m;
    }

    private static Matrix withLabels(Matrix feats, int[] labels) {
        return SparseTransform.withLabels(feats, i -> labels[i]);
    }
}
