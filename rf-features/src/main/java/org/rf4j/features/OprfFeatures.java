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

import java.util.Objects;
import java.util.OptionalDouble;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Spec;
import org.rf4j.api.mechanism.DataSample;
import org.rf4j.api.mechanism.DrawnFeatures;
import org.rf4j.api.mechanism.FeatureMap;
import org.rf4j.api.mechanism.FeatureRequest;
import org.rf4j.api.mechanism.FitData;
import org.rf4j.api.mechanism.JointLaw;
import org.rf4j.api.mechanism.NotFittedException;
import org.rf4j.api.mechanism.PointQuery;
import org.rf4j.api.mechanism.Projection;
import org.rf4j.spi.AbstractProvider;
import org.rf4j.spi.BuildContext;
import org.rf4j.spi.FeatureMapProvider;
import org.rf4j.spi.Param;
import org.rf4j.spi.Parameters;
import org.rf4j.theory.CouplingTheory;
import org.rf4j.theory.GeneralizedFeatureTheory;
import org.rf4j.theory.special.Complex;
import org.apiguardian.api.API;

/**
 * Optimal positive random features, OPRF (Chefs' Random Tables, Theorem 3.3): GERF (Eq. 4) with
 * s = +1 and real {@code A = (1 − 1/ρ*)/8}, where ρ* (Eq. 7) minimises the variance (Eq. 6) at
 * {@code |x + y|²}; over a data set the average of {@code |x⁽ⁱ⁾ + y⁽ʲ⁾|²} over all pairs is used, computed
 * in O(L·d) by Eq. 8 ({@link org.rf4j.api.mechanism.DataStatistics#meanPairSquaredNorm}). Since
 * ρ* ∈ (0, 1], A ≤ 0: the features {@code D·exp(A|ω|² + Bωᵀx − |x|²)} are positive and bounded
 * (by {@code D·e^{−|x|²/(4A)}} for A &lt; 0).
 *
 * <p>With the {@code orthogonal} coupling this is FAVOR++ (Sec. 4; Theorem 4.1: orthogonal
 * projections reduce the variance for every d); any Gaussian coupling composes through config.
 * The closed-form MSE is reported for iid projections (Theorem 3.2 at real A, s = +1) and for the
 * {@code orthogonal} coupling: Theorem 4.1 only bounds the gain by an unspecified
 * {@code C(|x + y|) ≥ 0}; {@link GeneralizedFeatureTheory#orthogonalGerfMse} gives it exactly (see
 * {@link #realPositiveMse} for {@code simplex}).
 *
 * <p>ρ is the explicit {@code rho} parameter, else fitted ({@link #fit}) from the statistics of the
 * {@code data} file, else of the fit data ({@code rf4j estimate} fits to the (x, y) pair: the
 * pairwise optimum). Drawing an unfitted map is refused ({@link NotFittedException}).
 *
 * <p>Config: {@code {"id": "oprf"}}, {@code {"id": "oprf", "rho": 0.4}},
 * {@code {"id": "oprf", "data": "train.csv", "dataScale": 0.5}}.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class OprfFeatures extends FixedFormMap {
    /** The provider id. */
    public static final String ID = "oprf";

    private static final Param<OptionalDouble> RHO = Param.optionalNumber("rho", Double.MIN_VALUE, 1.0,
            "ρ of CRT Theorem 3.3, in (0, 1] (A = (1 - 1/ρ)/8); absent: ρ* fitted from data");

    private final Double rho;
    private final double dataScale;
    private final Spec spec;

    /** OPRF with ρ* fitted to data ({@link #fit}) before it is drawn. */
    public OprfFeatures() {
        this(null, 1.0, Spec.of(ID).with(FeatureMapSupport.DATA_SCALE.name(), 1.0));
    }

    /** OPRF with an explicit ρ ∈ (0, 1] (ρ = 1 is positive RFs). */
    public OprfFeatures(double rho) {
        this(checkRho(RHO.name(), rho), 1.0, Spec.of(ID).with(RHO.name(), rho)
                .with(FeatureMapSupport.DATA_SCALE.name(), 1.0));
    }

    /**
     * @param rho       explicit ρ, or null to fit it
     * @param dataScale the factor for the rows of the map's own data file at fit time
     * @param spec      the spec that rebuilds this map
     */
    OprfFeatures(Double rho, double dataScale, Spec spec) {
        super(ID, Form.OTHER, true, 1);
        this.rho = rho;
        this.dataScale = dataScale;
        this.spec = Objects.requireNonNull(spec, "spec");
    }

    private static Double checkRho(String key, double rho) {
        if (!(rho > 0 && rho <= 1)) {
            throw new InvalidParameterException(key, rho, "a number in (0, 1] (CRT Theorem 3.3: 0 < ρ* ≤ 1, so A ≤ 0)");
        }
        return rho;
    }

    /**
     * The explicit or fitted ρ.
     *
     * @throws NotFittedException before {@link #fit} when no {@code rho} was given
     */
    public double rho() {
        if (rho == null) {
            throw new NotFittedException("feature map '" + ID + "'", "its ρ* (CRT Theorem 3.3, Eq. 7-8)");
        }
        return rho;
    }

    /**
     * Fits ρ* (CRT Eq. 7 at the Eq. 8 average, kernel coordinates) once; the result has {@code rho}
     * in its spec and no data. An explicit {@code rho} has nothing to fit.
     */
    @Override
    public FeatureMap fit(FitData fitData) {
        if (rho != null) {
            return this;
        }
        DataSample s = fitData.sample(FeatureMapSupport.ownData(fitData, dataScale));
        if (s == null) {
            throw FeatureMapSupport.missing(ID, RHO.name(), "ρ* of CRT Theorem 3.3 (from the mean of |x + y|², Eq. 8)");
        }
        double fitted = GeneralizedFeatureTheory.rhoStar(s.statistics().meanPairSquaredNorm(1), s.dimension());
        return new OprfFeatures(fitted, dataScale, spec.without(FeatureMapSupport.DATA.name()).with(RHO.name(), fitted));
    }

    @Override
    public boolean needsFit() {
        return rho == null;
    }

    /** The real A = (1 − 1/ρ)/8 of the explicit or fitted ρ. */
    public double a() {
        return GeneralizedFeatureTheory.oprfA(rho());
    }

    @Override
    public Spec spec() {
        return spec;
    }

    @Override
    public DrawnFeatures bind(Projection projection, FeatureRequest request) {
        double a = a();
        return new DrawnGerfFeatures(projection, request.target(), Complex.real(a), 1, ID);
    }

    @Override
    public OptionalDouble theoryMse(PointQuery q) {
        return realPositiveMse(q, a());
    }

    /**
     * The MSE of m GERFs with real A and s = +1 under the query's coupling: iid (Theorem 3.2);
     * {@code orthogonal} (Theorem 4.1 in closed form, {@link GeneralizedFeatureTheory#orthogonalGerfMse});
     * {@code simplex}: since {@code E[Z | direction]} does not depend on A (see
     * {@link GeneralizedFeatureTheory#logOrthogonalPairMoment}), every pair covariance is A-free for
     * couplings with independent χ_d norms, so positive RFs' SimRF covariance applies with OPRF's
     * variance ({@link GeneralizedFeatureTheory#coupledGerfMse}, evaluated without subtracting
     * positive RFs' far larger variance). Otherwise empty.
     */
    static OptionalDouble realPositiveMse(PointQuery q, double a) {
        if (q.sampling() != null) {
            return OptionalDouble.empty();
        }
        if (q.coupling().independent()) {
            return OptionalDouble.of(GeneralizedFeatureTheory.gerfMse(q.kind(), Complex.real(a), 1, q.x(), q.y(), q.m()));
        }
        JointLaw law = q.coupling().jointLaw();
        if (law == JointLaw.HAAR_ORTHOGONAL) {
            return OptionalDouble.of(GeneralizedFeatureTheory.orthogonalGerfMse(q.kind(), a, q.x(), q.y(), q.m()));
        }
        if (law == JointLaw.SIMPLEX && q.x().length >= 2) {
            return OptionalDouble.of(GeneralizedFeatureTheory.coupledGerfMse(q.kind(), a, q.x(), q.y(), q.m(),
                    CouplingTheory.Geometry.SIMPLEX));
        }
        return OptionalDouble.empty();
    }

    /** The {@code oprf} provider. */
    public static final class Provider extends AbstractProvider<FeatureMap> implements FeatureMapProvider {
        public Provider() {
            super(ID,
                    "optimal positive RFs: GERF with s = +1, A = (1 - 1/ρ*)/8 from data statistics; bounded and"
                    + " positive; FAVOR++ with the orthogonal coupling (CRT Thm 3.3, Eq. 7-8)",
                    Provider::build, RHO, FeatureMapSupport.DATA, FeatureMapSupport.DATA_SCALE);
        }

        private static FeatureMap build(Parameters p, BuildContext context) {
            OptionalDouble rho = p.get(RHO);
            return new OprfFeatures(rho.isPresent() ? checkRho(p.key(RHO), rho.getAsDouble()) : null,
                    p.get(FeatureMapSupport.DATA_SCALE), p.spec());
        }
    }
}
