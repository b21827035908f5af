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
import org.rf4j.api.Matrix;
import org.rf4j.api.linalg.LinearAlgebra;
import org.rf4j.api.linalg.PackedTranspose;
import org.rf4j.api.random.Seeds;
import org.rf4j.api.random.SpectralSamplers;
import org.apiguardian.api.API;

/**
 * Random Fourier features of the skewed χ² kernel (Li, Ionescu &amp; Sminchisescu, "Random Fourier
 * Approximations for Skewed Multiplicative Histogram Kernels", 2010; scikit-learn's
 * {@code SkewedChi2Sampler}): {@code φ(x) = √(2/m)·(cos(w_jᵀ ln(x + c) + b_j))_j} with iid
 * hyperbolic-secant coordinates {@code w_ji = (1/π)·ln tan(πU/2)} (density {@code sech(πω)}) and
 * phases {@code b_j ~ U[0, 2π)}.
 *
 * <p>The secant law's characteristic function is {@code sech(t/2)} and
 * {@code 2√(ab)/(a + b) = sech(ln(a/b)/2)}, so {@code φ(x)ᵀφ(y)} is unbiased for
 * {@code k(x, y) = Π_i 2√(x_i+c)√(y_i+c)/(x_i+y_i+2c)}
 * ({@link org.rf4j.theory.ExactKernels#skewedChi2}); as a random-Fourier map of Δ = ln(x+c) − ln(y+c)
 * its MSE is {@code (1 + k(2Δ)/2 − k(Δ)²)/m} ({@link org.rf4j.theory.ShiftInvariantTheory#randomFourierMse}),
 * with {@code k(2Δ) = Π_i sech(Δ_i)}.
 *
 * <p>Every entry must be &gt; −c; anything else is refused naming its 1-based row and column. The
 * draw order from {@code Seeds.generator(seed)}: the m rows w_j (d secant draws each, row after
 * row), then the m phases.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class SkewedChi2Features extends RowFeatures {
    private final double skewedness;
    private final double scale;
    private final double[] phase;
    private final Matrix weights;
    private final PackedTranspose packed;

    /**
     * Draws the map.
     *
     * @param d          input dimension (≥ 1)
     * @param m          number of features (≥ 1)
     * @param skewedness c &gt; 0, added to every entry before the logarithm
     * @param seed       the seed of the frequencies and phases
     */
    public SkewedChi2Features(int d, int m, double skewedness, long seed) {
        super(positiveCount("d", d), width("m", positiveCount("m", m)));
        this.skewedness = positiveFinite("skewedness", skewedness);
        this.scale = Math.sqrt(2.0 / m);
        RandomGenerator rng = Seeds.generator(seed);
        double[] w = new double[cells(m, m, d)];
        double[] row = new double[d];
        for (int j = 0; j < m; j++) {
            SpectralSamplers.skewedChi2(rng, row);
            System.arraycopy(row, 0, w, j * d, d);
        }
        this.phase = new double[m];
        for (int j = 0; j < m; j++) {
            phase[j] = 2 * Math.PI * rng.nextDouble();
        }
        this.weights = Matrix.wrap(m, d, w);
        this.packed = LinearAlgebra.packTransposed(weights);
    }

    /** The skewedness c. */
    public double skewedness() {
        return skewedness;
    }

    /** The drawn frequencies w_j (m×d), a copy. */
    public Matrix weights() {
        return weights.copy();
    }

    /** The drawn phases b_j, a copy. */
    public double[] phases() {
        return phase.clone();
    }

    @Override
    void checkEntry(double value, int row, int column) {
        if (!(value + skewedness > 0)) {
            throw badEntry("skewed-chi2", value, row, column, "a number > -skewedness = " + (-skewedness));
        }
    }

    @Override
    void fill(double[] x, int n, double[] out) {
        double[] logs = new double[n * d];
        for (int k = 0; k < logs.length; k++) {
            logs[k] = Math.log(x[k] + skewedness);
        }
        packed.multiplyRows(logs, 0, n, out, 0, width);
        for (int i = 0; i < n; i++) {
            int off = i * width;
            for (int j = 0; j < width; j++) {
                out[off + j] += phase[j];
            }
            LinearAlgebra.cos(out, off, scale, out, off, width);
        }
    }
}
