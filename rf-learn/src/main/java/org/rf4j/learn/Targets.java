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
package org.rf4j.learn;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.TreeSet;
import org.rf4j.api.Checks;
import org.rf4j.api.InvalidInputException;
import org.rf4j.api.Matrix;
import org.apiguardian.api.API;

/**
 * What the ridge models are trained to output: for classification the one-vs-rest ±1 matrix
 * (scikit-learn's {@code RidgeClassifier}: +1 in the row's class column, −1 elsewhere) with the
 * class names, for regression the values as one column.
 *
 * @param task    the task
 * @param y       n×c targets
 * @param classes class names (column j of y is class j), empty for regression
 * @param index   for classification each row's class column, else null
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public record Targets(LearningTask task, Matrix y, List<String> classes, int[] index) {
    public Targets {
        Objects.requireNonNull(task, "task");
        Objects.requireNonNull(y, "y");
        classes = List.copyOf(classes);
    }

    /**
     * Classification targets from integer labels; {@code names} names label codes when the labels
     * were nominal (label k is {@code names.get(k)}), else (empty) the codes are the names.
     */
    public static Targets classes(int[] labels, List<String> names) {
        if (labels.length == 0) {
            throw new InvalidInputException("no training rows: classification needs labelled rows");
        }
        TreeSet<Integer> codes = new TreeSet<>();
        for (int l : labels) {
            codes.add(l);
        }
        if (codes.size() < 2) {
            throw new InvalidInputException("the label column has only the class " + name(codes.first(), names)
                    + "; classification needs at least 2 classes");
        }
        List<Integer> order = new ArrayList<>(codes);
        List<String> classNames = new ArrayList<>();
        for (int code : order) {
            classNames.add(name(code, names));
        }
        int c = order.size();
        Matrix y = Matrix.zeros(labels.length, c);
        int[] index = new int[labels.length];
        for (int i = 0; i < labels.length; i++) {
            int k = order.indexOf(labels[i]);
            index[i] = k;
            for (int j = 0; j < c; j++) {
                y.data()[i * c + j] = j == k ? 1.0 : -1.0;
            }
        }
        return new Targets(LearningTask.CLASSIFY, y, classNames, index);
    }

    private static String name(int code, List<String> names) {
        return names.isEmpty() ? Integer.toString(code) : names.get(code);
    }

    /** Regression targets. */
    public static Targets values(double[] values) {
        Checks.finite("targets", values);
        if (values.length == 0) {
            throw new InvalidInputException("no training rows: regression needs labelled rows");
        }
        return new Targets(LearningTask.REGRESS, Matrix.wrap(values.length, 1, values.clone()), List.of(), null);
    }

    public int rows() {
        return y.rows();
    }

    /** The targets of some rows (in that order). */
    public Targets rows(int[] which) {
        int c = y.cols();
        Matrix sub = Matrix.zeros(which.length, c);
        int[] idx = index == null ? null : new int[which.length];
        for (int i = 0; i < which.length; i++) {
            System.arraycopy(y.data(), which[i] * c, sub.data(), i * c, c);
            if (idx != null) {
                idx[i] = index[which[i]];
            }
        }
        return new Targets(task, sub, classes, idx);
    }
}
