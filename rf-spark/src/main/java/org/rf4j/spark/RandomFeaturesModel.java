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

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.ml.Model;
import org.apache.spark.ml.linalg.DenseVector;
import org.apache.spark.ml.linalg.SQLDataTypes;
import org.apache.spark.ml.param.DoubleArrayParam;
import org.apache.spark.ml.param.IntParam;
import org.apache.spark.ml.param.Param;
import org.apache.spark.ml.param.ParamMap;
import org.apache.spark.ml.param.ParamValidators;
import org.apache.spark.ml.util.DefaultParamsReader;
import org.apache.spark.ml.util.DefaultParamsWritable;
import org.apache.spark.ml.util.Identifiable$;
import org.apache.spark.ml.util.MLReader;
import org.apache.spark.ml.util.MLWriter;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.rf4j.RandomFeatureMap;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Matrix;
import org.apiguardian.api.API;

/**
 * A fitted rf4j random-feature map as a Spark ML {@link Model}: {@link #transform} appends a Vector
 * column with the features of the input column, computed on the executors in blocks of rows.
 *
 * <p>The fitted state is small and lives in params: the fitted config JSON
 * ({@link #getFittedConfig()}, the one {@code RandomFeatureMap.toConfig()} writes, with its seed and
 * {@code dimension}), which carries every fitted value: no data sample is shipped. Every executor
 * redraws the same map from it, so the features
 * are bit-identical to {@link #featureMap()}{@code .transform} of the same rows in one JVM (and to
 * {@code rf4j transform --config} of the fitted config), whatever the partitioning.
 *
 * <p>Persistence is Spark's standard one ({@code write().overwrite().save(path)},
 * {@link #load(String)}, and inside a saved {@code PipelineModel}): the params as metadata JSON.
 * Models that older versions saved with a fit sample (as Parquet under {@code path/data}, or in the
 * metadata) still load and refit on it.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class RandomFeaturesModel extends Model<RandomFeaturesModel>
        implements DefaultParamsWritable, RandomFeaturesParams {
    private static final long serialVersionUID = 1L;
    /** The Parquet schema of a persisted fit sample. */
    private static final StructType SAMPLE = new StructType().add("row", DataTypes.IntegerType, false)
            .add("values", SQLDataTypes.VectorType(), false);

    private final String uid;
    private final Param<String> inputCol;
    private final Param<String> outputCol;
    private final Param<String> config;
    private final IntParam fitSampleRows;
    private final IntParam blockRows;
    private final Param<String> side;
    private final Param<String> fittedConfig;
    private final DoubleArrayParam fitSample;
    private final IntParam inputDimension;
    private final IntParam outputDimension;
    private final TypedParams tuning;

    /** An unfitted instance, for service discovery (Spark Connect ML); use {@link RandomFeatures#fit}. */
    public RandomFeaturesModel() {
        this(Identifiable$.MODULE$.randomUID("rf4jRandomFeatures"));
    }

    /** For Spark's reader (and {@code copy}); a model is obtained from {@link RandomFeatures#fit}. */
    public RandomFeaturesModel(String uid) {
        this.uid = uid;
        this.inputCol = new Param<>(this, "inputCol", "input column of vectors (e.g. VectorAssembler's output)");
        this.outputCol = new Param<>(this, "outputCol", "output column of random-feature vectors");
        this.config = new Param<>(this, "config", "the rf4j config JSON the model was fitted from");
        this.fitSampleRows = new IntParam(this, "fitSampleRows", "rows the driver sampled to fit", ParamValidators.gtEq(1));
        this.blockRows = new IntParam(this, "blockRows", "rows mapped per block on the executors (one GEMM each); "
                + ">= 1; does not change the features", ParamValidators.gtEq(1));
        this.side = new Param<>(this, "side", "which side of the map transform gives: query (phi_q) or key (phi_k)",
                ParamValidators.inArray(new String[] {Schemas.QUERY, Schemas.KEY}));
        this.fittedConfig = new Param<>(this, "fittedConfig", "the fitted rf4j config JSON (RandomFeatureMap.toConfig():"
                + " fitted values, seed and dimension) every executor redraws the map from");
        this.fitSample = new DoubleArrayParam(this, "fitSample", "empty: the fitted config carries every fitted value;"
                + " a model saved by an older version may hold the driver's fit sample (row-major) it refits on");
        this.inputDimension = new IntParam(this, "inputDimension", "size of the input vectors", ParamValidators.gtEq(1));
        this.outputDimension = new IntParam(this, "outputDimension", "size of the feature vectors",
                ParamValidators.gtEq(1));
        setDefault(inputCol, "features");
        setDefault(outputCol, "rf");
        setDefault(config, RandomFeatures.DEFAULT_CONFIG);
        setDefault(fitSampleRows, RandomFeatures.DEFAULT_FIT_SAMPLE_ROWS);
        setDefault(blockRows, RandomFeatures.DEFAULT_BLOCK_ROWS);
        setDefault(side, Schemas.QUERY);
        setDefault(fitSample, new double[0]);
        this.tuning = new TypedParams(this);
        setDefault(tuning.threads, 1);
    }

    RandomFeaturesModel(String uid, String fitted, double[] sample, int d, int outDim) {
        this(uid);
        set(fittedConfig, fitted);
        set(fitSample, sample);
        set(inputDimension, d);
        set(outputDimension, outDim);
    }

    /** A model for a fitted config (from {@code RandomFeatureMap.toConfig()} or {@code rf4j}), no fitting. */
    public static RandomFeaturesModel fromFittedConfig(String fittedConfigJson) {
        RandomFeatureMap map = FrontDoor.rebuild(fittedConfigJson, null);
        return new RandomFeaturesModel(Identifiable$.MODULE$.randomUID("rf4jRandomFeatures"), map.toConfig(),
                new double[0], map.inputDimension(), map.outputDimension());
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

    public Param<String> fittedConfig() {
        return fittedConfig;
    }

    public DoubleArrayParam fitSample() {
        return fitSample;
    }

    public IntParam inputDimension() {
        return inputDimension;
    }

    public IntParam outputDimension() {
        return outputDimension;
    }

    @Override
    public TypedParams typedParams() {
        return tuning;
    }

    /** rf4j threads per Spark task, 1 to 4096 (default 1); results do not depend on it. */
    public RandomFeaturesModel setThreads(int value) {
        set(tuning.threads, TypedParams.checkThreads(value));
        return this;
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

    public int getBlockRows() {
        return (Integer) $(blockRows);
    }

    public String getSide() {
        return $(side);
    }

    /** The fitted config JSON (what {@code rf4j transform --config} and {@code RandomFeatures.fromConfig} take). */
    public String getFittedConfig() {
        return $(fittedConfig);
    }

    public int getInputDimension() {
        return (Integer) $(inputDimension);
    }

    public int getOutputDimension() {
        return (Integer) $(outputDimension);
    }

    public RandomFeaturesModel setInputCol(String value) {
        set(inputCol, value);
        return this;
    }

    public RandomFeaturesModel setOutputCol(String value) {
        set(outputCol, value);
        return this;
    }

    public RandomFeaturesModel setBlockRows(int value) {
        if (value < 1) {
            throw new InvalidParameterException("blockRows", value, "an integer >= 1");
        }
        set(blockRows, value);
        return this;
    }

    /** {@code "query"} (default: φq) or {@code "key"} (φk, differs for asymmetric maps). */
    public RandomFeaturesModel setSide(String value) {
        Schemas.checkSide(value);
        set(side, value);
        return this;
    }

    // ---------------------------------------------------------------- use

    /** The same fitted map in this JVM (rf4j's front door): for single-machine use and comparisons. */
    public RandomFeatureMap featureMap() {
        return FrontDoor.rebuild(getFittedConfig(), sampleMatrix());
    }

    @Override
    public Dataset<Row> transform(Dataset<?> dataset) {
        StructType out = transformSchema(dataset.schema(), true);
        String in = getInputCol();
        int column = Schemas.checkInput(dataset.schema(), in, getInputDimension());
        double[] sample = $(fitSample);
        Broadcast<double[]> shipped = sample.length == 0 ? null
                : JavaSparkContext.fromSparkContext(dataset.sparkSession().sparkContext()).broadcast(sample);
        BlockMapper mapper = new BlockMapper(getFittedConfig(), shipped, getInputDimension(), column, in,
                Schemas.KEY.equals(getSide()), getBlockRows(), getThreads());
        Dataset<Row> mapped = dataset.toDF().mapPartitions(mapper, Encoders.row(out));
        String col = getOutputCol();
        return mapped.withColumn(col, functions.col(col).as(col, out.apply(col).metadata()));
    }

    /** The key-side features φk of the input column (equal to {@link #transform} for symmetric maps). */
    public Dataset<Row> keyTransform(Dataset<?> dataset) {
        return copy(ParamMap.empty()).setSide(Schemas.KEY).transform(dataset);
    }

    @Override
    public StructType transformSchema(StructType schema) {
        Schemas.checkInput(schema, getInputCol(), getInputDimension());
        Schemas.checkSide(getSide());
        return Schemas.withOutput(schema, getOutputCol(), getOutputDimension());
    }

    @Override
    public RandomFeaturesModel copy(ParamMap extra) {
        RandomFeaturesModel copy = defaultCopy(extra);
        return copy.setParent(parent());
    }

    // ---------------------------------------------------------------- persistence

    /** Params as metadata JSON, the fit sample (if any) as Parquet under {@code path/data}. */
    @Override
    public MLWriter write() {
        return new Writer(this);
    }

    public static MLReader<RandomFeaturesModel> read() {
        return new Reader();
    }

    public static RandomFeaturesModel load(String path) {
        return read().load(path);
    }

    private static final class Writer extends MLWriter {
        private final RandomFeaturesModel model;

        Writer(RandomFeaturesModel model) {
            this.model = model;
        }

        @Override
        public void saveImpl(String path) {
            RandomFeaturesModel params = model.copy(ParamMap.empty());
            params.clear(params.fitSample);
            SparkLine.saveMetadata(params, path, sparkSession());
            double[] sample = model.getOrDefault(model.fitSample);
            if (sample.length == 0) {
                return;
            }
            int d = model.getInputDimension();
            List<Row> rows = new ArrayList<>(sample.length / d);
            for (int i = 0; i < sample.length / d; i++) {
                rows.add(RowFactory.create(i, new DenseVector(Arrays.copyOfRange(sample, i * d, (i + 1) * d))));
            }
            sparkSession().createDataFrame(rows, SAMPLE).repartition(1).write().parquet(dataPath(path));
        }
    }

    private static final class Reader extends MLReader<RandomFeaturesModel> {
        @Override
        public RandomFeaturesModel load(String path) {
            DefaultParamsReader.Metadata metadata = SparkLine.loadMetadata(path, sparkSession(),
                    RandomFeaturesModel.class.getName());
            RandomFeaturesModel model = new RandomFeaturesModel(metadata.uid());
            metadata.getAndSetParams(model, scala.Option.empty());
            String data = dataPath(path);
            try {
                org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path(data);
                if (!p.getFileSystem(sparkSession().sparkContext().hadoopConfiguration()).exists(p)) {
                    return model;       // no sample, or one kept in the metadata by an older writer
                }
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException("cannot read the model at " + path + ": " + e.getMessage(), e);
            }
            List<Row> rows = sparkSession().read().parquet(data).orderBy("row").collectAsList();
            int d = model.getInputDimension();
            double[] sample = new double[rows.size() * d];
            for (int i = 0; i < rows.size(); i++) {
                double[] v = ((org.apache.spark.ml.linalg.Vector) rows.get(i).get(1)).toArray();
                System.arraycopy(v, 0, sample, i * d, d);
            }
            model.set(model.fitSample, sample);
            return model;
        }
    }

    private static String dataPath(String path) {
        return new org.apache.hadoop.fs.Path(path, "data").toString();
    }

    private Matrix sampleMatrix() {
        double[] s = $(fitSample);
        return s.length == 0 ? null : Matrix.wrap(s.length / getInputDimension(), getInputDimension(), s);
    }
}
