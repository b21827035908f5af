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
     * Labels are data: when every label of the column is a number, each must be finite. The first NaN or
     * infinite label is refused naming the file, its 1-based line (the row for {@code .npy}) and the
     * column, instead of the column being taken for class names (one NaN in a regression target would
     * otherwise make every distinct value a class).
     */
    void requireFiniteNumericLabels(Path file) throws IOException {
        int bad = -1;
        for (int i = 0; i < labels.size(); i++) {
            double v;
            try {
                v = Double.parseDouble(labels.get(i).strip());
            } catch (NumberFormatException e) {
                return; // class names: not a numeric column
            }
            if (!Double.isFinite(v) && bad < 0) {
                bad = i;
            }
        }
        if (bad < 0) {
            return;
        }
        long line = 0;
        try (RowReader r = DataFiles.open(file, DataOptions.defaults().withLabel(labelColumn))) {
            long seen = 0;
            RowReader.Chunk c;
            while (line == 0 && (c = r.next(4096)) != null) {
                if (bad < seen + c.rows()) {
                    line = r.line((int) (bad - seen));
                }
                seen += c.rows();
            }
        }
        throw new InvalidInputException(file + (line > 0 ? ", line " + line : ", row " + (bad + 1)) + ", column '"
                + labelColumn + "': label '" + labels.get(bad).strip() + "' is not a finite number; a numeric label"
                + " column must hold finite numbers (fix or remove the row)");
    }
}
