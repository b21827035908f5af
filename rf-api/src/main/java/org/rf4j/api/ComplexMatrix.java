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
package org.rf4j.api;

import org.apiguardian.api.API;

/**
 * A dense complex matrix as two row-major real matrices of the same shape.
 *
 * <p>rf4j estimates a kernel as {@code Re φ₁(x)ᵀφ₂(y)} with no conjugation (the papers'
 * convention). Since {@code Re(aᵀb) = [Re a, Im a]ᵀ[Re b, −Im b]}, a complex feature map is
 * exposed downstream as a real map of twice the dimension: {@link #realifyQuery} on the query
 * side and {@link #realifyKey} on the key side. Every consumer (Gram, K̂·c, attention) therefore
 * sees only real features.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public record ComplexMatrix(Matrix re, Matrix im) {
    public ComplexMatrix {
        if (re.rows() != im.rows() || re.cols() != im.cols()) {
            throw new DimensionMismatchException("real part " + re.shape() + " and imaginary part " + im.shape()
                    + " differ in shape");
        }
    }

    public static ComplexMatrix zeros(int rows, int cols) {
        return new ComplexMatrix(Matrix.zeros(rows, cols), Matrix.zeros(rows, cols));
    }

    public int rows() {
        return re.rows();
    }

    public int cols() {
        return re.cols();
    }

    /** Writes {@code [Re | Im]} into {@code out} (rows × 2·cols), allocating if null. */
    public Matrix realifyQuery(Matrix out) {
        return realify(out, 1.0);
    }

    /** Writes {@code [Re | −Im]} into {@code out} (rows × 2·cols), allocating if null. */
    public Matrix realifyKey(Matrix out) {
        return realify(out, -1.0);
    }

    private Matrix realify(Matrix out, double imSign) {
        int n = rows();
        int c = cols();
        Matrix o = Matrix.requireShape(out, n, 2 * c, "realified features");
        double[] r = re.data();
        double[] m = im.data();
        double[] od = o.data();
        for (int i = 0; i < n; i++) {
            System.arraycopy(r, i * c, od, i * 2 * c, c);
            for (int j = 0; j < c; j++) {
                od[i * 2 * c + c + j] = imSign * m[i * c + j];
            }
        }
        return o;
    }
}
