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

import java.util.Arrays;
import java.util.OptionalDouble;
import org.rf4j.api.Matrix;
import org.rf4j.api.Spec;
import org.rf4j.api.mechanism.AbstractMechanism;
import org.rf4j.api.mechanism.LambdaEstimator;
import org.rf4j.api.mechanism.DrawnLambda;
import org.rf4j.api.mechanism.LambdaRequest;
import org.rf4j.api.mechanism.Side;
import org.rf4j.spi.AbstractProvider;
import org.rf4j.spi.LambdaEstimatorProvider;
import org.rf4j.spi.Param;

/**
 * A constant λ-coefficient: {@code λ(x, y) = c} for every pair, so a hybrid built on it is the
 * fixed mixture {@code c·K̂₁ + (1 − c)·K̂₂} (HRF paper Eq. 8 with a constant coefficient, the
 * baseline the data-dependent λ's of HRF Sec. 3 improve on).
 *
 * <p>Its linear form (HRF Eq. 9–10) is {@code λ̂ = a + ρ₁(x)ᵀρ₂(y)} with {@code a = 0} and one
 * feature {@code ρ₁ = ρ₂ = √c} on each side: exact, so unbiased with zero variance and
 * {@code E[λ̂²] = c²}. (A single column rather than none, because rf4j matrices have at least one
 * column.)
 */
public final class ConstantLambda extends AbstractMechanism implements LambdaEstimator {
    /** The provider id. */
    public static final String ID = "constant";

    private final double value;

    /** @param value c, in [0, 1] */
    public ConstantLambda(double value) {
        this.value = value;
    }

    @Override
    public Spec spec() {
        return Spec.of(ID).with("value", value);
    }

    @Override
    public double value(double[] x, double[] y) {
        return value;
    }

    @Override
    public DrawnLambda draw(LambdaRequest request) {
        int d = request.d();
        double root = Math.sqrt(value);
        return new DrawnLambda() {
            @Override
            public double constant() {
                return 0.0;
            }

            @Override
            public int inputDimension() {
                return d;
            }

            @Override
            public int outputDimension() {
                return 1;
            }

            @Override
            public boolean positive() {
                return true;
            }

            @Override
            public Matrix map(Side side, Matrix x, Matrix out) {
                x.requireCols(d, "λ-feature input");
                Matrix o = Matrix.requireShape(out, x.rows(), 1, "λ features");
                Arrays.fill(o.data(), root);
                return o;
            }
        };
    }

    @Override
    public OptionalDouble secondMoment(double[] x, double[] y) {
        return OptionalDouble.of(value * value);
    }

    /** The {@code constant} provider: parameter {@code value} in [0, 1], default 0.5. */
    public static final class Provider extends AbstractProvider<LambdaEstimator> implements LambdaEstimatorProvider {
        /** Declared once: the schema entry and the typed read ({@code double}) both come from this handle. */
        static final Param<Double> VALUE = Param.number("value", 0.5, 0.0, 1.0, "the coefficient c = lambda(x, y)");

        public Provider() {
            super(ID,
                    "constant mixing coefficient lambda(x, y) = value (HRF Eq. 8 with fixed lambda) [example plugin]",
                    (parameters, context) -> new ConstantLambda(parameters.get(VALUE)), VALUE);
        }
    }
}
