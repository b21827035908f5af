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
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Spec;
import org.rf4j.api.mechanism.DataStatistics;
import org.rf4j.spi.Param;
import org.rf4j.theory.GeneralizedFeatureTheory;
import org.apiguardian.api.API;

/**
 * Poisson random features, PoisRF (Chefs' Random Tables, Sec. 3.2.1): discretely-induced RFs
 * (Eq. 10) with {@code p_k = e^{−λ}λ^k/k!}, i.e.
 * {@code f(ω, x) = e^{λd/2 − |x|²/2} Π_l x_l^{ω_l} λ^{−ω_l/2}}. Variance: Theorem 3.4 (Eq. 11); λ is
 * explicit ({@code lambda}) or {@code λ* = √(Σ_l x_l²y_l²/d)} with the data average of Eq. 12
 * ({@link DataStatistics#sumCoordinateSquareProducts}). λ* is floored at 1e-12 (the statistic is 0
 * only when every coordinate vanishes on one side; then λ → 0 is optimal and the floor changes the
 * variance by a factor e^{1e-12·d}). The {@code poisson-plus} variant shifts the inputs
 * (Sec. 3.2.3, PoisRF+). See {@link DiscretelyInducedFeatures} for the coupling rules and numerics.
 *
 * <p>Config: {@code {"id": "poisson"}}, {@code {"id": "poisson", "lambda": 0.3}},
 * {@code {"id": "poisson-plus", "data": "train.csv"}}.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class PoissonFeatures extends DiscretelyInducedFeatures {
    /** The provider id. */
    public static final String ID = "poisson";
    /** The positive variant's provider id. */
    public static final String PLUS_ID = "poisson-plus";
    /** The smallest λ used. */
    public static final double LAMBDA_FLOOR = 1e-12;

    private static final Param<OptionalDouble> LAMBDA = Param.optionalNumber("lambda", Double.MIN_VALUE, null,
            "Poisson rate λ > 0; absent: λ* = sqrt(mean Σ x_l² y_l² / d) from data (CRT Thm 3.4, Eq. 12)");

    /**
     * @param plus    the positive variant
     * @param lambda  explicit λ &gt; 0, or null to fit λ*
     * @param shift   explicit shift c (plus only), or null to fit it
     * @param epsilon margin below the data minimum for a fitted shift
     */
    public PoissonFeatures(boolean plus, Double lambda, double[] shift, double epsilon) {
        this(plus, lambda, shift, epsilon, 1.0, spec(plus ? PLUS_ID : ID, LAMBDA.name(), lambda, plus, shift, epsilon));
    }

    PoissonFeatures(boolean plus, Double lambda, double[] shift, double epsilon, double dataScale, Spec spec) {
        super(spec, plus, checkLambda(LAMBDA.name(), lambda), shift, epsilon, dataScale);
    }

    private static Double checkLambda(String key, Double lambda) {
        if (lambda != null && (!(lambda > 0) || Double.isInfinite(lambda))) {
            throw new InvalidParameterException(key, lambda, "a finite number > 0 (Poisson rate λ)");
        }
        return lambda;
    }

    @Override
    String id() {
        return plus() ? PLUS_ID : ID;
    }

    @Override
    String parameterName() {
        return LAMBDA.name();
    }

    @Override
    String parameterDescription() {
        return "the Poisson rate λ* of CRT Theorem 3.4 (from the Eq. 12 statistic)";
    }

    @Override
    double fit(DataStatistics statistics, int d) {
        return Math.max(LAMBDA_FLOOR, GeneralizedFeatureTheory.poissonLambdaStar(statistics.sumCoordinateSquareProducts(), d));
    }

    @Override
    double logPmfTimesFactorial(long k, double lambda) {
        return k == 0 ? -lambda : -lambda + k * Math.log(lambda);
    }

    @Override
    long sample(RandomGenerator rng, double lambda) {
        return FeatureMapSupport.poisson(rng, lambda);
    }

    @Override
    double variance(double lambda, double[] x, double[] y) {
        return GeneralizedFeatureTheory.poissonVariance(lambda, x, y);
    }

    @Override
    DiscretelyInducedFeatures withFit(Double parameter, double[] shift, Spec spec) {
        return new PoissonFeatures(plus(), parameter, shift, epsilon(), 1.0, spec);
    }

    /** The {@code poisson} provider. */
    public static final class Provider extends VariantProvider {
        public Provider() {
            super(ID, false, "Poisson discretely-induced RFs with λ* from data statistics (CRT Sec. 3.2.1, Thm 3.4, Eq. 10-12);"
                    + " iid coupling only", LAMBDA, PoissonFeatures::checkLambda, PoissonFeatures::new);
        }
    }

    /** The {@code poisson-plus} provider (positive variant). */
    public static final class PlusProvider extends VariantProvider {
        public PlusProvider() {
            super(PLUS_ID, true, "positive Poisson RFs on inputs shifted below the data minimum (PoisRF+, CRT Sec. 3.2.3);"
                    + " iid coupling only", LAMBDA, PoissonFeatures::checkLambda, PoissonFeatures::new);
        }
    }
}
