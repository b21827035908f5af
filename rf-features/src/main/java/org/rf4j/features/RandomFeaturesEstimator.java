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
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Spec;
import org.rf4j.api.kernel.Kernel;
import org.rf4j.api.kernel.KernelKind;
import org.rf4j.api.mechanism.SpectralProjections;
import org.rf4j.api.mechanism.Coupling;
import org.rf4j.api.mechanism.DrawnEstimator;
import org.rf4j.api.mechanism.DrawnFeatures;
import org.rf4j.api.mechanism.Estimator;
import org.rf4j.api.mechanism.EstimatorRequest;
import org.rf4j.api.mechanism.FeatureMap;
import org.rf4j.api.mechanism.FeatureRequest;
import org.rf4j.api.mechanism.FitData;
import org.rf4j.api.mechanism.PointQuery;
import org.rf4j.api.mechanism.ProjectionEstimator;
import org.rf4j.api.mechanism.ProjectionFeatureMap;
import org.rf4j.api.mechanism.SamplingPolicy;
import org.rf4j.api.random.Seeds;
import org.rf4j.spi.AbstractProvider;
import org.rf4j.spi.BuildContext;
import org.rf4j.spi.EstimatorProvider;
import org.rf4j.spi.MechanismKind;
import org.rf4j.spi.Param;
import org.rf4j.spi.Parameters;
import org.apiguardian.api.API;

/**
 * The {@code random-features} estimator: m projections drawn with a coupling (optionally through
 * a sampling policy), turned into features by a feature map; {@code K̂(x, y) = φ₁(x)ᵀφ₂(y)}.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class RandomFeaturesEstimator implements ProjectionEstimator {
    public static final String ID = "random-features";
    /** The config key of the projection memory budget (MiB). */
    public static final String PROJECTION_BUDGET = "projectionBudgetMiB";

    /**
     * The spec {@code {"id": "random-features", "coupling": …, "features": …, "m": m}}: m projections
     * of the coupling mapped by the feature map.
     */
    public static Spec specOf(Spec coupling, Spec features, long m) {
        return Spec.of(ID, Provider.COUPLING.name(), coupling, Provider.FEATURES.name(), features, Provider.M.name(), m);
    }

    private final Spec spec;
    private final Coupling coupling;
    private final FeatureMap features;
    private final SamplingPolicy sampling;
    private final int m;
    private final long projectionBudget;

    /**
     * @param spec     the full spec (for round trips)
     * @param coupling the coupling
     * @param features the feature map
     * @param sampling the sampling policy, or null for the standard distribution
     * @param m        the number of projections
     */
    public RandomFeaturesEstimator(Spec spec, Coupling coupling, FeatureMap features, SamplingPolicy sampling, int m) {
        this(spec, coupling, features, sampling, m, FeatureRequest.DEFAULT_PROJECTION_BUDGET);
    }

    /**
     * @param projectionBudget the most bytes the m×d projection may take; wider ones are generated
     *                         on the fly (iid only; see {@link org.rf4j.api.mechanism.GeneratedProjection})
     */
    public RandomFeaturesEstimator(Spec spec, Coupling coupling, FeatureMap features, SamplingPolicy sampling, int m,
            long projectionBudget) {
        this.projectionBudget = projectionBudget;
        this.spec = Objects.requireNonNull(spec, "spec");
        this.coupling = Objects.requireNonNull(coupling, "coupling");
        this.features = Objects.requireNonNull(features, "features");
        this.sampling = sampling;
        this.m = m;
        if (!features.accepts(coupling)) {
            throw new InvalidParameterException("estimator.coupling", coupling.spec().id(),
                    "a coupling that features '" + features.spec().id() + "' accepts (it needs independent draws: 'iid')");
        }
        if (sampling != null && !(features instanceof ProjectionFeatureMap)) {
            throw new InvalidParameterException("estimator.sampling", sampling.spec().id(),
                    "no sampling policy: features '" + features.spec().id()
                            + "' do not draw Gaussian projections, so importance sampling does not apply");
        }
    }

    public Coupling coupling() {
        return coupling;
    }

    public FeatureMap featureMap() {
        return features;
    }

    /** The sampling policy, or null. */
    public SamplingPolicy sampling() {
        return sampling;
    }

    public int m() {
        return m;
    }

    @Override
    public Spec spec() {
        return spec;
    }

    @Override
    public int projectionCount(int d) {
        return m;
    }

    /**
     * Fits the feature map (with the data of {@code estimator.features}, else the shared data), then
     * the sampling policy for the fitted map (with the data of {@code estimator.sampling}, else the
     * shared data); the result's spec carries the fitted values, so it rebuilds without data.
     */
    @Override
    public Estimator fit(FitData data) {
        FeatureMap f = features.fit(data.child(Provider.FEATURES.name()), m);
        SamplingPolicy s = sampling == null ? null
                : sampling.fit(data.child(Provider.SAMPLING.name()), (ProjectionFeatureMap) f, coupling);
        if (f == features && s == sampling) {
            return this;
        }
        Spec fitted = spec.with(Provider.FEATURES.name(), f.spec());
        if (s != null) {
            fitted = fitted.with(Provider.SAMPLING.name(), s.spec());
        }
        return new RandomFeaturesEstimator(fitted, coupling, f, s, m, projectionBudget);
    }

    @Override
    public boolean needsFit() {
        return features.needsFit() || (sampling != null && sampling.needsFit());
    }

    /** Draws just the features (inputs in kernel coordinates). */
    public DrawnFeatures drawFeatures(EstimatorRequest request) {
        Kernel kernel = request.kernel();
        if (kernel.unitKind().isPresent()) {
            FeatureRequest fr = new FeatureRequest(kernel.kind(), request.d(), m, coupling, sampling,
                    Seeds.generator(request.seed()), projectionBudget);
            return features.draw(fr);
        }
        refusal(kernel).ifPresent(why -> {
            throw new InvalidParameterException("estimator", why);
        });
        // another kernel: a map of its exact value, or projections from its spectral law (no row factor)
        FeatureRequest fr = new FeatureRequest(KernelKind.GAUSSIAN, request.d(), m, coupling, null,
                Seeds.generator(request.seed()), projectionBudget);
        if (features instanceof org.rf4j.api.mechanism.ExactKernelFeatureMap exact) {
            return exact.draw(kernel, fr);
        }
        return ((ProjectionFeatureMap) features).bind(SpectralProjections.draw(kernel, fr), fr);
    }

    /**
     * The feature map's, the coupling's and the sampling policy's refusals, in that order: the
     * Gaussian and softmax kernels take every combination the mechanisms accept, with a map that
     * accepts them (the maps of other families refuse them); other kernels need a map and a coupling
     * that accept their capabilities, and no sampling policy.
     */
    @Override
    public java.util.Optional<String> refusal(Kernel kernel) {
        if (kernel.unitKind().isPresent()) {
            return features.refusal(kernel);
        }
        java.util.Optional<String> why = features.refusal(kernel);
        if (why.isEmpty() && !(features instanceof ProjectionFeatureMap)
                && !(features instanceof org.rf4j.api.mechanism.ExactKernelFeatureMap)) {
            why = java.util.Optional.of(org.rf4j.api.mechanism.KernelRefusals.of(kernel, "feature map",
                    features.spec().id(), "the map does not draw projections"));
        }
        if (why.isEmpty()) {
            why = coupling.refusal(kernel);
        }
        if (why.isEmpty() && sampling != null) {
            why = java.util.Optional.of(org.rf4j.api.mechanism.KernelRefusals.of(kernel, "sampling policy",
                    sampling.spec().id(), "importance sampling reweights Gaussian projections; drop 'sampling'"));
        }
        return why;
    }

    @Override
    public DrawnEstimator draw(EstimatorRequest request) {
        return new DrawnEstimator(request.kernel(), drawFeatures(request));
    }

    @Override
    public OptionalDouble theoryMse(Kernel kernel, double[] x, double[] y) {
        double s = kernel.inputScale();
        if (kernel.unitKind().isEmpty()) {
            if (!coupling.independent() || sampling != null) {
                return OptionalDouble.empty();
            }
            if (features instanceof ShiftInvariantTheoryMse t) {
                return t.theoryMse(kernel, scale(x, s), scale(y, s), m);
            }
            return features instanceof org.rf4j.api.mechanism.ExactKernelFeatureMap e
                    ? e.theoryMse(kernel, scale(x, s), scale(y, s), m) : OptionalDouble.empty();
        }
        PointQuery q = new PointQuery(kernel.kind(), m, coupling, sampling, scale(x, s), scale(y, s));
        if (sampling != null) {
            return sampling.theoryMse(q, (ProjectionFeatureMap) features);
        }
        return features.theoryMse(q);
    }

    /**
     * A kernel other than the Gaussian and softmax with projections from a coupling that is not
     * independent: each row keeps an isotropic direction and its own norm from the kernel's radial
     * law, so the estimate stays unbiased, but the coupled rows' covariance depends on that law and
     * has no closed form (the Gaussian's orthogonal and simplex forms rest on χ_d norms).
     */
    @Override
    public Optional<String> monteCarloOnly(Kernel kernel) {
        if (kernel.unitKind().isPresent() || coupling.independent() || refusal(kernel).isPresent()) {
            return Optional.empty();
        }
        return Optional.of("coupling '" + coupling.spec().id() + "' draws dependent directions, and with the norms of kernel '"
                + kernel.spec().id() + "' (not the Gaussian's chi_d) their MSE has no closed form");
    }

    private static double[] scale(double[] v, double s) {
        double[] r = v.clone();
        for (int i = 0; i < r.length; i++) {
            r[i] *= s;
        }
        return r;
    }

    /** The {@code random-features} provider. */
    public static final class Provider extends AbstractProvider<Estimator> implements EstimatorProvider {
        static final Param<Spec> COUPLING = Param.mechanism("coupling", MechanismKind.COUPLING, Spec.of("iid"),
                "how the projections are drawn jointly");
        static final Param<Spec> FEATURES = Param.mechanism("features", MechanismKind.FEATURE_MAP,
                Spec.of("positive"), "the feature map");
        static final Param<Integer> M = Param.integer("m", 64, 1L, 1L << 24, "number of random projections");
        static final Param<Optional<Spec>> SAMPLING = Param.optionalMechanism("sampling",
                MechanismKind.SAMPLING_POLICY, "importance-sampling policy for the projections (absent: standard)");
        static final Param<OptionalLong> BUDGET = Param.optionalInteger(PROJECTION_BUDGET, 1L, 1L << 40,
                "memory budget of the m x d projection in MiB (absent: 256); a wider iid projection"
                        + " is generated on the fly from the seed, other couplings are refused");

        public Provider() {
            super(ID,
                    "m projections from a coupling, mapped by a feature map: K̂(x, y) = φ₁(x)·φ₂(y)",
                    Provider::build, COUPLING, FEATURES, M, SAMPLING, BUDGET);
        }

        private static Estimator build(Parameters p, BuildContext context) {
            Coupling c = context.coupling(p.key(COUPLING), p.get(COUPLING));
            FeatureMap f = context.featureMap(p.key(FEATURES), p.get(FEATURES));
            SamplingPolicy s = p.get(SAMPLING).map(spec -> context.samplingPolicy(p.key(SAMPLING), spec)).orElse(null);
            Spec spec = p.spec().with(COUPLING.name(), c.spec()).with(FEATURES.name(), f.spec());
            if (s != null) {
                spec = spec.with(SAMPLING.name(), s.spec());
            }
            OptionalLong budget = p.get(BUDGET);
            return new RandomFeaturesEstimator(spec, c, f, s, p.get(M),
                    budget.isPresent() ? budget.getAsLong() << 20 : FeatureRequest.DEFAULT_PROJECTION_BUDGET);
        }
    }
}
