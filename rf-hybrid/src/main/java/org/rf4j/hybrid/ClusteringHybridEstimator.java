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
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.rf4j.api.DimensionMismatchException;
import org.rf4j.api.InvalidInputException;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Matrix;
import org.rf4j.api.Spec;
import org.rf4j.api.mechanism.AbstractMechanism;
import org.rf4j.api.mechanism.Coupling;
import org.rf4j.api.mechanism.DrawnEstimator;
import org.rf4j.api.mechanism.DrawnFeatures;
import org.rf4j.api.mechanism.DrawnLambda;
import org.rf4j.api.mechanism.Estimator;
import org.rf4j.api.mechanism.EstimatorRequest;
import org.rf4j.api.mechanism.FeatureMap;
import org.rf4j.api.mechanism.FitData;
import org.rf4j.api.mechanism.LambdaEstimator;
import org.rf4j.api.mechanism.LambdaRequest;
import org.rf4j.api.mechanism.NotFittedException;
import org.rf4j.api.random.Seeds;
import org.rf4j.features.ComplexExponentialFeatures;
import org.rf4j.features.RandomFeaturesEstimator;
import org.rf4j.spi.AbstractProvider;
import org.rf4j.spi.BuildContext;
import org.rf4j.spi.EstimatorProvider;
import org.rf4j.spi.MechanismKind;
import org.rf4j.spi.Param;
import org.rf4j.spi.Parameters;
import org.apiguardian.api.API;

/**
 * The clustering hybrid (HRF Sec. 2.4, App. H.2 Def. H.1 and H.2): k-means on the queries and on
 * the keys (deterministic from the seed), one complex exponential base estimator per pair of
 * centres (rq_i, rk_j) with the closed-form diagonal A of Eq. 85–87 ({@code complex-diagonal}) or
 * Eq. 88 ({@code real-diagonal}, the paper's experiments), and per pair either the cluster
 * indicator λ (Def. H.2, {@link ClusterLambda}) or the Gaussian λ
 * {@code exp(−|Ax + A⁻¹y|²/(2τ²))} of Eq. 93–96 (Def. H.1, {@link GaussianLambda} with P = A,
 * M = A⁻¹, A real-diagonal by Eq. 88). With {@code pairs} &gt; 0 only the most massive pairs
 * (|Xᵢ|·|Yⱼ| data points) get their own base and the rest is covered by the {@code default} base
 * estimator, weighted 1 − Σλ; with Gaussian λs the default base is λ⁰ of Eq. 97–98.
 *
 * <p><b>Why its own id</b>: it is exactly the {@code hybrid} estimator of Eq. 8 (it builds a
 * {@link HybridEstimator} and draws it), but its bases and λs depend on data (centres,
 * A^{i,j}, the pairs' masses), which a static {@code hybrid} config cannot name.
 * Its fit stage ({@link #fit}) computes the centres once from files {@code queryData}/{@code keyData}
 * (or takes precomputed centres {@code queryCentresFile}/{@code keyCentresFile}; the config loader
 * reads every file), else from the fit data; all in the caller's coordinates (the kernel's input
 * scale is applied here), and writes them into its spec; drawing an unfitted one is refused. With indicator λs and all pairs, every
 * input lies in exactly one pair, so the last pair's base takes weight 1 − Σλ (its own indicator)
 * and no default base is drawn.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class ClusteringHybridEstimator extends AbstractMechanism implements Estimator {
    public static final String ID = "clustering-hybrid";

    private static final Param<Integer> QUERY_CLUSTERS = Param.integer("queryClusters", 2, 1L, 1024L,
            "k-means clusters of the queries (n_q)");
    private static final Param<Integer> KEY_CLUSTERS = Param.integer("keyClusters", 2, 1L, 1024L,
            "k-means clusters of the keys (n_k)");
    private static final Param<Integer> M = Param.integer("m", 64, 1L, 1L << 24,
            "random features of each pair's complex exponential estimator");
    private static final Param<String> MATRIX = Param.string("matrix", "real-diagonal",
            List.of("real-diagonal", "complex-diagonal"), "closed-form A per pair: Eq. 88 (real) or Eq. 85–87 (complex)");
    private static final Param<Double> LARGE = Param.number("large", 10.0, 1.000001, 1e6,
            "the 'large value' of App. H.2's edge cases; |aₖ| is clamped to [1/large, large]");
    private static final Param<String> LAMBDA = Param.string("lambda", "indicator", List.of("indicator", "gaussian"),
            "λ per pair: cluster indicators (Def. H.2) or Gaussian (Def. H.1, Eq. 93–96)");
    private static final Param<Double> TAU = Param.number("tau", 1.0, 1e-12, null, "width τ of the Gaussian λs");
    private static final Param<Integer> N = Param.integer("n", 16, 1L, 1L << 20, "projections of each Gaussian λ");
    private static final Param<Spec> LAMBDA_FEATURES = Param.mechanism("lambdaFeatures", MechanismKind.FEATURE_MAP,
            Spec.of("trigonometric"), "Gaussian-kernel feature map of the Gaussian λs");
    private static final Param<Integer> PAIRS = Param.integer("pairs", 0, 0L, null,
            "keep only the most massive pairs (0: all)");
    private static final Param<Spec> DEFAULT = Param.mechanism("default", MechanismKind.ESTIMATOR,
            RandomFeaturesEstimator.specOf(Spec.of("iid"), Spec.of("hyperbolic"), 64L),
            "base estimator for inputs outside the kept pairs (and λ⁰ of Def. H.1)");
    private static final Param<Spec> COUPLING = Param.mechanism("coupling", MechanismKind.COUPLING, Spec.of("iid"),
            "projections of every base and λ");
    private static final Param<Integer> ITERATIONS = Param.integer("iterations", 100, 1L, 100000L,
            "maximum Lloyd iterations of k-means");
    private static final Param<Optional<String>> QUERY_DATA = Param.dataFile("queryData",
            "file of query samples to cluster");
    private static final Param<Optional<String>> KEY_DATA = Param.dataFile("keyData", "file of key samples to cluster");
    private static final Param<Optional<String>> QUERY_CENTRES_FILE = Param.dataFile("queryCentresFile",
            "file of precomputed query centres");
    private static final Param<Optional<String>> KEY_CENTRES_FILE = Param.dataFile("keyCentresFile",
            "file of precomputed key centres");
    private static final Param<Optional<double[]>> QUERY_CENTRES = Param.numbers("queryCentres",
            "fitted query centres, row-major, kernel coordinates; written by fit");
    private static final Param<Optional<double[]>> KEY_CENTRES = Param.numbers("keyCentres",
            "fitted key centres, row-major, kernel coordinates; written by fit");
    private static final Param<Integer> DIMENSION = Param.integer("dimension", 0, 0L, null,
            "d of the fitted centres; written by fit");
    private static final Param<Optional<double[]>> QUERY_COUNTS = Param.numbers("queryCounts",
            "data points per query centre (orders the pairs); written by fit");
    private static final Param<Optional<double[]>> KEY_COUNTS = Param.numbers("keyCounts",
            "data points per key centre; written by fit");
    private static final List<Param<Optional<String>>> FILES = List.of(QUERY_DATA, KEY_DATA, QUERY_CENTRES_FILE,
            KEY_CENTRES_FILE);

    private final Spec spec;
    private final Parameters p;
    private final Coupling coupling;
    private final Estimator fallback;
    private final FeatureMap lambdaFeatures;
    /** Fitted centres (kernel coordinates) and cluster sizes, or null before {@link #fit}. */
    private final Matrix queryCentres;
    private final Matrix keyCentres;
    private final int[] queryCounts;
    private final int[] keyCounts;

    private ClusteringHybridEstimator(Spec spec, Parameters p, Coupling coupling, Estimator fallback,
            FeatureMap lambdaFeatures, Matrix queryCentres, Matrix keyCentres, int[] queryCounts, int[] keyCounts) {
        this.spec = spec;
        this.p = p;
        this.coupling = coupling;
        this.fallback = fallback;
        this.lambdaFeatures = lambdaFeatures;
        this.queryCentres = queryCentres;
        this.keyCentres = keyCentres;
        this.queryCounts = queryCounts;
        this.keyCounts = keyCounts;
    }

    @Override
    public Spec spec() {
        return spec;
    }

    @Override
    public int projectionCount(int d) {
        int total = queryCentres != null ? queryCentres.rows() * keyCentres.rows()
                : p.get(QUERY_CLUSTERS) * p.get(KEY_CLUSTERS);
        int pairs = pairs(total);
        return pairs * p.get(M) + (usesDefault(pairs, total) ? fallback.projectionCount(d) : 0);
    }

    /** The pairs kept of {@code total}: {@code pairs}, or all when it is 0. */
    private int pairs(int total) {
        int kept = p.get(PAIRS);
        return kept == 0 ? total : Math.min(total, kept);
    }

    private boolean usesDefault(int pairs, int total) {
        return pairs < total || p.get(LAMBDA).equals("gaussian");
    }

    /** Bases and λs of the fitted estimator; {@code partition}: the λs are indicators of all pairs (as many as bases). */
    private record Plan(List<Estimator> bases, List<LambdaEstimator> lambdas, boolean partition) {
    }

    /** True until the centres are fitted ({@link #fit}): they come from data. */
    @Override
    public boolean needsFit() {
        return queryCentres == null;
    }

    /**
     * Fits the centres once, in kernel coordinates: from the centre files if the config names them,
     * else by k-means (seeded from {@link FitData#seed()}: {@code derive(seed, "kmeans-query")} and
     * {@code "kmeans-key"}) on the {@code queryData}/{@code keyData} files, else on the fit data; the
     * cluster sizes (which order the pairs) are counted on the same data. The result's spec carries
     * {@code queryCentres}, {@code keyCentres} (row-major), {@code dimension}, {@code queryCounts} and
     * {@code keyCounts} and names no file, so it rebuilds and draws without data; a new seed redraws
     * the projections, not the centres.
     */
    @Override
    public Estimator fit(FitData fitData) {
        if (queryCentres != null) {
            return this;
        }
        double s = fitData.kernel().inputScale();
        Matrix qd = fitData.file(QUERY_DATA.name());
        Matrix kd = fitData.file(KEY_DATA.name());
        if (qd == null && fitData.data() != null) {
            qd = fitData.data().query();
            kd = fitData.data().key();
        }
        qd = qd == null ? null : qd.scaled(s);
        kd = kd == null ? null : kd.scaled(s);
        Matrix qc;
        Matrix kc;
        int[] qn;
        int[] kn;
        if (p.has(QUERY_CENTRES_FILE)) {
            qc = fitData.file(QUERY_CENTRES_FILE.name()).scaled(s);
            kc = fitData.file(KEY_CENTRES_FILE.name()).scaled(s);
            if (qc.cols() != kc.cols()) {
                throw new DimensionMismatchException(p.key(KEY_CENTRES_FILE) + " has " + kc.cols()
                        + " columns but the query centres have " + qc.cols());
            }
            qn = counts(qc, checked(qd, qc.cols(), QUERY_DATA));
            kn = counts(kc, checked(kd, kc.cols(), KEY_DATA));
        } else {
            if (qd == null || kd == null) {
                throw new InvalidInputException("clustering-hybrid needs data to cluster: name files in 'queryData' and "
                        + "'keyData' (or centres in 'queryCentresFile'/'keyCentresFile'), or fit it with data");
            }
            checked(kd, qd.cols(), KEY_DATA);
            KMeans.Result rq = KMeans.fit(qd, p.get(QUERY_CLUSTERS), p.get(ITERATIONS),
                    Seeds.generator(Seeds.derive(fitData.seed(), "kmeans-query")), p.key(QUERY_CLUSTERS));
            KMeans.Result rk = KMeans.fit(kd, p.get(KEY_CLUSTERS), p.get(ITERATIONS),
                    Seeds.generator(Seeds.derive(fitData.seed(), "kmeans-key")), p.key(KEY_CLUSTERS));
            qc = rq.centres();
            kc = rk.centres();
            qn = rq.counts();
            kn = rk.counts();
        }
        Estimator fb = fallback.fit(fitData.child(DEFAULT.name()));
        Spec fitted = spec.with(DEFAULT.name(), fb.spec());
        for (Param<?> f : FILES) {
            fitted = fitted.without(f.name());
        }
        fitted = fitted.with(QUERY_CENTRES.name(), qc.data().clone()).with(KEY_CENTRES.name(), kc.data().clone())
                .with(DIMENSION.name(), (long) qc.cols()).with(QUERY_COUNTS.name(), doubles(qn))
                .with(KEY_COUNTS.name(), doubles(kn));
        return new ClusteringHybridEstimator(fitted, p, coupling, fb, lambdaFeatures, qc, kc, qn, kn);
    }

    private static double[] doubles(int[] a) {
        double[] r = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = a[i];
        }
        return r;
    }

    /**
     * The Eq. 8 hybrid this fitted estimator amounts to for dimension d (bases and λs fixed by the
     * centres); with indicator λs of all pairs the last pair's base carries weight 1 − Σλ.
     */
    public HybridEstimator build(int d) {
        Plan plan = plan(d);
        List<LambdaEstimator> l = plan.partition() ? plan.lambdas().subList(0, plan.lambdas().size() - 1) : plan.lambdas();
        Spec hs = Spec.of(HybridEstimator.ID, HybridEstimator.BASE.name(),
                plan.bases().stream().map(Estimator::spec).toList(), HybridEstimator.LAMBDAS.name(),
                l.stream().map(LambdaEstimator::spec).toList(), HybridEstimator.SHARE_PROJECTIONS.name(), false);
        return new HybridEstimator(hs, plan.bases(), l, false, p.path());
    }

    private Plan plan(int d) {
        if (queryCentres == null) {
            throw new NotFittedException("estimator 'clustering-hybrid'", "its centres (k-means on the queries and keys)");
        }
        if (queryCentres.cols() != d) {
            throw new DimensionMismatchException("the clustering hybrid's centres have " + queryCentres.cols()
                    + " coordinates but the input dimension is " + d);
        }
        Matrix qc = queryCentres;
        Matrix kc = keyCentres;
        int nq = qc.rows();
        int nk = kc.rows();
        List<int[]> order = new ArrayList<>();
        for (int i = 0; i < nq; i++) {
            for (int j = 0; j < nk; j++) {
                order.add(new int[] {i, j});
            }
        }
        final int[] qcn = queryCounts;
        final int[] kcn = keyCounts;
        order.sort(Comparator.comparingLong((int[] a) -> -(long) qcn[a[0]] * kcn[a[1]]));
        int total = nq * nk;
        int pairs = pairs(total);
        boolean useDefault = usesDefault(pairs, total);
        boolean complex = p.get(MATRIX).equals("complex-diagonal");
        boolean gaussian = p.get(LAMBDA).equals("gaussian");
        double large = p.get(LARGE);
        int m = p.get(M);
        int n = p.get(N);
        double tau = p.get(TAU);
        List<Estimator> bases = new ArrayList<>();
        List<LambdaEstimator> lambdas = new ArrayList<>();
        for (int t = 0; t < pairs; t++) {
            int i = order.get(t)[0];
            int j = order.get(t)[1];
            double[] rq = qc.row(i);
            double[] rk = kc.row(j);
            ComplexExponentialFeatures ce = ComplexExponentialFeatures.forCentres(rq, rk, complex, large);
            Spec bs = RandomFeaturesEstimator.specOf(coupling.spec(), ce.spec(), m);
            bases.add(new RandomFeaturesEstimator(bs, coupling, ce, null, m));
            if (gaussian) {
                double[] a = new double[d];
                double[] inv = new double[d];
                double[] re = ComplexExponentialFeatures.forCentres(rq, rk, false, large).diagonalEntries(d)[0];
                for (int k = 0; k < d; k++) {
                    a[k] = re[k];
                    inv[k] = 1 / a[k];
                }
                Spec ls = Spec.of(GaussianLambda.ID, GaussianLambda.SCALE.name(), tau, GaussianLambda.DIAGONAL.name(), inv,
                        GaussianLambda.QUERY_DIAGONAL.name(), a, GaussianLambda.N.name(), (long) n,
                        GaussianLambda.FEATURES.name(), lambdaFeatures.spec(), GaussianLambda.COUPLING.name(),
                        coupling.spec());
                lambdas.add(new GaussianLambda(ls, lambdaFeatures, coupling, n, tau, a, inv, null));
            } else {
                lambdas.add(new ClusterLambda(qc, kc, i, j));
            }
        }
        if (useDefault) {
            bases.add(fallback);
        }
        return new Plan(bases, lambdas, !useDefault);
    }

    /**
     * Draws the estimator. With indicator λs of all pairs (Def. H.2) the indicators partition every
     * input pair, so Eq. 101 is linearised directly, one block ρᵢⱼ ⊗ φᵢⱼ per pair
     * ({@link DrawnHybridFeatures#partitionOfUnity}); otherwise the Eq. 8 hybrid of {@link #build} is drawn.
     * Base k uses seed {@code derive(derive(seed, "hybrid"), "base-k")} either way.
     */
    @Override
    public DrawnEstimator draw(EstimatorRequest request) {
        Plan plan = plan(request.d());
        long seed = Seeds.derive(request.seed(), "hybrid");
        if (!plan.partition()) {
            return build(request.d()).draw(new EstimatorRequest(request.kernel(), request.d(), seed));
        }
        List<DrawnFeatures> b = new ArrayList<>();
        List<DrawnLambda> l = new ArrayList<>();
        for (int k = 0; k < plan.bases().size(); k++) {
            b.add(plan.bases().get(k).draw(new EstimatorRequest(request.kernel(), request.d(),
                    Seeds.derive(seed, "base-" + k))).features());
            l.add(plan.lambdas().get(k).draw(new LambdaRequest(request.d(),
                    Seeds.generator(Seeds.derive(seed, "lambda-" + k)))));
        }
        return new DrawnEstimator(request.kernel(), DrawnHybridFeatures.partitionOfUnity(b, l));
    }

    private Matrix checked(Matrix x, int d, Param<?> file) {
        if (x != null && x.cols() != d) {
            throw new DimensionMismatchException("parameter '" + p.key(file) + "' has " + x.cols()
                    + " columns but the input dimension is " + d);
        }
        return x;
    }

    private static int[] counts(Matrix centres, Matrix data) {
        int[] c = new int[centres.rows()];
        if (data == null) {
            java.util.Arrays.fill(c, 1);
            return c;
        }
        for (int i = 0; i < data.rows(); i++) {
            c[ClusterLambda.nearest(centres, data.data(), i * data.cols())]++;
        }
        return c;
    }

    /** The {@code clustering-hybrid} provider. */
    public static final class Provider extends AbstractProvider<Estimator> implements EstimatorProvider {
        public Provider() {
            super(ID,
                    "clustering hybrid: k-means on queries/keys, a complex exponential estimator per pair of centres, "
                    + "indicator or Gaussian λs (HRF App. H, Def. H.1/H.2)",
                    Provider::build, QUERY_CLUSTERS, KEY_CLUSTERS, M, MATRIX, LARGE, LAMBDA, TAU, N, LAMBDA_FEATURES,
                    PAIRS, DEFAULT, COUPLING, ITERATIONS, QUERY_DATA, KEY_DATA, QUERY_CENTRES_FILE, KEY_CENTRES_FILE,
                    QUERY_CENTRES, KEY_CENTRES, DIMENSION, QUERY_COUNTS, KEY_COUNTS);
        }

        private static Estimator build(Parameters p, BuildContext context) {
            if (p.has(QUERY_DATA) != p.has(KEY_DATA)) {
                throw new InvalidParameterException(p.key(p.has(QUERY_DATA) ? KEY_DATA : QUERY_DATA),
                        "is required when '" + (p.has(QUERY_DATA) ? QUERY_DATA : KEY_DATA).name() + "' is given");
            }
            if (p.has(QUERY_CENTRES_FILE) != p.has(KEY_CENTRES_FILE)) {
                throw new InvalidParameterException(p.key(p.has(QUERY_CENTRES_FILE) ? KEY_CENTRES_FILE : QUERY_CENTRES_FILE),
                        "is required when the other centres file is given");
            }
            Coupling c = context.coupling(p.key(COUPLING), p.get(COUPLING));
            Estimator fallback = context.estimator(p.key(DEFAULT), p.get(DEFAULT));
            FeatureMap lf = context.featureMap(p.key(LAMBDA_FEATURES), p.get(LAMBDA_FEATURES));
            Matrix qc = fitted(p, QUERY_CENTRES, QUERY_COUNTS);
            Matrix kc = fitted(p, KEY_CENTRES, KEY_COUNTS);
            if ((qc == null) != (kc == null)) {
                throw new InvalidParameterException(p.key(qc == null ? QUERY_CENTRES : KEY_CENTRES),
                        "is required with the other side's fitted centres");
            }
            Spec spec = p.spec().with(COUPLING.name(), c.spec()).with(DEFAULT.name(), fallback.spec())
                    .with(LAMBDA_FEATURES.name(), lf.spec());
            return new ClusteringHybridEstimator(spec, p, c, fallback, lf, qc, kc,
                    qc == null ? null : counts(p, QUERY_COUNTS, qc.rows()),
                    kc == null ? null : counts(p, KEY_COUNTS, kc.rows()));
        }

        /** Fitted centres from the spec (row-major, {@code dimension} columns), or null. */
        private static Matrix fitted(Parameters p, Param<Optional<double[]>> centres,
                Param<Optional<double[]>> counts) {
            Optional<double[]> given = p.get(centres);
            if (given.isEmpty()) {
                return null;
            }
            double[] v = given.get();
            int d = p.get(DIMENSION);
            if (d == 0 || v.length == 0 || v.length % d != 0) {
                throw new InvalidParameterException(p.key(centres), v.length + " entries",
                        "a non-empty multiple of 'dimension' (" + d + "; row-major centres written by fit)");
            }
            if (!p.has(counts)) {
                throw new InvalidParameterException(p.key(counts), "is required with '" + centres.name()
                        + "' (written by fit)");
            }
            return Matrix.wrap(v.length / d, d, v);
        }

        private static int[] counts(Parameters p, Param<Optional<double[]>> counts, int rows) {
            double[] v = p.get(counts).orElseThrow();
            if (v.length != rows) {
                throw new InvalidParameterException(p.key(counts), v.length + " entries", rows + " (one per centre)");
            }
            int[] r = new int[rows];
            for (int i = 0; i < rows; i++) {
                if (!(v[i] >= 0 && v[i] == Math.rint(v[i]) && v[i] <= Integer.MAX_VALUE)) {
                    throw new InvalidParameterException(p.key(counts) + "[" + i + "]", v[i], "a count >= 0");
                }
                r[i] = (int) v[i];
            }
            return r;
        }
    }
}
