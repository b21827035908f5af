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

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.rf4j.RandomFeatureMap;
import org.rf4j.RandomFeatures;
import org.rf4j.api.InvalidInputException;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Matrix;
import org.rf4j.api.RowNormException;
import org.rf4j.api.mechanism.Side;
import org.rf4j.io.DataFiles;
import org.rf4j.io.RowWriter;
import org.rf4j.io.SvmLightReader;

/**
 * {@code rf4j transform} for libsvm / svmlight input: sparse rows stream through
 * {@link RandomFeatureMap#transform(org.rf4j.api.SparseMatrix)} in chunks (O(nnz·m) per chunk, no row
 * densified), into the same atomic CSV or {@code .npy} output as dense input. The labels stay out of
 * the features; {@code --label label} copies them through as the last output column.
 *
 * <p>The input dimension is {@code --dimension}, else the fitted config's {@code dimension}, else the
 * largest index in the file (read once beforehand, which also checks every line before any output).
 */
final class SparseTransform {
    /** The {@code --label} value that copies a libsvm file's labels through. */
    static final String LABEL = "label";

    private SparseTransform() {
    }

    /** True if the input is read as libsvm: {@code --format libsvm}/{@code svmlight}, or by extension with auto. */
    static boolean applies(String format, Path input) {
        return switch (format.toLowerCase(Locale.ROOT)) {
            case "auto" -> SvmLightReader.hasExtension(input);
            case "libsvm", "svmlight", "svm" -> true;
            case "dense" -> false;
            default -> throw new InvalidParameterException("--format", format,
                    "auto (by extension: .svm, .libsvm, .svmlight are libsvm), libsvm (or svmlight), or dense");
        };
    }

    /**
     * @param configName how the user gave the config ({@code --config}'s path, or that it is the bundled default)
     */
    static long transform(RandomFeatures cfg, String configName, Path input, Path output, Side side, Integer dimension,
            String label, int chunk, TransformCommand.Timing timing) throws IOException {
        long start = System.nanoTime();
        boolean labelled = label != null;
        if (labelled && !label.equalsIgnoreCase(LABEL)) {
            throw new InvalidParameterException("--label", label,
                    "'label' for libsvm input (it copies each line's label through as the last column), or no --label");
        }
        if (timing.float32) {
            throw new InvalidParameterException("--precision", "float",
                    "double for libsvm input (sparse rows are mapped in double)");
        }
        int d = dimension(cfg, input, dimension);
        java.util.Optional<org.rf4j.Bandwidth.Fit> pending = cfg.bandwidthFit();
        if (pending.isPresent()) {
            String key = pending.get().rules().keySet().iterator().next();
            throw new InvalidInputException("--config " + configName + ": its kernel." + key + " = \""
                    + pending.get().rules().get(key) + "\" is fitted from dense rows, and --input " + input
                    + " is libsvm (sparse); give --config a config with " + key + " as a number, e.g. {\"kernel\":"
                    + " {\"id\": \"gaussian\", \"" + key + "\": 1.0}}");
        }
        timing.read += System.nanoTime() - start;
        try (SvmLightReader reader = SvmLightReader.open(input, d)) {
            timing.inputs = d;
            RandomFeatureMap est = cfg.fit(d);
            int f = est.outputDimension();
            timing.features = f;
            Memory.require("--chunk", chunk, "one chunk of " + chunk + " rows with " + f + " features",
                    Memory.product(chunk, 2L * f + 2, 8L));
            List<String> columns = new ArrayList<>(DataFiles.names("f", f));
            if (labelled) {
                columns.add(LABEL);
            }
            try (RowWriter writer = DataFiles.create(output, columns, false)) {
                Matrix buffer = null;
                SvmLightReader.Chunk c;
                long t0 = System.nanoTime();
                while ((c = reader.next(chunk)) != null) {
                    long t1 = System.nanoTime();
                    timing.read += t1 - t0;
                    Matrix feats;
                    try {
                        Matrix out = c.rows() == chunk ? buffer : null;
                        feats = side == Side.QUERY ? est.transform(c.x(), out) : est.transformKeys(c.x(), out);
                    } catch (RowNormException e) {
                        throw new InvalidInputException(input + ", line " + reader.line(e.row()) + ": " + e.problem());
                    }
                    if (c.rows() == chunk) {
                        buffer = feats;
                    }
                    long t2 = System.nanoTime();
                    timing.map += t2 - t1;
                    double[] labels = c.labels();
                    writer.write(labelled ? withLabels(feats, i -> labels[i]) : feats);
                    t0 = System.nanoTime();
                    timing.write += t0 - t2;
                }
                return timing.finish(writer, t0, start);
            }
        }
    }

    /** {@code --dimension}, else the fitted config's dimension, else the file's largest index. */
    private static int dimension(RandomFeatures cfg, Path input, Integer given) throws IOException {
        if (given != null) {
            if (given < 1) {
                throw new InvalidParameterException("--dimension", given, "an integer >= 1 (the input width)");
            }
            return given;
        }
        Integer fitted = cfg.spec().dimension();
        if (fitted != null) {
            return fitted;
        }
        int d = SvmLightReader.largestIndex(input);
        if (d < 1) {
            throw new InvalidInputException(input + ": no line has an <index>:<value> entry, so the input dimension"
                    + " is unknown; give it with --dimension");
        }
        return d;
    }

    /** The features with each row's label appended as the last column. */
    static Matrix withLabels(Matrix feats, java.util.function.IntToDoubleFunction label) {
        int f = feats.cols();
        Matrix m = Matrix.zeros(feats.rows(), f + 1);
        double[] src = feats.data();
        double[] dst = m.data();
        for (int i = 0; i < feats.rows(); i++) {
            System.arraycopy(src, i * f, dst, i * (f + 1), f);
            dst[i * (f + 1) + f] = label.applyAsDouble(i);
        }
        return m;
    }
}
