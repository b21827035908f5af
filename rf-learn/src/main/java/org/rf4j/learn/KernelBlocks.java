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

import org.rf4j.api.InvalidInputException;
import org.rf4j.api.Matrix;
import org.rf4j.api.kernel.Kernel;
import org.rf4j.api.kernel.KernelKind;
import org.rf4j.api.linalg.LinearAlgebra;

/** Exact unit-kernel blocks {@code K(X, Y)} by one GEMM and an elementwise exp. */
final class KernelBlocks {
    private KernelBlocks() {
    }

    /**
     * {@code K(xᵢ, yⱼ)} for the unit kernel (inputs already in kernel coordinates): the kernel's own
     * block ({@link Kernel#unitValues});
     * Gaussian {@code exp(xᵀy − |x|²/2 − |y|²/2)}, softmax {@code exp(xᵀy)}.
     *
     * @throws InvalidInputException if a softmax value overflows
     */
    static Matrix unitKernel(Kernel kernel, Matrix x, Matrix y) {
        if (kernel.unitKind().isPresent()) {
            return unitKernel(kernel.kind(), x, y);
        }
        Matrix out = Matrix.zeros(x.rows(), y.rows());
        kernel.unitValues(x, y, out.data());
        return out;
    }

    /** The Gaussian or softmax unit kernel's block (see {@link #unitKernel(Kernel, Matrix, Matrix)}). */
    static Matrix unitKernel(KernelKind kind, Matrix x, Matrix y) {
        Matrix z = LinearAlgebra.multiplyTransposed(x, y, null);
        double[] zd = z.data();
        int n = x.rows();
        int l = y.rows();
        if (kind == KernelKind.GAUSSIAN) {
            double[] xs = x.rowSquaredNorms();
            double[] ys = y.rowSquaredNorms();
            for (int i = 0; i < n; i++) {
                double a = 0.5 * xs[i];
                int row = i * l;
                for (int j = 0; j < l; j++) {
                    // never above 0 in exact arithmetic; clamp the rounding of nearly equal points
                    zd[row + j] = Math.min(0.0, zd[row + j] - a - 0.5 * ys[j]);
                }
            }
        }
        LinearAlgebra.exp(zd);
        if (kind == KernelKind.SOFTMAX) {
            for (int i = 0; i < zd.length; i++) {
                if (!Double.isFinite(zd[i])) {
                    throw new InvalidInputException("softmax kernel exp(xᵀy) overflows at row " + i / l + " and landmark/column "
                            + i % l + " (xᵀy = " + Math.log(zd[i]) + "); scale the inputs down");
                }
            }
        }
        return z;
    }
}
