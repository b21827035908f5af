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
package com.example.rf4j.plugin;

import java.util.OptionalDouble;
import org.rf4j.api.InvalidInputException;
import org.rf4j.api.Matrix;
import org.rf4j.api.Spec;
import org.rf4j.api.kernel.KernelKind;
import org.rf4j.api.mechanism.AbstractMechanism;
import org.rf4j.api.mechanism.FeatureMap;
import org.rf4j.api.mechanism.FeatureRequest;
import org.rf4j.api.mechanism.PointQuery;
import org.rf4j.api.mechanism.Projection;
import org.rf4j.api.mechanism.ProjectionFeatureMap;
import org.rf4j.api.mechanism.DrawnFeatures;
import org.rf4j.api.mechanism.Side;
import org.rf4j.spi.AbstractProvider;
import org.rf4j.spi.FeatureMapProvider;

/**
 * Random-phase Fourier features (Rahimi &amp; Recht 2007, Sec. 3, the {@code z_ω(x) = √2 cos(ωᵀx + b)}
 * variant): {@code φ(x)_j = √(2/m)·cos(w_jᵀx + b_j)} with {@code b_j ~ U[0, 2π)} independent of
 * the projections. One feature per projection (the built-in {@code trigonometric} map uses a sin/cos
 * pair instead).
 *
 * <p>Unbiased for the unit Gaussian kernel: {@code 2cos(a + b)cos(c + b) = cos(a − c) + cos(a + c + 2b)}
 * and the second term averages to 0 over b, leaving {@code E_w cos(wᵀ(x − y)) = exp(−|x − y|²/2)}.
 * For the softmax kernel each row is multiplied by {@code exp(|x|²/2)} (see
 * {@link KernelKind#logRowFactor}).
 *
 * <p>Variance with m iid projections, derived the same way ({@code E[cos²(a + c + 2b)] = 1/2},
 * {@code E cos²(wᵀΔ) = (1 + e^{−2|Δ|²})/2}): {@code MSE = (1 + e^{−2|Δ|²}/2 − e^{−|Δ|²}) / m} for
 * the Gaussian kernel, times {@code exp(|x|² + |y|²)} for softmax. {@link #theoryMse} returns it;
 * the example plugin's test checks it by Monte Carlo.
 */
public final class RandomPhaseFeatures extends AbstractMechanism implements ProjectionFeatureMap {
    /** The provider id. */
    public static final String ID = "random-phase";

    private static final double MAX_EXPONENT = 709.0;

    @Override
    public Spec spec() {
        return Spec.of(ID);
    }

    @Override
    public boolean positive() {
        return false;
    }

    @Override
    public int blocks() {
        return 1;
    }

    @Override
    public DrawnFeatures bind(Projection projection, FeatureRequest request) {
        int m = projection.count();
        double[] phase = new double[m];
        for (int j = 0; j < m; j++) {
            phase[j] = 2.0 * Math.PI * request.rng().nextDouble();
        }
        double[] weights = projection.importanceWeights();
        double[] scale = new double[m];
        for (int j = 0; j < m; j++) {
            scale[j] = Math.sqrt(2.0 / m) * (weights == null ? 1.0 : Math.sqrt(weights[j]));
        }
        return new Drawn(projection, request.target(), phase, scale);
    }

    @Override
    public OptionalDouble theoryMse(PointQuery q) {
        if (q.sampling() != null || !q.coupling().independent()) {
            return OptionalDouble.empty();
        }
        double dist = 0;
        double sx = 0;
        double sy = 0;
        for (int i = 0; i < q.x().length; i++) {
            double t = q.x()[i] - q.y()[i];
            dist += t * t;
            sx += q.x()[i] * q.x()[i];
            sy += q.y()[i] * q.y()[i];
        }
        double perFeature = 1.0 + 0.5 * Math.exp(-2.0 * dist) - Math.exp(-dist);
        double factor = q.kind() == KernelKind.SOFTMAX ? Math.exp(sx + sy) : 1.0;
        return OptionalDouble.of(perFeature * factor / q.m());
    }

    /** Drawn random-phase features: the projection, the phases and the per-column scale. */
    private static final class Drawn implements DrawnFeatures {
        private final Projection projection;
        private final KernelKind target;
        private final double[] phase;
        private final double[] scale;

        Drawn(Projection projection, KernelKind target, double[] phase, double[] scale) {
            this.projection = projection;
            this.target = target;
            this.phase = phase;
            this.scale = scale;
        }

        @Override
        public int inputDimension() {
            return projection.dimension();
        }

        @Override
        public int outputDimension() {
            return phase.length;
        }

        @Override
        public boolean positive() {
            return false;
        }

        @Override
        public Matrix map(Side side, Matrix x, Matrix out) {
            x.requireCols(projection.dimension(), "random-phase input");
            int n = x.rows();
            int m = phase.length;
            Matrix o = Matrix.requireShape(out, n, m, "random-phase features");
            if (n == 0) {
                return o;
            }
            projection.apply(x, o);
            double[] sq = x.rowSquaredNorms();
            double[] od = o.data();
            for (int i = 0; i < n; i++) {
                double log = target.logRowFactor(KernelKind.GAUSSIAN, sq[i]);
                if (log > MAX_EXPONENT) {
                    throw new InvalidInputException("row " + i + " has squared norm " + sq[i]
                            + " (after bandwidth scaling); its softmax row factor exp(" + log
                            + ") overflows. Use smaller inputs");
                }
                double f = Math.exp(log);
                int base = i * m;
                for (int j = 0; j < m; j++) {
                    od[base + j] = f * scale[j] * Math.cos(od[base + j] + phase[j]);
                }
            }
            return o;
        }
    }

    /** The {@code random-phase} provider (no parameters). */
    public static final class Provider extends AbstractProvider<FeatureMap> implements FeatureMapProvider {
        public Provider() {
            super(ID,
                    "random-phase Fourier features sqrt(2) cos(w.x + b), b ~ U[0, 2pi) (Rahimi-Recht 2007) [example plugin]",
                    (parameters, context) -> new RandomPhaseFeatures());
        }
    }
}
