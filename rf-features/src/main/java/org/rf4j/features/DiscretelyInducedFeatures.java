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

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.BiFunction;
import java.util.random.RandomGenerator;
import org.rf4j.api.InvalidInputException;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Matrix;
import org.rf4j.api.Spec;
import org.rf4j.api.kernel.KernelKind;
import org.rf4j.api.mechanism.Coupling;
import org.rf4j.api.mechanism.DataSample;
import org.rf4j.api.mechanism.DataStatistics;
import org.rf4j.api.mechanism.DrawnFeatures;
import org.rf4j.api.mechanism.FixedShapeFeatures;
import org.rf4j.api.mechanism.FeatureMap;
import org.rf4j.api.mechanism.FeatureRequest;
import org.rf4j.api.mechanism.FitData;
import org.rf4j.api.mechanism.NotFittedException;
import org.rf4j.api.mechanism.PointQuery;
import org.rf4j.api.mechanism.Side;
import org.rf4j.spi.AbstractProvider;
import org.rf4j.spi.FeatureMapProvider;
import org.rf4j.spi.Param;
import org.rf4j.spi.Parameter;
import org.rf4j.theory.BaseFeatureTheory;
import org.apiguardian.api.API;

/**
 * Discretely-induced random features, DIRF (Chefs' Random Tables, Sec. 3.2, Eq. 9–10):
 * ω ∈ ℕ^d with iid coordinates {@code P(ω_l = k) = p_k} and
 * {@code f(ω, x) = e^{−|x|²/2} Π_l x_l^{ω_l}(ω_l!)^{−1/2}p_{ω_l}^{−1/2}}, the same map on both sides,
 * so that {@code E f(ω, x)f(ω, y) = e^{−(|x|²+|y|²)/2}e^{xᵀy} = K(x, y)} (Taylor series of
 * {@code e^{xᵀy}}). The subclasses fix {p_k}: {@link PoissonFeatures} and {@link GeometricFeatures}.
 *
 * <p><b>Not a projection map.</b> These maps draw integer ω themselves; couplings correlate Gaussian
 * directions, which they do not use. They accept only couplings with independent draws
 * ({@link Coupling#independent()}, i.e. {@code iid}); any other coupling, and any sampling policy,
 * is refused with a message that lists the couplings that fit. m draws give m features, each scaled by
 * {@code m^{−1/2}}.
 *
 * <p><b>Positive variants</b> ({@code poisson-plus}, {@code geometric-plus}, Sec. 3.2.3): inputs are
 * shifted by a vector c below every data coordinate, {@code x̂ = x − c}; since {@code x̂ − ŷ = x − y}
 * the Gaussian kernel is unchanged and all features are positive. c is the explicit {@code shift},
 * or {@code c_l = min_i min(x_l⁽ⁱ⁾, y_l⁽ⁱ⁾) − ε} over the data. An input with a coordinate not above
 * c is refused (its features would not be positive). For the softmax target the row factor
 * {@code e^{|x|²/2}} uses the unshifted x. The distribution parameter is fitted on the shifted data.
 *
 * <p><b>Numerics.</b> Each feature is formed as one logarithm,
 * {@code −|x̂|²/2 + Σ_l [ω_l ln|x̂_l| − ½(ln p_{ω_l} + ln ω_l!)]} (+ row factor), with its sign from the
 * parity of the negative coordinates' exponents; a zero coordinate with ω_l &gt; 0 gives an exact 0.
 * ω is stored sparsely (only ω_l &gt; 0), so mapping costs O(nnz(ω)) per row. Features too large for
 * a finite estimate are refused (see {@link FeatureMapSupport}).
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public abstract sealed class DiscretelyInducedFeatures implements FeatureMap permits PoissonFeatures, GeometricFeatures {
    private final Spec spec;
    private final boolean plus;
    private final Double parameter;
    private final double[] shift;
    private final double epsilon;
    private final double dataScale;

    DiscretelyInducedFeatures(Spec spec, boolean plus, Double parameter, double[] shift, double epsilon,
            double dataScale) {
        this.spec = Objects.requireNonNull(spec, "spec");
        this.plus = plus;
        this.parameter = parameter;
        this.shift = shift == null ? null : shift.clone();
        this.epsilon = epsilon;
        this.dataScale = dataScale;
        if (!(epsilon > 0) || Double.isInfinite(epsilon)) {
            throw new InvalidParameterException("epsilon", epsilon, "a finite number > 0");
        }
    }

    /** The spec of a map built in code: its id, the explicit parameter, and for plus variants shift and ε. */
    static Spec spec(String id, String parameterName, Double parameter, boolean plus, double[] shift, double epsilon) {
        Spec s = Spec.of(id);
        if (parameter != null) {
            s = s.with(parameterName, parameter);
        }
        s = s.with(FeatureMapSupport.DATA_SCALE.name(), 1.0);
        if (plus) {
            if (shift != null) {
                s = s.with(SHIFT.name(), shift.clone());
            }
            s = s.with(EPSILON.name(), epsilon);
        }
        return s;
    }

    /** The provider id. */
    abstract String id();

    /** The distribution parameter's config name ("lambda", "p"). */
    abstract String parameterName();

    /** What the parameter is, for messages. */
    abstract String parameterDescription();

    /** The variance-minimising parameter for the (shifted) data statistics. */
    abstract double fit(DataStatistics statistics, int d);

    /** {@code ln p_k + ln k!}. */
    abstract double logPmfTimesFactorial(long k, double parameter);

    /** One draw of ω_l. */
    abstract long sample(RandomGenerator rng, double parameter);

    /** Variance of one feature product estimating the Gaussian kernel at (x̂, ŷ). */
    abstract double variance(double parameter, double[] x, double[] y);

    @Override
    public final Spec spec() {
        return spec;
    }

    /** True for the positive ("plus") variant. */
    public final boolean plus() {
        return plus;
    }

    @Override
    public final boolean positive() {
        return plus;
    }

    @Override
    public final int outputDimension(int m, int d) {
        return m;
    }

    @Override
    public final boolean accepts(Coupling coupling) {
        return coupling.independent();
    }

    /** A map of the same class with explicit parameter, shift (plus only) and spec. */
    abstract DiscretelyInducedFeatures withFit(Double parameter, double[] shift, Spec spec);

    /**
     * Fits the distribution parameter (and, for the plus variants, the shift c) once, in kernel
     * coordinates; the result has them in its spec ({@code lambda} or {@code p}, {@code shift}) and no
     * data. Explicit values are kept.
     */
    @Override
    public final FeatureMap fit(FitData fitData) {
        if (!needsFitting()) {
            return this;
        }
        DataSample s = fitData.sample(FeatureMapSupport.ownData(fitData, dataScale));
        int d = s != null ? s.dimension() : shift != null ? shift.length : 0;
        Fit f = resolve(s, d);
        Spec fitted = spec.without(FeatureMapSupport.DATA.name()).with(parameterName(), f.parameter());
        if (plus) {
            fitted = fitted.with(SHIFT.name(), f.shift().clone());
        }
        return withFit(f.parameter(), f.shift(), fitted);
    }

    private boolean needsFitting() {
        return parameter == null || (plus && shift == null);
    }

    @Override
    public final boolean needsFit() {
        return needsFitting();
    }

    /** The margin below the data minimum for a fitted shift. */
    final double epsilon() {
        return epsilon;
    }

    /** The fitted shift c (plus variants) and distribution parameter for the given data. */
    public record Fit(double[] shift, double parameter) {
    }

    /**
     * The explicit or fitted c (plus variants only; null otherwise) and distribution parameter, for
     * inputs of dimension d.
     *
     * @throws NotFittedException before {@link #fit(FitData)} when a value is neither given nor fitted
     */
    public final Fit fitted(int d) {
        if (needsFitting()) {
            throw new NotFittedException("feature map '" + id() + "'", "its " + (parameter == null ? "'"
                    + parameterName() + "'" : "shift c") + " (CRT Sec. 3.2)");
        }
        return resolve(null, d);
    }

    /**
     * Resolves c (plus variants only; null otherwise) and the distribution parameter: explicit values
     * first (given or fitted), then the sample {@code s} (kernel coordinates; the fit stage's).
     */
    private Fit resolve(DataSample s, int d) {
        double[] c = null;
        if (plus) {
            if (shift != null) {
                c = FeatureMapSupport.requireVector("shift", shift, d);
            } else if (s != null) {
                c = minimumShift(s, epsilon);
            } else {
                throw FeatureMapSupport.missing(id(), "shift", "the shift c of CRT Sec. 3.2.3 (below every data coordinate)");
            }
        }
        double value;
        if (parameter != null) {
            value = parameter;
        } else if (s != null) {
            value = fit((c == null ? s : shifted(s, c)).statistics(), d);
        } else {
            throw FeatureMapSupport.missing(id(), parameterName(), parameterDescription());
        }
        return new Fit(c, value);
    }

    private static double[] minimumShift(DataSample s, double epsilon) {
        int d = s.dimension();
        double[] c = new double[d];
        java.util.Arrays.fill(c, Double.POSITIVE_INFINITY);
        for (Matrix m : List.of(s.query(), s.key())) {
            double[] a = m.data();
            for (int i = 0; i < m.rows(); i++) {
                for (int l = 0; l < d; l++) {
                    c[l] = Math.min(c[l], a[i * d + l]);
                }
            }
        }
        for (int l = 0; l < d; l++) {
            c[l] -= epsilon;
        }
        return c;
    }

    private static DataSample shifted(DataSample s, double[] c) {
        return new DataSample(shift(s.query(), c), shift(s.key(), c));
    }

    private static Matrix shift(Matrix m, double[] c) {
        Matrix r = m.copy();
        double[] a = r.data();
        int d = c.length;
        for (int i = 0; i < a.length; i++) {
            a[i] -= c[i % d];
        }
        return r;
    }

    @Override
    public final DrawnFeatures draw(FeatureRequest request) {
        if (!accepts(request.coupling())) {
            throw incompatible(request.coupling());
        }
        if (request.sampling() != null) {
            throw new InvalidParameterException("sampling", request.sampling().spec().id(),
                    "no sampling policy: features '" + id() + "' draw discrete ω, not Gaussian projections");
        }
        int d = request.d();
        int m = request.m();
        Fit f = fitted(d);
        RandomGenerator rng = request.rng();
        int[] rowStart = new int[m + 1];
        int[] cols = new int[Math.max(16, m)];
        int[] pows = new int[cols.length];
        double[] colConst = new double[m];
        double logTerm0 = logPmfTimesFactorial(0, f.parameter());
        int nnz = 0;
        for (int j = 0; j < m; j++) {
            double acc = 0;
            for (int l = 0; l < d; l++) {
                long k = sample(rng, f.parameter());
                if (k > Integer.MAX_VALUE / 2) {
                    throw new InvalidParameterException(parameterName(), f.parameter(),
                            "a value whose draws stay below 2^30 (this one drew " + k + ")");
                }
                if (k == 0) {
                    acc += logTerm0;
                } else {
                    acc += logPmfTimesFactorial(k, f.parameter());
                    if (nnz == cols.length) {
                        cols = java.util.Arrays.copyOf(cols, 2 * nnz);
                        pows = java.util.Arrays.copyOf(pows, 2 * nnz);
                    }
                    cols[nnz] = l;
                    pows[nnz] = (int) k;
                    nnz++;
                }
            }
            colConst[j] = -0.5 * acc;
            rowStart[j + 1] = nnz;
        }
        cols = java.util.Arrays.copyOf(cols, nnz);
        pows = java.util.Arrays.copyOf(pows, nnz);
        return new Drawn(id(), request.target(), d, m, rowStart, cols, pows, colConst, f.shift(), plus);
    }

    private InvalidParameterException incompatible(Coupling c) {
        return new InvalidParameterException("coupling", c.spec().id(),
                "a coupling with independent draws: [iid] (or another whose independent() is true); features '" + id()
                        + "' draw discrete ω themselves, and couplings that correlate Gaussian directions do not apply");
    }

    @Override
    public final OptionalDouble theoryMse(PointQuery q) {
        if (q.sampling() != null || !q.coupling().independent()) {
            return OptionalDouble.empty();
        }
        int d = q.x().length;
        Fit f = fitted(d);
        double[] x = q.x();
        double[] y = q.y();
        if (f.shift() != null) {
            x = x.clone();
            y = y.clone();
            for (int l = 0; l < d; l++) {
                x[l] -= f.shift()[l];
                y[l] -= f.shift()[l];
            }
        }
        double var = variance(f.parameter(), x, y);
        return OptionalDouble.of(BaseFeatureTheory.convert(var, KernelKind.GAUSSIAN, q.kind(), q.x(), q.y()) / q.m());
    }

    @Override
    public final boolean equals(Object o) {
        return o instanceof DiscretelyInducedFeatures f && f.getClass() == getClass() && f.spec.equals(spec);
    }

    @Override
    public final int hashCode() {
        return spec.hashCode();
    }

    @Override
    public final String toString() {
        return spec.toString();
    }

    // ------------------------------------------------------------------ config helpers

    /** The shift c of the positive variants. */
    static final Param<Optional<double[]>> SHIFT = Param.numbers("shift", "the shift c (length d) of CRT Sec. 3.2.3;"
            + " absent: min over the data minus epsilon");
    /** The default margin ε (the plain variants, which have no shift, carry it unused). */
    static final double DEFAULT_EPSILON = 1e-3;
    /** The margin ε of the positive variants' fitted shift. */
    static final Param<Double> EPSILON = Param.number("epsilon", DEFAULT_EPSILON, Double.MIN_VALUE, null,
            "margin ε below the data minimum for the fitted shift");

    /** Schema entries shared by the four providers. */
    static List<Parameter> schema(Param<OptionalDouble> distributionParameter, boolean plus) {
        List<Param<?>> l = new ArrayList<>(List.of(distributionParameter, FeatureMapSupport.DATA,
                FeatureMapSupport.DATA_SCALE));
        if (plus) {
            l.add(SHIFT);
            l.add(EPSILON);
        }
        return Param.parameters(l);
    }

    /** A distribution's map from its explicit parameter (or null), shift, ε, data scale and spec. */
    @FunctionalInterface
    interface Maker {
        DiscretelyInducedFeatures make(boolean plus, Double parameter, double[] shift, double epsilon, double dataScale,
                Spec spec);
    }

    /**
     * The provider of a distribution's plain or positive ("plus") map; they differ only in {@code plus}.
     * {@code check} refuses an explicit parameter out of the distribution's range, naming the key.
     */
    abstract static class VariantProvider extends AbstractProvider<FeatureMap> implements FeatureMapProvider {
        VariantProvider(String id, boolean plus, String description, Param<OptionalDouble> distribution,
                BiFunction<String, Double, Double> check, Maker maker) {
            super(id, description, (p, context) -> {
                OptionalDouble given = p.get(distribution);
                Double parameter = check.apply(p.key(distribution), given.isPresent() ? given.getAsDouble() : null);
                return maker.make(plus, parameter, plus ? p.get(SHIFT).orElse(null) : null,
                        plus ? p.get(EPSILON) : DEFAULT_EPSILON,
                        p.get(FeatureMapSupport.DATA_SCALE), p.spec());
            }, DiscretelyInducedFeatures.schema(distribution, plus));
        }
    }

    // ------------------------------------------------------------------ drawn features

    /** Drawn DIRF: sparse ω, per-projection constants, optional shift. Immutable. */
    private static final class Drawn extends FixedShapeFeatures {
        private final String id;
        private final KernelKind target;
        /** The projection count, the feature count. */
        private final int m;
        private final int[] rowStart;
        private final int[] cols;
        private final int[] pows;
        private final double[] colConst;
        private final double[] shift;
        private final boolean plus;
        private final double scale;
        private final double limit;

        Drawn(String id, KernelKind target, int d, int m, int[] rowStart, int[] cols, int[] pows, double[] colConst,
                double[] shift, boolean plus) {
            super(d, m, plus);
            this.id = id;
            this.target = target;
            this.m = m;
            this.rowStart = rowStart;
            this.cols = cols;
            this.pows = pows;
            this.colConst = colConst;
            this.shift = shift;
            this.plus = plus;
            this.scale = 1.0 / Math.sqrt(m);
            this.limit = FeatureMapSupport.logLimit(m);
        }

        @Override
        public Matrix map(Side side, Matrix x, Matrix out) {
            Matrix o = output(x, out, "feature-map input", "features");
            int n = x.rows();
            double[] xd = x.data();
            double[] od = o.data();
            double[] logAbs = new double[d];
            boolean[] negative = new boolean[d];
            boolean[] zero = new boolean[d];
            for (int i = 0; i < n; i++) {
                double sqOrig = 0;
                double sqShifted = 0;
                for (int l = 0; l < d; l++) {
                    double v = xd[i * d + l];
                    sqOrig += v * v;
                    double h = shift == null ? v : v - shift[l];
                    if (plus && !(h > 0)) {
                        throw new InvalidInputException("row " + (i + 1) + ", column " + (l + 1) + " (1-based): value " + v
                                + " is not above the shift c = " + shift[l] + " of features '" + id
                                + "', so its features would not be positive; fit the shift on data covering the inputs"
                                + " or give 'shift' explicitly");
                    }
                    sqShifted += h * h;
                    logAbs[l] = Math.log(Math.abs(h));
                    negative[l] = h < 0;
                    zero[l] = h == 0;
                }
                double base = -0.5 * sqShifted + target.logRowFactor(KernelKind.GAUSSIAN, sqOrig);
                int rowOff = i * m;
                for (int j = 0; j < m; j++) {
                    double acc = colConst[j] + base;
                    boolean flip = false;
                    boolean isZero = false;
                    for (int k = rowStart[j]; k < rowStart[j + 1]; k++) {
                        int l = cols[k];
                        if (zero[l]) {
                            isZero = true;
                            break;
                        }
                        int p = pows[k];
                        acc += p * logAbs[l];
                        if (negative[l] && (p & 1) == 1) {
                            flip = !flip;
                        }
                    }
                    if (isZero) {
                        od[rowOff + j] = 0.0;
                        continue;
                    }
                    FeatureMapSupport.checkLog(acc, limit, i, sqOrig, id);
                    double v = Math.exp(acc) * scale;
                    od[rowOff + j] = flip ? -v : v;
                }
            }
            return o;
        }
    }
}
