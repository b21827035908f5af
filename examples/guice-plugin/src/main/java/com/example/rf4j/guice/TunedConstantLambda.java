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
package com.example.rf4j.guice;

import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.util.Arrays;
import java.util.OptionalDouble;
import org.rf4j.api.Matrix;
import org.rf4j.api.Spec;
import org.rf4j.api.mechanism.LambdaEstimator;
import org.rf4j.api.mechanism.DrawnLambda;
import org.rf4j.api.mechanism.LambdaRequest;
import org.rf4j.api.mechanism.Side;
import org.rf4j.spi.BuildContext;
import org.rf4j.spi.LambdaEstimatorProvider;
import org.rf4j.spi.Param;
import org.rf4j.spi.ParameterSchema;
import org.rf4j.spi.Parameters;

/**
 * A constant λ-coefficient whose default comes from the plugin's Guice module: {@code λ(x, y) = c}
 * (HRF Eq. 8 with a fixed coefficient), linear form {@code a = 0}, {@code ρ₁ = ρ₂ = √c}: exact.
 */
public final class TunedConstantLambda implements LambdaEstimator {
    /** The provider id. */
    public static final String ID = "tuned-constant";

    private final double value;

    /** @param value c, in [0, 1] */
    public TunedConstantLambda(double value) {
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

    /** The {@code tuned-constant} provider; Guice creates it with the module's default injected. */
    public static final class Provider implements LambdaEstimatorProvider {
        /** The coefficient, declared once with the injected default; schema and typed read both use it. */
        private final Param<Double> value;

        /** @param defaultValue the coefficient used when a config gives none (bound by {@link ExampleGuiceModule}) */
        @Inject
        public Provider(@Named(ExampleGuiceModule.DEFAULT_VALUE) double defaultValue) {
            this.value = Param.number("value", defaultValue, 0.0, 1.0, "the coefficient c = lambda(x, y)");
        }

        @Override
        public String id() {
            return ID;
        }

        @Override
        public String description() {
            return "constant lambda(x, y) = value, default injected by the plugin's Guice module [example plugin]";
        }

        @Override
        public ParameterSchema schema() {
            return ParameterSchema.of(Param.parameters(value));
        }

        @Override
        public LambdaEstimator create(Parameters parameters, BuildContext context) {
            return new TunedConstantLambda(parameters.get(value));
        }
    }
}
