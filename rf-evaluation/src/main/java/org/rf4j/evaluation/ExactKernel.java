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

import org.rf4j.api.Matrix;
import org.rf4j.api.kernel.Kernel;
import org.rf4j.api.kernel.KernelKind;
import org.rf4j.api.linalg.LinearAlgebra;

/** Exact kernel blocks from one matrix product: {@code log K} between row sets, in place. */
final class ExactKernel {
    private ExactKernel() {
    }

    /**
     * The n×l matrix of {@code log K(qᵢ, kⱼ)} for rows already multiplied by the kernel's input
     * scale, with their squared norms.
     */
    static Matrix logBlock(Kernel kernel, Matrix qScaled, double[] qNorm, Matrix kScaled, double[] kNorm) {
        Matrix dots = LinearAlgebra.multiplyTransposed(qScaled, kScaled, null);
        if (kernel.unitKind().isEmpty()) {
            // any other kernel: the log of its exact value, pair by pair
            int d = qScaled.cols();
            int l = kScaled.rows();
            for (int i = 0; i < qScaled.rows(); i++) {
                double[] q = java.util.Arrays.copyOfRange(qScaled.data(), i * d, (i + 1) * d);
                for (int j = 0; j < l; j++) {
                    dots.data()[i * l + j] = Math.log(kernel.unitValue(q,
                            java.util.Arrays.copyOfRange(kScaled.data(), j * d, (j + 1) * d)));
                }
            }
        } else if (kernel.kind() == KernelKind.GAUSSIAN) {
            double[] dd = dots.data();
            int l = kScaled.rows();
            for (int i = 0; i < qScaled.rows(); i++) {
                int o = i * l;
                for (int j = 0; j < l; j++) {
                    dd[o + j] = -0.5 * Math.max(0.0, qNorm[i] + kNorm[j] - 2 * dd[o + j]);
                }
            }
        }
        return dots;
    }
}
