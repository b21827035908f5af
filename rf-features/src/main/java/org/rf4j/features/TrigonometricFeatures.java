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
import org.rf4j.api.kernel.KernelKind;
import org.rf4j.api.linalg.LinearAlgebra;
import org.rf4j.api.mechanism.DrawnFeatures;
import org.rf4j.api.mechanism.FeatureMap;
import org.rf4j.api.mechanism.FeatureRequest;
import org.rf4j.api.mechanism.JointLaw;
import org.rf4j.api.mechanism.PointQuery;
import org.rf4j.api.mechanism.Projection;
import org.rf4j.api.mechanism.Side;
import org.rf4j.spi.AbstractProvider;
import org.rf4j.spi.FeatureMapProvider;
import org.rf4j.theory.BaseFeatureTheory;
import org.rf4j.theory.CouplingTheory;
import org.apiguardian.api.API;


/**
 * Trigonometric random features (Rahimi &amp; Recht 2007; HRF paper Eq. 2):
 * {@code φ(x) = m^{-1/2} (cos(wⱼᵀx), sin(wⱼᵀx))ⱼ}, so {@code φ(x)ᵀφ(y) = m^{-1} Σ cos(wⱼᵀ(x − y))}
 * estimates the Gaussian kernel; for the softmax kernel each row is multiplied by {@code e^{|x|²/2}}.
 * Blocks: [cos | sin].
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class TrigonometricFeatures extends FixedFormMap implements ShiftInvariantTheoryMse {
    public static final String ID = "trigonometric";

    public TrigonometricFeatures() {
        super(ID, Form.TRIGONOMETRIC, false, 2);
    }

    @Override
    public DrawnFeatures bind(Projection projection, FeatureRequest request) {
        KernelKind target = request.target();
        return new RowMapFeatures(projection, target, 2, 1.0 / Math.sqrt(projection.count()), false) {
            @Override
            protected void fillRow(Side side, double[] z, int zOff, double sqNorm, int row, double[] out, int outOff) {
                double f = trigonometricFactor(sqNorm, row);
                LinearAlgebra.cos(z, zOff, f, out, outOff, m);
                LinearAlgebra.sin(z, zOff, f, out, outOff + m, m);
            }

            /**
             * The native float row: {@code f·cosf(z_j)}, {@code f·sinf(z_j)} with z_j the float projection
             * and f = 1 (Gaussian) or {@code e^{|x|²/2}} (softmax) in double, rounded once (refused if it
             * overflows float). Absolute error per unscaled feature against the double path:
             * {@code ≤ |f|(|Δz| + 2⁻²³)(1 + 2⁻²⁴) + 2⁻²⁴|φ|} (sinf/cosf within 1 ulp).
             */
            @Override
            protected void fillRowFloat(Side side, float[] z, int zOff, double sqNorm, int row, float[] out,
                    int outOff) {
                float f = trigonometricFactorFloat(sqNorm, row);
                LinearAlgebra.cos(z, zOff, f, out, outOff, m);
                LinearAlgebra.sin(z, zOff, f, out, outOff + m, m);
            }
        };
    }

    /**
     * Closed-form MSE: iid couplings by {@link BaseFeatureTheory#trigonometricMse}; the
     * {@code orthogonal} coupling by {@link CouplingTheory#trigonometricOrthogonalMse} (SimRF paper
     * Eq. 74–75, blocks of d for m &gt; d). The simplex coupling has no closed form for RFFs
     * ({@code w_i + w_j} and {@code w_i − w_j} differ in distribution, App. A.8).
     */
    @Override
    public OptionalDouble theoryMse(PointQuery q) {
        return cosSinMse(q);
    }

    /** The closed-form MSE of m (cos, sin) pairs (see {@link #theoryMse}), shared with the random Fourier map. */
    static OptionalDouble cosSinMse(PointQuery q) {
        if (q.sampling() != null) {
            return OptionalDouble.empty();
        }
        if (q.coupling().independent()) {
            return OptionalDouble.of(BaseFeatureTheory.trigonometricMse(q.kind(), q.x(), q.y(), q.m()));
        }
        if (q.coupling().jointLaw() == JointLaw.HAAR_ORTHOGONAL) {
            return OptionalDouble.of(CouplingTheory.trigonometricOrthogonalMse(q.kind(), q.x(), q.y(), q.m()));
        }
        return OptionalDouble.empty();
    }

    /** {@link org.rf4j.theory.ShiftInvariantTheory#trigonometricMse}. */
    @Override
    public double iidMse(double kDelta, double kTwoDelta, int m) {
        return org.rf4j.theory.ShiftInvariantTheory.trigonometricMse(kDelta, kTwoDelta, m);
    }

    /** The {@code trigonometric} provider. */
    public static final class Provider extends AbstractProvider<FeatureMap> implements FeatureMapProvider {
        public Provider() {
            super(ID,
                    "trigonometric RFs (cos, sin) of Rahimi & Recht; estimates the Gaussian kernel (HRF Eq. 2)",
                    (parameters, context) -> new TrigonometricFeatures());
        }
    }
}
