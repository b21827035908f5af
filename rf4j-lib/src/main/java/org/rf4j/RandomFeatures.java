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
package org.rf4j;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.rf4j.api.InvalidInputException;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Matrix;
import org.rf4j.api.RfException;
import org.rf4j.api.Spec;
import org.rf4j.api.kernel.Kernel;
import org.rf4j.api.mechanism.DataSample;
import org.rf4j.api.mechanism.Estimator;
import org.rf4j.config.ConfigLoader;
import org.rf4j.config.ConfigSpec;
import org.rf4j.config.RunConfig;
import org.rf4j.spi.MechanismKind;
import org.rf4j.spi.MechanismRegistry;
import org.apiguardian.api.API;

/**
 * The front door: configure a random-feature map in a few calls, fit it to data once, and map
 * {@code double[][]} rows in the caller's coordinates.
 *
 * <pre>{@code
 * RandomFeatureMap phi = RandomFeatures.gaussian(1.5)   // or RandomFeatures.softmax()
 *         .coupling("orthogonal")                       // any coupling id, default "iid"
 *         .features("oprf")                             // any feature-map id, default "positive"
 *         .m(256)
 *         .seed(42)
 *         .fit(X);                                      // data statistics, computed once
 * double[][] z = phi.transform(X);
 * }</pre>
 *
 * <p>A {@code RandomFeatures} is an immutable configuration: every call returns a new one, so a
 * partly configured builder can be shared and specialised. It holds the CLI's config as a typed
 * value ({@link #spec()}; as JSON: {@link #toConfig()}), resolved through the registry once, on
 * first use, with every data file it names read once for it and every configuration derived from
 * it; so a config written by {@code rf4j config}, composed by hand (hybrids,
 * clustering hybrids, importance sampling) or produced by {@link RandomFeatureMap#toConfig()} is
 * used with {@link #fromConfig(String)} in one line.
 *
 * <p><b>Stages.</b> {@code fit} resolves the configuration through the mechanism registry
 * (unknown ids and bad parameters fail here, with the config path, the value and what is
 * allowed), computes every data-dependent value once (OPRF's ρ*, Poisson λ*, the optimal
 * importance-sampling proposal, cluster centres), and draws the projections from the seed. The
 * result is a {@link RandomFeatureMap}: fitted, drawn, immutable.
 *
 * <p><b>Coordinates.</b> Data is always in the caller's coordinates; the kernel's input scale
 * (1/σ for the Gaussian kernel) is applied inside. For attention use {@link #attention(int)}, which
 * applies the transformer's {@code 1/√d} itself.
 *
 * <p><b>Plugins.</b> The default registry holds every provider found by {@code ServiceLoader} on
 * the module path and the class path; {@link #registry(MechanismRegistry)} supplies another (e.g.
 * one with a plugins directory: {@code MechanismRegistry.builder().loadDiscovered()
 * .pluginDirectory(dir).build()}).
 */
@API(status = API.Status.STABLE, since = "0.1")
public final class RandomFeatures {
    static final String RANDOM_FEATURES = "random-features";

    private final ConfigSpec config;
    private final ConfigFiles files;
    private final String source;
    private final MechanismRegistry registry;
    private final Threads threads;
    /** The config resolved through the registry, on first use (then never again). */
    private volatile RunConfig resolved;
    /** The kernel's length scales still given as a rule, on first use. */
    private volatile Map<String, String> pending;
    /** The estimator fitted to the config's own data, on first use. */
    private volatile Estimator ownFit;

    private RandomFeatures(ConfigSpec config, ConfigFiles files, String source, MechanismRegistry registry,
            Threads threads) {
        this.config = config;
        this.files = files;
        this.source = source;
        this.registry = registry;
        this.threads = threads;
    }

    /** This configuration's source, files, registry and threads with another typed config. */
    private RandomFeatures with(ConfigSpec newConfig) {
        return new RandomFeatures(newConfig, files, source, registry, threads);
    }

    private static RandomFeatures parse(String text, String source, Path folder) {
        ConfigSpec spec;
        try {
            spec = ConfigSpec.fromPlain(ConfigLoader.readObject(text, source));
        } catch (InvalidParameterException e) {
            // a fitted config's own keys are the front door's, named without the source as before
            if (ConfigSpec.DIMENSION.equals(e.key()) || ConfigSpec.ALLOW_DEGENERATE_ROWS.equals(e.key())) {
                throw e;
            }
            throw ConfigLoader.inSource(source, e);
        } catch (RfException e) {
            throw ConfigLoader.inSource(source, e);
        }
        return new RandomFeatures(spec, new ConfigFiles(folder), source, null, Threads.DEFAULT);
    }

    /** The Gaussian kernel {@code exp(−|x−y|²/(2σ²))} with the {@code random-features} defaults (iid, positive, m = 64, seed 42). */
    public static RandomFeatures gaussian(double sigma) {
        if (!(sigma > 0) || Double.isInfinite(sigma)) {
            throw new InvalidParameterException("kernel.sigma", sigma, "a finite number > 0");
        }
        return start(kernelObject("gaussian", sigma));
    }

    /**
     * The Matérn kernel (scikit-learn's {@code Matern}) of smoothness ν and length scale ℓ with the
     * {@code random-features} defaults (iid, trigonometric, m = 64, seed 42).
     */
    public static RandomFeatures matern(double nu, double lengthscale) {
        return start(org.rf4j.features.kernel.ShiftInvariantKernels.matern(nu, lengthscale).spec());
    }

    /** The exponential kernel {@code exp(−|x−y|₂/ℓ)} (Matérn-½) with the {@code random-features} defaults. */
    public static RandomFeatures exponential(double lengthscale) {
        return start(org.rf4j.features.kernel.ShiftInvariantKernels.exponential(lengthscale).spec());
    }

    /** The Laplacian kernel {@code exp(−γ|x−y|₁)} with the {@code random-features} defaults (iid only). */
    public static RandomFeatures laplacian(double gamma) {
        return start(org.rf4j.features.kernel.ShiftInvariantKernels.laplacian(gamma).spec());
    }

    /**
     * The rational-quadratic kernel {@code (1 + |x−y|²/(2αℓ²))^{−α}} (α = 1: Cauchy) with the
     * {@code random-features} defaults.
     */
    public static RandomFeatures rationalQuadratic(double alpha, double lengthscale) {
        return start(org.rf4j.features.kernel.ShiftInvariantKernels.rationalQuadratic(alpha, lengthscale).spec());
    }

    /**
     * The arc-cosine kernel of order 0, 1 or 2 (Cho &amp; Saul) with the {@code random-features}
     * defaults (its {@code arc-cosine} map, iid).
     */
    public static RandomFeatures arcCosine(int order) {
        return start(org.rf4j.features.kernel.NonStationaryKernels.arcCosine(order).spec());
    }

    /**
     * The polynomial kernel {@code (γ·xᵀy + c)^p} (scikit-learn's names) with the {@code random-features}
     * defaults (its {@code tensor-sketch} map, iid).
     */
    public static RandomFeatures polynomial(double gamma, double coef0, int degree) {
        return start(org.rf4j.features.kernel.NonStationaryKernels.polynomial(gamma, coef0, degree).spec());
    }

    /** The additive χ² kernel (non-negative data) with its {@code additive-chi2-sampler} map. */
    public static RandomFeatures chi2() {
        return start(org.rf4j.features.kernel.NonStationaryKernels.chi2().spec());
    }

    /** The skewed χ² kernel of skewedness c (entries &gt; −c) with its {@code skewed-chi2-sampler} map. */
    public static RandomFeatures skewedChi2(double skewedness) {
        return start(org.rf4j.features.kernel.NonStationaryKernels.skewedChi2(skewedness).spec());
    }

    /**
     * Any registered kernel by id with its parameters and the {@code random-features} defaults (the
     * kernel's default feature map), e.g. {@code RandomFeatures.of("matern", Map.of("nu", 1.5,
     * "lengthscale", 2.0))}; parameters are checked when the configuration is resolved.
     */
    public static RandomFeatures of(String kernelId, Map<String, ?> parameters) {
        return start(Spec.of("gaussian")).kernel(kernelId, parameters);
    }

    /** The softmax kernel {@code exp(xᵀy)} with the {@code random-features} defaults. */
    public static RandomFeatures softmax() {
        return start(kernelObject("softmax", null));
    }

    /**
     * A configuration from config JSON text (the CLI's shape: {@code kernel}, {@code estimator},
     * {@code data}, {@code seed}, and in a fitted config {@code dimension}). Relative data file names
     * resolve against the working directory.
     */
    public static RandomFeatures fromConfig(String json) {
        Arrays2.nonNull(json, "json");
        return parse(json, "config", Path.of(""));
    }

    /** A configuration from a config file; data files it names resolve against its folder. */
    public static RandomFeatures fromConfig(Path file) {
        Arrays2.nonNull(file, "file");
        return parse(ConfigLoader.readText(file), file.toString(), ConfigLoader.folder(file));
    }

    /**
     * The config bundled with rf4j (what the CLI uses without {@code --config}): the Gaussian
     * kernel, {@code random-features} with its defaults, seed 42.
     */
    public static RandomFeatures defaultConfig() {
        return parse(ConfigLoader.defaultText(), ConfigLoader.DEFAULT_SOURCE, Path.of(""));
    }

    /** {@link #fromConfig(Path)} for a file, {@link #defaultConfig()} for null (the CLI's {@code --config}). */
    public static RandomFeatures fromConfigOrDefault(Path file) {
        return file == null ? defaultConfig() : fromConfig(file);
    }

    /** Where this configuration came from (a file name, "config", "builder"), for messages. */
    public String source() {
        return source;
    }

    /**
     * This configuration as a typed value: the kernel and estimator spec trees as given (defaults are
     * filled in by resolving: {@link #estimator()}{@code .spec()}), the seed, the data value, a fitted
     * config's dimension and the degenerate-rows switch.
     */
    public ConfigSpec spec() {
        return config;
    }

    private static RandomFeatures start(Spec kernel) {
        return new RandomFeatures(new ConfigSpec(kernel, Spec.of(RANDOM_FEATURES), null, null, null, false),
                new ConfigFiles(Path.of("")), "builder", null, Threads.DEFAULT);
    }

    private static Spec kernelObject(String id, Double sigma) {
        return sigma == null ? Spec.of(id) : Spec.of(id, "sigma", sigma);
    }

    // ---------------------------------------------------------------- configuration

    /** The kernel by id ({@code gaussian}, {@code softmax}, or a plugin's), with its defaults. */
    public RandomFeatures kernel(String id) {
        return kernel(id, Map.of());
    }

    /** The kernel by id with parameters, e.g. {@code kernel("gaussian", Map.of("sigma", 2.0))}. */
    public RandomFeatures kernel(String id, Map<String, ?> parameters) {
        if (id == null || id.isBlank()) {
            throw new InvalidParameterException("kernel.id", id, "a kernel id string");
        }
        Arrays2.nonNull(parameters, "parameters");
        Map<String, Object> k = new LinkedHashMap<>();
        parameters.forEach((key, v) -> k.put(key, Configs.plainValue("kernel." + key, v)));
        return with(config.withKernel(new Spec(id, k)));
    }

    /** The coupling of the projections (any coupling id, e.g. {@code orthogonal}, {@code simplex}); default {@code iid}. */
    public RandomFeatures coupling(String id) {
        return coupling(id, Map.of());
    }

    /** The coupling with parameters, e.g. {@code coupling("givens", Map.of("rotations", 64))}. */
    public RandomFeatures coupling(String id, Map<String, ?> parameters) {
        return withMechanism("coupling", id, parameters);
    }

    /** The feature map (any feature-map id, e.g. {@code positive}, {@code trigonometric}, {@code oprf}); default {@code positive}. */
    public RandomFeatures features(String id) {
        return features(id, Map.of());
    }

    /** The feature map with parameters, e.g. {@code features("gerf", Map.of("a", -0.1, "s", 1))}. */
    public RandomFeatures features(String id, Map<String, ?> parameters) {
        return withMechanism("features", id, parameters);
    }

    /** The importance-sampling policy of the projections, e.g. {@code optimal}; default none (standard). */
    public RandomFeatures sampling(String id) {
        return sampling(id, Map.of());
    }

    /** The importance-sampling policy with parameters. */
    public RandomFeatures sampling(String id, Map<String, ?> parameters) {
        return withMechanism("sampling", id, parameters);
    }

    /**
     * The number of random projections m (the feature dimension is a multiple of it for most maps).
     * For a {@code random-features} estimator (and any estimator with an {@code m} parameter) this sets
     * {@code m}; for a hybrid it sets {@code m} of every base estimator, recursively, so one call varies
     * the feature count of any composed estimator.
     */
    public RandomFeatures m(int m) {
        if (m < 1) {
            throw new InvalidParameterException("estimator.m", m, "an integer >= 1");
        }
        if (config.estimator() == null) {
            throw new InvalidParameterException("estimator", null, "an estimator object {\"id\": ...}");
        }
        return with(config.withEstimator(withProjectionCount("estimator", config.estimator(), m)));
    }

    /**
     * The estimator spec with {@code m} set: on a composed estimator (one with a {@code base} list)
     * on every base, recursively; on any other, its own {@code m} (an estimator without one refuses
     * it, naming {@code estimator.m}, when the configuration is resolved).
     */
    private static Spec withProjectionCount(String path, Spec estimator, int m) {
        if (estimator.get("base") instanceof List<?> bases) {
            List<Object> out = new java.util.ArrayList<>(bases.size());
            for (int i = 0; i < bases.size(); i++) {
                String at = path + ".base[" + i + "]";
                out.add(withProjectionCount(at, ConfigSpec.mechanism(at, bases.get(i), MechanismKind.ESTIMATOR), m)
                        .toPlain());
            }
            return estimator.with("base", out);
        }
        return estimator.with("m", (long) m);
    }

    /**
     * The memory budget of the m×d projection, in MiB (default 256; config key
     * {@code estimator.projectionBudgetMiB}). A projection of more than {@code mib·2²⁰/8} doubles (for
     * wide sparse inputs such as hashed text, d = 2¹⁸) is not stored: an iid projection is generated
     * on the fly from the seed, and every other coupling or a sampling policy is refused for it.
     */
    public RandomFeatures projectionBudgetMiB(long mib) {
        if (mib < 1 || mib > 1L << 40) {
            throw new InvalidParameterException("estimator.projectionBudgetMiB", mib, "an integer from 1 to 2^40 (MiB)");
        }
        return with(config.withEstimator(randomFeaturesEstimator("projectionBudgetMiB").with("projectionBudgetMiB", mib)));
    }

    /** The seed every random choice derives from (default 42). */
    public RandomFeatures seed(long seed) {
        if (config.seedOrDefault() == seed) {
            return this; // the same configuration, resolved and fitted once
        }
        return with(config.withSeed(seed));
    }

    /**
     * Whether rows whose features are degenerate are let through ({@code true}) or refused (the default,
     * {@code false}): a row whose features all underflow to zero, or whose diagonal estimate
     * K̂(x, x) is below {@value org.rf4j.api.DegenerateRowException#MIN_DIAGONAL_FRACTION} of K(x, x),
     * makes {@link RandomFeatureMap#transform} throw a {@link org.rf4j.api.DegenerateRowException}
     * naming it. The config key is {@code "allowDegenerateRows"}; the CLI option
     * {@code --allow-degenerate-rows}. Only for a user who knows such rows are expected (e.g. a
     * bandwidth search that scores bad bandwidths).
     */
    public RandomFeatures allowDegenerateRows(boolean allow) {
        return with(config.withAllowDegenerateRows(allow));
    }

    /** True if this configuration lets rows with degenerate features through (see {@link #allowDegenerateRows}). */
    public boolean allowsDegenerateRows() {
        return config.allowDegenerateRows();
    }

    /** The mechanism registry to resolve ids with (plugins); default: every provider {@code ServiceLoader} finds. */
    public RandomFeatures registry(MechanismRegistry registry) {
        return new RandomFeatures(config, files, source, Arrays2.nonNull(registry, "registry"), threads);
    }

    /**
     * The threads this configuration's fit, its maps ({@link RandomFeatureMap#withThreads(int)}), its
     * attention and its advice compute on: at most {@code threads} (1 to 4096), the calling thread and
     * helpers from rf4j's shared pool; 1 keeps every call on the calling thread. Not part of the
     * config (results are bit-identical for every count). Default: the calling thread's
     * {@link org.rf4j.api.linalg.Parallelism#callerThreads} setting, else the process default (the
     * CLI's {@code --threads}).
     */
    public RandomFeatures threads(int threads) {
        return withThreads(threads, null);
    }

    /** {@link #threads(int)} with the helpers run on the caller's {@code executor}. */
    public RandomFeatures threads(int threads, java.util.concurrent.Executor executor) {
        return withThreads(threads, Arrays2.nonNull(executor, "executor"));
    }

    private RandomFeatures withThreads(int threads, java.util.concurrent.Executor executor) {
        return new RandomFeatures(config, files, source, registry, Threads.chosen(threads, executor));
    }

    /** The kernel (resolves and validates the configuration's {@code kernel}). */
    public Kernel kernel() {
        Map<String, String> pending = pendingBandwidths();
        if (!pending.isEmpty()) {
            String key = pending.keySet().iterator().next();
            throw new InvalidInputException("kernel." + key + " = \"" + pending.get(key) + "\" is fitted from data:"
                    + " the kernel is known after fit(X) (RandomFeatureMap.kernel()), or give " + key + " as a number");
        }
        return resolve().kernel();
    }

    /**
     * The configured estimator this configuration resolves to (through the registry; fitted to the
     * config's own top-level data and the data files its mechanisms name, read relative to the
     * config's folder, when it names any): the typed mechanism model beneath the front door, for code
     * that draws estimators itself (evaluation tasks, advisors).
     */
    public org.rf4j.api.mechanism.Estimator estimator() {
        RunConfig rc = resolve();
        if (namesData(rc) && !pendingBandwidths().isEmpty()) {
            return withBandwidthsFrom(null).estimator();
        }
        return namesData(rc) ? ownFit(rc) : rc.estimator();
    }

    private static boolean namesData(RunConfig rc) {
        return rc.data() != null || !rc.files().isEmpty();
    }

    /** The estimator fitted to the config's own data and files (fitted once per configuration). */
    private Estimator ownFit(RunConfig rc) {
        Estimator e = ownFit;
        if (e == null) {
            e = rc.fit().estimator();
            ownFit = e;
        }
        return e;
    }

    /** The configuration as JSON text in the CLI's config shape, every default filled in. */
    public String toConfig() {
        return ConfigLoader.writeText(toPlain());
    }

    /**
     * {@link #toConfig()} as plain JSON-like values (maps, lists, strings, numbers, booleans), for
     * callers that put the config into JSON of their own without parsing text again.
     */
    public Map<String, Object> toPlain() {
        RunConfig rc = resolve();
        Map<String, Object> plain = rc.toPlain();
        Map<String, String> pending = pendingBandwidths();
        if (!pending.isEmpty()) {
            @SuppressWarnings("unchecked")
            Map<String, Object> kernel = new LinkedHashMap<>((Map<String, Object>) plain.get("kernel"));
            kernel.putAll(pending);
            plain.put("kernel", kernel);
        }
        if (config.dimension() != null) {
            plain.put(ConfigSpec.DIMENSION, (long) config.dimension());
        }
        if (allowsDegenerateRows()) {
            plain.put(ConfigSpec.ALLOW_DEGENERATE_ROWS, true);
        }
        return java.util.Collections.unmodifiableMap(plain);
    }

    @Override
    public String toString() {
        return ConfigLoader.writeText(config.toPlain());
    }

    // ---------------------------------------------------------------- fit

    /** Fits to data X (n×d, caller's coordinates; the same sample for queries and keys) and draws. */
    public RandomFeatureMap fit(double[][] x) {
        Matrix m = Arrays2.matrix("X", x);
        return fit(DataSample.symmetric(m), m.cols());
    }

    /** Fits to a query sample and a key sample (asymmetric data, e.g. attention's Q and K) and draws. */
    public RandomFeatureMap fit(double[][] queries, double[][] keys) {
        Matrix q = Arrays2.matrix("queries", queries);
        Matrix k = Arrays2.matrix("keys", keys);
        if (q.cols() != k.cols()) {
            throw new org.rf4j.api.DimensionMismatchException("queries have " + q.cols() + " columns but keys have "
                    + k.cols() + "; both sides must have the same dimension");
        }
        return fit(new DataSample(q, k), q.cols());
    }

    /** Fits to data in rf4j's row-major {@link Matrix} (no copy) and draws. */
    public RandomFeatureMap fit(Matrix x) {
        Arrays2.nonNull(x, "X");
        x.requireNonEmpty("X").requireFinite("X");
        return fit(DataSample.symmetric(x), x.cols());
    }

    /** Draws for input dimension d without data: for mechanisms that need none (or a fitted config). */
    public RandomFeatureMap fit(int d) {
        if (d < 1) {
            throw new InvalidParameterException("d", d, "an integer >= 1 (the input dimension)");
        }
        Integer dim = config.dimension();
        if (dim != null && dim != d) {
            throw new org.rf4j.api.DimensionMismatchException("the config was fitted for dimension " + dim
                    + " but d = " + d + " was given");
        }
        return fit(null, d);
    }

    /**
     * Draws a fitted config (one written by {@link RandomFeatureMap#toConfig()}, which records its
     * {@code dimension} and fitted values): bit-identical to the map that wrote it, no data needed.
     */
    public RandomFeatureMap fit() {
        Integer dim = config.dimension();
        if (dim == null) {
            throw new InvalidInputException("fit() needs a fitted config with a \"dimension\" (from "
                    + "RandomFeatureMap.toConfig()); otherwise call fit(X) with data or fit(d) with the input dimension");
        }
        return fit(dim.intValue());
    }

    private RandomFeatureMap fit(DataSample data, int d) {
        RandomFeatureMap map = threads.run(() -> fitOnThreads(data, d));
        if (threads.count() == 0) {
            return map;
        }
        return threads.executor() == null ? map.withThreads(threads.count())
                : map.withThreads(threads.count(), threads.executor());
    }

    private RandomFeatureMap fitOnThreads(DataSample data, int d) {
        if (!pendingBandwidths().isEmpty()) {
            return withBandwidthsFrom(data).fitOnThreads(data, d);
        }
        RunConfig rc = resolve();
        Integer dim = config.dimension();
        if (data != null && dim != null && dim != d) {
            throw new org.rf4j.api.DimensionMismatchException("the config was fitted for dimension " + dim
                    + " but the data has " + d + " columns");
        }
        if (namesData(rc) && (rc.data() != null || data == null)) {
            // fitted to the config's own data and files alone: the fit made once for this configuration
            requireDataDimension(rc, d);
            RunConfig fitted = new RunConfig(rc.kernel(), ownFit(rc), rc.seed(), null, null, Map.of(), rc.source());
            return Fitting.fitAndDraw(fitted, null, d, allowsDegenerateRows());
        }
        return Fitting.fitAndDraw(rc, data, d, allowsDegenerateRows());
    }

    /**
     * Refuses input of dimension d when the config's own data has another, naming the config, its
     * {@code "data"} value and both widths.
     */
    static void requireDataDimension(RunConfig rc, int d) {
        if (rc.data() != null && rc.data().dimension() != d) {
            Object v = rc.dataValue();
            throw new org.rf4j.api.DimensionMismatchException(rc.source() + ": \"data\": "
                    + (v instanceof String s ? s : org.rf4j.config.Json.line(v)) + ": the config's data has "
                    + rc.data().dimension() + " columns but the input dimension is " + d);
        }
    }

    // ---------------------------------------------------------------- attention

    /**
     * Performer attention {@code softmax(QKᵀ/√d)V} in linear time with this configuration's
     * (positive) feature map; the kernel must be {@link #softmax()}. Pass raw Q, K, V: the
     * {@code 1/√d} scaling is applied inside (queries and keys are multiplied by {@code d^{-1/4}}).
     *
     * @param d the query/key dimension
     */
    public Attention attention(int d) {
        return new Attention(this, resolve(), d, threads);
    }

    // ---------------------------------------------------------------- advice

    /**
     * Which mechanism, and how many features, for this data and this configuration's kernel:
     * every candidate's predicted relative MSE (closed form where rf4j has one, else a bounded Monte
     * Carlo), a Monte Carlo measurement with its standard error beside it, and the cost per row;
     * ranked best first, unusable mechanisms refused with the reason. {@code rf4j advise} prints
     * the same. Queries X and keys Y in the caller's coordinates (pass X twice for one data set).
     *
     * @param m the feature count to rank at
     */
    public org.rf4j.advise.Advice advise(double[][] x, double[][] y, int m) {
        Matrix q = Arrays2.matrix("X", x);
        Matrix k = Arrays2.matrix("Y", y);
        return advise(org.rf4j.advise.AdviceRequest.of(q, kernel()).withKeys(k).withM(m));
    }

    /** {@link #advise(double[][], double[][], int)} with every option of the request (task, target error, candidates...). */
    public org.rf4j.advise.Advice advise(org.rf4j.advise.AdviceRequest request) {
        Arrays2.nonNull(request, "request");
        return threads.run(() -> new org.rf4j.advise.Advisor(registry()).run(request));
    }

    // ---------------------------------------------------------------- length scales from the data

    /**
     * A pass over data rows that fits this configuration's data-driven length scales (a kernel
     * parameter given as {@code "median"} or {@code "scale"}; see {@link Bandwidth}), for callers that
     * stream their data (the CLI's {@code transform}); empty when there is none to fit, or when the
     * config names its own data (which {@link #fit} uses). Feed it the rows in order, then
     * {@link #withBandwidths}. {@code fit(X)} does the same with X itself, bit for bit.
     */
    public java.util.Optional<Bandwidth.Fit> bandwidthFit() {
        Map<String, String> pending = pendingBandwidths();
        if (pending.isEmpty() || resolve().data() != null) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(new Bandwidth.Fit(pending, resolve().seed()));
    }

    /** This configuration with the length scales a {@link #bandwidthFit()} pass fitted written in as numbers. */
    public RandomFeatures withBandwidths(Bandwidth.Fit fit) {
        Arrays2.nonNull(fit, "fit");
        return with(config.withKernelParameters(fit.values()));
    }

    /**
     * The configuration with its pending length scales fitted: to the config's own data if it names
     * any (which wins, as for every fitted value), else to {@code data} (queries, then distinct keys).
     */
    private RandomFeatures withBandwidthsFrom(DataSample data) {
        RunConfig rc = resolve();
        DataSample use = rc.data() != null ? rc.data() : data;
        Map<String, String> pending = pendingBandwidths();
        if (use == null) {
            String key = pending.keySet().iterator().next();
            throw new InvalidInputException("kernel." + key + " = \"" + pending.get(key) + "\" is fitted from data,"
                    + " and there is none: call fit(X) with data, or give " + key + " as a number");
        }
        Bandwidth.Fit fit = new Bandwidth.Fit(pending, rc.seed());
        fit.add(use.query());
        if (use.key() != use.query()) {
            fit.add(use.key());
        }
        return withBandwidths(fit);
    }

    /**
     * True when fitting this configuration needs data rows: a kernel length scale given as a rule
     * ({@code "median"} or {@code "scale"}), or an estimator with data-driven values.
     */
    public boolean needsData() {
        return !pendingBandwidths().isEmpty() || estimator().needsFit();
    }

    /**
     * The kernel's length-scale parameters given as a rule ({@code "median"} or {@code "scale"}), by
     * name. A rule on a parameter that is not a length scale, or another string on a length scale, is
     * refused naming the key.
     */
    private Map<String, String> pendingBandwidths() {
        Map<String, String> p = pending;
        if (p == null) {
            p = config.kernel() == null ? Map.of() : pendingBandwidths(config.kernel());
            pending = p;
        }
        return p;
    }

    private Map<String, String> pendingBandwidths(Spec kernel) {
        String id = kernel.id();
        Map<String, String> out = new LinkedHashMap<>();
        for (Map.Entry<String, Object> e : kernel.parameters().entrySet()) {
            String key = e.getKey();
            if (!(e.getValue() instanceof String v)) {
                continue;
            }
            List<String> scales = lengthScales(id);
            if (scales.contains(key) && Bandwidth.RULES.contains(v)) {
                out.put(key, v);
            } else if (scales.contains(key)) {
                throw new InvalidParameterException("kernel." + key, v, "a number > 0, \"median\" or \"scale\""
                        + " (fitted from the data)");
            } else if (Bandwidth.RULES.contains(v)) {
                throw new InvalidParameterException("kernel." + key, v, "a number; \"" + v + "\" fits a length scale"
                        + " from the data, and the '" + id + "' kernel's length scales are "
                        + (scales.isEmpty() ? "none" : String.join(", ", scales)));
            }
        }
        return java.util.Collections.unmodifiableMap(out);
    }

    private List<String> lengthScales(String kernelId) {
        MechanismRegistry r = registry();
        if (!r.ids(org.rf4j.spi.MechanismKind.KERNEL).contains(kernelId)) {
            return List.of();
        }
        return r.provider(org.rf4j.spi.MechanismKind.KERNEL, "kernel", kernelId).provider()
                instanceof org.rf4j.spi.KernelProvider k ? k.lengthScales() : List.of();
    }

    // ---------------------------------------------------------------- internals

    /**
     * The config resolved through the registry. A length scale still given as {@code "median"} or
     * {@code "scale"} resolves as its parameter's default (a placeholder: {@link #fit} substitutes the
     * fitted value first, {@link #kernel()} refuses, {@link #toConfig()} writes the rule back).
     */
    RunConfig resolve() {
        RunConfig rc = resolved;
        if (rc == null) {
            Map<String, String> rules = pendingBandwidths();
            ConfigSpec c = rules.isEmpty() ? config : config.withoutKernelParameters(rules.keySet());
            rc = Configs.loader(registry()).resolve(c, source, files);
            resolved = rc;
        }
        return rc;
    }

    /** How many data files this configuration and those derived from it read from disk (for tests). */
    int fileReads() {
        return files.reads();
    }

    MechanismRegistry registry() {
        return registry != null ? registry : Configs.defaultRegistry();
    }

    private RandomFeatures withMechanism(String key, String id, Map<String, ?> parameters) {
        if (id == null || id.isBlank()) {
            throw new InvalidParameterException("estimator." + key + ".id", id, "a " + key + " id string");
        }
        Arrays2.nonNull(parameters, "parameters");
        Spec est = randomFeaturesEstimator(key);
        Map<String, Object> mech = new LinkedHashMap<>();
        mech.put("id", id);
        parameters.forEach((k, v) -> {
            if ("id".equals(k)) {
                throw new InvalidParameterException("estimator." + key + ".id", v,
                        "given once, as the first argument");
            }
            mech.put(k, Configs.plainValue("estimator." + key + "." + k, v));
        });
        return with(config.withEstimator(est.with(key, mech)));
    }

    /** The estimator spec, which must be a {@code random-features} estimator. */
    private Spec randomFeaturesEstimator(String what) {
        Spec est = config.estimator();
        if (est == null) {
            throw new InvalidParameterException("estimator", null, "an estimator object {\"id\": ...}");
        }
        String id = est.id();
        if (!RANDOM_FEATURES.equals(id)) {
            throw new InvalidParameterException("estimator." + what, "applies to a '" + RANDOM_FEATURES
                    + "' estimator; this configuration's estimator is '" + id
                    + "': set its parameters in the config (fromConfig) instead");
        }
        return est;
    }
}
