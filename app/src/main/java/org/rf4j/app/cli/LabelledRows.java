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
import java.util.List;
import org.rf4j.api.InvalidInputException;
import org.rf4j.api.Matrix;
import org.rf4j.io.DataFiles;
import org.rf4j.io.DataOptions;
import org.rf4j.io.Dataset;
import org.rf4j.io.RowReader;

/**
 * A data file for {@code rf4j fit}/{@code predict}: the feature rows, their column names and, when
 * there is a label column, each row's label as written (class name or number).
 */
record LabelledRows(Matrix x, List<String> columns, String labelColumn, List<String> labels) {

    /**
     * The default label column of a file: the label rule ({@link DataFiles#ruleLabel}: ARFF's class
     * attribute, or the column called label or class), else the last column.
     */
    static String defaultLabel(Path file) throws IOException {
        String ruled = DataFiles.ruleLabel(file, DataOptions.defaults(), null);
        return ruled != null ? ruled : "-1";
    }

    /** Reads a file with a label column (null label: the file type's default). */
    static LabelledRows read(Path file, String option, String label) throws IOException {
        String l = label != null ? label : defaultLabel(file);
        Dataset ds = DataFiles.read(file, DataOptions.defaults().withLabel(l));
        if (ds.labels() == null) {
            throw new InvalidInputException(option + " " + file + " has no label column; name it with --label (name or 0-based"
                    + " index, -1 = last)");
        }
        List<String> names = ds.classes();
        List<String> labels = new ArrayList<>(ds.rows());
        for (int code : ds.labels()) {
            labels.add(names.isEmpty() ? Integer.toString(code) : names.get(code));
        }
        String labelName;
        try (RowReader r = DataFiles.open(file, DataOptions.defaults().withLabel(l))) {
            labelName = r.labelColumn();
        }
        return new LabelledRows(ds.x(), ds.columns(), labelName, labels);
    }

    /** Reads a file without a label column. */
    static LabelledRows unlabelled(Path file) throws IOException {
        Dataset ds = DataFiles.read(file, DataOptions.defaults().withLabel(null));
        return new LabelledRows(ds.x(), ds.columns(), null, null);
    }

    /** The number of columns of a file, label included. */
    static int width(Path file) throws IOException {
        try (RowReader r = DataFiles.open(file, DataOptions.defaults().withLabel(null))) {
            return r.dimension() + (r.labelColumn() == null ? 0 : 1);
        }
    }

    /** Each label as a number, or null if some label is not a number. */
    double[] numericLabels() {
        double[] v = new double[labels.size()];
        for (int i = 0; i < v.length; i++) {
            try {
                v[i] = Double.parseDouble(labels.get(i).strip());
            } catch (NumberFormatException e) {
                return null;
            }
            if (!Double.isFinite(v[i])) {
                return null;
            }
        }
        return v;
    }

    /**
     * Labels are data. A missing (empty) label, and a label that is not a finite number in a column
     * whose labels are all numbers, is refused naming the file, its 1-based line (the row for
     * {@code .npy}) and the column; one NaN in a regression target would otherwise make every distinct
     * value a class, and an empty cell a class of its own. With {@code dropMissing} such rows are
     * dropped instead, and the count is reported on {@code err}.
     *
     * @return these rows, or these rows without the dropped ones
     */
    LabelledRows requireLabels(Path file, boolean dropMissing, PrintWriter err) throws IOException {
        boolean numeric = true;
        for (String l : labels) {
            if (!l.isBlank() && !isNumber(l)) {
                numeric = false;
                break;
            }
        }
        List<Integer> bad = new ArrayList<>();
        for (int i = 0; i < labels.size(); i++) {
            String l = labels.get(i);
            if (l.isBlank() || numeric && !Double.isFinite(Double.parseDouble(l.strip()))) {
                bad.add(i);
            }
        }
        if (bad.isEmpty()) {
            return this;
        }
        if (!dropMissing) {
            int first = bad.get(0);
            String l = labels.get(first).strip();
            long line = lineOf(file, first);
            throw new InvalidInputException(file + (line > 0 ? ", line " + line : ", row " + (first + 1)) + ", column '"
                    + labelColumn + "': " + (l.isEmpty() ? "the label is missing" : "label '" + l
                    + "' is not a finite number; a numeric label column must hold finite numbers")
                    + " (fix or remove the row, or drop such rows with --drop-missing-labels)");
        }
        if (bad.size() == labels.size()) {
            throw new InvalidInputException(file + ", column '" + labelColumn + "': every label is missing or not a"
                    + " finite number; there is nothing to learn from");
        }
        int d = x.cols();
        int keep = labels.size() - bad.size();
        double[] kept = new double[keep * d];
        List<String> keptLabels = new ArrayList<>(keep);
        int next = 0;
        int k = 0;
        for (int i = 0; i < labels.size(); i++) {
            if (next < bad.size() && bad.get(next) == i) {
                next++;
                continue;
            }
            System.arraycopy(x.data(), i * d, kept, k * d, d);
            keptLabels.add(labels.get(i));
            k++;
        }
        err.println("rf4j: dropped " + bad.size() + " of " + labels.size() + " rows of " + file
                + " whose label is missing or not a finite number (--drop-missing-labels)");
        return new LabelledRows(Matrix.wrap(keep, d, kept), columns, labelColumn, keptLabels);
    }

    private static boolean isNumber(String s) {
        try {
            Double.parseDouble(s.strip());
            return true;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /**
     * An entry that the kernel refused while these rows (as read from {@code file}, not standardised)
     * were mapped, located in the file: the first row holding the refused value in that column, its
     * 1-based line and file column, with the column's name when the file has a header. The refusal
     * itself when no row holds the value (the map saw transformed rows).
     */
    RuntimeException locate(Path file, org.rf4j.api.InputEntryException e) throws IOException {
        int d = x.cols();
        int j = e.column();
        if (j >= d) {
            return e;
        }
        long bits = Double.doubleToLongBits(e.value());
        for (int i = 0; i < x.rows(); i++) {
            if (Double.doubleToLongBits(x.data()[i * d + j]) == bits) {
                long line = lineOf(file, i);
                String name = columns == null || j >= columns.size() || ModelColumns.unnamed(List.of(columns.get(j))) ? null
                        : columns.get(j);
                int fileColumn = j + 1;
                try (RowReader r = DataFiles.open(file, DataOptions.defaults().withLabel(labelColumn))) {
                    List<String> names = r.columns();
                    int k = name == null || names == null ? j : names.indexOf(name);
                    fileColumn = r.fileColumn(k < 0 ? j : k);
                }
                return new InvalidInputException(file + (line > 0 ? ", line " + line + " (row " + (i + 1) + ")"
                        : ", row " + (i + 1)) + ", column " + fileColumn + (name == null ? "" : " ('" + name + "')")
                        + ": entry " + e.value() + " " + e.problem());
            }
        }
        return e;
    }

    /** The 1-based line of data row {@code index} (0-based), or 0 where the format has no lines. */
    private long lineOf(Path file, int index) throws IOException {
        try (RowReader r = DataFiles.open(file, DataOptions.defaults().withLabel(labelColumn))) {
            long seen = 0;
            RowReader.Chunk c;
            while ((c = r.next(4096)) != null) {
                if (index < seen + c.rows()) {
                    return r.line((int) (index - seen));
                }
                seen += c.rows();
            }
        }
        return 0;
    }
}
