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
package org.rf4j.learn;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.UnaryOperator;
import java.util.random.RandomGenerator;
import org.rf4j.api.Checks;
import org.rf4j.api.DimensionMismatchException;
import org.rf4j.api.InvalidInputException;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Matrix;
import org.rf4j.api.linalg.Gram;
import org.rf4j.api.linalg.Cholesky;
import org.rf4j.api.kernel.Kernel;
import org.rf4j.api.mechanism.Estimator;
import org.rf4j.api.random.Seeds;
import org.rf4j.RandomFeatureMap;
import org.rf4j.RandomFeatures;
import org.apiguardian.api.API;

/**
 * Trains a {@link RidgeModel}: ridge regression (or one-vs-rest ridge classification on ±1
 * targets) on the features of any config's map, with λ (and the Gaussian σ) chosen by k-fold or
 * hold-out cross-validation over a grid, as scikit-learn's {@code RidgeCV}/{@code RidgeClassifierCV}.
 *
 * <p>Protocol. The rows are permuted once with the options' seed; k-fold CV assigns row
 * {@code perm[i]} to fold {@code i mod k}, hold-out keeps the last {@code ⌈f·n⌉} permuted rows
 * for validation. For each σ the map is fitted on (and drawn for) all training rows, the features
 * computed once, and every (fold, λ) is solved exactly: primal with fold sums subtracted from the
 * total ΦᵀΦ when the training part has at least M rows, else dual from one Gram matrix ΦΦᵀ of all
 * rows per σ whose fold blocks are re-centred algebraically ({@link DualFold}); the products are
 * formed once per σ and each λ costs one Cholesky solve (an eigendecomposition per fold would make
 * every λ cheaper, but rf-learn's unblocked eigensolver costs about 30 blocked Cholesky
 * factorisations of the same size, more than the 8-point default grid). The score is the validation
 * accuracy (classification) or R² (regression), averaged over folds; the highest wins, ties going
 * to the larger λ and then the larger σ (more smoothing). The final model is fitted on every
 * training row with the chosen (σ, λ), streaming the features in row blocks when n ≥ M.
 *
 * <p>Cross-validation holds the n×M training features in memory (refused, with the size, beyond
 * {@value #MAX_CV_ENTRIES} entries); the final fit does not.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class RidgeTrainer {
    /** The default λ grid (λ multiplies n in the ridge system, so α_sklearn = n·λ). */
    public static final double[] DEFAULT_LAMBDAS = {1e-7, 1e-6, 1e-5, 1e-4, 1e-3, 1e-2, 1e-1, 1.0};
    /** The default σ grid, as multiples of the config's σ (or of the median heuristic's, {@link Options#withMedianSigmas}). */
    public static final double[] DEFAULT_SIGMA_FACTORS = {0.5, 0.7071067811865476, 1.0, 1.4142135623730951, 2.0};
    /** The most entries (rows × features) cross-validation holds. */
    public static final long MAX_CV_ENTRIES = 200_000_000L;
    /** Rows per block of the streamed final fit. */
    static final int BLOCK = 2048;

    private RidgeTrainer() {
    }

    /**
     * How to train.
     *
     * @param lambdas      the λ grid (one value: no λ search); each ≥ 0
     * @param sigmas       the σ grid (empty: the config's σ); ignored for the softmax kernel
     * @param folds        k ≥ 2 for k-fold CV, 0 for hold-out or for no CV (a single λ and σ)
     * @param holdout      the validation fraction for hold-out (0 &lt; f &lt; 1) when folds = 0, else 0
     * @param seed         the seed of the row permutation
     * @param standardize  standardise the columns with the training statistics first
     * @param medianSigmas centre the default σ grid on the median heuristic ({@link #withMedianSigmas})
     * @param foldIds      predefined k-fold partition: the validation fold (0…k−1) of each training row,
     *                     scikit-learn's {@code PredefinedSplit(test_fold)} without −1; null for the seeded
     *                     permutation ({@link #withFoldIds}). With it, {@code folds} is k (0 is taken as k)
     */
    public record Options(double[] lambdas, double[] sigmas, int folds, double holdout, long seed, boolean standardize,
            boolean medianSigmas, int[] foldIds) {
        /** Options whose default σ grid is around the config's σ (not the median heuristic). */
        public Options(double[] lambdas, double[] sigmas, int folds, double holdout, long seed, boolean standardize) {
            this(lambdas, sigmas, folds, holdout, seed, standardize, false, null);
        }

        /** Options with the seeded fold permutation. */
        public Options(double[] lambdas, double[] sigmas, int folds, double holdout, long seed, boolean standardize,
                boolean medianSigmas) {
            this(lambdas, sigmas, folds, holdout, seed, standardize, medianSigmas, null);
        }

        public Options {
            lambdas = lambdas.clone();
            sigmas = sigmas.clone();
            if (foldIds != null) {
                foldIds = foldIds.clone();
                int k = checkFoldIds(foldIds);
                if (folds != 0 && folds != k) {
                    throw new InvalidParameterException("cv", folds, "the " + k + " folds of the predefined partition"
                            + " (or 0: taken from it)");
                }
                if (holdout != 0) {
                    throw new InvalidParameterException("holdout", holdout, "0 with a predefined k-fold partition");
                }
                folds = k;
            }
            if (lambdas.length == 0) {
                throw new InvalidParameterException("lambdas", "[]", "at least one λ");
            }
            for (double l : lambdas) {
                RidgeSolver.checkLambda(l);
            }
            for (double s : sigmas) {
                if (!(s > 0) || !Double.isFinite(s)) {
                    throw new InvalidParameterException("sigmas", s, "finite numbers > 0");
                }
            }
            if (folds == 1 || folds < 0) {
                throw new InvalidParameterException("cv", folds, "an integer >= 2 (folds)");
            }
            if (holdout != 0 && !(holdout > 0 && holdout < 1)) {
                throw new InvalidParameterException("holdout", holdout, "a fraction in (0, 1)");
            }
        }

        /** A fixed λ, no search. */
        public static Options fixed(double lambda, long seed) {
            return new Options(new double[] {lambda}, new double[0], 0, 0, seed, false);
        }

        /**
         * k-fold CV with the CLI's defaults ({@code rf4j fit --cv K}): the columns standardised with the
         * training statistics, the λ grid {@link #DEFAULT_LAMBDAS}, and the σ grid centred on the median
         * heuristic of the standardised rows ({@link #withMedianSigmas}); so the same data, config and
         * seed give {@code rf4j fit}'s model bit for bit. {@code withStandardize(false)} and
         * {@code withMedianSigmas(false)} give the raw columns and a grid around the config's σ.
         */
        public static Options crossValidated(int folds, long seed) {
            return new Options(DEFAULT_LAMBDAS, new double[0], folds, 0, seed, true, true, null);
        }

        public Options withStandardize(boolean s) {
            return new Options(lambdas, sigmas, folds, holdout, seed, s, medianSigmas, foldIds);
        }

        public Options withSigmas(double[] s) {
            return new Options(lambdas, s, folds, holdout, seed, standardize, medianSigmas, foldIds);
        }

        public Options withLambdas(double[] l) {
            return new Options(l, sigmas, folds, holdout, seed, standardize, medianSigmas, foldIds);
        }

        /**
         * With no explicit σ grid, centre the σ grid on the median heuristic instead of the config's
         * σ: σ₀ = the median pairwise distance of the (standardised) training rows
         * ({@link Bandwidths#medianDistance}), the grid σ₀·2^(k/2), k = −2..2 when
         * searching, σ₀ alone with a fixed λ.
         */
        public Options withMedianSigmas(boolean m) {
            return new Options(lambdas, sigmas, folds, holdout, seed, standardize, m, foldIds);
        }

        /**
         * k-fold CV on a predefined partition instead of the seeded permutation: row i is validated in
         * fold {@code ids[i]}; the ids must be 0…k−1 (k ≥ 2), each used. With it two libraries can be
         * compared on identical folds (the fold noise then cancels in their paired difference).
         */
        public Options withFoldIds(int[] ids) {
            if (ids == null) {
                return new Options(lambdas, sigmas, folds, holdout, seed, standardize, medianSigmas, null);
            }
            return new Options(lambdas, sigmas, 0, 0, seed, standardize, medianSigmas, ids);
        }

        @Override
        public int[] foldIds() {
            return foldIds == null ? null : foldIds.clone();
        }

        /** The number of folds k of a predefined partition, after checking it names folds 0…k−1, each used. */
        static int checkFoldIds(int[] ids) {
            int k = 0;
            for (int i = 0; i < ids.length; i++) {
                if (ids[i] < 0) {
                    throw new InvalidParameterException("folds[" + i + "]", ids[i], "a fold number 0…k−1 (every row is"
                            + " validated in one fold)");
                }
                k = Math.max(k, ids[i] + 1);
            }
            if (k < 2) {
                throw new InvalidParameterException("folds", k, "at least 2 folds (numbers 0…k−1)");
            }
            boolean[] used = new boolean[k];
            for (int id : ids) {
                used[id] = true;
            }
            for (int f = 0; f < k; f++) {
                if (!used[f]) {
                    throw new InvalidParameterException("folds", "no row in fold " + f, "every fold 0…" + (k - 1)
                            + " used by at least one row");
                }
            }
            return k;
        }

        @Override
        public double[] lambdas() {
            return lambdas.clone();
        }

        @Override
        public double[] sigmas() {
            return sigmas.clone();
        }

        boolean searches() {
            return folds >= 2 || holdout > 0;
        }
    }

    /** One grid point's cross-validated score. */
    public record GridPoint(double sigma, double lambda, double score) {
    }

    /**
     * The trained model and how it was chosen.
     *
     * @param grid         every grid point's score (empty without CV)
     * @param trainSeconds wall-clock seconds of the whole training (CV and final fit)
     * @param fitSeconds   seconds of the final fit alone
     */
    public record Result(RidgeModel model, List<GridPoint> grid, double trainSeconds, double fitSeconds) {
        public Result {
            grid = List.copyOf(grid);
        }
    }

    /**
     * Trains on rows x (caller's coordinates) with the given targets.
     *
     * @param features the feature map's configuration (the front door's builder: kernel, mechanisms,
     *                 m, seed, registry), e.g. {@code RandomFeatures.gaussian(1.5).features("oprf").m(256)}
     * @param columns  the names of x's columns
     * @param label    the label column's name, or null
     */
    public static Result train(RandomFeatures features, Matrix x, List<String> columns, String label, Targets targets,
            Options options) {
        long t0 = System.nanoTime();
        requireArguments(features, "features", x, columns, targets, options);
        if (options.standardize()) {
            FeatureMaps.requireStandardizable(features);
        }
        Standardizer std = options.standardize() ? Standardizer.fit(x) : null;
        Matrix xs = std == null ? x : std.apply(x);
        // a length scale fitted from data ("sigma": "median"/"scale") is fitted once, to the training rows
        // the maps see, and is then the config's σ
        RandomFeatures fitted = FeatureMaps.withFittedBandwidths(features, xs);
        double[] sigmas = sigmaGrid(options, FeatureMaps.sigma(fitted), xs);
        return search(sigma -> FeatureMaps.fit(fitted, sigma, xs), sigmas, xs, columns, label, targets, options, std, t0);
    }

    /**
     * Trains on rows x with a map already fitted and drawn ({@code RandomFeatures...fit(X)}): the same
     * protocol with the map's own σ (no σ grid; only λ is searched), so with the same rows, seed and
     * options it gives the model {@link #train(RandomFeatures, Matrix, List, String, Targets, Options)}
     * gives for the map's config at that σ, bit for bit. With {@link Options#standardize()} the map sees
     * the standardised rows ({@code Standardizer.fit(x).apply(x)}), so fit it on those.
     */
    public static Result train(RandomFeatureMap map, Matrix x, List<String> columns, String label, Targets targets,
            Options options) {
        long t0 = System.nanoTime();
        requireArguments(map, "map", x, columns, targets, options);
        if (options.sigmas().length > 0) {
            throw new InvalidParameterException("sigmas", java.util.Arrays.toString(options.sigmas()),
                    "none for a fitted map (its sigma is fixed); train the RandomFeatures config to search sigma");
        }
        if (map.inputDimension() != x.cols()) {
            throw new DimensionMismatchException("training rows " + x.shape() + " for a map fitted for dimension "
                    + map.inputDimension());
        }
        if (options.standardize()) {
            FeatureMaps.requireStandardizable(map.kernel());
        }
        Standardizer std = options.standardize() ? Standardizer.fit(x) : null;
        Matrix xs = std == null ? x : std.apply(x);
        FeatureMaps.DrawnMap fitted = FeatureMaps.of(map);
        double sigma = map.kernel() instanceof org.rf4j.api.kernel.GaussianKernel g ? g.sigma() : Double.NaN;
        return search(s -> fitted, new double[] {sigma}, xs, columns, label, targets, options, std, t0);
    }

    /**
     * A linear ridge fit on a feature matrix the caller computed (Φ, n×M, e.g. {@code map.transformKeys(X)})
     * with its targets: λ chosen by the options' cross-validation as for the maps, the columns standardised
     * first when the options say so. On Φ = the map's key-side features of the (standardised) rows, with
     * {@code withStandardize(false)}, it gives the weights and intercepts of
     * {@link #train(RandomFeatureMap, Matrix, List, String, Targets, Options)} bit for bit.
     *
     * @param fit          the predictor on (standardised) Φ's columns
     * @param standardizer the feature columns' standardisation, or null
     * @param cvScore      the chosen λ's validation score (NaN without a search)
     */
    public record LinearResult(LinearFit fit, double lambda, double cvScore, Standardizer standardizer,
            List<GridPoint> grid) {
        public LinearResult {
            grid = List.copyOf(grid);
        }

        /** Scores (n×c: class scores, or one column of values) of a feature matrix. */
        public Matrix scores(Matrix features) {
            return fit.predict(standardizer == null ? features : standardizer.apply(features));
        }
    }

    /** Trains a linear ridge predictor on feature matrix {@code phi} (see {@link LinearResult}). */
    public static LinearResult train(Matrix phi, Targets targets, Options options) {
        requireArguments(phi, "features", phi, null, targets, options);
        Standardizer std = options.standardize() ? Standardizer.fit(phi) : null;
        Matrix z = std == null ? phi : std.apply(phi);
        double lambda = options.lambdas()[0];
        double score = Double.NaN;
        List<GridPoint> grid = new ArrayList<>();
        if (options.searches()) {
            double[] lambdas = options.lambdas();
            double[] scores = crossValidate(z, targets, folds(z.rows(), options), lambdas);
            score = Double.NEGATIVE_INFINITY;
            for (int li = 0; li < lambdas.length; li++) {
                grid.add(new GridPoint(Double.NaN, lambdas[li], scores[li]));
                if (scores[li] >= score) {
                    score = scores[li];
                    lambda = lambdas[li];
                }
            }
        }
        return new LinearResult(fit(FeatureMaps.identity(z.cols()), z, targets.y(), lambda), lambda, score, std, grid);
    }

    /** Null and shape checks shared by the training routes ({@code columns} null: not checked). */
    private static void requireArguments(Object source, String what, Matrix x, List<String> columns, Targets targets,
            Options options) {
        if (source == null) {
            throw new InvalidInputException(what + " is null");
        }
        if (x == null || targets == null || options == null) {
            throw new InvalidInputException((x == null ? "x" : targets == null ? "targets" : "options") + " is null");
        }
        x.requireNonEmpty("training rows").requireFinite("training rows");
        if (x.rows() != targets.rows()) {
            throw new DimensionMismatchException("training rows " + x.shape() + " and " + targets.rows() + " targets");
        }
        if (columns != null && columns.size() != x.cols()) {
            throw new DimensionMismatchException(columns.size() + " column names for " + x.cols() + " columns");
        }
    }

    /**
     * The grid search and final fit of every route: {@code mapFor} gives the fitted map at a σ of
     * {@code sigmas} (NaN for a kernel without one), on the rows xs the maps see.
     */
    private static Result search(java.util.function.DoubleFunction<FeatureMaps.DrawnMap> mapFor, double[] sigmas, Matrix xs,
            List<String> columns, String label, Targets targets, Options options, Standardizer std, long t0) {
        double[] lambdas = options.lambdas();
        List<GridPoint> grid = new ArrayList<>();
        double bestSigma = sigmas[0];
        double bestLambda = lambdas[0];
        double bestScore = Double.NaN;
        if (options.searches()) {
            int n = xs.rows();
            int[][] folds = folds(n, options);
            double best = Double.NEGATIVE_INFINITY;
            for (double sigma : sigmas) {
                FeatureMaps.DrawnMap map = mapFor.apply(sigma);
                long entries = (long) n * map.outputDimension();
                if (entries > MAX_CV_ENTRIES) {
                    throw new InvalidParameterException("cv", n + " rows × " + map.outputDimension() + " features",
                            "at most " + MAX_CV_ENTRIES + " entries held for cross-validation; use --lambda or hold-out on a sample");
                }
                Matrix phi = map.keys(xs);
                double[] scores = crossValidate(phi, targets, folds, lambdas);
                for (int li = 0; li < lambdas.length; li++) {
                    grid.add(new GridPoint(sigma, lambdas[li], scores[li]));
                    // >=: ties go to the later (larger) λ and σ
                    if (scores[li] >= best) {
                        best = scores[li];
                        bestSigma = sigma;
                        bestLambda = lambdas[li];
                    }
                }
            }
            bestScore = best;
        }
        long t1 = System.nanoTime();
        FeatureMaps.DrawnMap map = mapFor.apply(bestSigma);
        LinearFit fit = fit(map, xs, targets.y(), bestLambda);
        long t2 = System.nanoTime();
        RidgeModel model = new RidgeModel(targets.task(), null, map, map.toConfig(), bestLambda, bestSigma, bestScore,
                targets.classes(), columns, label, std, fit);
        return new Result(model, grid, (t2 - t0) * 1e-9, (t2 - t1) * 1e-9);
    }

    static double[] sigmaGrid(Options options, double configSigma, Matrix xs) {
        if (Double.isNaN(configSigma)) {
            return new double[] {Double.NaN};
        }
        double[] s = options.sigmas();
        if (s.length > 0) {
            return s;
        }
        double centre = options.medianSigmas() ? Bandwidths.medianDistance(xs) : configSigma;
        if (!options.searches()) {
            return new double[] {centre};
        }
        double[] g = new double[DEFAULT_SIGMA_FACTORS.length];
        for (int i = 0; i < g.length; i++) {
            g[i] = centre * DEFAULT_SIGMA_FACTORS[i];
        }
        return g;
    }

    /**
     * Ridge with a fixed λ on a configured estimator fitted to and drawn for the training rows x (the
     * evaluation harness's path, which calibrates λ and the kernel itself): returns the predictor of
     * new rows' scores.
     */
    @API(status = API.Status.INTERNAL, since = "0.1")
    public static UnaryOperator<Matrix> fitDrawn(Estimator estimator, Kernel kernel, Matrix x, Matrix y, double lambda,
            long seed) {
        FeatureMaps.DrawnMap map = FeatureMaps.draw(estimator, kernel, x, seed);
        LinearFit fit = fit(map, x, y, lambda);
        return q -> fit.predict(map.queries(q));
    }

    /**
     * Fits the linear predictor on the key-side features of x: primal normal equations streamed in
     * row blocks when n ≥ M, else the dual system.
     */
    static LinearFit fit(FeatureMaps.DrawnMap map, Matrix x, Matrix y, double lambda) {
        int n = x.rows();
        int m = map.outputDimension();
        if (n >= m) {
            RidgeSolver.NormalEquations ne = new RidgeSolver.NormalEquations(m, y.cols());
            for (int r0 = 0; r0 < n; r0 += BLOCK) {
                int r1 = Math.min(n, r0 + BLOCK);
                ne.add(map.keys(x.rowRange(r0, r1)), y.rowRange(r0, r1));
            }
            return ne.solve(lambda);
        }
        return RidgeSolver.dual(map.keys(x), y, lambda);
    }

    /** The validation rows of each fold (k-fold) or the one hold-out part. */
    static int[][] folds(int n, Options o) {
        int[] ids = o.foldIds;
        if (ids != null) {
            if (ids.length != n) {
                throw new DimensionMismatchException("the predefined folds name " + ids.length + " rows but there are " + n
                        + " training rows; one fold number per training row is required");
            }
            int[][] out = new int[o.folds()][];
            int[] count = new int[o.folds()];
            for (int id : ids) {
                count[id]++;
            }
            for (int f = 0; f < out.length; f++) {
                out[f] = new int[count[f]];
                count[f] = 0;
            }
            for (int i = 0; i < n; i++) {
                out[ids[i]][count[ids[i]]++] = i;
            }
            return out;
        }
        RandomGenerator rng = Seeds.generator(Seeds.derive(o.seed(), "ridge-cv"));
        int[] perm = permutation(n, rng);
        if (o.folds() >= 2) {
            if (o.folds() > n) {
                throw new InvalidParameterException("cv", o.folds(), "at most the number of training rows (" + n + ")");
            }
            int k = o.folds();
            int[][] out = new int[k][];
            for (int f = 0; f < k; f++) {
                int size = (n - f + k - 1) / k;
                out[f] = new int[size];
                int c = 0;
                for (int i = f; i < n; i += k) {
                    out[f][c++] = perm[i];
                }
                java.util.Arrays.sort(out[f]);
            }
            return out;
        }
        int v = (int) Math.ceil(o.holdout() * n);
        if (v < 1 || v >= n) {
            throw new InvalidParameterException("holdout", o.holdout(), "a fraction leaving at least one training and one"
                    + " validation row of " + n);
        }
        int[] val = java.util.Arrays.copyOfRange(perm, n - v, n);
        java.util.Arrays.sort(val);
        return new int[][] {val};
    }

    /** The mean validation score of each λ over the folds. */
    static double[] crossValidate(Matrix phi, Targets targets, int[][] folds, double[] lambdas) {
        int n = phi.rows();
        int m = phi.cols();
        double[] sum = new double[lambdas.length];
        RidgeSolver.NormalEquations total = null;
        Matrix gram = null;
        for (int[] val : folds) {
            int[] train = complement(n, val);
            Matrix pv = rows(phi, val);
            Targets tv = targets.rows(val);
            Targets tt = targets.rows(train);
            if (train.length >= m) {
                if (total == null) {
                    total = new RidgeSolver.NormalEquations(m, targets.y().cols());
                    total.add(phi.copy(), targets.y());
                }
                RidgeSolver.NormalEquations part = new RidgeSolver.NormalEquations(m, targets.y().cols(), total.shift());
                part.add(pv.copy(), tv.y());
                RidgeSolver.NormalEquations rest = total.minus(part);
                for (int li = 0; li < lambdas.length; li++) {
                    sum[li] += score(rest.solve(lambdas[li]).predict(pv), tv);
                }
            } else {
                if (gram == null) {
                    // one Gram matrix of every row per σ serves every fold: each fold's centred
                    // training and validation blocks are O(n²) algebra on it (was one Gram per fold)
                    gram = Gram.rows(RidgeSolver.centred(phi, RidgeSolver.columnMeans(phi)));
                }
                DualFold dual = new DualFold(gram, train, val, tt.y());
                for (int li = 0; li < lambdas.length; li++) {
                    sum[li] += score(dual.predict(lambdas[li]), tv);
                }
            }
        }
        for (int li = 0; li < lambdas.length; li++) {
            sum[li] /= folds.length;
        }
        return sum;
    }

    /**
     * One fold of the dual route from the Gram matrix K of all rows (any common shift of the
     * features): with r_i the mean of K_ij over the fold's training rows j and s the mean of those
     * r_i, the features centred at the training mean have inner products
     * {@code K_ab − r_a − r_b + s}. The fold then solves {@code (Kc + n_t λI)α = Yc} and predicts
     * {@code Kv·α + ȳ}, the same W as {@link RidgeSolver.DualEquations} on the fold's rows.
     */
    static final class DualFold {
        private final int nt;
        private final Matrix kc;
        private final Matrix kv;
        private final Matrix yc;
        private final double[] ybar;

        DualFold(Matrix gram, int[] train, int[] val, Matrix ytrain) {
            int n = gram.rows();
            double[] k = gram.data();
            nt = train.length;
            double[] r = new double[n];
            for (int i = 0; i < n; i++) {
                double v = 0;
                int row = i * n;
                for (int j : train) {
                    v += k[row + j];
                }
                r[i] = v / nt;
            }
            double s = 0;
            for (int j : train) {
                s += r[j];
            }
            s /= nt;
            kc = block(k, n, train, train, r, s);
            kv = block(k, n, val, train, r, s);
            ybar = RidgeSolver.columnMeans(ytrain);
            yc = RidgeSolver.centred(ytrain, ybar);
        }

        private static Matrix block(double[] k, int n, int[] rowsOf, int[] colsOf, double[] r, double s) {
            Matrix out = Matrix.zeros(rowsOf.length, colsOf.length);
            double[] o = out.data();
            int c = colsOf.length;
            for (int a = 0; a < rowsOf.length; a++) {
                int row = rowsOf[a] * n;
                double ra = r[rowsOf[a]];
                for (int b = 0; b < c; b++) {
                    o[a * c + b] = k[row + colsOf[b]] - ra - r[colsOf[b]] + s;
                }
            }
            return out;
        }

        /** The validation rows' scores for λ. */
        Matrix predict(double lambda) {
            RidgeSolver.checkLambda(lambda);
            Matrix a = kc.copy();
            double[] ad = a.data();
            for (int i = 0; i < nt; i++) {
                ad[i * nt + i] += nt * lambda;
            }
            Matrix alpha = Cholesky.factor(a, RidgeSolver.system(lambda, nt)).solve(yc);
            Matrix p = org.rf4j.api.linalg.LinearAlgebra.multiply(kv, alpha, null);
            double[] pd = p.data();
            int c = ybar.length;
            for (int i = 0; i < p.rows(); i++) {
                for (int j = 0; j < c; j++) {
                    pd[i * c + j] += ybar[j];
                }
            }
            return p;
        }
    }

    /** Accuracy (classification) or R² (regression) of scores against targets. */
    @API(status = API.Status.INTERNAL, since = "0.1")
    public static double score(Matrix scores, Targets t) {
        if (t.task() == LearningTask.CLASSIFY) {
            int[] p = RidgeModel.argmax(scores);
            int ok = 0;
            for (int i = 0; i < p.length; i++) {
                if (p[i] == t.index()[i]) {
                    ok++;
                }
            }
            return (double) ok / p.length;
        }
        return r2(scores.data(), t.y().data());
    }

    /** R² = 1 − SSE/SST (SST about the mean of y; 0 when y is constant and the fit is not exact). */
    public static double r2(double[] pred, double[] y) {
        Checks.sameLength("predictions", y.length, pred.length);
        double mean = 0;
        for (double v : y) {
            mean += v;
        }
        mean /= y.length;
        double sse = 0;
        double sst = 0;
        for (int i = 0; i < y.length; i++) {
            sse += (pred[i] - y[i]) * (pred[i] - y[i]);
            sst += (y[i] - mean) * (y[i] - mean);
        }
        if (sst == 0) {
            return sse == 0 ? 1.0 : 0.0;
        }
        return 1 - sse / sst;
    }

    /** Root mean squared error. */
    public static double rmse(double[] pred, double[] y) {
        Checks.sameLength("predictions", y.length, pred.length);
        double s = 0;
        for (int i = 0; i < y.length; i++) {
            s += (pred[i] - y[i]) * (pred[i] - y[i]);
        }
        return Math.sqrt(s / y.length);
    }

    static int[] complement(int n, int[] sortedRows) {
        int[] out = new int[n - sortedRows.length];
        int c = 0;
        int k = 0;
        for (int i = 0; i < n; i++) {
            if (k < sortedRows.length && sortedRows[k] == i) {
                k++;
            } else {
                out[c++] = i;
            }
        }
        if (c != out.length) {
            throw new InvalidInputException("internal: fold rows are not distinct");
        }
        return out;
    }

    /** A uniformly random permutation of 0..n−1 (Fisher–Yates, from the top), drawn from rng. */
    @API(status = API.Status.INTERNAL, since = "0.1")
    public static int[] permutation(int n, RandomGenerator rng) {
        int[] perm = new int[n];
        for (int i = 0; i < n; i++) {
            perm[i] = i;
        }
        for (int i = n - 1; i > 0; i--) {
            int j = rng.nextInt(i + 1);
            int t = perm[i];
            perm[i] = perm[j];
            perm[j] = t;
        }
        return perm;
    }

    /** The rows {@code which} of a, in that order (a copy). */
    @API(status = API.Status.INTERNAL, since = "0.1")
    public static Matrix rows(Matrix a, int[] which) {
        int d = a.cols();
        Matrix out = Matrix.zeros(which.length, d);
        for (int i = 0; i < which.length; i++) {
            System.arraycopy(a.data(), which[i] * d, out.data(), i * d, d);
        }
        return out;
    }
}
