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
 * Geometric random features, GeomRF (Chefs' Random Tables, Sec. 3.2.2): discretely-induced RFs
 * (Eq. 10) with {@code p_k = p(1 − p)^k}, i.e.
 * {@code f(ω, x) = p^{−d/2}e^{−|x|²/2} Π_l x_l^{ω_l}(1 − p)^{−ω_l/2}(ω_l!)^{−1/2}}. Variance: Theorem 3.5
 * (Eq. 13, with the Bessel function I₀); p is explicit ({@code p}) or the minimiser of Eq. 13 at the
 * data averages of |x_l y_l| (Eq. 14, {@link DataStatistics#coordinateAbsProducts}), found by
 * {@link GeneralizedFeatureTheory#geometricOptimalP} (Eq. 13 is convex in p). The {@code geometric-plus} variant
 * shifts the inputs (Sec. 3.2.3, GeomRF+). See {@link DiscretelyInducedFeatures} for the coupling rules
 * and numerics.
 *
 * <p>Config: {@code {"id": "geometric"}}, {@code {"id": "geometric", "p": 0.6}},
 * {@code {"id": "geometric-plus", "epsilon": 0.01}}.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class GeometricFeatures extends DiscretelyInducedFeatures {
    /** The provider id. */
    public static final String ID = "geometric";
    /** The positive variant's provider id. */
    public static final String PLUS_ID = "geometric-plus";

    private static final Param<OptionalDouble> P = Param.optionalNumber("p", Double.MIN_VALUE, Math.nextDown(1.0),
            "geometric parameter p in (0, 1); absent: the minimiser of CRT Eq. 13 at the Eq. 14 statistics");

    /**
     * @param plus    the positive variant
     * @param p       explicit p ∈ (0, 1), or null to fit it
     * @param shift   explicit shift c (plus only), or null to fit it
     * @param epsilon margin below the data minimum for a fitted shift
     */
    public GeometricFeatures(boolean plus, Double p, double[] shift, double epsilon) {
        this(plus, p, shift, epsilon, 1.0, spec(plus ? PLUS_ID : ID, P.name(), p, plus, shift, epsilon));
    }

    GeometricFeatures(boolean plus, Double p, double[] shift, double epsilon, double dataScale, Spec spec) {
        super(spec, plus, checkP(P.name(), p), shift, epsilon, dataScale);
    }

    private static Double checkP(String key, Double p) {
        if (p != null && !(p > 0 && p < 1)) {
            throw new InvalidParameterException(key, p, "a number in (0, 1) (geometric success probability)");
        }
        return p;
    }

    @Override
    String id() {
        return plus() ? PLUS_ID : ID;
    }

    @Override
    String parameterName() {
        return P.name();
    }

    @Override
    String parameterDescription() {
        return "the geometric parameter p minimising CRT Eq. 13 (from the Eq. 14 statistics)";
    }

    @Override
    double fit(DataStatistics statistics, int d) {
        return GeneralizedFeatureTheory.geometricOptimalP(statistics.coordinateAbsProducts());
    }

    @Override
    double logPmfTimesFactorial(long k, double p) {
        return k == 0 ? Math.log(p) : Math.log(p) + k * Math.log1p(-p) + FeatureMapSupport.logFactorial(k);
    }

    @Override
    long sample(RandomGenerator rng, double p) {
        return FeatureMapSupport.geometric(rng, p);
    }

    @Override
    double variance(double p, double[] x, double[] y) {
        return GeneralizedFeatureTheory.geometricVariance(p, x, y);
    }

    @Override
    DiscretelyInducedFeatures withFit(Double parameter, double[] shift, Spec spec) {
        return new GeometricFeatures(plus(), parameter, shift, epsilon(), 1.0, spec);
    }

    /** The {@code geometric} provider. */
    public static final class Provider extends VariantProvider {
        public Provider() {
            super(ID, false, "geometric discretely-induced RFs with p minimising Eq. 13 (CRT Sec. 3.2.2, Thm 3.5, Eq. 14);"
                    + " iid coupling only", P, GeometricFeatures::checkP, GeometricFeatures::new);
        }
    }

    /** The {@code geometric-plus} provider (positive variant). */
    public static final class PlusProvider extends VariantProvider {
        public PlusProvider() {
            super(PLUS_ID, true, "positive geometric RFs on inputs shifted below the data minimum (GeomRF+, CRT Sec. 3.2.3);"
                    + " iid coupling only", P, GeometricFeatures::checkP, GeometricFeatures::new);
        }
    }
}
