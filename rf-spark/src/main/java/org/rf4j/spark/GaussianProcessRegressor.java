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
package org.rf4j.spark;

import java.util.Arrays;
import org.apache.spark.ml.Estimator;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.param.BooleanParam;
import org.apache.spark.ml.param.DoubleParam;
import org.apache.spark.ml.param.IntParam;
import org.apache.spark.ml.param.Param;
import org.apache.spark.ml.param.ParamMap;
import org.apache.spark.ml.param.ParamValidators;
import org.apache.spark.ml.util.DefaultParamsReader;
import org.apache.spark.ml.util.DefaultParamsWritable;
import org.apache.spark.ml.util.Identifiable$;
import org.apache.spark.ml.util.MLReader;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.NumericType;
import org.apache.spark.sql.types.StructType;
import org.apiguardian.api.API;
import org.rf4j.api.InvalidInputException;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Matrix;
import org.rf4j.api.RfException;
import org.rf4j.api.linalg.Parallelism;
import org.rf4j.learn.GaussianProcess;
import org.rf4j.learn.Standardizer;

/**
 * Gaussian-process regression on random features as a Spark ML estimator (rf4j's
 * {@link GaussianProcess}, Bayesian linear regression on Φ): the fitted
 * {@link GaussianProcessModel} writes the predictive mean, the predictive standard deviation and,
 * with {@link #intervalLevel()}, the bounds of the central predictive interval.
 *
 * <p>The fit is distributed and exact: each pass maps the rows to features on the executors, one
 * block of {@link #blockRows()} rows per task, and sums ΦᵀΦ, Φᵀy and yᵀy over fixed blocks of
 * the rows in a canonical order, so the posterior is bit for bit the same for any partitioning and
 * any order of the input rows (see {@code GpBlocks}). A first pass takes the columns' and the
 * label's means and variances (the standardisation); the feature map, its bandwidth rule and the
 * centre of the length-scale search are fitted on a sample of {@link #fitSampleRows()} rows (every
 * k-th row in the canonical order). s² and τ² come from the marginal likelihood unless both are
 * set; the length scale comes from the same search as rf4j's in-memory fit unless
 * {@link #lengthScale()} is set, at one pass over the data per candidate scale (25 passes), a
 * single pass with it set.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class GaussianProcessRegressor extends Estimator<GaussianProcessModel>
        implements DefaultParamsWritable, GaussianProcessParams<GaussianProcessRegressor> {
    private static final long serialVersionUID = 1L;

    /** The default config: trigonometric features of the Gaussian kernel, orthogonal coupling, M = 256. */
    public static final String DEFAULT_CONFIG = "{\"kernel\": {\"id\": \"gaussian\", \"sigma\": 1.0}, "
            + "\"estimator\": {\"id\": \"random-features\", \"coupling\": {\"id\": \"orthogonal\"}, "
            + "\"features\": {\"id\": \"trigonometric\"}, \"m\": 256}, \"seed\": 42}";

    private final String uid;
    private final GpParams shared;
    private final TypedParams tuning;
    private final Param<String> labelCol;
    private final Param<String> config;
    private final IntParam fitSampleRows;
    private final DoubleParam signalVariance;
    private final DoubleParam noiseVariance;
    private final DoubleParam lengthScale;
    private final BooleanParam standardize;
    private final BooleanParam normalizeTarget;

    public GaussianProcessRegressor() {
        this(Identifiable$.MODULE$.randomUID("rf4jGaussianProcess"));
    }

    public GaussianProcessRegressor(String uid) {
        this.uid = uid;
        this.shared = new GpParams(this);
        this.labelCol = new Param<>(this, "labelCol", "label column (numeric)");
        this.config = new Param<>(this, "config", "rf4j config JSON of the features, exactly the CLI's: kernel, "
                + "estimator, seed");
        this.fitSampleRows = new IntParam(this, "fitSampleRows", "rows (every k-th in the canonical order) the map, "
                + "its bandwidth rule and the length-scale search's centre are fitted on; >= 2",
                ParamValidators.gtEq(2));
        this.signalVariance = new DoubleParam(this, "signalVariance", "prior variance s² of f in the label's units; "
                + "set together with noiseVariance, else both by marginal likelihood", ParamValidators.gt(0));
        this.noiseVariance = new DoubleParam(this, "noiseVariance", "noise variance τ² in the label's units; set "
                + "together with signalVariance, else both by marginal likelihood", ParamValidators.gt(0));
        this.lengthScale = new DoubleParam(this, "lengthScale", "the Gaussian kernel's length scale; unset: by "
                + "marginal likelihood (one pass over the data per candidate scale)", ParamValidators.gt(0));
        this.standardize = new BooleanParam(this, "standardize", "standardise the columns before mapping them");
        this.normalizeTarget = new BooleanParam(this, "normalizeTarget", "standardise the label before fitting");
        setDefault(labelCol, "label");
        setDefault(config, DEFAULT_CONFIG);
        setDefault(fitSampleRows, RandomFeatures.DEFAULT_FIT_SAMPLE_ROWS);
        setDefault(standardize, true);
        setDefault(normalizeTarget, true);
        this.tuning = new TypedParams(this);
        setDefault(tuning.threads, 1);
    }

    @Override
    public String uid() {
        return uid;
    }

    @Override
    public TypedParams typedParams() {
        return tuning;
    }

    @Override
    public GpParams gpParams() {
        return shared;
    }

    // ---------------------------------------------------------------- params

    public Param<String> labelCol() {
        return labelCol;
    }

    public Param<String> config() {
        return config;
    }

    public IntParam fitSampleRows() {
        return fitSampleRows;
    }

    public DoubleParam signalVariance() {
        return signalVariance;
    }

    public DoubleParam noiseVariance() {
        return noiseVariance;
    }

    public DoubleParam lengthScale() {
        return lengthScale;
    }

    public BooleanParam standardize() {
        return standardize;
    }

    public BooleanParam normalizeTarget() {
        return normalizeTarget;
    }

    public String getLabelCol() {
        return $(labelCol);
    }

    public String getConfig() {
        return $(config);
    }

    public int getFitSampleRows() {
        return (Integer) $(fitSampleRows);
    }

    /** The config with the set typed params written into it: what {@link #fit} fits. Validated. */
    public String getComposedConfig() {
        return tuning.compose(getConfig());
    }

    public GaussianProcessRegressor setLabelCol(String value) {
        set(labelCol, value);
        return this;
    }

    /** The rf4j config JSON (the CLI's shape); validated here: unknown ids and bad parameters fail now. */
    public GaussianProcessRegressor setConfig(String json) {
        if (json == null) {
            throw new InvalidParameterException("config", null, "rf4j config JSON text");
        }
        FrontDoor.validate(json);
        set(config, json);
        return this;
    }

    public GaussianProcessRegressor setFitSampleRows(int value) {
        set(fitSampleRows, TypedParams.check("fitSampleRows", value, value >= 2, "an integer >= 2"));
        return this;
    }

    /** Fixes s² and τ² (label units), both finite and > 0; unset, both come from the marginal likelihood. */
    public GaussianProcessRegressor setVariances(double signal, double noise) {
        set(signalVariance, TypedParams.check("signalVariance", signal, signal > 0 && Double.isFinite(signal),
                "a finite number > 0"));
        set(noiseVariance, TypedParams.check("noiseVariance", noise, noise > 0 && Double.isFinite(noise),
                "a finite number > 0"));
        return this;
    }

    public GaussianProcessRegressor setLengthScale(double value) {
        set(lengthScale, TypedParams.check("lengthScale", value, value > 0 && Double.isFinite(value),
                "a finite number > 0"));
        return this;
    }

    public GaussianProcessRegressor setStandardize(boolean value) {
        set(standardize, value);
        return this;
    }

    public GaussianProcessRegressor setNormalizeTarget(boolean value) {
        set(normalizeTarget, value);
        return this;
    }

    public GaussianProcessRegressor setM(int value) {
        set(tuning.m, TypedParams.check("m", value, value >= 1, "an integer >= 1"));
        return this;
    }

    public GaussianProcessRegressor setFeatures(String id) {
        set(tuning.features, TypedParams.checkId("features", id));
        return this;
    }

    public GaussianProcessRegressor setCoupling(String id) {
        set(tuning.coupling, TypedParams.checkId("coupling", id));
        return this;
    }

    public GaussianProcessRegressor setSeed(long value) {
        set(tuning.seed, value);
        return this;
    }

    /** rf4j threads per Spark task, 1 to 4096 (default 1); results do not depend on it. */
    public GaussianProcessRegressor setThreads(int value) {
        set(tuning.threads, TypedParams.checkThreads(value));
        return this;
    }

    /** The in-memory fit's options these params describe. */
    GaussianProcess.Options options() {
        Double s2 = isSet(signalVariance) ? (Double) $(signalVariance) : null;
        Double t2 = isSet(noiseVariance) ? (Double) $(noiseVariance) : null;
        Double l = isSet(lengthScale) ? (Double) $(lengthScale) : null;
        return new GaussianProcess.Options(s2, t2, l, (Boolean) $(normalizeTarget), (Boolean) $(standardize));
    }

    // ---------------------------------------------------------------- fit

    @Override
    public GaussianProcessModel fit(Dataset<?> dataset) {
        StructType schema = transformSchema(dataset.schema());
        String input = getInputCol();
        String label = getLabelCol();
        GaussianProcess.Options options = options();
        String json = getComposedConfig();
        long seed = RandomFeatures.seedOf(json);
        org.rf4j.RandomFeatures features = org.rf4j.RandomFeatures.fromConfig(json);
        GpBlocks blocks = null;
        try {
            Row first = dataset.select(input).toJavaRDD().first();
            if (first.isNullAt(0)) {
                throw new InvalidInputException("column '" + input + "' is null in its first row; every row needs a vector");
            }
            int d = ((Vector) first.get(0)).size();
            blocks = GpBlocks.of(dataset, input, label, d, getBlockRows(), getThreads());
            GpBlocks.Moments moments = blocks.moments();
            if (!(moments.yM2() > 0)) {
                throw new InvalidInputException("Gaussian process: the label '" + label + "' is constant ("
                        + moments.yMean() + " in every row); there is nothing to regress");
            }
            long n = moments.n();
            Standardizer std = null;
            if (options.standardize()) {
                double[] scale = new double[d];
                for (int j = 0; j < d; j++) {
                    double s = Math.sqrt(moments.m2()[j] / n);
                    scale[j] = s > 0 ? s : 1.0;
                }
                std = new Standardizer(moments.mean(), scale);
            }
            double shift = options.normalizeTarget() ? moments.yMean() : 0;
            double scale = options.normalizeTarget() ? Math.sqrt(moments.yM2() / n) : 1;
            Matrix sample = blocks.sample(getFitSampleRows(), seed);
            GpBlocks b = blocks;
            GaussianProcess gp;
            try (Parallelism.Scope own = Parallelism.callerThreads(getThreads())) {
                gp = GaussianProcess.fit(features, sample, std, spec -> b.statistics(spec, shift, scale), options);
            }
            GaussianProcessModel model = new GaussianProcessModel(uid, gp);
            copyValues(model, ParamMap.empty());
            model.setParent(this);
            return model;
        } catch (Exception e) { // a task's failure arrives as a SparkException, which Java sees as checked
            throw domain(e);
        } finally {
            if (blocks != null) {
                blocks.release();
            }
        }
    }

    /** rf4j's own exception when it is what failed a task (named, with its message), else the Spark one. */
    static RuntimeException domain(Exception e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof RfException rf) {
                return rf;
            }
        }
        return e instanceof RuntimeException r ? r : new IllegalStateException(e.getMessage(), e);
    }

    @Override
    public StructType transformSchema(StructType schema) {
        Schemas.checkInput(schema, getInputCol(), -1);
        int index = Arrays.asList(schema.fieldNames()).indexOf(getLabelCol());
        if (index < 0 || !(schema.fields()[index].dataType() instanceof NumericType)) {
            throw new InvalidParameterException("labelCol", getLabelCol(), "an existing numeric column; the columns are "
                    + Arrays.toString(schema.fieldNames()));
        }
        getComposedConfig();
        options();
        return shared.withOutputs(schema);
    }

    @Override
    public GaussianProcessRegressor copy(ParamMap extra) {
        return defaultCopy(extra);
    }

    public static MLReader<GaussianProcessRegressor> read() {
        return new DefaultParamsReader<>();
    }

    public static GaussianProcessRegressor load(String path) {
        return read().load(path);
    }
}
