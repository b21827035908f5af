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
package org.rf4j.features.kernelmaps;

import java.util.random.RandomGenerator;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Matrix;
import org.rf4j.api.linalg.LinearAlgebra;
import org.rf4j.api.linalg.PackedTranspose;
import org.rf4j.api.random.Seeds;
import org.apiguardian.api.API;

/**
 * Arc-cosine features of order n = 0, 1, 2 (Cho &amp; Saul, "Kernel Methods for Deep Learning",
 * NIPS 2009): {@code φ(x) = √(2/m)·(Θ(w_jᵀx)(w_jᵀx)ⁿ)_j} with m iid rows {@code w_j ~ N(0, I_d)} and
 * Θ the step function (Θ(0) = 0). For n = 0, 1, 2 these are step, ReLU and squared-ReLU features.
 *
 * <p>{@code E[2Θ(wᵀx)Θ(wᵀy)(wᵀx)ⁿ(wᵀy)ⁿ] = (1/π)‖x‖ⁿ‖y‖ⁿJ_n(θ)}, the arc-cosine kernel
 * ({@link org.rf4j.theory.ExactKernels#arcCosine}), so {@code φ(x)ᵀφ(y)} is unbiased; its MSE is
 * {@link org.rf4j.theory.ShiftInvariantTheory#arcCosineMse} ({@code ((2/π)‖x‖^{2n}‖y‖^{2n}J_{2n}(θ) − k²)/m}).
 *
 * <p>The rows are drawn from {@code Seeds.generator(seed)}: row j, entry i is the
 * {@code (j·d + i)}-th {@code nextGaussian()}; the same (d, m, order, seed) gives the same bits.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class ArcCosineFeatures extends RowFeatures {
    private final int order;
    private final double scale;
    private final Matrix weights;
    private final PackedTranspose packed;

    /**
     * Draws the map.
     *
     * @param d     input dimension (≥ 1)
     * @param m     number of features (≥ 1)
     * @param order 0 (step), 1 (ReLU) or 2 (squared ReLU)
     * @param seed  the seed of the Gaussian rows
     */
    public ArcCosineFeatures(int d, int m, int order, long seed) {
        super(positiveCount("d", d), width("m", positiveCount("m", m)), true);
        if (order < 0 || order > 2) {
            throw new InvalidParameterException("order", order, "0, 1 or 2 (step, ReLU, squared ReLU)");
        }
        this.order = order;
        this.scale = Math.sqrt(2.0 / m);
        RandomGenerator rng = Seeds.generator(seed);
        double[] w = new double[cells(m, m, d)];
        for (int k = 0; k < w.length; k++) {
            w[k] = rng.nextGaussian();
        }
        this.weights = Matrix.wrap(m, d, w);
        this.packed = LinearAlgebra.packTransposed(weights);
    }

    /** The order n. */
    public int order() {
        return order;
    }

    /** The drawn rows w_j (m×d), a copy. */
    public Matrix weights() {
        return weights.copy();
    }

    @Override
    void fill(double[] x, int n, double[] out) {
        packed.multiplyRows(x, 0, n, out, 0, width);
        for (int k = 0; k < n * width; k++) {
            out[k] = feature(out[k]);
        }
    }

    private double feature(double z) {
        if (!(z > 0)) {
            return 0.0;
        }
        return switch (order) {
            case 0 -> scale;
            case 1 -> scale * z;
            default -> scale * z * z;
        };
    }
}
