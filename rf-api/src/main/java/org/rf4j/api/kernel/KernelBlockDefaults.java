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
package org.rf4j.api.kernel;

import org.rf4j.api.DimensionMismatchException;
import org.rf4j.api.Matrix;
import org.rf4j.api.linalg.LinearAlgebra;

/** The default kernel block of {@link Kernel#unitValues}. */
final class KernelBlockDefaults {
    private KernelBlockDefaults() {
    }

    static void unitValues(Kernel kernel, Matrix x, Matrix y, double[] out) {
        int n = x.rows();
        int l = y.rows();
        int d = x.cols();
        check(x, y, out);
        var iso = kernel.capability(Isotropic.class);
        if (iso.isPresent()) {
            // |x − y|² = |x|² + |y|² − 2xᵀy, clamped at 0, then the radial profile
            Matrix z = Matrix.wrap(n, l, out.length == n * l ? out : new double[n * l]);
            LinearAlgebra.multiplyTransposed(x, y, z);
            double[] zd = z.data();
            double[] xs = x.rowSquaredNorms();
            double[] ys = y.rowSquaredNorms();
            for (int i = 0; i < n; i++) {
                int row = i * l;
                for (int j = 0; j < l; j++) {
                    zd[row + j] = Math.sqrt(Math.max(0.0, xs[i] + ys[j] - 2 * zd[row + j]));
                }
            }
            iso.get().radialValues(zd, 0, n * l);
            if (zd != out) {
                System.arraycopy(zd, 0, out, 0, n * l);
            }
            return;
        }
        double[] a = new double[d];
        double[] b = new double[d];
        for (int i = 0; i < n; i++) {
            System.arraycopy(x.data(), i * d, a, 0, d);
            for (int j = 0; j < l; j++) {
                System.arraycopy(y.data(), j * d, b, 0, d);
                out[i * l + j] = kernel.unitValue(a, b);
            }
        }
    }

    /** Same column counts and room for the block. */
    static void check(Matrix x, Matrix y, double[] out) {
        if (x.cols() != y.cols()) {
            throw new DimensionMismatchException("x has " + x.cols() + " columns but y has " + y.cols());
        }
        if (out.length < (long) x.rows() * y.rows()) {
            throw new DimensionMismatchException("the kernel block needs " + (long) x.rows() * y.rows()
                    + " entries but out has " + out.length);
        }
    }
}
