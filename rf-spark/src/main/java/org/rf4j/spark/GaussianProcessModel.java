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

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.FileSystem;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.api.java.function.MapPartitionsFunction;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.ml.Model;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.param.ParamMap;
import org.apache.spark.ml.util.DefaultParamsReader;
import org.apache.spark.ml.util.Identifiable$;
import org.apache.spark.ml.util.MLReader;
import org.apache.spark.ml.util.MLWritable;
import org.apache.spark.ml.util.MLWriter;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.StructType;
import org.apiguardian.api.API;
import org.rf4j.api.DimensionMismatchException;
import org.rf4j.api.InvalidInputException;
import org.rf4j.api.Matrix;
import org.rf4j.api.linalg.Parallelism;
import org.rf4j.learn.GaussianProcess;
import org.rf4j.theory.special.Normal;

/**
 * A fitted Gaussian process ({@link GaussianProcessRegressor}) as a Spark transformer: it adds the
 * predictive mean ({@link #predictionCol()}), the predictive standard deviation with the noise
 * ({@link #stdCol()}) and, with {@link #intervalLevel()} p &gt; 0, the central interval mean ∓
 * z·std with z = Φ⁻¹((1 + p)/2) ({@link #lowerCol()}, {@link #upperCol()}). The posterior is rf4j's
 * {@link GaussianProcess}; saved, the model is Spark's params metadata plus that GP's JSON model
 * file ({@code rf4j-gp-model}) under {@code data/}, which {@code GaussianProcess.load} and the rf4j
 * CLI read too.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class GaussianProcessModel extends Model<GaussianProcessModel>
        implements MLWritable, GaussianProcessParams<GaussianProcessModel> {
    private static final long serialVersionUID = 1L;
    private static final String MODEL_FILE = "gp-model.json";

    private final String uid;
    private final GpParams shared;
    private final TypedParams tuning;
    private final transient GaussianProcess gp;

    /** An unfitted instance, for service discovery (Spark Connect ML); use {@link GaussianProcessRegressor#fit}. */
    public GaussianProcessModel() {
        this(Identifiable$.MODULE$.randomUID("rf4jGaussianProcess"), null);
    }

    GaussianProcessModel(String uid, GaussianProcess gp) {
        this.uid = uid;
        this.gp = gp;
        this.shared = new GpParams(this);
        this.tuning = new TypedParams(this);
        setDefault(tuning.threads, 1);
    }

    /** A model for an rf4j GP fitted on rows (saved by {@code GaussianProcess.save} or {@code rf4j fit}). */
    public static GaussianProcessModel of(GaussianProcess gp) {
        return new GaussianProcessModel(Identifiable$.MODULE$.randomUID("rf4jGaussianProcess"), gp);
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

    /** The fitted rf4j Gaussian process: hyperparameters, likelihood, search path; predicts in this JVM. */
    public GaussianProcess gaussianProcess() {
        if (gp == null) {
            throw new InvalidInputException("this GaussianProcessModel is unfitted (made for service discovery); "
                    + "fit one with GaussianProcessRegressor or load a saved one");
        }
        return gp;
    }

    /** rf4j threads per Spark task, 1 to 4096 (default 1); results do not depend on it. */
    public GaussianProcessModel setThreads(int value) {
        set(tuning.threads, TypedParams.checkThreads(value));
        return this;
    }

    @Override
    public StructType transformSchema(StructType schema) {
        Schemas.checkInput(schema, getInputCol(), gaussianProcess().inputDimension());
        return shared.withOutputs(schema);
    }

    @Override
    public Dataset<Row> transform(Dataset<?> dataset) {
        StructType out = transformSchema(dataset.schema());
        int column = Schemas.checkInput(dataset.schema(), getInputCol(), gp.inputDimension());
        Broadcast<String> json = JavaSparkContext.fromSparkContext(dataset.sparkSession().sparkContext())
                .broadcast(gp.toJson());
        double level = getIntervalLevel();
        double z = level > 0 ? Normal.inverseCdf(0.5 + level / 2) : 0;
        Predictor predictor = new Predictor(json, column, getInputCol(), gp.inputDimension(), getBlockRows(),
                getThreads(), level > 0, z);
        return dataset.toDF().mapPartitions(predictor, Encoders.row(out));
    }

    @Override
    public GaussianProcessModel copy(ParamMap extra) {
        GaussianProcessModel copy = copyValues(new GaussianProcessModel(uid, gp), extra);
        return copy.setParent(parent());
    }

    // ---------------------------------------------------------------- persistence

    /** Params as metadata JSON; the GP as its rf4j JSON model file under {@code path/data}. */
    @Override
    public MLWriter write() {
        return new Writer(this);
    }

    @Override
    public void save(String path) throws IOException {
        write().save(path);
    }

    public static MLReader<GaussianProcessModel> read() {
        return new Reader();
    }

    public static GaussianProcessModel load(String path) {
        return read().load(path);
    }

    private static final class Writer extends MLWriter {
        private final GaussianProcessModel model;

        Writer(GaussianProcessModel model) {
            this.model = model;
        }

        @Override
        public void saveImpl(String path) {
            String json = model.gaussianProcess().toJson() + "\n";
            SparkLine.saveMetadata(model, path, sparkSession());
            org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path(new org.apache.hadoop.fs.Path(path, "data"),
                    MODEL_FILE);
            try {
                FileSystem fs = file.getFileSystem(sparkSession().sparkContext().hadoopConfiguration());
                try (OutputStream o = fs.create(file, false)) {
                    o.write(json.getBytes(StandardCharsets.UTF_8));
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write the Gaussian process model to " + file + ": "
                        + e.getMessage(), e);
            }
        }
    }

    private static final class Reader extends MLReader<GaussianProcessModel> {
        @Override
        public GaussianProcessModel load(String path) {
            DefaultParamsReader.Metadata metadata = SparkLine.loadMetadata(path, sparkSession(),
                    GaussianProcessModel.class.getName());
            org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path(new org.apache.hadoop.fs.Path(path, "data"),
                    MODEL_FILE);
            String json;
            try {
                FileSystem fs = file.getFileSystem(sparkSession().sparkContext().hadoopConfiguration());
                try (InputStream in = fs.open(file)) {
                    json = new String(in.readAllBytes(), StandardCharsets.UTF_8);
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read the Gaussian process model at " + file + ": "
                        + e.getMessage(), e);
            }
            GaussianProcessModel model = new GaussianProcessModel(metadata.uid(),
                    GaussianProcess.fromJson(json, file.toString(), null));
            metadata.getAndSetParams(model, scala.Option.empty());
            return model;
        }
    }

    // ---------------------------------------------------------------- executors

    /** Predicts a partition's rows in blocks; the GP is parsed once per JVM and model. */
    private static final class Predictor implements MapPartitionsFunction<Row, Row> {
        private static final long serialVersionUID = 1L;
        private static final Map<String, GaussianProcess> CACHE = new LinkedHashMap<>(4, 0.75f, true) {
            private static final long serialVersionUID = 1L;

            @Override
            protected boolean removeEldestEntry(Map.Entry<String, GaussianProcess> eldest) {
                return size() > 4;
            }
        };

        private final Broadcast<String> json;
        private final int column;
        private final String columnName;
        private final int d;
        private final int blockRows;
        private final int threads;
        private final boolean interval;
        private final double z;

        Predictor(Broadcast<String> json, int column, String columnName, int d, int blockRows, int threads,
                boolean interval, double z) {
            this.json = json;
            this.column = column;
            this.columnName = columnName;
            this.d = d;
            this.blockRows = blockRows;
            this.threads = threads;
            this.interval = interval;
            this.z = z;
        }

        private GaussianProcess model() {
            String text = json.value();
            synchronized (CACHE) {
                GaussianProcess gp = CACHE.get(text);
                if (gp == null) {
                    gp = GaussianProcess.fromJson(text, "the broadcast Gaussian process", null);
                    CACHE.put(text, gp);
                }
                return gp;
            }
        }

        @Override
        public Iterator<Row> call(Iterator<Row> rows) {
            GaussianProcess gp = model();
            return new Iterator<>() {
                private final List<Row> out = new ArrayList<>();
                private int next;
                private long seen;

                @Override
                public boolean hasNext() {
                    if (next < out.size()) {
                        return true;
                    }
                    out.clear();
                    next = 0;
                    List<Row> block = new ArrayList<>();
                    while (block.size() < blockRows && rows.hasNext()) {
                        block.add(rows.next());
                    }
                    if (block.isEmpty()) {
                        return false;
                    }
                    predict(gp, block);
                    return true;
                }

                @Override
                public Row next() {
                    if (!hasNext()) {
                        throw new java.util.NoSuchElementException();
                    }
                    return out.get(next++);
                }

                private void predict(GaussianProcess gp, List<Row> block) {
                    Matrix x = Matrix.zeros(block.size(), d);
                    for (int i = 0; i < block.size(); i++) {
                        Row row = block.get(i);
                        Object v = row.isNullAt(column) ? null : row.get(column);
                        if (!(v instanceof Vector vec)) {
                            throw new InvalidInputException("column '" + columnName + "' is null in row " + (seen + i)
                                    + " of the partition; every row needs a vector of size " + d);
                        }
                        if (vec.size() != d) {
                            throw new DimensionMismatchException("column '" + columnName + "' has a vector of size "
                                    + vec.size() + " in row " + (seen + i) + " of the partition but the model was "
                                    + "fitted for size " + d);
                        }
                        double[] values = vec.toArray();
                        for (int j = 0; j < d; j++) {
                            if (!Double.isFinite(values[j])) {
                                throw new InvalidInputException("column '" + columnName + "' has " + values[j]
                                        + " at index " + j + " in row " + (seen + i) + " of the partition; every entry "
                                        + "must be finite");
                            }
                        }
                        System.arraycopy(values, 0, x.data(), i * d, d);
                    }
                    seen += block.size();
                    GaussianProcess.Prediction p;
                    try (Parallelism.Scope own = Parallelism.callerThreads(threads)) {
                        p = gp.predict(x);
                    }
                    double[] sd = p.std();
                    for (int i = 0; i < block.size(); i++) {
                        Row row = block.get(i);
                        int n = row.length();
                        Object[] values = new Object[n + (interval ? 4 : 2)];
                        for (int j = 0; j < n; j++) {
                            values[j] = row.get(j);
                        }
                        values[n] = p.mean()[i];
                        values[n + 1] = sd[i];
                        if (interval) {
                            values[n + 2] = p.mean()[i] - z * sd[i];
                            values[n + 3] = p.mean()[i] + z * sd[i];
                        }
                        out.add(RowFactory.create(values));
                    }
                }
            };
        }
    }
}
