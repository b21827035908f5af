package org.rf4j.features;

import java.util.List;
import java.util.OptionalDouble;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Spec;
import org.rf4j.api.mechanism.FeatureMap;
import org.rf4j.api.mechanism.FeatureRequest;
import org.rf4j.api.mechanism.PointQuery;
import org.rf4j.api.mechanism.Projection;
import org.rf4j.api.mechanism.ProjectionFeatureMap;
import org.rf4j.api.mechanism.RandomFeatures;
import org.rf4j.spi.BuildContext;
import org.rf4j.spi.FeatureMapProvider;
import org.rf4j.spi.Parameter;
import org.rf4j.spi.ParameterSchema;
import org.rf4j.spi.Parameters;
import org.rf4j.theory.CrtTheory;
import org.rf4j.theory.special.Complex;

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
 * {@link CrtTheory#gerfMse}) is reported for iid projections when {@code Re(1 − 8A) > 0} (otherwise
 * the variance is infinite and no value is reported), and for real A, s = +1 also under the
 * {@code orthogonal} coupling (Theorem 4.1, see {@link OprfFeatures}).
 *
 * <p>Config: {@code {"id": "gerf", "a": -0.1, "aImag": 0.2, "s": 1}}.
 */
public final class GerfFeatures implements ProjectionFeatureMap {
    /** The provider id. */
    public static final String ID = "gerf";

    private final Complex a;
    private final int s;

    /**
     * @param a the complex parameter A, with {@code Re(1 − 4A) > 0}
     * @param s the sign s ∈ {−1, +1}
     * @throws InvalidParameterException otherwise
     */
    public GerfFeatures(Complex a, int s) {
        CrtTheory.requireGerfParameters(a, s);
        this.a = a;
        this.s = s;
    }

    /** A. */
    public Complex a() {
        return a;
    }

    /** s. */
    public int s() {
        return s;
    }

    @Override
    public Spec spec() {
        return Spec.of(ID).with("a", a.re()).with("aImag", a.im()).with("s", (long) s);
    }

    @Override
    public boolean positive() {
        return !GerfRandomFeatures.isComplex(a, s);
    }

    @Override
    public boolean complex() {
        return GerfRandomFeatures.isComplex(a, s);
    }

    @Override
    public int blocks() {
        return complex() ? 2 : 1;
    }

    @Override
    public RandomFeatures bind(Projection projection, FeatureRequest request) {
        return new GerfRandomFeatures(projection, request.target(), a, s, ID);
    }

    @Override
    public OptionalDouble theoryMse(PointQuery q) {
        if (!CrtTheory.gerfVarianceFinite(a) || q.sampling() != null) {
            return OptionalDouble.empty();
        }
        if (a.isReal() && s == 1) {
            return OprfFeatures.realPositiveMse(q, a.re());
        }
        if (q.coupling().independent()) {
            return OptionalDouble.of(CrtTheory.gerfMse(q.kind(), a, s, q.x(), q.y(), q.m()));
        }
        return OptionalDouble.empty();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof GerfFeatures g && g.a.equals(a) && g.s == s;
    }

    @Override
    public int hashCode() {
        return 31 * a.hashCode() + s;
    }

    @Override
    public String toString() {
        return spec().toString();
    }

    /** The {@code gerf} provider. */
    public static final class Provider implements FeatureMapProvider {
        @Override
        public String id() {
            return ID;
        }

        @Override
        public String description() {
            return "generalised exponential RFs D·exp(A|w|² + B w·x + C|x|²), complex A, s = ±1 (CRT Eq. 4, Thm 3.1)";
        }

        @Override
        public ParameterSchema schema() {
            return ParameterSchema.of(List.of(
                    Parameter.number("a", 0.0, null, 0.25, "real part of A; Re(1 - 4A) > 0, i.e. a < 0.25"),
                    Parameter.number("aImag", 0.0, null, null, "imaginary part of A"),
                    Parameter.integer("s", 1, -1L, 1L, "the sign s: -1 or +1")));
        }

        @Override
        public FeatureMap create(Parameters p, BuildContext context) {
            int s = p.getInt("s");
            if (s == 0) {
                throw new InvalidParameterException(p.key("s"), s, "-1 or +1 (CRT Eq. 4)");
            }
            double re = p.getDouble("a");
            if (!(1.0 - 4.0 * re > 0.0)) {
                throw new InvalidParameterException(p.key("a"), re, "a number < 0.25 (Re(1 - 4A) > 0, CRT Theorem 3.1)");
            }
            return new GerfFeatures(Complex.of(re, p.getDouble("aImag")), s);
        }
    }
}
