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

import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.linalg.LinearAlgebra;
import org.apiguardian.api.API;

/**
 * The deterministic feature map of the additive χ² kernel {@code k(x, y) = Σ_i 2x_i y_i/(x_i + y_i)}
 * (Vedaldi &amp; Zisserman, "Efficient Additive Kernels via Explicit Feature Maps", 2012;
 * scikit-learn's {@code AdditiveChi2Sampler}, whose numbers it reproduces).
 *
 * <p>Per coordinate, {@code 2ab/(a+b) = √(ab)·sech(ln(a/b)/2) = √(ab)∫ sech(πλ)e^{iλ ln(a/b)}dλ}; sampling
 * that integral at λ = jL, j = −(s−1) … s−1 (s = {@code sampleSteps}, L = {@code sampleInterval}) gives
 * {@code 2s − 1} features per entry x &gt; 0: {@code √(xL)}, then for j = 1 … s−1
 * {@code √(2xL/cosh(πjL))·cos(jL ln x)} and {@code ·sin(jL ln x)}; an entry 0 gives zeros. The output is
 * laid out as scikit-learn's: the d square-root features, then for each j the d cosines and the d sines.
 * Its error against the exact kernel is the sampling error of that integral (aliasing and truncation),
 * not a random error; it shrinks as s grows and L falls.
 *
 * <p>The default interval for s = 1, 2, 3 is scikit-learn's (0.8, 0.5, 0.4); other s need an interval.
 * Negative entries are refused naming their 1-based row and column.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class AdditiveChi2Features extends RowFeatures {
    private final int steps;
    private final double interval;
    /** {@code √(2/cosh(πjL))} for j = 1 … s−1. */
    private final double[] weight;

    /** The map with scikit-learn's default interval for {@code sampleSteps} = 1, 2 or 3. */
    public AdditiveChi2Features(int d, int sampleSteps) {
        this(d, sampleSteps, defaultInterval(positiveCount("sampleSteps", sampleSteps)));
    }

    /**
     * The map.
     *
     * @param d              input dimension (≥ 1)
     * @param sampleSteps    s ≥ 1: 2s − 1 features per input entry
     * @param sampleInterval L &gt; 0, the spacing of the spectral samples
     */
    public AdditiveChi2Features(int d, int sampleSteps, double sampleInterval) {
        super(positiveCount("d", d), width("sampleSteps", (long) positiveCount("d", d)
                * (2L * positiveCount("sampleSteps", sampleSteps) - 1)), sampleSteps == 1);
        this.steps = sampleSteps;
        this.interval = positiveFinite("sampleInterval", sampleInterval);
        this.weight = new double[steps];
        for (int j = 1; j < steps; j++) {
            weight[j] = Math.sqrt(2 / Math.cosh(Math.PI * j * interval));
        }
    }

    /** scikit-learn's sampling interval for 1, 2 or 3 steps (Vedaldi &amp; Zisserman, Fig. 2c). */
    public static double defaultInterval(int sampleSteps) {
        return switch (sampleSteps) {
            case 1 -> 0.8;
            case 2 -> 0.5;
            case 3 -> 0.4;
            default -> throw new InvalidParameterException("sampleInterval", "has no default for sampleSteps = "
                    + sampleSteps + "; give one (a finite number > 0) or use sampleSteps 1, 2 or 3");
        };
    }

    /** s, the number of spectral samples per sign. */
    public int sampleSteps() {
        return steps;
    }

    /** L, the sampling interval. */
    public double sampleInterval() {
        return interval;
    }

    @Override
    void checkEntry(double value, int row, int column) {
        if (!(value >= 0)) {
            throw badEntry("chi2", value, row, column, "a number >= 0 (a histogram count or frequency)");
        }
    }

    /**
     * Per row: {@code r_i = √(x_iL)}, {@code θ_i = L·ln x_i} (0 for x_i = 0, whose features are then
     * {@code r_i·… = 0}), then per step j the vector kernels' {@code cos(jθ)} and {@code sin(jθ)} times
     * {@code r_i·√(2/cosh(πjL))}. Against scikit-learn's {@code √(2x_iL/cosh(πjL))·cos(jL ln x_i)} this
     * differs by the elementwise kernels' rounding (within a few ulp per feature).
     */
    @Override
    void fill(double[] x, int n, double[] out) {
        double[] root = new double[d];
        double[] theta = new double[d];
        double[] arg = new double[d];
        double[] scaled = new double[d];
        for (int r = 0; r < n; r++) {
            int in = r * d;
            int off = r * width;
            for (int i = 0; i < d; i++) {
                double v = x[in + i];
                root[i] = Math.sqrt(v * interval);
                theta[i] = v == 0 ? 0.0 : interval * Math.log(v);
            }
            System.arraycopy(root, 0, out, off, d);
            for (int j = 1; j < steps; j++) {
                for (int i = 0; i < d; i++) {
                    arg[i] = j * theta[i];
                    scaled[i] = root[i] * weight[j];
                }
                int cosOff = off + (2 * j - 1) * d;
                int sinOff = cosOff + d;
                LinearAlgebra.cos(arg, 0, 1.0, out, cosOff, d);
                LinearAlgebra.sin(arg, 0, 1.0, out, sinOff, d);
                LinearAlgebra.multiplyElementwise(out, cosOff, scaled, 0, d);
                LinearAlgebra.multiplyElementwise(out, sinOff, scaled, 0, d);
            }
        }
    }
}
