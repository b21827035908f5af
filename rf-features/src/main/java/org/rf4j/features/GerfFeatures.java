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
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Spec;
import org.rf4j.api.mechanism.AbstractMechanism;
import org.rf4j.api.mechanism.DataSample;
import org.rf4j.api.mechanism.DataStatistics;
import org.rf4j.api.mechanism.DrawnFeatures;
import org.rf4j.api.mechanism.FeatureMap;
import org.rf4j.api.mechanism.FeatureRequest;
import org.rf4j.api.mechanism.FitData;
import org.rf4j.api.mechanism.NotFittedException;
import org.rf4j.api.mechanism.PointQuery;
import org.rf4j.api.mechanism.Projection;
import org.rf4j.api.mechanism.ProjectionFeatureMap;
import org.rf4j.spi.AbstractProvider;
import org.rf4j.spi.BuildContext;
import org.rf4j.spi.FeatureMapProvider;
import org.rf4j.spi.Param;
import org.rf4j.spi.Parameters;
import org.rf4j.theory.GeneralizedFeatureTheory;
import org.rf4j.theory.special.Complex;
import org.apiguardian.api.API;

/**
 * Generalised exponential random features, GERF (Chefs' Random Tables, Eq. 4 and Theorem 3.1):
 * {@code f₁(ω, x) = D exp(A|ω|² + Bωᵀx + C|x|²)}, {@code f₂(ω, y) = D exp(A|ω|² + sBωᵀy + C|y|²)},
 * ω ~ N(0, I_d), with free complex A (Re(1 − 4A) &gt; 0) and s ∈ {−1, +1}, and
 * {@code B = √(s(1 − 4A))}, {@code C = −(s + 1)/2}, {@code D = (⁴√(1 − 4A))^d} (principal roots), so
 * that {@code E Re(f₁f₂) = K(x, y)} (Eq. 1). Special cases: A = 0, s = −1 (B = i) is trigonometric
 * RFs; A = 0, s = +1 (B = 1, C = −1) is positive RFs; real A &lt; 0 with s = +1 is OPRF
 * ({@link OprfFeatures}).
 *
 * <p>Features are complex unless A is real and s = +1; complex features are realified (query
 * [Re | Im], key [Re | −Im]), so the output has 2m columns and the dot product is the real part.
 * Works with any Gaussian coupling; the closed-form MSE (Theorem 3.2, Eq. 6, via
 * {@link GeneralizedFeatureTheory#gerfMse}) is reported for iid projections when {@code Re(1 − 8A) > 0} (otherwise
 * the variance is infinite and no value is reported), and for real A, s = +1 also under the
 * {@code orthogonal} coupling (Theorem 4.1, see {@link OprfFeatures}).
 *
 * <p>With {@code "fit": true}, (A, s) are chosen once, at the fit stage ({@link #fit}), by
 * minimising Eq. 6 at the data averages (Eq. 8) — the paper's "numerical optimization of (6) with
 * respect to A ∈ ℂ and s" — from the configured {@code data} file or the fit data; the fitted map
 * carries them ({@code fit: false}) and is laid out as its A and s say. Drawing an unfitted map is
 * refused ({@link NotFittedException}).
 *
 * <p>Config: {@code {"id": "gerf", "a": -0.1, "aImag": 0.2, "s": 1}}, {@code {"id": "gerf", "fit": true}}.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class GerfFeatures extends AbstractMechanism implements ProjectionFeatureMap {
    /** The provider id. */
    public static final String ID = "gerf";

    private static final Param<Double> A = Param.number("a", 0.0, null, 0.25,
            "real part of A; Re(1 - 4A) > 0, i.e. a < 0.25");
    private static final Param<Double> A_IMAG = Param.number("aImag", 0.0, null, null, "imaginary part of A");
    private static final Param<Integer> S = Param.integer("s", 1, -1L, 1L, "the sign s: -1 or +1");
    private static final Param<Boolean> FIT = Param.bool("fit", false, "fit A and s to data by minimising CRT Eq. 6"
            + " at the Eq. 8 averages (a, aImag and s are then ignored)");

    private final Complex a;
    private final int s;
    private final boolean fit;
    private final double dataScale;
    private final Spec spec;

    /**
     * @param a the complex parameter A, with {@code Re(1 − 4A) > 0}
     * @param s the sign s ∈ {−1, +1}
     * @throws InvalidParameterException otherwise
     */
    public GerfFeatures(Complex a, int s) {
        this(a, s, false, 1.0, spec(a, s, false));
    }

    GerfFeatures(Complex a, int s, boolean fit, double dataScale, Spec spec) {
        GeneralizedFeatureTheory.requireGerfParameters(a, s);
        this.a = a;
        this.s = s;
        this.fit = fit;
        this.dataScale = dataScale;
        this.spec = spec;
    }

    /**
     * GERF with (A, s) to be fitted to data ({@link #fit}; or a configured file) by minimising
     * Eq. 6 at the Eq. 8 averages ({@link GeneralizedFeatureTheory#optimalGerf}): CRT Sec. 3.1's general case.
     */
    public static GerfFeatures fitted() {
        return new GerfFeatures(Complex.ZERO, 1, true, 1.0, spec(Complex.ZERO, 1, true));
    }

    private static Spec spec(Complex a, int s, boolean fit) {
        return Spec.of(ID).with(A.name(), a.re()).with(A_IMAG.name(), a.im()).with(S.name(), (long) s)
                .with(FIT.name(), fit).with(FeatureMapSupport.DATA_SCALE.name(), 1.0);
    }

    /** A (the configured one; see {@link #parameters} for fitted maps). */
    public Complex a() {
        return a;
    }

    /** s (the configured one; see {@link #parameters} for fitted maps). */
    public int s() {
        return s;
    }

    /** True if (A, s) are fitted to data. */
    public boolean fit() {
        return fit;
    }

    /**
     * The explicit or fitted (A, s).
     *
     * @throws NotFittedException with {@code fit: true} before {@link #fit}
     */
    public GeneralizedFeatureTheory.GerfParameters parameters() {
        if (fit) {
            throw new NotFittedException("feature map '" + ID + "'", "its A and s (CRT Sec. 3.1, Eq. 6 and 8)");
        }
        return new GeneralizedFeatureTheory.GerfParameters(a, s);
    }

    /** The (A, s) minimising the variance (CRT Eq. 6) at the Eq. 8 averages of a sample (kernel coordinates). */
    private static GeneralizedFeatureTheory.GerfParameters optimal(DataSample sample) {
        DataStatistics st = sample.statistics();
        return GeneralizedFeatureTheory.optimalGerf(sample.dimension(), st.queryMeanSquaredNorm() + st.keyMeanSquaredNorm(),
                st.meanPairSquaredNorm(1), st.meanPairSquaredNorm(-1));
    }

    /**
     * With {@code fit: true}, fits (A, s) once (CRT Eq. 6 at the Eq. 8 averages, kernel coordinates);
     * the result has {@code a}, {@code aImag}, {@code s} in its spec, {@code fit: false} and no data.
     */
    @Override
    public FeatureMap fit(FitData fitData) {
        if (!fit) {
            return this;
        }
        DataSample sample = fitData.sample(FeatureMapSupport.ownData(fitData, dataScale));
        if (sample == null) {
            throw FeatureMapSupport.missing(ID, FIT.name(), "data statistics to fit A and s (CRT Sec. 3.1, Eq. 6 and 8); or"
                    + " set 'fit' to false and give 'a', 'aImag' and 's'");
        }
        GeneralizedFeatureTheory.GerfParameters p = optimal(sample);
        Spec fitted = spec.without(FeatureMapSupport.DATA.name()).with(A.name(), p.a().re())
                .with(A_IMAG.name(), p.a().im()).with(S.name(), (long) p.s()).with(FIT.name(), false);
        return new GerfFeatures(p.a(), p.s(), false, dataScale, fitted);
    }

    @Override
    public boolean needsFit() {
        return fit;
    }

    @Override
    public Spec spec() {
        return spec;
    }

    @Override
    public boolean positive() {
        return !fit && !DrawnGerfFeatures.isComplex(a, s);
    }

    @Override
    public boolean complex() {
        return fit || DrawnGerfFeatures.isComplex(a, s);
    }

    @Override
    public int blocks() {
        return complex() ? 2 : 1;
    }

    @Override
    public DrawnFeatures bind(Projection projection, FeatureRequest request) {
        GeneralizedFeatureTheory.GerfParameters p = parameters();
        return new DrawnGerfFeatures(projection, request.target(), p.a(), p.s(), ID, complex());
    }

    @Override
    public OptionalDouble theoryMse(PointQuery q) {
        GeneralizedFeatureTheory.GerfParameters p = parameters();
        Complex pa = p.a();
        if (!GeneralizedFeatureTheory.gerfVarianceFinite(pa) || q.sampling() != null) {
            return OptionalDouble.empty();
        }
        if (pa.isReal() && p.s() == 1) {
            return OprfFeatures.realPositiveMse(q, pa.re());
        }
        if (q.coupling().independent()) {
            return OptionalDouble.of(GeneralizedFeatureTheory.gerfMse(q.kind(), pa, p.s(), q.x(), q.y(), q.m()));
        }
        return OptionalDouble.empty();
    }

    /** The {@code gerf} provider. */
    public static final class Provider extends AbstractProvider<FeatureMap> implements FeatureMapProvider {
        public Provider() {
            super(ID,
                    "generalised exponential RFs D·exp(A|w|² + B w·x + C|x|²), complex A, s = ±1 (CRT Eq. 4, Thm 3.1)",
                    Provider::build, A, A_IMAG, S, FIT, FeatureMapSupport.DATA, FeatureMapSupport.DATA_SCALE);
        }

        private static FeatureMap build(Parameters p, BuildContext context) {
            int s = p.get(S);
            if (s == 0) {
                throw new InvalidParameterException(p.key(S), s, "-1 or +1 (CRT Eq. 4)");
            }
            double re = p.get(A);
            if (!(1.0 - 4.0 * re > 0.0)) {
                throw new InvalidParameterException(p.key(A), re, "a number < 0.25 (Re(1 - 4A) > 0, CRT Theorem 3.1)");
            }
            return new GerfFeatures(Complex.of(re, p.get(A_IMAG)), s, p.get(FIT), p.get(FeatureMapSupport.DATA_SCALE),
                    p.spec());
        }
    }
}
