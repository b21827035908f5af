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

import java.util.Locale;
import java.util.function.IntFunction;
import org.rf4j.api.FloatMatrix;
import org.rf4j.api.InvalidInputException;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Matrix;

/** The {@code --precision double|float} option shared by transform, attention and bench. */
final class Precision {
    private Precision() {
    }

    /** True for the fp32 path ({@code float}, {@code fp32}), false for {@code double}/{@code fp64}; else exit 2. */
    static boolean float32(String value) {
        return switch (value.toLowerCase(Locale.ROOT)) {
            case "double", "fp64" -> false;
            case "float", "fp32" -> true;
            default -> throw new InvalidParameterException("--precision", value, "double or float");
        };
    }

    /**
     * The inputs rounded once to float for the fp32 path; a finite value beyond float's range is
     * the user's error, named by {@code where.apply(row)} (a file and line, an option and a 1-based
     * row) and its 1-based column, with the column's name when the file has a header.
     *
     * @param names  the column names, or null (names such as {@code c0} of a file without a header are not shown)
     * @param column the 1-based column of the file that holds a 0-based feature (a label column may precede it)
     */
    static FloatMatrix rounded(Matrix x, IntFunction<String> where, java.util.List<String> names,
            java.util.function.IntUnaryOperator column) {
        FloatMatrix f = FloatMatrix.rounded(x);
        float[] fd = f.data();
        double[] xd = x.data();
        for (int k = 0; k < fd.length; k++) {
            if (Float.isInfinite(fd[k]) && !Double.isInfinite(xd[k])) {
                int j = k % x.cols();
                String name = names == null || j >= names.size() || ModelColumns.unnamed(java.util.List.of(names.get(j))) ? ""
                        : " (column '" + names.get(j) + "')";
                throw new InvalidInputException(where.apply(k / x.cols()) + ", column " + column.applyAsInt(j) + ": " + xd[k] + name
                        + " is beyond the float range of --precision float (|x| <= 3.4028235E38); use --precision double");
            }
        }
        return f;
    }
}
