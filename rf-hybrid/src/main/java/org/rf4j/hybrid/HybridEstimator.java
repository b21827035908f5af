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

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.Set;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Spec;
import org.rf4j.api.kernel.Kernel;
import org.rf4j.api.mechanism.DrawnEstimator;
import org.rf4j.api.mechanism.DrawnFeatures;
import org.rf4j.api.mechanism.DrawnLambda;
import org.rf4j.api.mechanism.Estimator;
import org.rf4j.api.mechanism.EstimatorRequest;
import org.rf4j.api.mechanism.FitData;
import org.rf4j.api.mechanism.LambdaEstimator;
import org.rf4j.api.mechanism.LambdaRequest;
import org.rf4j.api.mechanism.ProjectionEstimator;
import org.rf4j.api.mechanism.ProjectionFeatureMap;
import org.rf4j.api.random.Seeds;
import org.rf4j.spi.AbstractProvider;
import org.rf4j.spi.BuildContext;
import org.rf4j.spi.EstimatorProvider;
import org.rf4j.spi.MechanismKind;
import org.rf4j.spi.Param;
import org.rf4j.spi.Parameters;
import org.rf4j.theory.HybridTheory;
import org.apiguardian.api.API;

/**
 * The general hybrid random feature estimator (HRF Eq. 8): p + 1 base estimators and p
 * λ-estimators, {@code SM̂ = Σₖ λ̂ₖ SM̂ₖ + (1 − Σₖ λ̂ₖ) SM̂_{p+1}}, drawn as explicit features Ψ₁, Ψ₂
 * ({@link DrawnHybridFeatures}, Lemma 2.3), so Gram matrices, K̂·c and attention use it unchanged.
 *
 * <p>Config: {@code {"id": "hybrid", "base": [<estimator>...], "lambdas": [<lambda>...],
 * "shareProjections": false}} with {@code base.size() == lambdas.size() + 1}. Instantiations:
 * <ul>
 *   <li>bipolar (Eq. 12): base = [random-features/hyperbolic, random-features/trigonometric];</li>
 *   <li>angular hybrid: the bipolar bases with lambdas = [{@code angular}] (Eq. 19);</li>
 *   <li>Gaussian hybrid: lambdas {@code gaussian} (Eq. 20) or normalised {@code bipolar-gaussian}
 *       (Eq. 67–70);</li>
 *   <li>clustering hybrid: complex-exponential bases with {@code cluster} λs (Def. H.2) — see
 *       {@link ClusteringHybridEstimator} ({@code clustering-hybrid}), which derives the centres
 *       and matrices A from data and then builds exactly this estimator.</li>
 * </ul>
 *
 * <p>Nesting (App. F remark): a λ whose linear form comes from a nested estimator — the
 * {@code bipolar-gaussian} λ's {@code "estimator"} — may itself be a {@code hybrid}, e.g.
 * {@code {"id": "bipolar-gaussian", "r": 1, "estimator": {"id": "hybrid", "base": [...],
 * "lambdas": [{"id": "angular"}]}}}; since every estimator is linear in its features the nested
 * Ψ₁ᵀΨ₂ is again of the form a + ρ₁ᵀρ₂, and the outer linearisation is unchanged.
 *
 * <p>Draws: base k with seed {@code Seeds.derive(seed, "base-k")} through the nested
 * {@link Estimator} API (variant I, independent projections) or every base with the one seed
 * {@code Seeds.derive(seed, "base")} (variant II, {@code shareProjections}: bases must then be
 * {@code random-features} with the same coupling and m, so they draw identical projections;
 * Theorem 3.1); λ k with {@code Seeds.derive(seed, "lambda-k")}, independent of the bases.
 *
 * <p>{@link #theoryMse}: {@link HybridTheory#hybridMse} for variant I whenever the bases know their
 * MSE and the λs their second moments (covers the bipolar, angular and Gaussian hybrids, Thm 3.1
 * Eq. 22, Thm D.1 Eq. 45, Thm F.1); for variant II the bipolar hyperbolic/trigonometric pair
 * (Eq. 23, 46).
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class HybridEstimator implements Estimator {
    public static final String ID = "hybrid";

    static final Param<List<Spec>> BASE = Param.mechanisms("base", MechanismKind.ESTIMATOR,
            "p + 1 base estimators; base[k] is weighted by lambdas[k], the last by 1 − Σλ");
    static final Param<List<Spec>> LAMBDAS = Param.mechanisms("lambdas", MechanismKind.LAMBDA_ESTIMATOR,
            "p λ-coefficient estimators");
    static final Param<Boolean> SHARE_PROJECTIONS = Param.bool("shareProjections", false,
            "variant II: all bases use the same projections (Theorem 3.1); else independent");
    /**
     * The deepest nesting of hybrids allowed (a hybrid whose base is a hybrid is 2 deep): every
     * level multiplies the feature count by 1 + its λs' feature counts, so deeper nestings exceed
     * any heap (26 levels of angular λs with n = 2 ask for 3²⁶·m features per row).
     */
    public static final int MAX_DEPTH = 16;
    /** Bytes a run may need per feature of one row: a query and a key row with their bases' features. */
    static final long BYTES_PER_FEATURE = 32;

    private final Spec spec;
    private final String path;
    private final int depth;
    private final List<Estimator> bases;
    private final List<LambdaEstimator> lambdas;
    private final boolean shared;

    /**
     * @param spec    the full spec (round trips)
     * @param bases   p + 1 base estimators
     * @param lambdas p λ-estimators
     * @param shared  variant II: one projection draw for all bases
     */
    public HybridEstimator(Spec spec, List<Estimator> bases, List<LambdaEstimator> lambdas, boolean shared) {
        this(spec, bases, lambdas, shared, "estimator");
    }

    /**
     * As {@link #HybridEstimator(Spec, List, List, boolean)}, with the config path of this hybrid
     * (e.g. {@code estimator.base[0]}) for messages about its nesting depth and size.
     */
    public HybridEstimator(Spec spec, List<Estimator> bases, List<LambdaEstimator> lambdas, boolean shared, String path) {
        this.spec = Objects.requireNonNull(spec, "spec");
        this.path = path == null || path.isEmpty() ? "estimator" : path;
        this.bases = List.copyOf(bases);
        this.lambdas = List.copyOf(lambdas);
        this.shared = shared;
        if (this.bases.isEmpty()) {
            throw new InvalidParameterException("base", "[]", "at least one base estimator");
        }
        int inner = 0;
        for (Estimator b : this.bases) {
            if (b instanceof HybridEstimator h) {
                inner = Math.max(inner, h.depth);
            }
        }
        this.depth = inner + 1;
        if (depth > MAX_DEPTH) {
            throw new InvalidParameterException(this.path, "a hybrid nested " + depth + " deep",
                    "at most " + MAX_DEPTH + " nested hybrid levels (a hybrid whose base is a hybrid is 2 deep); each level "
                            + "multiplies the feature count by 1 + its λs' feature counts");
        }
        if (this.bases.size() != this.lambdas.size() + 1) {
            throw new InvalidParameterException("lambdas", this.lambdas.size() + " entries",
                    "exactly base.size() − 1 = " + (this.bases.size() - 1)
                            + " λ-estimators (Eq. 8 weights base[k] by lambdas[k] for k < p and the last base by 1 − Σλ)");
        }
        if (shared) {
            ProjectionEstimator first = null;
            for (int k = 0; k < this.bases.size(); k++) {
                Estimator b = this.bases.get(k);
                if (!(b instanceof ProjectionEstimator rf)) {
                    throw new InvalidParameterException("base[" + k + "]", b.spec().id(),
                            "'random-features' bases only when shareProjections is true (variant II shares one draw of "
                                    + "projections, Theorem 3.1)");
                }
                if (first == null) {
                    first = rf;
                } else if (rf.m() != first.m() || !rf.coupling().spec().equals(first.coupling().spec())) {
                    throw new InvalidParameterException("base[" + k + "]", rf.spec().toPlain(),
                            "the same coupling and m as base[0] (" + first.coupling().spec().id() + ", m = " + first.m()
                                    + ") when shareProjections is true");
                }
            }
        }
    }

    public List<Estimator> bases() {
        return bases;
    }

    public List<LambdaEstimator> lambdas() {
        return lambdas;
    }

    /** How deep hybrids nest here: 1, plus the deepest nesting among the bases that are hybrids. */
    public int nestingDepth() {
        return depth;
    }

    /** True for variant II (shared projections). */
    public boolean sharesProjections() {
        return shared;
    }

    @Override
    public Spec spec() {
        return spec;
    }

    /** The bases' projections: their sum (variant I) or the largest (variant II). λ projections excluded. */
    @Override
    public int projectionCount(int d) {
        int s = 0;
        for (Estimator b : bases) {
            s = shared ? Math.max(s, b.projectionCount(d)) : s + b.projectionCount(d);
        }
        return s;
    }

    /**
     * Fits every base (base k with the data of {@code estimator.base[k]}, else the shared data) and
     * every λ (centre files of {@code estimator.lambdas[k]}); the result's spec carries the fitted specs.
     */
    @Override
    public Estimator fit(FitData data) {
        List<Estimator> fitted = new ArrayList<>(bases.size());
        List<Spec> specs = new ArrayList<>(bases.size());
        for (int k = 0; k < bases.size(); k++) {
            Estimator b = bases.get(k).fit(data.child("base[" + k + "]"));
            fitted.add(b);
            specs.add(b.spec());
        }
        List<LambdaEstimator> fittedLambdas = new ArrayList<>(lambdas.size());
        List<Spec> lambdaSpecs = new ArrayList<>(lambdas.size());
        for (int k = 0; k < lambdas.size(); k++) {
            LambdaEstimator l = lambdas.get(k).fit(data.child("lambdas[" + k + "]"));
            fittedLambdas.add(l);
            lambdaSpecs.add(l.spec());
        }
        if (fitted.equals(bases) && fittedLambdas.equals(lambdas)) {
            return this;
        }
        return new HybridEstimator(spec.with(BASE.name(), specs).with(LAMBDAS.name(), lambdaSpecs), fitted, fittedLambdas, shared,
                path);
    }

    @Override
    public boolean needsFit() {
        return bases.stream().anyMatch(Estimator::needsFit) || lambdas.stream().anyMatch(LambdaEstimator::needsFit);
    }

    /** Draws the linearised features (inputs in kernel coordinates). */
    public DrawnHybridFeatures drawFeatures(EstimatorRequest request) {
        List<DrawnFeatures> b = new ArrayList<>(bases.size());
        for (int k = 0; k < bases.size(); k++) {
            long seed = shared ? Seeds.derive(request.seed(), "base") : Seeds.derive(request.seed(), "base-" + k);
            b.add(bases.get(k).draw(new EstimatorRequest(request.kernel(), request.d(), seed)).features());
        }
        List<DrawnLambda> l = new ArrayList<>(lambdas.size());
        for (int k = 0; k < lambdas.size(); k++) {
            l.add(lambdas.get(k).draw(new LambdaRequest(request.d(),
                    Seeds.generator(Seeds.derive(request.seed(), "lambda-" + k)))));
        }
        checkSize(DrawnHybridFeatures.featureCount(b, l, false), Runtime.getRuntime().maxMemory(),
                org.rf4j.api.linalg.Parallelism.defaults().threads());
        return new DrawnHybridFeatures(b, l);
    }

    /**
     * Refuses a feature count no array holds or no heap of {@code heap} bytes fits when
     * {@code threads} threads map rows at once (measured: a 13-deep hybrid with 3.2·10⁷ features
     * per row ran in 1 GiB on one thread and ran out of it on two), naming this hybrid's config
     * path and depth (sizes in long, so nothing wraps).
     */
    void checkSize(long features, long heap, int threads) {
        long byArray = Integer.MAX_VALUE - 8L;
        long byHeap = heap / BYTES_PER_FEATURE / Math.max(1, threads);
        if (features > Math.min(byArray, byHeap)) {
            String what = "a hybrid nested " + depth + " deep with " + features + " features per row";
            String allowed = features > byArray
                    ? "at most " + byArray + " features per row (the largest Java array)"
                    : "at most " + byHeap + " features per row with the Java heap's maximum of " + (heap >> 20)
                            + " MiB and " + threads + (threads == 1 ? " thread" : " threads")
                            + " (a query and a key row with their bases' features take up to " + BYTES_PER_FEATURE
                            + " bytes per feature on each thread; raise the heap with -Xmx, e.g. RF4J_JAVA_OPTS for the CLI,"
                            + " or use fewer threads)";
            throw new InvalidParameterException(path, what, allowed
                    + "; nested hybrids multiply the feature counts of their bases and λs, so nest fewer levels or use"
                    + " smaller m and n");
        }
    }

    @Override
    public DrawnEstimator draw(EstimatorRequest request) {
        return new DrawnEstimator(request.kernel(), drawFeatures(request));
    }

    @Override
    public OptionalDouble theoryMse(Kernel kernel, double[] x, double[] y) {
        double s = kernel.inputScale();
        double[] xs = x.clone();
        double[] ys = y.clone();
        for (int i = 0; i < xs.length; i++) {
            xs[i] *= s;
            ys[i] *= s;
        }
        int p = lambdas.size();
        double[] means = new double[p];
        double[] seconds = new double[p];
        for (int k = 0; k < p; k++) {
            OptionalDouble e2 = lambdas.get(k).secondMoment(xs, ys);
            if (e2.isEmpty()) {
                return e2;
            }
            means[k] = lambdas.get(k).value(xs, ys);
            seconds[k] = e2.getAsDouble();
        }
        double[] mses = new double[p + 1];
        for (int k = 0; k <= p; k++) {
            OptionalDouble mk = bases.get(k).theoryMse(kernel, x, y);
            if (mk.isEmpty()) {
                return mk;
            }
            mses[k] = mk.getAsDouble();
        }
        if (!shared) {
            return OptionalDouble.of(HybridTheory.hybridMse(means, seconds, mses));
        }
        if (p == 1 && bipolarPair()) {
            int m = ((ProjectionEstimator) bases.get(0)).m();
            double cov = HybridTheory.sharedBipolarCovariance(kernel.kind(), xs, ys, m);
            return OptionalDouble.of(HybridTheory.bipolarMse(means[0], seconds[0], mses[0], mses[1], cov));
        }
        if (p == 0) {
            return OptionalDouble.of(mses[0]);
        }
        return OptionalDouble.empty();
    }

    /** Two iid random-features bases, one hyperbolic and one trigonometric, no sampling policy. */
    private boolean bipolarPair() {
        if (bases.size() != 2) {
            return false;
        }
        Set<ProjectionFeatureMap.Form> forms = java.util.EnumSet.noneOf(ProjectionFeatureMap.Form.class);
        for (Estimator b : bases) {
            if (!(b instanceof ProjectionEstimator rf) || rf.sampling() != null || !rf.coupling().independent()
                    || !(rf.featureMap() instanceof ProjectionFeatureMap pm)) {
                return false;
            }
            forms.add(pm.form());
        }
        return forms.equals(java.util.EnumSet.of(ProjectionFeatureMap.Form.HYPERBOLIC, ProjectionFeatureMap.Form.TRIGONOMETRIC));
    }

    /** The {@code hybrid} provider. */
    public static final class Provider extends AbstractProvider<Estimator> implements EstimatorProvider {
        public Provider() {
            super(ID,
                    "hybrid random features Σ λ̂ₖ SM̂ₖ + (1 − Σλ̂ₖ) SM̂_{p+1}, linearised (HRF Eq. 8, Lemma 2.3)",
                    Provider::build, BASE, LAMBDAS, SHARE_PROJECTIONS);
        }

        private static Estimator build(Parameters p, BuildContext context) {
            List<Spec> bs = p.get(BASE);
            List<Spec> ls = p.get(LAMBDAS);
            if (bs.isEmpty()) {
                throw new InvalidParameterException(p.key(BASE), "[]", "a list of at least one estimator");
            }
            if (bs.size() != ls.size() + 1) {
                throw new InvalidParameterException(p.key(LAMBDAS), ls.size() + " entries",
                        "exactly base.size() − 1 = " + (bs.size() - 1) + " λ-estimators for " + bs.size()
                                + " base estimators (Eq. 8 weights base[k] by lambdas[k] for k < p and the last base"
                                + " by 1 − Σλ)");
            }
            List<Estimator> bases = new ArrayList<>();
            List<Spec> baseSpecs = new ArrayList<>();
            for (int k = 0; k < bs.size(); k++) {
                Estimator e = context.estimator(p.key(BASE) + "[" + k + "]", bs.get(k));
                bases.add(e);
                baseSpecs.add(e.spec());
            }
            List<LambdaEstimator> lambdas = new ArrayList<>();
            List<Spec> lambdaSpecs = new ArrayList<>();
            for (int k = 0; k < ls.size(); k++) {
                LambdaEstimator l = context.lambdaEstimator(p.key(LAMBDAS) + "[" + k + "]", ls.get(k));
                lambdas.add(l);
                lambdaSpecs.add(l.spec());
            }
            Spec spec = p.spec().with(BASE.name(), baseSpecs).with(LAMBDAS.name(), lambdaSpecs);
            String path = p.path() == null || p.path().isEmpty() ? "estimator" : p.path();
            try {
                return new HybridEstimator(spec, bases, lambdas, p.get(SHARE_PROJECTIONS), path);
            } catch (InvalidParameterException e) {
                throw e.key().equals(path) ? e : Messages.requalify(p.path(), e);
            }
        }
    }
}
