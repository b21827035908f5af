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
package org.rf4j.sampling;

import org.rf4j.api.random.Subsets;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.random.RandomGenerator;
import org.rf4j.api.DimensionMismatchException;
import org.rf4j.api.InvalidInputException;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Matrix;
import org.rf4j.api.RfException;
import org.rf4j.api.Spec;
import org.rf4j.api.kernel.KernelKind;
import org.rf4j.api.mechanism.Coupling;
import org.rf4j.api.mechanism.DataSample;
import org.rf4j.api.mechanism.DenseProjection;
import org.rf4j.api.mechanism.DrawnFeatures;
import org.rf4j.api.mechanism.FeatureRequest;
import org.rf4j.api.mechanism.FitData;
import org.rf4j.api.mechanism.NotFittedException;
import org.rf4j.api.mechanism.PointQuery;
import org.rf4j.api.mechanism.Projection;
import org.rf4j.api.mechanism.ProjectionFeatureMap;
import org.rf4j.api.mechanism.SamplingPolicy;
import org.rf4j.api.mechanism.Side;
import org.rf4j.api.random.Seeds;
import org.rf4j.spi.AbstractProvider;
import org.rf4j.spi.BuildContext;
import org.rf4j.spi.Param;
import org.rf4j.spi.Parameters;
import org.rf4j.spi.SamplingPolicyProvider;
import org.rf4j.theory.ImportanceSamplingTheory;
import org.rf4j.theory.SymmetricEigen;
import org.apiguardian.api.API;

/**
 * The {@code optimal} policy: projections from a Gaussian proposal fitted to the data-driven
 * optimum of Sernau et al. Theorem 1, {@code p_Ψ ∝ p_Ω·q} with
 * {@code q(ω)² = E_{x₁}E_{x₂} f(x₁, x₂, ω)²} (= {@code E φ(x₁,ω)²·E φ(x₂,ω)²}, the paper's
 * q_φ², for one column per projection; {@code tr(A B)} for several, see
 * {@link ImportanceSamplingTheory}), the expectations over samples of the query and key data.
 *
 * <p><b>Why a fitted parametric family, not the optimum itself.</b> The paper leaves open how to
 * sample from p_Ω·q. Its normaliser {@code Z = E_Ω q} has no closed form for real data; weights
 * {@code Z/q(ω)} with an estimated Z (self-normalised importance sampling, or MCMC draws) make
 * K̂ biased by a ratio-estimator term of order 1/N that no finite N removes. Instead we fit
 * Ψ = N(μ, Σ) to p_Ω·q and use its EXACT density in the weights
 * ({@link GaussianProposal}: {@code w = p_Ω(ω)/p_Ψ(ω)} in closed form), so K̂ is exactly unbiased
 * (Eq. 2) whatever the quality of the fit; the fit only decides the variance. Theorem 1's optimum
 * is reported beside it ({@link ProposalFit#floorVariance()}) as the floor, together with the
 * variance the proposal achieves. When the optimum is itself Gaussian (positive features with
 * Gaussian data, where q is the exponential of a quadratic) the family contains it.
 *
 * <p><b>Fit (cross-entropy / adaptive importance sampling).</b> Starting from Ψ₀ = Ω, each of
 * {@code rounds} rounds draws {@code fitSamples} candidates ω_i ~ Ψ_r, evaluates q(ω_i) with the
 * map's own features ({@code map.bind}, per-projection estimate {@code f_j = m·Σ_b φ_{b·m+j}ψ_{b·m+j}},
 * on at most {@code maxRows} rows of each side), and sets μ, Σ to the moments of p_Ω·q estimated with
 * the self-normalised weights {@code p_Ω q/p_Ψr} (Σ full, diagonal, or I by {@code covariance}; by
 * default full up to d = min(256, fitSamples/20), diagonal above). The
 * eigenvalues of Σ are then clamped to [{@code minVariance}, {@code maxVariance}]. For
 * {@code positive} and {@code hyperbolic} features, whose expected variance under a Gaussian proposal
 * has a closed form, the fit is then refined by minimising that exact variance over μ and the
 * eigenvalues ({@code ExactRefinement}; {@code refine}, default true): the result's exact expected
 * variance on the sample is never above the cross-entropy fit's or the standard distribution's. With the default
 * {@code minVariance = 1} (Σ ⪰ I) the weight's exponent {@code −|ω|²/2 + |z|²/2} is bounded above
 * by an affine function of ω, so {@code E_Ψ[w² f²] = E_Ω[w f²]} is finite whenever the standard
 * estimator's second moment with an exponential tilt is: the policy never turns a finite-variance
 * estimator into an infinite-variance one. The fit is deterministic: its generator derives from
 * the {@code seed} parameter, so {@link #theoryMse} sees exactly the proposal that {@link #adapt}
 * uses.
 *
 * <p><b>Coupled draws are supported.</b> {@link #adapt} maps each row of the coupling's draw by
 * the same affine map {@code ω_j = μ + L z_j} (LLᵀ = Σ) and weights it by
 * {@code w(ω_j) = exp(−|ω_j|²/2 + |z_j|²/2)|det L|} (times any weight the input already carried).
 * Proof of unbiasedness: the coupling guarantees each z_j ~ N(0, I) marginally (Coupling
 * contract), so each ω_j ~ Ψ marginally, and
 * {@code E K̂ = (1/m) Σ_j E_{ω_j~Ψ}[w(ω_j) f(x, y, ω_j)] = (1/m) Σ_j ∫ p_Ω f = K} by linearity of
 * expectation, which needs no independence between rows. (If z_j ~ h with weight
 * {@code p_Ω(z)/h(z)} already, the product of the weights is {@code p_Ω(ω)/p(ω)}, p the density
 * of the composed draw {@code μ + L z}, and the same argument applies.) The variance of a coupled draw is not Theorem 1's (which is for iid ω), so
 * {@link #theoryMse} is empty for couplings that are not independent. Structured couplings are
 * materialised with {@link Projection#matrix()} (O(m·d) memory), since the affine map destroys
 * their fast structure unless Σ = I and μ = 0.
 *
 * <p><b>Data.</b> The proposal is fitted once, at the fit stage ({@link #fit(FitData,
 * ProjectionFeatureMap, Coupling)}), to the policy's own data files ({@code data}, {@code queryData},
 * {@code keyData}; read by the config loader, caller's coordinates, scaled by the kernel's input
 * scale there) if the config names some, else to the estimator's fit data; the fitted spec carries
 * the proposal. Drawing an unfitted policy is refused ({@link NotFittedException}).
 *
 * <p><b>Limits, measured.</b> The Monte Carlo diagnostics of {@link ProposalFit} understate heavy
 * tails (their standard errors too); the exact fields are reliable. Bounded maps
 * (trigonometric) gain little: their optimum is narrower than Ω, which {@code minVariance = 1}
 * forbids, and the floor itself is within a few percent of Ω's variance. On heavy-tailed real data the
 * cross-entropy fit alone stays well above the floor; the exact refinement closes most of the gap
 * (standardised digits, d = 64, σ = 12, positive features, Gaussian kernel: exact expected variance
 * 42.6 with Ω, 9.4 after the cross-entropy fit, 0.81 after refinement, Theorem 1 floor ≈ 0.50).
 * Fitting costs a few seconds at d = 64 with 256 rows per side (once per map, kernel and data).
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class OptimalSampling implements SamplingPolicy {
    /** The provider id. */
    public static final String ID = "optimal";

    private static final Param<Optional<String>> DATA = Param.dataFile("data", "data file (CSV, ARFF, .npy; raw"
            + " coordinates) for both the query and the key side");
    private static final Param<Optional<String>> QUERY_DATA = Param.dataFile("queryData",
            "data file for the query side (overrides data)");
    private static final Param<Optional<String>> KEY_DATA = Param.dataFile("keyData",
            "data file for the key side (overrides data)");
    private static final Param<Integer> FIT_SAMPLES = Param.integer("fitSamples", 4096, 64L, 1L << 20,
            "candidate projections per fitting round");
    private static final Param<Integer> ROUNDS = Param.integer("rounds", 3, 1L, 50L, "cross-entropy fitting rounds");
    private static final Param<Integer> MAX_ROWS = Param.integer("maxRows", 256, 1L, 1L << 20,
            "data rows per side used to evaluate q");
    private static final Param<String> COVARIANCE = Param.string("covariance", "auto",
            List.of("auto", "full", "diagonal", "identity"),
            "proposal covariance model (auto: full for d <= min(256, fitSamples/20), else diagonal)");
    private static final Param<Double> MIN_VARIANCE = Param.number("minVariance", 1.0, 0.55, 1e6,
            "smallest eigenvalue of the proposal covariance (>= 1 keeps every finite variance finite)");
    private static final Param<Double> MAX_VARIANCE = Param.number("maxVariance", 100.0, 1.0, 1e12,
            "largest eigenvalue of the proposal covariance");
    private static final Param<Long> SEED = Param.longInteger("seed", 0, null, null, "seed of the proposal fit");
    private static final Param<Boolean> REFINE = Param.bool("refine", true, "for positive and hyperbolic features,"
            + " refine the fit by minimising the exact expected variance (closed form) over the Gaussian family");
    private static final Param<Optional<double[]>> MEAN = Param.numbers("mean",
            "fitted proposal mean μ (length d, kernel coordinates); written by fit");
    private static final Param<Optional<double[]>> EIGENVALUES = Param.numbers("eigenvalues",
            "fitted proposal covariance eigenvalues (length d); written by fit");
    private static final Param<Optional<double[]>> EIGENVECTORS = Param.numbers("eigenvectors",
            "fitted proposal covariance eigenvectors V (d×d, row-major, Σ = V diag(λ) Vᵀ); written by fit");

    /** Candidates evaluated in one {@code bind}: bounds scratch memory to about 16 MB. */
    private static final long SCRATCH_DOUBLES = 1L << 21;
    /** Draws for the Monte Carlo fallback of {@link #theoryMse}. */
    private static final int THEORY_DRAWS = 1 << 15;
    /** Largest relative standard error the Monte Carlo fallback of {@link #theoryMse} reports. */
    private static final double THEORY_RELATIVE_ERROR = 0.02;

    /** How Σ is fitted. */
    public enum CovarianceModel {
        /**
         * {@link #FULL} when {@code d ≤ min(256, fitSamples/20)} (enough candidates per covariance
         * entry and an affordable O(d³) eigendecomposition), else {@link #DIAGONAL}.
         */
        AUTO,
        /** Full covariance (d(d+1)/2 parameters; O(d³) eigendecomposition). */
        FULL,
        /** Diagonal covariance. */
        DIAGONAL,
        /** Σ = I: mean shift only. */
        IDENTITY;

        static CovarianceModel parse(String s) {
            return valueOf(s.toUpperCase(java.util.Locale.ROOT));
        }
    }

    private final Spec spec;
    private final int fitSamples;
    private final int rounds;
    private final int maxRows;
    private final CovarianceModel covariance;
    private final double minVariance;
    private final double maxVariance;
    private final long seed;
    private final boolean refine;
    /** The fitted proposal (from {@link #fit(FitData, ProjectionFeatureMap, Coupling)} or the spec), or null. */
    private final GaussianProposal proposal;

    /**
     * @param spec        the full spec
     * @param fitSamples  candidates per fitting round
     * @param rounds      fitting rounds
     * @param maxRows     rows of each side used to evaluate q
     * @param covariance  how Σ is fitted
     * @param minVariance smallest eigenvalue of Σ
     * @param maxVariance largest eigenvalue of Σ
     * @param seed        seed of the fit
     * @param refine      refine by exact-variance minimisation where the map has a closed form
     */
    public OptimalSampling(Spec spec, int fitSamples, int rounds, int maxRows,
            CovarianceModel covariance, double minVariance, double maxVariance, long seed, boolean refine) {
        this(spec, fitSamples, rounds, maxRows, covariance, minVariance, maxVariance, seed, refine, null);
    }

    private OptimalSampling(Spec spec, int fitSamples, int rounds, int maxRows,
            CovarianceModel covariance, double minVariance, double maxVariance, long seed, boolean refine,
            GaussianProposal proposal) {
        this.proposal = proposal;
        this.spec = Objects.requireNonNull(spec, "spec");
        this.fitSamples = fitSamples;
        this.rounds = rounds;
        this.maxRows = maxRows;
        this.covariance = Objects.requireNonNull(covariance, "covariance");
        this.minVariance = minVariance;
        this.maxVariance = maxVariance;
        this.seed = seed;
        this.refine = refine;
        if (!(minVariance > 0.5) || !(maxVariance >= minVariance)) {
            throw new InvalidParameterException("minVariance", minVariance,
                    "0.5 < minVariance <= maxVariance (maxVariance = " + maxVariance + ")");
        }
    }

    /** An {@code optimal} policy with default settings, not yet fitted. */
    public static OptimalSampling withDefaults() {
        return new OptimalSampling(Spec.of(ID), 4096, 3, 256, CovarianceModel.AUTO, 1.0, 100.0, 0L, true);
    }

    @Override
    public Spec spec() {
        return spec;
    }

    /**
     * Fits the proposal once for the map, the kernel's unit kernel and the coupling, in kernel
     * coordinates, from this policy's own data files ({@code data}, or {@code queryData} and
     * {@code keyData}, read by the config loader) if it names some, else the fit data's; the result carries
     * the proposal in its spec ({@code mean}, {@code eigenvalues}, {@code eigenvectors}: Σ = V diag(λ) Vᵀ,
     * V row-major) and no data, so it rebuilds without data and draws the same projections.
     */
    @Override
    public SamplingPolicy fit(FitData fitData, ProjectionFeatureMap map, Coupling coupling) {
        if (proposal != null) {
            return this;
        }
        DataSample s = fitData.sample(ownData(fitData));
        if (s == null) {
            throw new InvalidParameterException(fitData.path(), ID, "a sampling policy with data to fit its proposal:"
                    + " give \"data\": \"file.csv\" in the sampling object, or fit the estimator with data");
        }
        GaussianProposal g = computeFit(map, fitData.kernel().kind(), s, coupling).proposal();
        Spec fitted = spec.without(DATA.name()).without(QUERY_DATA.name()).without(KEY_DATA.name())
                .with(MEAN.name(), g.mean()).with(EIGENVALUES.name(), g.covariance().values())
                .with(EIGENVECTORS.name(), g.covariance().vectors().data().clone());
        return new OptimalSampling(fitted, fitSamples, rounds, maxRows, covariance, minVariance, maxVariance,
                seed, refine, g);
    }

    @Override
    public boolean needsFit() {
        return proposal == null;
    }

    /** The policy's own data files as a sample (caller's coordinates), or null when it names none. */
    private static DataSample ownData(FitData fitData) {
        Matrix both = fitData.file(DATA.name());
        Matrix query = fitData.file(QUERY_DATA.name());
        Matrix key = fitData.file(KEY_DATA.name());
        query = query != null ? query : both;
        key = key != null ? key : both;
        if (query == null) {
            return null;
        }
        if (query.cols() != key.cols()) {
            throw new DimensionMismatchException(fitData.path() + ".keyData has " + key.cols() + " columns but the"
                    + " query data has " + query.cols() + "; both sides need the same dimension");
        }
        return new DataSample(query, key);
    }

    /** The fitted proposal, or null before {@link #fit(FitData, ProjectionFeatureMap, Coupling)}. */
    public GaussianProposal proposal() {
        return proposal;
    }

    @Override
    public Projection adapt(Projection standard, ProjectionFeatureMap map, FeatureRequest request) {
        if (standard.dimension() != request.d()) {
            throw new DimensionMismatchException("projection has dimension " + standard.dimension() + " but the request has d = "
                    + request.d());
        }
        if (proposal == null) {
            throw new NotFittedException("sampling policy '" + ID + "'", "its proposal (Theorem 1's optimum)");
        }
        return apply(proposal, standard);
    }

    /**
     * Moves each row z_j of a projection drawn with the coupling to {@code ω_j = μ + L z_j} and attaches
     * the exact weights {@code p_Ω(ω_j)/p_Ψ(ω_j)} (times the input's own weights, if any).
     */
    public static Projection apply(GaussianProposal proposal, Projection standard) {
        if (standard.dimension() != proposal.dimension()) {
            throw new DimensionMismatchException("projection has dimension " + standard.dimension()
                    + " but the proposal has " + proposal.dimension());
        }
        if (proposal.isStandard()) {
            return standard;
        }
        Matrix z = standard.matrix();
        Matrix omega = proposal.transform(z);
        double[] prior = standard.importanceWeights();
        double[] w = new double[z.rows()];
        for (int j = 0; j < w.length; j++) {
            w[j] = Math.exp(proposal.logWeight(z, omega, j)) * (prior == null ? 1.0 : prior[j]);
        }
        return new DenseProjection(omega, w);
    }

    /**
     * The fitted proposal and its diagnostics for a map, kernel and data sample (kernel
     * coordinates); deterministic. Not cached: fit the policy once ({@link #fit(FitData,
     * ProjectionFeatureMap, Coupling)}) to draw it many times.
     */
    public ProposalFit fit(ProjectionFeatureMap map, KernelKind target, DataSample sample, Coupling coupling) {
        Objects.requireNonNull(sample, "sample");
        if (map.needsFit()) {
            throw new NotFittedException("feature map '" + map.spec().id() + "'", "its data-dependent values");
        }
        return computeFit(map, target, sample, coupling);
    }

    private ProposalFit computeFit(ProjectionFeatureMap map, KernelKind target, DataSample sample, Coupling coupling) {
        int d = sample.dimension();
        RandomGenerator rng = Seeds.generator(Seeds.derive(seed, "optimal-sampling-fit"));
        Matrix xq = subsample(sample.query(), rng);
        Matrix xk = subsample(sample.key(), rng);
        SecondMoments q = new SecondMoments(map, target, coupling, xq, xk, rng);
        GaussianProposal g = GaussianProposal.standard(d);
        double stdMean = Double.NaN;
        double stdError = Double.NaN;
        double ess = Double.NaN;
        for (int r = 0; r < rounds; r++) {
            Matrix z = gaussian(fitSamples, d, rng);
            Matrix omega = g.transform(z);
            double[] logQ2 = q.logQSquared(omega);
            if (r == 0) {
                double[] s = new double[fitSamples];
                for (int i = 0; i < s.length; i++) {
                    s[i] = Math.exp(logQ2[i]);
                }
                stdMean = mean(s);
                stdError = standardError(s, stdMean);
            }
            double[] ell = new double[fitSamples];
            for (int i = 0; i < ell.length; i++) {
                ell[i] = g.logWeight(z, omega, i) + 0.5 * logQ2[i];
            }
            double[] v = normalisedWeights(ell);
            ess = effectiveSampleSize(v);
            g = refit(omega, v);
        }
        double exactStd = Double.NaN;
        double exactProp = Double.NaN;
        if (refine && ExactRefinement.supports(map.form())) {
            ExactRefinement.Result r = ExactRefinement.refine(map.form(), target, xq, xk, g, minVariance,
                    maxVariance);
            g = r.proposal();
            exactStd = r.standardSecondMoment() - r.meanSquaredKernel();
            exactProp = r.refinedSecondMoment() - r.meanSquaredKernel();
        }
        Matrix z = gaussian(fitSamples, d, rng);
        Matrix omega = g.transform(z);
        double[] logQ2 = q.logQSquared(omega);
        double[] t = new double[fitSamples];
        double[] s = new double[fitSamples];
        for (int i = 0; i < fitSamples; i++) {
            double lw = g.logWeight(z, omega, i);
            t[i] = Math.exp(lw + 0.5 * logQ2[i]);
            s[i] = Math.exp(2 * lw + logQ2[i]);
        }
        double meanQ = mean(t);
        double meanS = mean(s);
        double k2 = ImportanceSamplingTheory.meanSquaredKernel(target, xq, xk);
        return new ProposalFit(g, xq.rows(), xk.rows(), ess, meanQ, standardError(t, meanQ), k2, stdMean, stdError,
                meanS, standardError(s, meanS), exactStd, exactProp);
    }

    /** Weighted moments of the candidates, eigenvalues clamped. */
    private GaussianProposal refit(Matrix omega, double[] v) {
        int n = omega.rows();
        int d = omega.cols();
        double[] od = omega.data();
        double[] mu = new double[d];
        for (int i = 0; i < n; i++) {
            if (v[i] == 0) {
                continue;
            }
            for (int k = 0; k < d; k++) {
                mu[k] += v[i] * od[i * d + k];
            }
        }
        CovarianceModel model = covariance;
        if (model == CovarianceModel.AUTO) {
            model = d <= Math.min(256, fitSamples / 20) ? CovarianceModel.FULL : CovarianceModel.DIAGONAL;
        }
        if (model == CovarianceModel.IDENTITY) {
            double[] ones = new double[d];
            java.util.Arrays.fill(ones, clamp(1.0));
            return GaussianProposal.of(mu, SymmetricEigen.diagonal(ones));
        }
        if (model == CovarianceModel.DIAGONAL) {
            double[] var = new double[d];
            for (int i = 0; i < n; i++) {
                for (int k = 0; k < d; k++) {
                    double c = od[i * d + k] - mu[k];
                    var[k] += v[i] * c * c;
                }
            }
            for (int k = 0; k < d; k++) {
                var[k] = clamp(var[k]);
            }
            return GaussianProposal.of(mu, SymmetricEigen.diagonal(var));
        }
        Matrix centred = Matrix.zeros(n, d);
        double[] cd = centred.data();
        for (int i = 0; i < n; i++) {
            double r = Math.sqrt(v[i]);
            for (int k = 0; k < d; k++) {
                cd[i * d + k] = r * (od[i * d + k] - mu[k]);
            }
        }
        Matrix cov = org.rf4j.api.linalg.LinearAlgebra.transposeMultiply(centred, centred, null);
        SymmetricEigen e = SymmetricEigen.decompose(cov);
        double[] lam = e.values();
        for (int k = 0; k < d; k++) {
            lam[k] = clamp(lam[k]);
        }
        return GaussianProposal.of(mu, SymmetricEigen.of(lam, e.vectors()));
    }

    private double clamp(double lambda) {
        return Math.min(maxVariance, Math.max(minVariance, lambda));
    }

    /** Self-normalised weights exp(ℓ_i − max ℓ)/Σ. */
    private static double[] normalisedWeights(double[] ell) {
        double max = Double.NEGATIVE_INFINITY;
        for (double l : ell) {
            if (Double.isNaN(l) || l == Double.POSITIVE_INFINITY) {
                throw new InvalidInputException("optimal sampling: q(ω) = " + l + " at a candidate projection; the"
                        + " features overflow on this data (use a larger kernel bandwidth or smaller inputs)");
            }
            max = Math.max(max, l);
        }
        if (max == Double.NEGATIVE_INFINITY) {
            throw new InvalidInputException("optimal sampling: q(ω) = 0 at every candidate projection: the"
                    + " features vanish (underflow) on this data sample; use a larger kernel bandwidth or smaller inputs");
        }
        double[] v = new double[ell.length];
        double sum = 0;
        for (int i = 0; i < v.length; i++) {
            v[i] = Math.exp(ell[i] - max);
            sum += v[i];
        }
        for (int i = 0; i < v.length; i++) {
            v[i] /= sum;
        }
        return v;
    }

    private static double effectiveSampleSize(double[] v) {
        double s2 = 0;
        for (double x : v) {
            s2 += x * x;
        }
        return 1.0 / s2;
    }

    private Matrix subsample(Matrix x, RandomGenerator rng) {
        int n = x.rows();
        if (n <= maxRows) {
            return x;
        }
        return Subsets.rows(x, maxRows, rng);
    }

    private static Matrix gaussian(int n, int d, RandomGenerator rng) {
        Matrix z = Matrix.zeros(n, d);
        double[] a = z.data();
        for (int i = 0; i < a.length; i++) {
            a[i] = rng.nextGaussian();
        }
        return z;
    }

    static double mean(double[] a) {
        double s = 0;
        for (double x : a) {
            s += x;
        }
        return s / a.length;
    }

    static double standardError(double[] a, double mean) {
        double s = 0;
        for (double x : a) {
            s += (x - mean) * (x - mean);
        }
        return Math.sqrt(s / (a.length - 1.0) / a.length);
    }

    /**
     * The MSE of m iid projections from the fitted proposal at (x, y): exact
     * ({@link ImportanceSamplingTheory}) for the {@code positive}, {@code hyperbolic} and
     * {@code trigonometric} maps; for other maps a Monte Carlo estimate from 2¹⁵ draws of the
     * proposal, reported only when its relative standard error is at most 2%. Empty when the
     * coupling is not independent (Theorem 1 and these formulas are for iid ω) or the policy is not
     * fitted.
     */
    @Override
    public OptionalDouble theoryMse(PointQuery query, ProjectionFeatureMap map) {
        if (!query.coupling().independent()) {
            return OptionalDouble.empty();
        }
        if (proposal == null) {
            return OptionalDouble.empty();
        }
        double[] x = query.x();
        double[] y = query.y();
        GaussianProposal g = proposal;
        int m = query.m();
        // the map's declared family, not its id: a plugin map of a known family gets the closed form
        return switch (map.form()) {
            case POSITIVE -> OptionalDouble.of(ImportanceSamplingTheory.positiveMse(query.kind(), x, y, m, g.mean(),
                    g.covariance()));
            case HYPERBOLIC -> OptionalDouble.of(ImportanceSamplingTheory.hyperbolicMse(query.kind(), x, y, m, g.mean(),
                    g.covariance()));
            case TRIGONOMETRIC -> OptionalDouble.of(ImportanceSamplingTheory.trigonometricMse(query.kind(), x, y, m,
                    g.mean(), g.covariance()));
            case OTHER -> monteCarloMse(query, map, g);
        };
    }

    /** The Monte Carlo fallback of {@link #theoryMse} (package-private for tests). */
    OptionalDouble monteCarloMse(PointQuery query, ProjectionFeatureMap map, GaussianProposal g) {
        int d = query.x().length;
        RandomGenerator rng = Seeds.generator(Seeds.derive(seed, "optimal-sampling-theory"));
        Matrix z = gaussian(THEORY_DRAWS, d, rng);
        Projection p = apply(g, new DenseProjection(z));
        FeatureRequest fr = new FeatureRequest(query.kind(), d, THEORY_DRAWS, query.coupling(), null, rng);
        DrawnFeatures rf = map.bind(p, fr);
        double[] contributions = SecondMoments.perProjection(rf, map.blocks(), query.x(), query.y());
        double k = query.kind().value(query.x(), query.y());
        double[] sq = new double[contributions.length];
        for (int j = 0; j < sq.length; j++) {
            double e = contributions[j] - k;
            sq[j] = e * e;
        }
        double var = mean(sq);
        double se = standardError(sq, var);
        if (!Double.isFinite(var) || se > THEORY_RELATIVE_ERROR * var) {
            return OptionalDouble.empty();
        }
        return OptionalDouble.of(var / query.m());
    }

    @Override
    public String toString() {
        return spec.toString();
    }

    /**
     * {@code q(ω)² = E_{x₁}E_{x₂} f(x₁, x₂, ω)² = tr(A(ω)B(ω))} for candidate projections, evaluated
     * with the map's own features on the subsampled query and key rows.
     */
    static final class SecondMoments {
        private final ProjectionFeatureMap map;
        private final KernelKind target;
        private final Coupling coupling;
        private final Matrix xq;
        private final Matrix xk;
        private final RandomGenerator rng;

        SecondMoments(ProjectionFeatureMap map, KernelKind target, Coupling coupling, Matrix xq,
                Matrix xk, RandomGenerator rng) {
            this.map = map;
            this.target = target;
            this.coupling = coupling;
            this.xq = xq;
            this.xk = xk;
            this.rng = rng;
        }

        /** {@code log q(ω_i)²} for each row of omega. */
        double[] logQSquared(Matrix omega) {
            int n = omega.rows();
            int d = omega.cols();
            int blocks = map.blocks();
            long perCandidate = (long) blocks * (xq.rows() + xk.rows());
            int chunk = (int) Math.max(1, Math.min(n, SCRATCH_DOUBLES / Math.max(1, perCandidate)));
            double[] out = new double[n];
            for (int start = 0; start < n; start += chunk) {
                int end = Math.min(n, start + chunk);
                int c = end - start;
                Projection p = new DenseProjection(omega.rowRange(start, end));
                FeatureRequest fr = new FeatureRequest(target, d, c, coupling, null, rng);
                DrawnFeatures rf = map.bind(p, fr);
                double[][] a = blockMoments(rf.map(Side.QUERY, xq, null), blocks, c);
                double[][] b = blockMoments(rf.map(Side.KEY, xk, null), blocks, c);
                for (int j = 0; j < c; j++) {
                    double qq = 0;
                    for (int u = 0; u < blocks * blocks; u++) {
                        qq += a[j][u] * b[j][u];
                    }
                    out[start + j] = Math.log(Math.max(qq, 0.0));
                }
            }
            return out;
        }

        /** Per projection j the b×b matrix {@code c·mean_x F[x, u·c+j]F[x, v·c+j]} (flattened). */
        private static double[][] blockMoments(Matrix f, int blocks, int c) {
            int n = f.rows();
            int width = f.cols();
            double[] fd = f.data();
            double[][] out = new double[c][blocks * blocks];
            double scale = (double) c / n;
            for (int i = 0; i < n; i++) {
                int o = i * width;
                for (int j = 0; j < c; j++) {
                    double[] acc = out[j];
                    for (int u = 0; u < blocks; u++) {
                        double fu = fd[o + u * c + j];
                        for (int v = 0; v < blocks; v++) {
                            acc[u * blocks + v] += fu * fd[o + v * c + j];
                        }
                    }
                }
            }
            for (double[] acc : out) {
                for (int u = 0; u < acc.length; u++) {
                    acc[u] *= scale;
                }
            }
            return out;
        }

        /** The per-projection estimates {@code f_j = m·Σ_b φ_{b·m+j}(x) ψ_{b·m+j}(y)} (weights included). */
        static double[] perProjection(DrawnFeatures rf, int blocks, double[] x, double[] y) {
            Matrix fx = rf.map(Side.QUERY, Matrix.row(x), null);
            Matrix fy = rf.map(Side.KEY, Matrix.row(y), null);
            int m = fx.cols() / blocks;
            double[] out = new double[m];
            for (int j = 0; j < m; j++) {
                double acc = 0;
                for (int b = 0; b < blocks; b++) {
                    acc += fx.get(0, b * m + j) * fy.get(0, b * m + j);
                }
                out[j] = m * acc;
            }
            return out;
        }
    }

    /** The {@code optimal} provider. */
    public static final class Provider extends AbstractProvider<SamplingPolicy> implements SamplingPolicyProvider {
        public Provider() {
            super(ID,
                    "Gaussian proposal fitted to the data-driven optimum p_Ω·q_φ of Sernau et al. Theorem 1,"
                    + " exact weights p_Ω/p_Ψ (unbiased)",
                    Provider::build, DATA, QUERY_DATA, KEY_DATA, FIT_SAMPLES, ROUNDS, MAX_ROWS, COVARIANCE, MIN_VARIANCE,
                    MAX_VARIANCE, SEED, REFINE, MEAN, EIGENVALUES, EIGENVECTORS);
        }

        private static SamplingPolicy build(Parameters p, BuildContext context) {
            double minVar = p.get(MIN_VARIANCE);
            double maxVar = p.get(MAX_VARIANCE);
            if (maxVar < minVar) {
                throw new InvalidParameterException(p.key(MAX_VARIANCE), maxVar,
                        "a number >= minVariance (" + minVar + ")");
            }
            boolean query = p.has(QUERY_DATA) || p.has(DATA);
            boolean key = p.has(KEY_DATA) || p.has(DATA);
            if (query != key) {
                throw new InvalidParameterException(p.key(query ? KEY_DATA : QUERY_DATA), "is missing: give \"data\""
                        + " for both sides, or both \"queryData\" and \"keyData\"");
            }
            return new OptimalSampling(p.spec(), p.get(FIT_SAMPLES), p.get(ROUNDS), p.get(MAX_ROWS),
                    CovarianceModel.parse(p.get(COVARIANCE)), minVar, maxVar, p.get(SEED), p.get(REFINE),
                    fittedProposal(p));
        }

        /** The proposal written by {@code fit} ({@code mean}, {@code eigenvalues}, {@code eigenvectors}), or null. */
        private static GaussianProposal fittedProposal(Parameters p) {
            List<Param<Optional<double[]>>> parts = List.of(MEAN, EIGENVALUES, EIGENVECTORS);
            if (parts.stream().noneMatch(p::has)) {
                return null;
            }
            for (Param<Optional<double[]>> k : parts) {
                if (!p.has(k)) {
                    throw new InvalidParameterException(p.key(k), "is missing: a fitted proposal needs mean,"
                            + " eigenvalues and eigenvectors together");
                }
            }
            double[] mean = p.get(MEAN).orElseThrow();
            double[] values = p.get(EIGENVALUES).orElseThrow();
            double[] vectors = p.get(EIGENVECTORS).orElseThrow();
            int d = mean.length;
            if (values.length != d || vectors.length != d * d) {
                throw new DimensionMismatchException(p.key(EIGENVECTORS) + " has " + vectors.length + " entries and "
                        + p.key(EIGENVALUES) + " " + values.length + " for a mean of length " + d
                        + "; expected d = " + d + " eigenvalues and d² = " + (long) d * d + " eigenvector entries");
            }
            try {
                return GaussianProposal.of(mean, SymmetricEigen.of(values, Matrix.wrap(d, d, vectors)));
            } catch (RfException e) {
                throw new InvalidParameterException(p.key(EIGENVALUES), e.getMessage());
            }
        }
    }
}
