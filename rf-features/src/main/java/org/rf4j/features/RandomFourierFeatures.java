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
package org.rf4j.features;

import java.util.OptionalDouble;
import java.util.random.RandomGenerator;
import org.rf4j.api.kernel.KernelKind;
import org.rf4j.api.linalg.LinearAlgebra;
import org.rf4j.api.mechanism.DrawnFeatures;
import org.rf4j.api.mechanism.FeatureMap;
import org.rf4j.api.mechanism.FeatureRequest;
import org.rf4j.api.mechanism.PointQuery;
import org.rf4j.api.mechanism.Projection;
import org.rf4j.api.mechanism.Side;
import org.rf4j.spi.AbstractProvider;
import org.rf4j.spi.FeatureMapProvider;
import org.rf4j.theory.BaseFeatureTheory;
import org.rf4j.theory.CouplingTheory;
import org.apiguardian.api.API;

/**
 * Random Fourier features with random phases (Rahimi &amp; Recht 2007, Eq. 2 of "Random features
 * for large-scale kernel machines"; scikit-learn's {@code RBFSampler}):
 * {@code φ(x) = √(2/m) (cos(wⱼᵀx + bⱼ))ⱼ} with {@code bⱼ ~ U[0, 2π)} drawn with the projection, one
 * feature per projection. {@code φ(x)ᵀφ(y) = m⁻¹ Σ [cos(wⱼᵀ(x − y)) + cos(wⱼᵀ(x + y) + 2bⱼ)]}: the
 * second term has mean 0 and variance ½ whatever the directions, so the estimate is unbiased for the
 * Gaussian kernel (for the softmax kernel each row is multiplied by {@code e^{|x|²/2}}), and its MSE
 * is the (cos, sin) map's with the same m projections plus {@code 1/(2m)} (times
 * {@code e^{|x|²+|y|²}} for softmax), for any coupling of the directions.
 *
 * <p>Per feature it has a higher MSE than {@link TrigonometricFeatures} (whose pair of features
 * shares one direction), but for learning it spends its feature budget on twice as many
 * directions: at the same feature count, ridge regression on it matches {@code RBFSampler}, and
 * with the {@code orthogonal} coupling it gets directions scikit-learn cannot draw.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class RandomFourierFeatures extends FixedFormMap implements ShiftInvariantTheoryMse {
    public static final String ID = "random-fourier";

    private static final double TWO_PI = 2 * Math.PI;

    public RandomFourierFeatures() {
        super(ID, Form.OTHER, false, 1);
    }

    /** The phases are drawn from the request's generator right after the projection. */
    @Override
    public DrawnFeatures bind(Projection projection, FeatureRequest request) {
        KernelKind target = request.target();
        int m = projection.count();
        double[] phase = new double[m];
        float[] phaseFloat = new float[m];
        RandomGenerator rng = request.rng();
        for (int j = 0; j < m; j++) {
            phase[j] = TWO_PI * rng.nextDouble();
            phaseFloat[j] = (float) phase[j];
        }
        return new RowMapFeatures(projection, target, 1, Math.sqrt(2.0 / m), false) {
            @Override
            protected void fillRow(Side side, double[] z, int zOff, double sqNorm, int row, double[] out, int outOff) {
                double f = trigonometricFactor(sqNorm, row);
                // z is this row's scratch: shift it by the phases in place, then one vector cos pass
                for (int j = 0; j < m; j++) {
                    z[zOff + j] += phase[j];
                }
                LinearAlgebra.cos(z, zOff, f, out, outOff, m);
            }

            /**
             * The native float row: {@code f·cosf(fl(z_j + fl(b_j)))}, f as in the double row rounded once
             * (refused if it overflows float). The argument's error adds {@code 2⁻²⁴(2π + |z_j + b_j|)}
             * (the phase's and the sum's roundings) to |Δz|.
             */
            @Override
            protected void fillRowFloat(Side side, float[] z, int zOff, double sqNorm, int row, float[] out,
                    int outOff) {
                float f = trigonometricFactorFloat(sqNorm, row);
                for (int j = 0; j < m; j++) {
                    z[zOff + j] += phaseFloat[j];
                }
                LinearAlgebra.cos(z, zOff, f, out, outOff, m);
            }
        };
    }

    /**
     * Closed-form MSE: the (cos, sin) map's with the same m projections — iid by
     * {@link BaseFeatureTheory#trigonometricMse}, {@code orthogonal} by
     * {@link CouplingTheory#trigonometricOrthogonalMse} — plus the phase term {@code 1/(2m)}
     * converted to the target kernel. Other couplings and sampling policies: none.
     */
    @Override
    public OptionalDouble theoryMse(PointQuery q) {
        OptionalDouble cosSin = TrigonometricFeatures.cosSinMse(q);
        if (cosSin.isEmpty()) {
            return cosSin;
        }
        double phaseTerm = BaseFeatureTheory.convert(0.5, KernelKind.GAUSSIAN, q.kind(), q.x(), q.y()) / q.m();
        return OptionalDouble.of(cosSin.getAsDouble() + phaseTerm);
    }

    /** {@link org.rf4j.theory.ShiftInvariantTheory#randomFourierMse}. */
    @Override
    public double iidMse(double kDelta, double kTwoDelta, int m) {
        return org.rf4j.theory.ShiftInvariantTheory.randomFourierMse(kDelta, kTwoDelta, m);
    }

    /** The {@code random-fourier} provider. */
    public static final class Provider extends AbstractProvider<FeatureMap> implements FeatureMapProvider {
        public Provider() {
            super(ID,
                    "random Fourier features sqrt(2/m) cos(w^T x + b), b ~ U[0, 2 pi) (Rahimi & Recht; scikit-learn's"
                            + " RBFSampler): one feature per projection; estimates the Gaussian kernel",
                    (parameters, context) -> new RandomFourierFeatures());
        }
    }
}
