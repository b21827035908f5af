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
import org.rf4j.api.mechanism.PointQuery;
import org.rf4j.api.mechanism.Projection;
import org.rf4j.api.mechanism.Side;
import org.rf4j.spi.AbstractProvider;
import org.rf4j.spi.FeatureMapProvider;
import org.rf4j.theory.BaseFeatureTheory;
import org.rf4j.theory.CouplingTheory;
import org.apiguardian.api.API;


/**
 * Positive random features (FAVOR+, Choromanski et al. 2021; HRF paper Eq. 3):
 * {@code φ(x) = m^{-1/2} (exp(wⱼᵀx − |x|²/2))ⱼ} estimates the softmax kernel; for the Gaussian kernel
 * the exponent is {@code wⱼᵀx − |x|²}.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class PositiveFeatures extends FixedFormMap {
    public static final String ID = "positive";

    public PositiveFeatures() {
        super(ID, Form.POSITIVE, true, 1);
    }

    @Override
    public DrawnFeatures bind(Projection projection, FeatureRequest request) {
        KernelKind target = request.target();
        return new RowMapFeatures(projection, target, 1, 1.0 / Math.sqrt(projection.count()), true) {
            /** Without importance weights the 1/√m factor is folded into the exponent: one pass per row. */
            @Override
            protected boolean scalesInExponent() {
                return !Double.isNaN(uniformLogScale);
            }

            private double scaleInExponent() {
                return scalesInExponent() ? uniformLogScale : 0.0;
            }

            @Override
            protected void fillRow(Side side, double[] z, int zOff, double sqNorm, int row, double[] out, int outOff) {
                double shift = positiveShift(sqNorm);
                double ls = scaleInExponent();
                // The overflow guard rides on the exp pass: it flags any exponent within 1 of the limit
                // (a margin far above the rounding of z + (shift + ls) against (z + shift) + ls), and
                // only a flagged row is checked exactly as before (z_j + shift > MAX_EXPONENT refused),
                // so the refused rows are the same and a second pass over z is saved on all others.
                if (LinearAlgebra.expAffineAbove(z, zOff, 1.0, shift + ls, out, outOff, m, MAX_EXPONENT + ls - 1.0)
                        && LinearAlgebra.max(z, zOff, m) + shift > MAX_EXPONENT) {
                    for (int j = 0; j < m; j++) {
                        checkedExp(z[zOff + j] + shift, row, sqNorm);
                    }
                }
            }

            @Override
            protected double fillRowStabilized(Side side, double[] z, int zOff, double sqNorm, int row, double[] out,
                    int outOff) {
                // FAVOR+ stabiliser: exp(wᵀx + shift − c) with c the row's largest exponent.
                double shift = positiveShift(sqNorm);
                double mx = LinearAlgebra.max(z, zOff, m);
                LinearAlgebra.expAffine(z, zOff, 1.0, -mx + scaleInExponent(), out, outOff, m);
                return mx + shift;
            }

            /**
             * The native float row: {@code expf(fl(z_j + fl(shift + ls)))} with z_j the float projection,
             * the shift −|x|²/2 (+ the target's row factor) and the folded log-scale ls summed in double
             * from the double |x|² and rounded once. Against the double path, per feature,
             * {@code |φ_f/φ_d − 1| ≤ expm1(|Δz| + u|shift + ls| + u|a|)(1 + 2⁻²³) + 2⁻²³} (u = 2⁻²⁴,
             * a the argument, expf within 1 ulp), with {@code |Δz| ≤ γ_{d+1} Σ|w_k x_k|} for a dense
             * projection. A feature that overflows float (argument above ≈ 88.72) is refused naming its
             * row; the flag rides on the exp pass as in the double row.
             */
            @Override
            protected void fillRowFloat(Side side, float[] z, int zOff, double sqNorm, int row, float[] out,
                    int outOff) {
                double shift = positiveShift(sqNorm) + scaleInExponent();
                if (LinearAlgebra.expAffineAbove(z, zOff, 1.0f, (float) shift, out, outOff, m, FLOAT_FLAG)) {
                    refuseFloatOverflow(out, outOff, m, z, zOff, 1.0, shift, row, sqNorm);
                }
            }

            /** The float FAVOR+ stabiliser: {@code expf(fl(z_j + fl(ls − max z)))}, c = max z + shift in double. */
            @Override
            protected double fillRowStabilizedFloat(Side side, float[] z, int zOff, double sqNorm, int row,
                    float[] out, int outOff) {
                double shift = positiveShift(sqNorm);
                float mx = LinearAlgebra.max(z, zOff, m);
                LinearAlgebra.expAffine(z, zOff, 1.0f, (float) (scaleInExponent() - mx), out, outOff, m);
                return mx + shift;
            }
        };
    }

    /**
     * Closed-form MSE: iid couplings by {@link BaseFeatureTheory#positiveMse}; the {@code orthogonal}
     * and {@code simplex} couplings by {@link CouplingTheory#positiveMse} (SimRF paper Eq. 11 with the
     * conformities of Eq. 23/24, blocks of d for m &gt; d). Other couplings and sampling policies
     * have no closed form here.
     */
    @Override
    public OptionalDouble theoryMse(PointQuery q) {
        if (q.sampling() != null) {
            return OptionalDouble.empty();
        }
        if (q.coupling().independent()) {
            return OptionalDouble.of(BaseFeatureTheory.positiveMse(q.kind(), q.x(), q.y(), q.m()));
        }
        return switch (q.coupling().jointLaw()) {
            case HAAR_ORTHOGONAL -> OptionalDouble.of(
                    CouplingTheory.positiveMse(q.kind(), q.x(), q.y(), q.m(), CouplingTheory.Geometry.ORTHOGONAL));
            case SIMPLEX -> q.x().length < 2 ? OptionalDouble.empty() : OptionalDouble.of(
                    CouplingTheory.positiveMse(q.kind(), q.x(), q.y(), q.m(), CouplingTheory.Geometry.SIMPLEX));
            default -> OptionalDouble.empty();
        };
    }

    /** The {@code positive} provider. */
    public static final class Provider extends AbstractProvider<FeatureMap> implements FeatureMapProvider {
        public Provider() {
            super(ID,
                    "positive RFs exp(w·x − |x|²/2) of FAVOR+; estimates the softmax kernel (HRF Eq. 3)",
                    (parameters, context) -> new PositiveFeatures());
        }
    }
}
