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

import java.util.List;
import org.apache.spark.ml.Estimator;
import org.apache.spark.ml.linalg.DenseVector;
import org.apache.spark.ml.linalg.Vector;
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
import org.apache.spark.sql.types.StructType;
import org.rf4j.api.InvalidInputException;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Matrix;
import org.rf4j.api.linalg.Parallelism;
import org.apiguardian.api.API;

/**
 * rf4j random features as a Spark ML {@link Estimator}: fits the configured random-feature map
 * (data statistics such as OPRF's ρ*, the optimal proposal or cluster centres, computed once on a
 * sample the driver draws) and returns a {@link RandomFeaturesModel} that maps a Vector column to
 * its random features on the executors.
 *
 * <pre>{@code
 * RandomFeatures rf = new RandomFeatures()
 *         .setInputCol("features")             // a Vector column (VectorAssembler's output)
 *         .setOutputCol("rf")
 *         .setConfig(json)                     // the CLI's config JSON: kernel, estimator (hybrids too), seed
 *         .setFitSampleRows(100_000);          // rows sampled on the driver for data-dependent mechanisms
 * RandomFeaturesModel model = rf.fit(train);
 * }</pre>
 *
 * <p>Bad configs (malformed JSON, unknown ids, parameters out of range) fail in
 * {@link #setConfig(String)} with rf4j's domain exceptions, which name the config key, the value
 * and what is allowed.
 *
 * <p><b>Tuning.</b> The typed params {@link #m()}, {@link #kernel()}, {@link #sigma()},
 * {@link #coupling()}, {@link #features()} and {@link #seed()}, when set, replace their key in the
 * config ({@link #getComposedConfig()}), so {@code ParamGridBuilder} and {@code CrossValidator}
 * tune them:
 *
 * <pre>{@code
 * ParamMap[] grid = new ParamGridBuilder().addGrid(rf.m(), new int[] {64, 256})
 *         .addGrid(rf.sigma(), new double[] {0.5, 1, 2}).build();
 * }</pre>
 *
 * <p><b>Threads.</b> Each Spark task maps its rows with {@link #threads()} rf4j threads (default 1:
 * one per task, as Spark schedules one task per core).
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class RandomFeatures extends Estimator<RandomFeaturesModel>
        implements DefaultParamsWritable, RandomFeaturesParams {
    private static final long serialVersionUID = 1L;

    /** The default config: the front door's defaults for the Gaussian kernel with σ = 1. */
    public static final String DEFAULT_CONFIG = "{\"kernel\": {\"id\": \"gaussian\", \"sigma\": 1.0}, "
            + "\"estimator\": {\"id\": \"random-features\", \"coupling\": {\"id\": \"iid\"}, "
            + "\"features\": {\"id\": \"positive\"}, \"m\": 64}, \"seed\": 42}";
    /** The default number of rows the driver samples to fit data-dependent mechanisms. */
    public static final int DEFAULT_FIT_SAMPLE_ROWS = 10_000;
    /** The default number of rows mapped per block (one GEMM per block). */
    public static final int DEFAULT_BLOCK_ROWS = 1024;


    private final String uid;
    private final Param<String> inputCol;
    private final Param<String> outputCol;
    private final Param<String> config;
    private final IntParam fitSampleRows;
    private final IntParam blockRows;
    private final Param<String> side;
    private final TypedParams tuning;

    public RandomFeatures() {
        this(Identifiable$.MODULE$.randomUID("rf4jRandomFeatures"));
    }

    public RandomFeatures(String uid) {
        this.uid = uid;
        this.inputCol = new Param<>(this, "inputCol", "input column of vectors (e.g. VectorAssembler's output)");
        this.outputCol = new Param<>(this, "outputCol", "output column of random-feature vectors");
        this.config = new Param<>(this, "config", "rf4j config JSON, exactly the CLI's: kernel, estimator "
                + "(random-features, hybrid, clustering-hybrid), seed");
        this.fitSampleRows = new IntParam(this, "fitSampleRows", "rows the driver samples (with the config's seed) "
                + "to fit data-dependent mechanisms (OPRF rho*, optimal sampling, cluster centres); >= 1",
                ParamValidators.gtEq(1));
        this.blockRows = new IntParam(this, "blockRows", "rows mapped per block on the executors (one GEMM each); "
                + ">= 1; does not change the features", ParamValidators.gtEq(1));
        this.side = new Param<>(this, "side", "which side of the map transform gives: query (phi_q) or key "
                + "(phi_k; differs for asymmetric maps such as gerf with complex A and hybrids)",
                ParamValidators.inArray(new String[] {Schemas.QUERY, Schemas.KEY}));
        setDefault(inputCol, "features");
        setDefault(outputCol, "rf");
        setDefault(config, DEFAULT_CONFIG);
        setDefault(fitSampleRows, DEFAULT_FIT_SAMPLE_ROWS);
        setDefault(blockRows, DEFAULT_BLOCK_ROWS);
        this.tuning = new TypedParams(this);
        setDefault(side, Schemas.QUERY);
        setDefault(tuning.threads, 1);
    }

    @Override
    public String uid() {
        return uid;
    }

    // ---------------------------------------------------------------- params

    public Param<String> inputCol() {
        return inputCol;
    }

    public Param<String> outputCol() {
        return outputCol;
    }

    public Param<String> config() {
        return config;
    }

    public IntParam fitSampleRows() {
        return fitSampleRows;
    }

    public IntParam blockRows() {
        return blockRows;
    }

    public Param<String> side() {
        return side;
    }

    @Override
    public TypedParams typedParams() {
        return tuning;
    }

    public String getInputCol() {
        return $(inputCol);
    }

    public String getOutputCol() {
        return $(outputCol);
    }

    public String getConfig() {
        return $(config);
    }

    public int getFitSampleRows() {
        return (Integer) $(fitSampleRows);
    }

    public int getBlockRows() {
        return (Integer) $(blockRows);
    }

    public String getSide() {
        return $(side);
    }

    /** The config with the set typed params written into it: what {@link #fit} fits. Validated. */
    public String getComposedConfig() {
        return tuning.compose(getConfig());
    }

    public RandomFeatures setInputCol(String value) {
        set(inputCol, value);
        return this;
    }

    public RandomFeatures setOutputCol(String value) {
        set(outputCol, value);
        return this;
    }

    /** The rf4j config JSON (the CLI's shape); validated here: unknown ids and bad parameters fail now. */
    public RandomFeatures setConfig(String json) {
        if (json == null) {
            throw new InvalidParameterException("config", null, "rf4j config JSON text");
        }
        FrontDoor.validate(json);
        set(config, json);
        return this;
    }

    public RandomFeatures setFitSampleRows(int value) {
        if (value < 1) {
            throw new InvalidParameterException("fitSampleRows", value, "an integer >= 1");
        }
        set(fitSampleRows, value);
        return this;
    }

    public RandomFeatures setBlockRows(int value) {
        if (value < 1) {
            throw new InvalidParameterException("blockRows", value, "an integer >= 1");
        }
        set(blockRows, value);
        return this;
    }

    /** {@code "query"} (default) or {@code "key"}: which side of the map the fitted model's transform gives. */
    public RandomFeatures setSide(String value) {
        Schemas.checkSide(value);
        set(side, value);
        return this;
    }

    public RandomFeatures setM(int value) {
        set(tuning.m, TypedParams.check("m", value, value >= 1, "an integer >= 1"));
        return this;
    }

    public RandomFeatures setKernel(String id) {
        set(tuning.kernel, TypedParams.checkId("kernel", id));
        return this;
    }

    public RandomFeatures setSigma(double value) {
        set(tuning.sigma, TypedParams.check("sigma", value, value > 0 && Double.isFinite(value), "a finite number > 0"));
        return this;
    }

    public RandomFeatures setCoupling(String id) {
        set(tuning.coupling, TypedParams.checkId("coupling", id));
        return this;
    }

    public RandomFeatures setFeatures(String id) {
        set(tuning.features, TypedParams.checkId("features", id));
        return this;
    }

    public RandomFeatures setSeed(long value) {
        set(tuning.seed, value);
        return this;
    }

    /** rf4j threads per Spark task, 1 to 4096 (default 1); results do not depend on it. */
    public RandomFeatures setThreads(int value) {
        set(tuning.threads, TypedParams.checkThreads(value));
        return this;
    }

    // ---------------------------------------------------------------- fit

    @Override
    public RandomFeaturesModel fit(Dataset<?> dataset) {
        StructType schema = transformSchema(dataset.schema());
        String column = getInputCol();
        String json = getComposedConfig();
        long seed = seedOf(json);
        List<Row> rows = dataset.select(column).toJavaRDD().takeSample(false, getFitSampleRows(), seed);
        if (rows.isEmpty()) {
            throw new InvalidInputException("column '" + column + "' has no rows to fit on (empty data)");
        }
        Matrix sample = sample(rows, column, FrontDoor.sampleRows(json, rows.size()));
        FrontDoor.DrawnMap fitted;
        try (Parallelism.Scope own = Parallelism.callerThreads(getThreads())) {
            fitted = FrontDoor.fit(json, sample);
        }
        RandomFeaturesModel model = new RandomFeaturesModel(uid, fitted.fittedConfig(), new double[0],
                fitted.map().inputDimension(), fitted.map().outputDimension());
        copyValues(model, ParamMap.empty());
        model.setParent(this);
        Schemas.checkInput(schema, column, model.getInputDimension());
        return model;
    }

    @Override
    public StructType transformSchema(StructType schema) {
        Schemas.checkInput(schema, getInputCol(), -1);
        getComposedConfig();
        Schemas.checkSide(getSide());
        return Schemas.withOutput(schema, getOutputCol(), -1);
    }

    @Override
    public RandomFeatures copy(ParamMap extra) {
        return defaultCopy(extra);
    }

    // ---------------------------------------------------------------- persistence

    public static MLReader<RandomFeatures> read() {
        return new DefaultParamsReader<>();
    }

    public static RandomFeatures load(String path) {
        return read().load(path);
    }

    // ---------------------------------------------------------------- internals

    /** The config's seed (validated config; the front door's default 42 when absent). */
    static long seedOf(String json) {
        org.rf4j.RandomFeatures config = org.rf4j.RandomFeatures.fromConfig(json);
        config.toPlain(); // resolves it: unknown ids and bad parameters fail here
        return config.spec().seedOrDefault();
    }

    /**
     * The first {@code keep} sampled rows as a keep×d matrix; every sampled row must hold a finite
     * vector of one size (a sparse vector's stored entries are checked without densifying it).
     */
    private static Matrix sample(List<Row> rows, String column, int keep) {
        int d = -1;
        double[] data = null;
        for (int i = 0; i < rows.size(); i++) {
            Row row = rows.get(i);
            Object v = row.isNullAt(0) ? null : row.get(0);
            if (!(v instanceof Vector vec)) {
                throw new InvalidInputException("column '" + column + "' is null in a row of the fit sample; every "
                        + "row needs a vector");
            }
            if (d < 0) {
                d = vec.size();
                if (d < 1) {
                    throw new InvalidInputException("column '" + column + "' holds vectors of size 0");
                }
                data = new double[keep * d];
            } else if (vec.size() != d) {
                throw new org.rf4j.api.DimensionMismatchException("column '" + column + "' holds vectors of sizes "
                        + d + " and " + vec.size() + " (row " + vec + "); all rows must have one size");
            }
            boolean sparse = vec instanceof org.apache.spark.ml.linalg.SparseVector;
            double[] values = vec instanceof DenseVector dv ? dv.values()
                    : sparse ? ((org.apache.spark.ml.linalg.SparseVector) vec).values() : vec.toArray();
            for (int j = 0; j < values.length; j++) {
                if (!Double.isFinite(values[j])) {
                    int at = sparse ? ((org.apache.spark.ml.linalg.SparseVector) vec).indices()[j] : j;
                    throw new InvalidInputException("column '" + column + "' has " + values[j] + " at index " + at
                            + " in the fit-sample row " + vec + "; every entry must be finite");
                }
            }
            if (i < keep) {
                System.arraycopy(sparse ? vec.toArray() : values, 0, data, i * d, d);
            }
        }
        return Matrix.wrap(keep, d, data);
    }
}
