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
package org.rf4j.evaluation;

import java.util.Objects;
import org.rf4j.api.DimensionMismatchException;
import org.rf4j.api.InvalidInputException;
import org.rf4j.api.Matrix;
import org.apiguardian.api.API;

/**
 * A classification data set: n objects as rows of a matrix and an integer class index per row.
 *
 * @param name     a short name for reports (e.g. {@code iris})
 * @param x        the objects, n×d, finite
 * @param labels   class indices in {@code [0, classes)}, one per row
 * @param classes  the number of classes (at least 2)
 */
@API(status = API.Status.INTERNAL, since = "0.1")
public record LabeledData(String name, Matrix x, int[] labels, int classes) {
    public LabeledData {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(x, "x");
        Objects.requireNonNull(labels, "labels");
        x.requireNonEmpty("data set '" + name + "'").requireFinite("data set '" + name + "'");
        if (labels.length != x.rows()) {
            throw new DimensionMismatchException("data set '" + name + "' has " + x.rows() + " rows but " + labels.length
                    + " labels");
        }
        if (classes < 2) {
            throw new InvalidInputException("data set '" + name + "' has " + classes
                    + " classes; classification needs at least 2");
        }
        for (int i = 0; i < labels.length; i++) {
            if (labels[i] < 0 || labels[i] >= classes) {
                throw new InvalidInputException("data set '" + name + "' row " + i + ": label " + labels[i]
                        + " is outside [0, " + classes + ")");
            }
        }
    }

    /** Builds a data set, counting classes as {@code max(label) + 1}. */
    public static LabeledData of(String name, Matrix x, int[] labels) {
        int max = 0;
        for (int l : labels) {
            max = Math.max(max, l);
        }
        return new LabeledData(name, x, labels, max + 1);
    }

    public int size() {
        return x.rows();
    }

    public int dimension() {
        return x.cols();
    }

    /** The rows at the given indices, in that order. */
    public LabeledData subset(int[] rows, String suffix) {
        int d = x.cols();
        double[] out = new double[rows.length * d];
        int[] lab = new int[rows.length];
        for (int k = 0; k < rows.length; k++) {
            System.arraycopy(x.data(), rows[k] * d, out, k * d, d);
            lab[k] = labels[rows[k]];
        }
        return new LabeledData(name + suffix, Matrix.wrap(rows.length, d, out), lab, classes);
    }
}
