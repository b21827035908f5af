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
package org.rf4j.hybrid;

import java.util.Objects;
import org.rf4j.api.Matrix;
import org.rf4j.api.mechanism.DrawnLambda;
import org.rf4j.api.mechanism.FixedShapeFeatures;
import org.rf4j.api.mechanism.Side;

/**
 * A drawn λ-estimator in the linear form of HRF Eq. 10, {@code λ̂(x, y) = a + ρ₁(x)ᵀρ₂(y)}, given
 * by a constant and one real map per side. Where the paper writes complex features with a factor
 * i on both sides (Eq. 19, 70), the product i·i = −1 is folded into the query side, which is the
 * realification {@code [Re | Im]}·{@code [Re | −Im]} with the all-zero real parts dropped.
 */
final class DrawnLinearLambdaFeatures extends FixedShapeFeatures implements DrawnLambda {
    /** One side's map: a batch (n×d, scaled) to its features (n×width). */
    @FunctionalInterface
    interface SideMap {
        Matrix apply(Matrix x);
    }

    private final double constant;
    private final SideMap query;
    private final SideMap key;

    DrawnLinearLambdaFeatures(double constant, int d, int width, SideMap query, SideMap key) {
        super(d, width, false);
        this.constant = constant;
        this.query = Objects.requireNonNull(query);
        this.key = Objects.requireNonNull(key);
    }

    @Override
    public double constant() {
        return constant;
    }

    @Override
    public Matrix map(Side side, Matrix x, Matrix out) {
        x.requireCols(d, "λ-feature input");
        Matrix r = (side == Side.QUERY ? query : key).apply(x);
        if (out == null) {
            return r;
        }
        Matrix o = Matrix.requireShape(out, x.rows(), width, "λ features");
        System.arraycopy(r.data(), 0, o.data(), 0, r.data().length);
        return o;
    }

    /** The estimate λ̂(x, y) for one pair (scaled inputs). */
    double estimate(double[] x, double[] y) {
        double[] a = map(Side.QUERY, x);
        double[] b = map(Side.KEY, y);
        double s = constant;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * b[i];
        }
        return s;
    }
}
