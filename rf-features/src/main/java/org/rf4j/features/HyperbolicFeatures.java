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
import org.apiguardian.api.API;


/**
 * Hyperbolic (positive ±) random features (FAVOR+ variant; HRF paper Sec. 2.2, the positive
 * base of the bipolar hybrid): {@code φ(x) = (2m)^{-1/2} (exp(wⱼᵀx − |x|²/2), exp(−wⱼᵀx − |x|²/2))ⱼ},
 * so the estimate is {@code m^{-1} Σ cosh(wⱼᵀ(x + y)) e^{−(|x|²+|y|²)/2}}. Blocks: [+ | −].
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class HyperbolicFeatures extends FixedFormMap {
    public static final String ID = "hyperbolic";

    public HyperbolicFeatures() {
        super(ID, Form.HYPERBOLIC, true, 2);
    }

    @Override
    public DrawnFeatures bind(Projection projection, FeatureRequest request) {
        KernelKind target = request.target();
        return new RowMapFeatures(projection, target, 2, 1.0 / Math.sqrt(2.0 * projection.count()), true) {
            @Override
            protected void fillRow(Side side, double[] z, int zOff, double sqNorm, int row, double[] out, int outOff) {
                double shift = positiveShift(sqNorm);
                // the overflow guard rides on the two exp passes (as the positive map's): exponents
                // within 1 of the limit flag the row, and only a flagged row gets the exact check
                boolean near = LinearAlgebra.expAffineAbove(z, zOff, 1.0, shift, out, outOff, m, MAX_EXPONENT - 1.0);
                near |= LinearAlgebra.expAffineAbove(z, zOff, -1.0, shift, out, outOff + m, m, MAX_EXPONENT - 1.0);
                if (near && Math.max(LinearAlgebra.max(z, zOff, m), -LinearAlgebra.min(z, zOff, m)) + shift > MAX_EXPONENT) {
                    for (int j = 0; j < m; j++) {
                        double t = z[zOff + j];
                        checkedExp(t + shift, row, sqNorm);
                        checkedExp(-t + shift, row, sqNorm);
                    }
                }
            }

            @Override
            protected double fillRowStabilized(Side side, double[] z, int zOff, double sqNorm, int row, double[] out,
                    int outOff) {
                // FAVOR+ stabiliser: both blocks share c = the row's largest exponent max|wᵀx| + shift.
                double shift = positiveShift(sqNorm);
                double big = Math.max(LinearAlgebra.max(z, zOff, m), -LinearAlgebra.min(z, zOff, m));
                LinearAlgebra.expAffine(z, zOff, 1.0, -big, out, outOff, m);
                LinearAlgebra.expAffine(z, zOff, -1.0, -big, out, outOff + m, m);
                return big + shift;
            }

            /**
             * The native float row: {@code expf(fl(±z_j + fl(shift)))}, the shift from the double |x|²
             * rounded once (error as the positive map's float row, without a folded scale); a feature
             * that overflows float is refused naming its row.
             */
            @Override
            protected void fillRowFloat(Side side, float[] z, int zOff, double sqNorm, int row, float[] out,
                    int outOff) {
                double shift = positiveShift(sqNorm);
                float beta = (float) shift;
                if (LinearAlgebra.expAffineAbove(z, zOff, 1.0f, beta, out, outOff, m, FLOAT_FLAG)) {
                    refuseFloatOverflow(out, outOff, m, z, zOff, 1.0, shift, row, sqNorm);
                }
                if (LinearAlgebra.expAffineAbove(z, zOff, -1.0f, beta, out, outOff + m, m, FLOAT_FLAG)) {
                    refuseFloatOverflow(out, outOff + m, m, z, zOff, -1.0, shift, row, sqNorm);
                }
            }

            /** The float stabiliser: both blocks share c = max|z| + shift (c in double). */
            @Override
            protected double fillRowStabilizedFloat(Side side, float[] z, int zOff, double sqNorm, int row,
                    float[] out, int outOff) {
                double shift = positiveShift(sqNorm);
                float big = 0.0f;
                for (int j = 0; j < m; j++) {
                    big = Math.max(big, Math.abs(z[zOff + j]));
                }
                LinearAlgebra.expAffine(z, zOff, 1.0f, -big, out, outOff, m);
                LinearAlgebra.expAffine(z, zOff, -1.0f, -big, out, outOff + m, m);
                return big + shift;
            }
        };
    }

    @Override
    public OptionalDouble theoryMse(PointQuery q) {
        if (q.sampling() == null && q.coupling().independent()) {
            return OptionalDouble.of(BaseFeatureTheory.hyperbolicMse(q.kind(), q.x(), q.y(), q.m()));
        }
        return OptionalDouble.empty();
    }

    /** The {@code hyperbolic} provider. */
    public static final class Provider extends AbstractProvider<FeatureMap> implements FeatureMapProvider {
        public Provider() {
            super(ID,
                    "hyperbolic RFs exp(±w·x − |x|²/2)/√2 (positive ±); estimates the softmax kernel (HRF Sec. 2.2)",
                    (parameters, context) -> new HyperbolicFeatures());
        }
    }
}
