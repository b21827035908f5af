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

import java.util.Base64;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.spark.api.java.function.MapFunction;
import org.apache.spark.ml.linalg.SQLDataTypes;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerExecutorRemoved;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * The application {@link StandaloneClusterIT} submits with {@code SparkSubmit}. Its rows are a
 * function of their id, so the test recomputes them in one JVM. Lines on stdout are its report:
 * {@code fitted=<base64 fitted config>}, {@code kill-now} (when the first task of the timed job has
 * ended), {@code hash=...}, {@code removed=<executors lost>}.
 *
 * <ul>
 *   <li>{@code fit MODEL ROWS}: fit on the generated rows, save the model, then hash the transform
 *       while the test kills an executor, then once more on the replacement;</li>
 *   <li>{@code load MODEL ROWS}: load the saved model and hash its transform.</li>
 * </ul>
 */
public final class ClusterApp {
    static final int D = 16;
    static final int PARTITIONS = 24;
    static final String CONFIG = "{\"kernel\": {\"id\": \"gaussian\", \"sigma\": 1.5}, \"estimator\": {\"id\": "
            + "\"random-features\", \"coupling\": {\"id\": \"orthogonal\"}, \"features\": {\"id\": \"oprf\"}, \"m\": 64},"
            + " \"seed\": 2026}";
    /**
     * A kernel beyond the Gaussian: Matérn-3/2 with its length scale fitted by the median rule, orthogonal
     * directions with the Student-t radial law, trigonometric features.
     */
    static final String MATERN_CONFIG = "{\"kernel\": {\"id\": \"matern\", \"nu\": 1.5, \"lengthscale\": \"median\"},"
            + " \"estimator\": {\"id\": \"random-features\", \"coupling\": {\"id\": \"orthogonal\"}, \"features\":"
            + " {\"id\": \"trigonometric\"}, \"m\": 32}, \"seed\": 2026}";
    static final StructType SCHEMA = new StructType().add("id", DataTypes.LongType, false)
            .add("features", SQLDataTypes.VectorType(), false);

    private ClusterApp() {
    }

    /** The row with this id. */
    static double[] row(long id) {
        SplittableRandom r = new SplittableRandom(0x5DEECE66DL ^ id * 0x9E3779B97F4A7C15L);
        double[] x = new double[D];
        for (int j = 0; j < D; j++) {
            x[j] = 0.6 * (2 * r.nextDouble() - 1);
        }
        return x;
    }

    static Dataset<Row> rows(SparkSession spark, long n) {
        return spark.range(0, n, 1, PARTITIONS).map((MapFunction<Long, Row>) id ->
                RowFactory.create(id, Vectors.dense(row(id))), Encoders.row(SCHEMA));
    }

    public static void main(String[] args) throws Exception {
        SparkSession spark = SparkSession.builder().appName("rf4j-cluster-" + args[0]).getOrCreate();
        try {
            String model = args[1];
            long n = Long.parseLong(args[2]);
            Dataset<Row> data = rows(spark, n);
            if (args[0].equals("fit")) {
                RandomFeaturesModel fitted = new RandomFeatures().setConfig(CONFIG).setFitSampleRows(2000).fit(data);
                fitted.write().save(model);
                say("fitted=" + Base64.getEncoder().encodeToString(fitted.getFittedConfig().getBytes("UTF-8")));
                AtomicInteger ended = new AtomicInteger();
                AtomicInteger removed = new AtomicInteger();
                spark.sparkContext().addSparkListener(new SparkListener() {
                    @Override
                    public void onTaskEnd(SparkListenerTaskEnd end) {
                        if (ended.incrementAndGet() == 1) {
                            say("kill-now");
                        }
                    }

                    @Override
                    public void onExecutorRemoved(SparkListenerExecutorRemoved e) {
                        removed.incrementAndGet();
                    }
                });
                // slow tasks, so that the kill lands while most of the job is still to run
                say("hash=" + Jvms.hash(fitted.transform(data), "rf", 400));
                say("removed=" + removed.get());
                waitForExecutors(spark, 2, 120_000);
                say("hash=" + Jvms.hash(fitted.transform(data), "rf", 0));
                RandomFeaturesModel matern = new RandomFeatures().setConfig(MATERN_CONFIG).setFitSampleRows(2000).fit(data);
                say("fitted-matern=" + Base64.getEncoder().encodeToString(matern.getFittedConfig().getBytes("UTF-8")));
                say("hash-matern=" + Jvms.hash(matern.transform(data), "rf", 0));
            } else {
                say("hash=" + Jvms.hash(RandomFeaturesModel.load(model).transform(data), "rf", 0));
            }
        } finally {
            spark.stop();
        }
    }

    private static void waitForExecutors(SparkSession spark, int executors, long millis) throws InterruptedException {
        long end = System.currentTimeMillis() + millis;
        // the driver is listed too
        while (spark.sparkContext().statusTracker().getExecutorInfos().length < executors + 1
                && System.currentTimeMillis() < end) {
            Thread.sleep(200);
        }
        say("executors=" + (spark.sparkContext().statusTracker().getExecutorInfos().length - 1));
    }

    private static void say(String line) {
        System.out.println(line);
        System.out.flush();
    }
}
