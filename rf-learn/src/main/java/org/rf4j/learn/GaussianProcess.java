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

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;
import org.apiguardian.api.API;
import org.rf4j.RandomFeatures;
import org.rf4j.api.DimensionMismatchException;
import org.rf4j.api.RfException;
import org.rf4j.spi.MechanismRegistry;
import org.rf4j.api.InvalidInputException;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Matrix;
import org.rf4j.api.linalg.GramSpectrum;
import org.rf4j.api.linalg.LinearAlgebra;
import org.rf4j.api.random.Seeds;

/**
 * Gaussian-process regression made linear by features: Bayesian linear regression on Φ (n×M).
 *
 * <p>The model, for rf4j's feature maps (scaled so that φ(x)ᵀφ(x') estimates k(x, x')):
 * f(x) = φ(x)ᵀw with prior w ~ N(0, s²·I) and y = f(x) + ε, ε ~ N(0, τ²). This is the GP with
 * kernel s²·φ(x)ᵀφ(x') ≈ s²·k(x, x') exactly, for any Φ, which is what the tests check it against.
 * (Written for unscaled features ψ = √M·φ, as some texts do, the prior is N(0, (s²/M)·I): the same
 * model.)
 *
 * <p>With G = ΦᵀΦ = Q·diag(e)·Qᵀ and λ' = τ²/s², the posterior over w is
 * N(w̄, τ²(G + λ'I)⁻¹) with w̄ = (G + λ'I)⁻¹Φᵀy, so at a point x:
 * <ul>
 *   <li>predictive mean φᵀw̄; latent variance τ²·Σᵢ (Qᵀφ)ᵢ²/(eᵢ + λ'); predictive variance the
 *       latent one plus τ²;</li>
 *   <li>log marginal likelihood −½[(yᵀy − Σᵢ βᵢ²/(eᵢ+λ'))/τ² + n·log τ² + Σᵢ log(eᵢ+λ') − M·log λ'
 *       + n·log 2π], β = QᵀΦᵀy (the matrix determinant lemma and Woodbury's identity on
 *       τ²I + s²ΦΦᵀ), O(n·M² + M³) once and O(M) per (s², τ²) after the eigendecomposition;</li>
 *   <li>a posterior function sample w̃ = w̄ + τ·Q·diag(1/√(eᵢ+λ'))·z, z ~ N(0, I): one draw of the
 *       weights is one function, evaluated consistently at any points, including points not known
 *       at fit time (pathwise sampling).</li>
 * </ul>
 *
 * <p>Hyperparameters: s² and τ² not given are chosen by maximising the log marginal likelihood.
 * For a fixed ratio λ' the best τ² is closed-form, (yᵀy − Σβᵢ²/(eᵢ+λ'))/n, so the search is over
 * log λ' alone: a grid of 151 points over λ' ∈ [1e-9, 1e6] (a tenth of a decade apart), then
 * golden-section refinement around the best grid point (deterministic, no restarts needed for a one-dimensional
 * profile; the grid is the restarts). Targets are standardised first by default (scikit-learn's
 * {@code normalize_y=True}); predictions, variances and the likelihood are reported in the
 * original units.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class GaussianProcess {

    /**
     * What to fix and what to fit.
     *
     * @param signalVariance  s², the prior variance of f (in the target's units); null: by marginal likelihood
     * @param noiseVariance   τ², the noise variance (in the target's units); null: by marginal likelihood
     * @param lengthScale     the kernel's length scale (the Gaussian kernel's σ) when fitted from rows;
     *                        null: by marginal likelihood over the same drawn projections (common
     *                        random numbers: one draw, one seed, scaled), ignored for kernels without one
     * @param normalizeTarget standardise y before fitting (scikit-learn's {@code normalize_y})
     * @param standardize     standardise the rows' columns before mapping them (as {@code rf4j fit} does)
     */
    public record Options(Double signalVariance, Double noiseVariance, Double lengthScale, boolean normalizeTarget,
            boolean standardize) {
        public Options {
            if (signalVariance != null && !(signalVariance > 0 && Double.isFinite(signalVariance))) {
                throw new InvalidParameterException("signalVariance", signalVariance, "a finite number > 0");
            }
            if (noiseVariance != null && !(noiseVariance > 0 && Double.isFinite(noiseVariance))) {
                throw new InvalidParameterException("noiseVariance", noiseVariance, "a finite number > 0");
            }
            if ((signalVariance == null) != (noiseVariance == null)) {
                throw new InvalidParameterException("signalVariance", signalVariance,
                        "given together with noiseVariance, or both left to the marginal likelihood");
            }
            if (lengthScale != null && !(lengthScale > 0 && Double.isFinite(lengthScale))) {
                throw new InvalidParameterException("lengthScale", lengthScale, "a finite number > 0");
            }
        }

        /** Everything by marginal likelihood; standardised targets and columns. */
        public static Options defaults() {
            return new Options(null, null, null, true, true);
        }

        /** Fixed s² and τ² (in the target's units), targets as given. */
        public static Options fixed(double signalVariance, double noiseVariance) {
            return new Options(signalVariance, noiseVariance, null, false, true);
        }

        /** These options with a fixed length scale. */
        public Options withLengthScale(double l) {
            return new Options(signalVariance, noiseVariance, l, normalizeTarget, standardize);
        }

        /** These options with fixed s² and τ². */
        public Options withVariances(double signal, double noise) {
            return new Options(signal, noise, lengthScale, normalizeTarget, standardize);
        }
    }

    /** One point of the length-scale search: the scale, the best s² and τ² there, and the likelihood. */
    public record Step(double lengthScale, double signalVariance, double noiseVariance, double logMarginalLikelihood) {
    }

    /** Pointwise predictions: mean, latent variance (of f) and predictive variance (of y). */
    public record Prediction(double[] mean, double[] latentVariance, double[] predictiveVariance) {
        /** Predictive standard deviations. */
        public double[] std() {
            double[] s = new double[predictiveVariance.length];
            for (int i = 0; i < s.length; i++) {
                s[i] = Math.sqrt(predictiveVariance[i]);
            }
            return s;
        }
    }


    private final int features;
    private final double yMean;
    private final double yScale;
    private final double noise;          // τ² in standardised units
    private final double ratio;          // λ' = τ²/s²
    private final double[] eigenvalues;  // e, ascending
    private final Matrix eigenvectorsT;  // Qᵀ (row k = k-th eigenvector)
    private final double[] weights;      // w̄ in standardised units
    private final double lml;            // in the target's units
    private final int rows;
    private final FeatureMaps.DrawnMap map;     // null: fitted on features
    private final Standardizer standardizer;  // null: rows as given
    private final double lengthScale;         // NaN: none
    private final List<Step> path;
    private final List<String> columns;       // null: the inputs are not named
    private final String labelColumn;         // null: none named

    private GaussianProcess(int features, int rows, double yMean, double yScale, double noise, double ratio,
            double[] eigenvalues, Matrix eigenvectorsT, double[] weights, double lml) {
        this.features = features;
        this.rows = rows;
        this.yMean = yMean;
        this.yScale = yScale;
        this.noise = noise;
        this.ratio = ratio;
        this.eigenvalues = eigenvalues;
        this.eigenvectorsT = eigenvectorsT;
        this.weights = weights;
        this.lml = lml;
        this.map = null;
        this.standardizer = null;
        this.lengthScale = Double.NaN;
        this.path = List.of();
        this.columns = null;
        this.labelColumn = null;
    }

    /** The posterior p on rows mapped by {@code map} after {@code standardizer}, at the chosen length scale. */
    GaussianProcess(GaussianProcess p, FeatureMaps.DrawnMap map, Standardizer standardizer, double lengthScale,
            List<Step> path) {
        this(p, map, standardizer, lengthScale, path, null, null);
    }

    private GaussianProcess(GaussianProcess p, FeatureMaps.DrawnMap map, Standardizer standardizer, double lengthScale,
            List<Step> path, List<String> columns, String labelColumn) {
        this.features = p.features;
        this.rows = p.rows;
        this.yMean = p.yMean;
        this.yScale = p.yScale;
        this.noise = p.noise;
        this.ratio = p.ratio;
        this.eigenvalues = p.eigenvalues;
        this.eigenvectorsT = p.eigenvectorsT;
        this.weights = p.weights;
        this.lml = p.lml;
        this.map = map;
        this.standardizer = standardizer;
        this.lengthScale = lengthScale;
        this.path = List.copyOf(path);
        this.columns = columns == null ? null : List.copyOf(columns);
        this.labelColumn = labelColumn;
    }

    /**
     * Fits the GP with a configuration's features to rows x (n×d) and targets y: columns
     * standardised (by default), a bandwidth rule ({@code "sigma": "median"}) fitted to them, the map
     * fitted and drawn once with the configuration's seed, and the length scale, s² and τ² chosen by
     * the marginal likelihood unless fixed. The length-scale search holds the drawn projections fixed
     * and only rescales them (common random numbers), so the likelihood is a smooth function of the
     * scale: a grid of 13 scales over [c/8, 8c] around the median distance c, then golden-section
     * refinement; {@link #path()} lists every scale tried.
     */
    public static GaussianProcess fit(RandomFeatures features, Matrix x, double[] y, Options options) {
        x.requireNonEmpty("Gaussian process rows").requireFinite("Gaussian process rows");
        if (x.rows() != y.length) {
            throw new DimensionMismatchException("Gaussian process: " + x.rows() + " rows but " + y.length + " targets");
        }
        if (options.standardize()) {
            FeatureMaps.requireStandardizable(features);
        }
        Standardizer std = options.standardize() ? Standardizer.fit(x) : null;
        Matrix xs = std == null ? x : std.apply(x);
        return GaussianProcessSearch.search(features, xs, std, map -> statistics(map.keys(xs), y, options.normalizeTarget()), options);
    }

    /**
     * Fits the GP to rows held elsewhere (a distributed fit): the map, its bandwidth rule and the
     * centre of the length-scale search are fitted to {@code sample}, a subset of the rows, and
     * each candidate scale costs one {@link Pass} over all rows, which returns their
     * {@link Statistics} under the {@link FeatureSpec} it is given. The search is the one of
     * {@link #fit(RandomFeatures, Matrix, double[], Options)}; fixing the length scale makes it a
     * single pass.
     *
     * @param sample       rows (raw, as the pass sees them) to fit the map and the search centre on
     * @param standardizer the columns' standardisation over all rows (null: rows as given);
     *                     {@link Options#standardize()} is not consulted
     * @param pass         the statistics of every row for a feature spec; targets standardised as
     *                     the pass chooses (the statistics carry it)
     */
    public static GaussianProcess fit(RandomFeatures features, Matrix sample, Standardizer standardizer, Pass pass,
            Options options) {
        sample.requireNonEmpty("Gaussian process sample rows").requireFinite("Gaussian process sample rows");
        Matrix xs = standardizer == null ? sample : standardizer.apply(sample);
        return GaussianProcessSearch.search(features, xs, standardizer, map -> pass.statistics(
                new FeatureSpec(map.toConfig(), standardizer)), options);
    }

    /**
     * One pass over the training rows: the sufficient statistics of every row under a feature
     * spec. A distributed fit sums them over blocks of rows in a fixed order.
     */
    @FunctionalInterface
    public interface Pass {
        Statistics statistics(FeatureSpec features);
    }

    /**
     * What computes a row's features: the fitted feature config (the map is redrawn from it, bit
     * for bit) and the columns' standardisation, (x − mean)/scale (both null: none). Serializable,
     * for executors.
     */
    public record FeatureSpec(String fittedConfig, double[] mean, double[] scale) implements java.io.Serializable {
        private static final long serialVersionUID = 1L;
        private static final java.util.Map<String, FeatureMaps.DrawnMap> MAPS = new java.util.LinkedHashMap<>(8, 0.75f,
                true) {
            private static final long serialVersionUID = 1L;

            @Override
            protected boolean removeEldestEntry(java.util.Map.Entry<String, FeatureMaps.DrawnMap> eldest) {
                return size() > 4;
            }
        };

        public FeatureSpec {
            java.util.Objects.requireNonNull(fittedConfig, "fittedConfig");
            if ((mean == null) != (scale == null)) {
                throw new InvalidParameterException("scale", scale == null ? null : "given",
                        "given together with mean, or both null");
            }
        }

        FeatureSpec(String fittedConfig, Standardizer standardizer) {
            this(fittedConfig, standardizer == null ? null : standardizer.mean(),
                    standardizer == null ? null : standardizer.scale());
        }

        /** The features φ of raw rows x (k×d): standardised, then mapped (the map's key side, as the fit uses). */
        public Matrix features(Matrix x) {
            FeatureMaps.DrawnMap map;
            synchronized (MAPS) {
                map = MAPS.get(fittedConfig);
            }
            if (map == null) {
                map = FeatureMaps.restore(fittedConfig, null);
                synchronized (MAPS) {
                    MAPS.put(fittedConfig, map);
                }
            }
            return map.keys(mean == null ? x : new Standardizer(mean, scale).apply(x));
        }
    }

    /**
     * The sufficient statistics of a fit: G = ΦᵀΦ (M×M), Φᵀt (M), tᵀt and n for the targets t
     * standardised as t = (y − targetMean)/targetScale (0 and 1: targets as given). Sums over
     * rows, so blocks of rows add up; {@link #statistics} computes them in memory.
     */
    public record Statistics(int rows, Matrix gram, double[] phiTy, double yy, double targetMean, double targetScale) {
        public Statistics {
            if (rows < 2) {
                throw new InvalidInputException("Gaussian process: " + rows + " training row(s); at least 2 are needed");
            }
            if (gram.rows() != gram.cols() || phiTy.length != gram.rows()) {
                throw new DimensionMismatchException("Gaussian process statistics: ΦᵀΦ is " + gram.shape()
                        + " and Φᵀy has " + phiTy.length + " entries; a square M×M and M are required");
            }
            gram.requireFinite("Gaussian process ΦᵀΦ");
            for (int i = 0; i < phiTy.length; i++) {
                if (!Double.isFinite(phiTy[i])) {
                    throw new InvalidInputException("Gaussian process statistics: Φᵀy[" + i + "] is " + phiTy[i]
                            + "; it must be finite");
                }
            }
            if (!(yy >= 0 && Double.isFinite(yy))) {
                throw new InvalidInputException("Gaussian process statistics: yᵀy is " + yy
                        + "; it must be a finite number >= 0");
            }
            if (!Double.isFinite(targetMean) || !(targetScale > 0 && Double.isFinite(targetScale))) {
                throw new InvalidInputException("Gaussian process statistics: the target's standardisation ("
                        + targetMean + ", " + targetScale + ") must be a finite mean and a finite scale > 0");
            }
        }

        /** M, the number of features. */
        public int features() {
            return gram.rows();
        }
    }

    /**
     * Fits the posterior to features Φ (n×M, finite) — the GP's inputs are then the features — and targets y (n, finite, not constant).
     *
     * @throws InvalidInputException for fewer than two rows, non-finite values or a constant target
     */
    public static GaussianProcess fit(Matrix phi, double[] y, Options options) {
        return fit(statistics(phi, y, options.normalizeTarget()), options);
    }

    /**
     * The sufficient statistics of features Φ (n×M, finite) and targets y (n, finite, not
     * constant), standardised to mean 0 and variance 1 when {@code normalizeTarget}.
     *
     * @throws InvalidInputException for fewer than two rows, non-finite values or a constant target
     */
    public static Statistics statistics(Matrix phi, double[] y, boolean normalizeTarget) {
        int n = phi.rows();
        int m = phi.cols();
        if (y.length != n) {
            throw new DimensionMismatchException("Gaussian process: " + n + " feature rows but " + y.length + " targets");
        }
        if (n < 2) {
            throw new InvalidInputException("Gaussian process: " + n + " training row(s); at least 2 are needed");
        }
        phi.requireFinite("Gaussian process features");
        double mean = 0;
        for (int i = 0; i < n; i++) {
            if (!Double.isFinite(y[i])) {
                throw new InvalidInputException("Gaussian process: target " + (i + 1) + " (1-based) is " + y[i]
                        + "; targets must be finite numbers");
            }
            mean += y[i];
        }
        mean /= n;
        double var = 0;
        for (double v : y) {
            var += (v - mean) * (v - mean);
        }
        var /= n;
        if (!(var > 0)) {
            throw new InvalidInputException("Gaussian process: the target is constant (" + y[0]
                    + " in every row); there is nothing to regress");
        }
        double shift = normalizeTarget ? mean : 0;
        double scale = normalizeTarget ? Math.sqrt(var) : 1;
        double[] t = new double[n];
        double yy = 0;
        for (int i = 0; i < n; i++) {
            t[i] = (y[i] - shift) / scale;
            yy += t[i] * t[i];
        }
        Matrix g = Matrix.zeros(m, m);
        LinearAlgebra.transposeMultiply(phi, phi, g);
        double[] b = LinearAlgebra.transposeMultiply(phi, t, new double[m]);
        return new Statistics(n, g, b, yy, shift, scale);
    }

    /**
     * The posterior from sufficient statistics (a distributed fit's sums; the GP's inputs are then
     * the features): bit for bit the fit on the Φ and y they were computed from in memory. The
     * statistics carry the target's standardisation, so {@link Options#normalizeTarget()} and
     * {@link Options#standardize()} are not consulted; fixed variances are in the target's units.
     */
    public static GaussianProcess fit(Statistics s, Options options) {
        int n = s.rows();
        int m = s.features();
        GramSpectrum.Full eig = GramSpectrum.full(s.gram());
        double[] e = GaussianProcessSearch.nonNegative(eig.values());
        Matrix qt = eig.vectorsTransposed();
        double[] beta = LinearAlgebra.multiply(qt, s.phiTy(), new double[m]);
        GaussianProcessSearch.Hyper h = GaussianProcessSearch.hyper(e, beta, s, options);
        double[] wq = new double[m];
        for (int i = 0; i < m; i++) {
            wq[i] = beta[i] / (e[i] + h.ratio());
        }
        double[] w = LinearAlgebra.transposeMultiply(qt, wq, new double[m]);
        double logLik = GaussianProcessSearch.logMarginal(e, beta, s.yy(), n, h.noise(), h.ratio())
                - n * Math.log(s.targetScale());
        return new GaussianProcess(m, n, s.targetMean(), s.targetScale(), h.noise(), h.ratio(), e, qt, w, logLik);
    }

    /**
     * Mean, latent and predictive variance at rows x: raw rows for a GP fitted with
     * {@link #fit(RandomFeatures, Matrix, double[], Options)}, features Φ* (k×M) for one fitted on
     * features.
     */
    public Prediction predict(Matrix x) {
        Matrix phi = features(x);
        int k = phi.rows();
        double[] mean = LinearAlgebra.multiply(phi, weights, new double[k]);
        Matrix proj = Matrix.zeros(k, features);
        LinearAlgebra.multiplyTransposed(phi, eigenvectorsT, proj); // (Qᵀφ)ᵀ per row
        double[] latent = new double[k];
        double[] predictive = new double[k];
        double s2 = yScale * yScale;
        double[] p = proj.data();
        for (int r = 0; r < k; r++) {
            double v = 0;
            for (int i = 0; i < features; i++) {
                double z = p[r * features + i];
                v += z * z / (eigenvalues[i] + ratio);
            }
            latent[r] = s2 * noise * v;
            predictive[r] = latent[r] + s2 * noise;
            mean[r] = yMean + yScale * mean[r];
        }
        return new Prediction(mean, latent, predictive);
    }

    /**
     * {@code count} posterior function samples at rows x (as for {@link #predict}): column j is the
     * j-th function. The same seed gives the same functions at any set of points.
     */
    public Matrix sample(Matrix x, int count, long seed) {
        Matrix phi = features(x);
        if (count < 1) {
            throw new InvalidParameterException("samples", count, "an integer >= 1");
        }
        Matrix w = Matrix.zeros(count, features); // one weight vector per row
        double sd = Math.sqrt(noise);
        double[] zq = new double[features];
        double[] dw = new double[features];
        for (int j = 0; j < count; j++) {
            RandomGenerator rng = Seeds.generator(seed, j);
            for (int i = 0; i < features; i++) {
                zq[i] = sd * rng.nextGaussian() / Math.sqrt(eigenvalues[i] + ratio);
            }
            LinearAlgebra.transposeMultiply(eigenvectorsT, zq, dw);
            for (int i = 0; i < features; i++) {
                w.set(j, i, weights[i] + dw[i]);
            }
        }
        Matrix f = Matrix.zeros(phi.rows(), count);
        LinearAlgebra.multiplyTransposed(phi, w, f);
        double[] d = f.data();
        for (int i = 0; i < d.length; i++) {
            d[i] = yMean + yScale * d[i];
        }
        return f;
    }

    private Matrix features(Matrix x) {
        if (map == null) {
            requireFeatures(x);
            return x;
        }
        if (x.cols() != map.inputDimension()) {
            throw new DimensionMismatchException("Gaussian process: rows have " + x.cols()
                    + " columns; the model was fitted on " + map.inputDimension());
        }
        x.requireFinite("Gaussian process rows");
        Matrix phi = map.keys(standardizer == null ? x : standardizer.apply(x));
        requireFeatures(phi);
        return phi;
    }

    private void requireFeatures(Matrix phi) {
        if (phi.cols() != features) {
            throw new DimensionMismatchException("Gaussian process: features have " + phi.cols()
                    + " columns; the model was fitted on " + features);
        }
        phi.requireFinite("Gaussian process features");
    }

    /** log p(y | s², τ²) of the training targets, in their units. */
    public double logMarginalLikelihood() {
        return lml;
    }

    /** s², the prior variance of f, in the target's units. */
    public double signalVariance() {
        return yScale * yScale * noise / ratio;
    }

    /** τ², the noise variance, in the target's units. */
    public double noiseVariance() {
        return yScale * yScale * noise;
    }

    /** M, the number of features. */
    public int features() {
        return features;
    }

    /** The size of the rows {@link #predict} takes: d for a GP fitted on rows, M for one fitted on features. */
    public int inputDimension() {
        return map == null ? features : map.inputDimension();
    }

    /** The kernel's length scale used (NaN when fitted on features, or for a kernel without one). */
    public double lengthScale() {
        return lengthScale;
    }

    /** Every length scale the search tried, in order, with its best s², τ² and likelihood. */
    public List<Step> path() {
        return path;
    }

    /**
     * This model with named inputs (as {@code rf4j fit} records them, so that {@code rf4j predict}
     * matches a file's columns by name), saved with it.
     *
     * @param columns     the names of the input columns, in order: one per input, distinct
     * @param labelColumn the target column's name (not an input), or null
     */
    public GaussianProcess withColumns(List<String> columns, String labelColumn) {
        if (columns == null || columns.size() != inputDimension()) {
            throw new DimensionMismatchException("Gaussian process: " + (columns == null ? "no" : columns.size())
                    + " column names for " + inputDimension() + " inputs");
        }
        if (new java.util.HashSet<>(columns).size() != columns.size()) {
            throw new InvalidParameterException("columns", columns, "distinct names");
        }
        if (labelColumn != null && columns.contains(labelColumn)) {
            throw new InvalidParameterException("labelColumn", labelColumn, "a column that is not an input " + columns);
        }
        return new GaussianProcess(this, map, standardizer, lengthScale, path, columns, labelColumn);
    }

    /** The names of the input columns ({@link #withColumns}), or null when they were not named. */
    public List<String> columns() {
        return columns;
    }

    /** The target column's name ({@link #withColumns}), or null. */
    public String labelColumn() {
        return labelColumn;
    }

    /** n, the number of training rows. */
    public int rows() {
        return rows;
    }

    // ------------------------------------------------------------------------------- JSON

    /** The {@code "format"} of a Gaussian-process model file. */
    public static final String FORMAT = "rf4j-gp-model";

    /**
     * The model as JSON text: the fitted feature config (null for a GP fitted on features), the
     * columns' standardisation, the target's, the hyperparameters, the posterior (eigenvalues,
     * eigenvectors and mean weights) and the search path. {@link #fromJson} restores a model that
     * predicts and samples bit for bit the same.
     */
    public String toJson() {
        ObjectMapper mapper = org.rf4j.config.Json.mapper();
        ObjectNode o = mapper.createObjectNode();
        o.put("format", FORMAT);
        o.put("rf4jVersion", RidgeModel.RF4J_VERSION);
        if (map == null) {
            o.putNull("config");
        } else {
            ModelJson.config(o, map.toConfig());
        }
        ModelJson.standardizer(o, standardizer);
        ModelJson.numberOrNull(o, "lengthScale", lengthScale);
        o.put("features", features);
        o.put("rows", rows);
        o.put("targetMean", yMean);
        o.put("targetScale", yScale);
        o.put("noise", noise);
        o.put("ratio", ratio);
        o.put("logMarginalLikelihood", lml);
        ModelJson.doubles(o.putArray("eigenvalues"), eigenvalues);
        ArrayNode vectors = o.putArray("eigenvectors");
        for (int k = 0; k < features; k++) {
            ModelJson.doubles(vectors.addArray(), eigenvectorsT.row(k));
        }
        ModelJson.doubles(o.putArray("weights"), weights);
        ArrayNode steps = o.putArray("path");
        for (Step step : path) {
            ObjectNode p = steps.addObject();
            p.put("lengthScale", step.lengthScale());
            p.put("signalVariance", step.signalVariance());
            p.put("noiseVariance", step.noiseVariance());
            p.put("logMarginalLikelihood", step.logMarginalLikelihood());
        }
        if (columns == null) {
            o.putNull("columns");
        } else {
            ArrayNode names = o.putArray("columns");
            columns.forEach(names::add);
        }
        ModelJson.textOrNull(o, "labelColumn", labelColumn);
        return org.rf4j.config.Json.pretty(o);
    }

    /** Writes {@link #toJson} to a file, atomically. */
    public void save(Path file) {
        ModelJson.save(file, toJson());
    }

    /** Reads a model file written by {@link #save}; its feature map is rebuilt with the discovered mechanisms. */
    public static GaussianProcess load(Path file) {
        return load(file, null);
    }

    /** Reads a model file written by {@link #save}; its feature map is rebuilt with these mechanisms (null: discovered). */
    public static GaussianProcess load(Path file, MechanismRegistry registry) {
        return fromJson(ModelJson.read(file), "model file " + file, registry);
    }

    /**
     * Parses a model, checking every field before it is used — the format, the rf4j major version,
     * finite numbers, positive scales and variances, non-negative eigenvalues, shapes that agree
     * with {@code "features"}, and a feature config that resolves to a map of that many features —
     * each failure a {@link ModelFileException} naming the field.
     *
     * @param registry mechanisms to rebuild the feature map with (null: discovered)
     */
    public static GaussianProcess fromJson(String json, String source, MechanismRegistry registry) {
        ObjectNode o = ModelJson.parse(json, source, FORMAT);
        int m = ModelJson.integer(o, "features", source);
        int n = ModelJson.integer(o, "rows", source);
        double yMean = ModelJson.finite(ModelJson.field(o, "targetMean", source), "targetMean", source);
        double yScale = positive(o, "targetScale", source);
        double noise = positive(o, "noise", source);
        double ratio = positive(o, "ratio", source);
        double lml = ModelJson.finite(ModelJson.field(o, "logMarginalLikelihood", source), "logMarginalLikelihood", source);
        double lengthScale = ModelJson.number(o, "lengthScale", source, true);
        if (!Double.isNaN(lengthScale) && !(lengthScale > 0 && Double.isFinite(lengthScale))) {
            throw new ModelFileException(source + ": field 'lengthScale' is " + lengthScale
                    + "; expected null or a finite number > 0");
        }
        double[] e = sized(ModelJson.doubles(o, "eigenvalues", "eigenvalues", source), m, "eigenvalues", source);
        for (int i = 0; i < m; i++) {
            if (e[i] < 0) {
                throw new ModelFileException(source + ": field 'eigenvalues[" + i + "]' is " + e[i]
                        + "; eigenvalues of ΦᵀΦ are >= 0");
            }
        }
        double[] w = sized(ModelJson.doubles(o, "weights", "weights", source), m, "weights", source);
        JsonNode vectors = ModelJson.field(o, "eigenvectors", source);
        if (!vectors.isArray() || vectors.size() != m) {
            throw new ModelFileException(source + ": field 'eigenvectors' must be an array of " + m + " rows of " + m
                    + " numbers");
        }
        Matrix qt = Matrix.zeros(m, m);
        for (int k = 0; k < m; k++) {
            String name = "eigenvectors[" + k + "]";
            JsonNode row = vectors.get(k);
            if (!row.isArray() || row.size() != m) {
                throw new ModelFileException(source + ": field '" + name + "' must be an array of " + m + " numbers");
            }
            for (int i = 0; i < m; i++) {
                qt.set(k, i, ModelJson.finite(row.get(i), name + "[" + i + "]", source));
            }
        }
        List<Step> path = new ArrayList<>();
        JsonNode steps = ModelJson.field(o, "path", source);
        if (!steps.isArray()) {
            throw new ModelFileException(source + ": field 'path' must be an array of search steps");
        }
        for (int i = 0; i < steps.size(); i++) {
            JsonNode p = steps.get(i);
            String at = "path[" + i + "].";
            path.add(new Step(ModelJson.finite(p.get("lengthScale"), at + "lengthScale", source),
                    ModelJson.finite(p.get("signalVariance"), at + "signalVariance", source),
                    ModelJson.finite(p.get("noiseVariance"), at + "noiseVariance", source),
                    ModelJson.finite(p.get("logMarginalLikelihood"), at + "logMarginalLikelihood", source)));
        }
        GaussianProcess core = new GaussianProcess(m, n, yMean, yScale, noise, ratio, e, qt, w, lml);
        JsonNode config = ModelJson.field(o, "config", source);
        JsonNode st = ModelJson.field(o, "standardize", source);
        if (config.isNull()) {
            if (!st.isNull()) {
                throw new ModelFileException(source + ": field 'standardize' must be null for a model fitted on features");
            }
            return named(new GaussianProcess(core, null, null, lengthScale, path), o, source);
        }
        if (!config.isObject()) {
            throw new ModelFileException(source + ": field 'config' must be null or a config object");
        }
        FeatureMaps.DrawnMap fitted;
        try {
            fitted = FeatureMaps.restore(config.toString(), registry);
        } catch (RfException ex) {
            throw new ModelFileException(source + ": field 'config' does not describe a feature map: "
                    + ModelJson.oneLine(ex.getMessage()));
        }
        if (fitted.outputDimension() != m) {
            throw new ModelFileException(source + ": field 'config' gives " + fitted.outputDimension()
                    + " features but 'features' is " + m);
        }
        Standardizer standardizer = null;
        if (!st.isNull()) {
            double[] mean = sized(ModelJson.doubles(st, "standardize.mean", "mean", source), fitted.inputDimension(),
                    "standardize.mean", source);
            double[] scale = sized(ModelJson.doubles(st, "standardize.scale", "scale", source), fitted.inputDimension(),
                    "standardize.scale", source);
            for (int j = 0; j < scale.length; j++) {
                if (!(scale[j] > 0)) {
                    throw new ModelFileException(source + ": field 'standardize.scale[" + j + "]' is " + scale[j]
                            + "; a scale must be a finite number > 0");
                }
            }
            standardizer = new Standardizer(mean, scale);
        }
        return named(new GaussianProcess(core, fitted, standardizer, lengthScale, path), o, source);
    }

    /** The model with the optional fields 'columns' and 'labelColumn' of its file (absent or null: not named). */
    private static GaussianProcess named(GaussianProcess gp, ObjectNode o, String source) {
        JsonNode c = o.get("columns");
        JsonNode l = o.get("labelColumn");
        if (l != null && !l.isNull() && !l.isTextual()) {
            throw new ModelFileException(source + ": field 'labelColumn' must be null or a string, not " + l);
        }
        String label = l == null || l.isNull() ? null : l.asText();
        if (c == null || c.isNull()) {
            if (label != null) {
                throw new ModelFileException(source + ": field 'labelColumn' is '" + label + "' but 'columns' is null;"
                        + " a label column is named only with the input columns");
            }
            return gp;
        }
        List<String> names = ModelJson.strings(o, "columns", source);
        if (names.size() != gp.inputDimension()) {
            throw new ModelFileException(source + ": field 'columns' names " + names.size() + " columns; the model takes "
                    + gp.inputDimension() + " inputs");
        }
        ModelJson.distinct(names, "columns", source);
        if (label != null && names.contains(label)) {
            throw new ModelFileException(source + ": field 'labelColumn' is '" + label + "', one of the input 'columns'");
        }
        return gp.withColumns(names, label);
    }

    private static double positive(JsonNode o, String name, String source) {
        double v = ModelJson.finite(ModelJson.field(o, name, source), name, source);
        if (!(v > 0)) {
            throw new ModelFileException(source + ": field '" + name + "' is " + v + "; expected a finite number > 0");
        }
        return v;
    }

    private static double[] sized(double[] v, int length, String name, String source) {
        if (v.length != length) {
            throw new ModelFileException(source + ": field '" + name + "' has " + v.length + " numbers; expected " + length);
        }
        return v;
    }
}
