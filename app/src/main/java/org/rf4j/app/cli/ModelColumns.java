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
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.rf4j.api.InvalidInputException;
import org.rf4j.api.Matrix;
import org.rf4j.io.DataFiles;
import org.rf4j.io.DataOptions;
import org.rf4j.io.RowReader;
import org.rf4j.learn.GaussianProcess;
import org.rf4j.learn.RidgeModel;

/**
 * Matches the columns of a data file to the input columns a model was trained on, for
 * {@code rf4j predict}. When both have names (a header, ARFF attributes), columns are matched by
 * name: columns in another order are reordered (with a note), and a missing column or a column the
 * model does not take (other than the label) is refused naming it. When the file or the model has
 * no names (a file without a header, {@code .npy}), columns are matched by position, only when the
 * counts agree, with a warning that the names cannot be checked.
 */
final class ModelColumns {
    private ModelColumns() {
    }

    /**
     * What a model takes: its input columns' names (in order), its label column (or null) and the
     * number of inputs.
     */
    record Inputs(List<String> columns, String labelColumn, int inputDimension) {
        static Inputs of(RidgeModel m) {
            return new Inputs(m.columns(), m.labelColumn(), m.inputDimension());
        }

        /** A Gaussian process's inputs; one saved without names takes c0, c1, … (matched by position). */
        static Inputs of(GaussianProcess m) {
            if (m.columns() != null) {
                return new Inputs(m.columns(), m.labelColumn(), m.inputDimension());
            }
            List<String> names = new ArrayList<>();
            for (int j = 0; j < m.inputDimension(); j++) {
                names.add("c" + j);
            }
            return new Inputs(names, null, m.inputDimension());
        }
    }

    /** Names such as {@code c0, c3}: what a file without a header gets, so no names at all. */
    static boolean unnamed(List<String> names) {
        return names.stream().allMatch(n -> n.matches("c\\d+"));
    }

    /**
     * The rows of {@code data} with their feature columns in the model's order.
     *
     * @param label the {@code --label} option, or null
     * @param err   where the note on reordered columns and the warning on unchecked names go
     */
    static LabelledRows read(RidgeModel model, Path data, String label, PrintWriter err) throws IOException {
        return read(Inputs.of(model), data, label, err);
    }

    /** As {@link #read(RidgeModel, Path, String, PrintWriter)} for any model's inputs. */
    static LabelledRows read(Inputs model, Path data, String label, PrintWriter err) throws IOException {
        List<String> inputs = model.columns();
        List<String> names = new ArrayList<>();
        try (RowReader r = DataFiles.open(data, DataOptions.defaults().withLabel(null))) {
            names.addAll(r.columns());
            if (r.labelColumn() != null) {
                names.add(r.labelColumn());
            }
        }
        if (unnamed(names) || unnamed(inputs)) {
            LabelledRows rows = byPosition(model, data, label, names.size());
            if (!(unnamed(names) && unnamed(inputs))) {
                err.println("rf4j: warning: " + (unnamed(names) ? "--data " + data + " has no header"
                        : "the model was trained on columns without names") + ", so its " + inputs.size()
                        + " input columns are matched by position; the names cannot be checked");
            }
            return rows;
        }
        return byName(model, data, label, names, err);
    }

    private static LabelledRows byName(Inputs model, Path data, String label, List<String> names, PrintWriter err)
            throws IOException {
        List<String> inputs = model.columns();
        Set<String> seen = new HashSet<>();
        for (String n : names) {
            if (inputs.contains(n) && !seen.add(n)) {
                throw new InvalidInputException("--data " + data + " has two columns named '" + n
                        + "'; the model's input columns are matched by name, so each must appear once");
            }
        }
        List<String> missing = inputs.stream().filter(n -> !names.contains(n)).toList();
        if (!missing.isEmpty()) {
            throw new InvalidInputException("--data " + data + " lacks the model's input column" + (missing.size() == 1
                    ? " '" + missing.get(0) + "'" : "s " + quoted(missing)) + "; its columns are " + quoted(names) + ", the model takes " + quoted(inputs));
        }
        List<String> extra = names.stream().filter(n -> !inputs.contains(n)).toList();
        String l = label;
        // the one column the model does not take is the label when it is the model's, or called label or class
        if (l == null && extra.size() == 1 && (model.labelColumn() == null || unnamed(List.of(model.labelColumn()))
                || extra.get(0).equals(model.labelColumn())
                || DataFiles.LABEL_NAMES.contains(extra.get(0).strip().toLowerCase(java.util.Locale.ROOT)))) {
            l = extra.get(0);
        }
        LabelledRows rows;
        if (l != null) {
            rows = LabelledRows.read(data, "--data", l);
        } else if (extra.isEmpty()) {
            rows = LabelledRows.unlabelled(data);
        } else {
            rows = null;
        }
        List<String> unused = rows == null ? extra
                : rows.columns().stream().filter(n -> !inputs.contains(n)).toList();
        if (!unused.isEmpty()) {
            throw new InvalidInputException("--data " + data + " has " + names.size() + " columns, with " + quoted(unused)
                    + " that the model does not take; the model takes " + inputs.size() + " inputs " + quoted(inputs)
                    + (model.labelColumn() == null ? "" : " and its label column is '" + model.labelColumn() + "'")
                    + (label == null ? "; name the label column with --label or remove the others" : ""));
        }
        int d = inputs.size();
        int[] from = new int[d];
        boolean moved = false;
        for (int j = 0; j < d; j++) {
            from[j] = rows.columns().indexOf(inputs.get(j));
            if (from[j] < 0) {
                throw new InvalidInputException("--label " + label + " names the model's input column '" + inputs.get(j)
                        + "'; the label is a column the model does not take");
            }
            moved |= from[j] != j;
        }
        if (!moved) {
            return rows;
        }
        err.println("rf4j: note: the columns of --data " + data + " are in another order than the model's; they are matched"
                + " by name to " + quoted(inputs));
        Matrix x = rows.x();
        int n = x.rows();
        int c = x.cols();
        double[] src = x.data();
        double[] dst = new double[n * d];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < d; j++) {
                dst[i * d + j] = src[i * c + from[j]];
            }
        }
        return new LabelledRows(Matrix.wrap(n, d, dst), inputs, rows.labelColumn(), rows.labels());
    }

    /** Matching by position: the file has the model's count of columns, or one more (the label). */
    private static LabelledRows byPosition(Inputs model, Path data, String label, int width) throws IOException {
        int d = model.inputDimension();
        LabelledRows rows;
        if (label != null || width == d + 1) {
            String l = label;
            if (l == null) {
                l = model.labelColumn() != null && !model.labelColumn().matches("c\\d+") ? model.labelColumn() : "-1";
            }
            try {
                rows = LabelledRows.read(data, "--data", l);
            } catch (org.rf4j.io.DataFormatException e) {
                if (label == null && !"-1".equals(l)) {
                    rows = LabelledRows.read(data, "--data", "-1");
                } else {
                    throw e;
                }
            }
        } else if (width == d) {
            rows = LabelledRows.unlabelled(data);
        } else {
            throw new InvalidInputException("--data " + data + " has " + width + " columns; the model takes " + d + " inputs "
                    + model.columns() + (model.labelColumn() == null ? "" : " (plus, optionally, the label column '"
                    + model.labelColumn() + "')"));
        }
        if (rows.x().cols() != d) {
            throw new InvalidInputException("--data " + data + " has " + rows.x().cols() + " feature columns; the model takes " + d);
        }
        return rows;
    }

    private static String quoted(List<String> names) {
        StringBuilder b = new StringBuilder();
        for (String n : names) {
            b.append(b.length() == 0 ? "" : ", ").append('\'').append(n).append('\'');
        }
        return "[" + b + "]";
    }
}
