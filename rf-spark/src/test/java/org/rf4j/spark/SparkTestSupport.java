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

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.spark.ml.linalg.SQLDataTypes;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/** One local[2] SparkSession per test class, quiet and bound to the loopback address; test data. */
final class SparkTestSupport {
    static final StructType LABELLED = new StructType()
            .add("id", DataTypes.IntegerType, false)
            .add("label", DataTypes.DoubleType, false)
            .add("features", SQLDataTypes.VectorType(), true);

    private SparkTestSupport() {
    }

    private static SparkSession session;

    /**
     * The test JVM's one local[2] session, shared by the test classes (Spark's own shutdown hook
     * stops it): starting Spark costs seconds, so it is started once.
     */
    static synchronized SparkSession session() {
        if (session == null) {
            session = start("rf-spark-tests");
        }
        return session;
    }

    /** A new local[2] session (for a JVM of its own). */
    static SparkSession start(String name) {
        Path warehouse;
        try {
            warehouse = Files.createTempDirectory("rf-spark-warehouse");
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return SparkSession.builder()
                .master("local[2]")
                .appName(name)
                .config("spark.ui.enabled", "false")
                .config("spark.ui.showConsoleProgress", "false")
                .config("spark.sql.shuffle.partitions", "2")
                .config("spark.default.parallelism", "2")
                .config("spark.driver.host", "127.0.0.1")
                .config("spark.driver.bindAddress", "127.0.0.1")
                .config("spark.sql.warehouse.dir", warehouse.toUri().toString())
                .getOrCreate();
    }

    /** Rows (id, label, features) from plain arrays. */
    static Dataset<Row> frame(SparkSession spark, double[][] x, double[] y, int partitions) {
        List<Row> rows = new ArrayList<>(x.length);
        for (int i = 0; i < x.length; i++) {
            Vector v = x[i] == null ? null : Vectors.dense(x[i]);
            rows.add(RowFactory.create(i, y == null ? 0.0 : y[i], v));
        }
        return spark.createDataFrame(rows, LABELLED).repartition(partitions);
    }

    /** Gaussian rows with the given scale, fixed seed. */
    static double[][] gaussianRows(int n, int d, double scale, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        double[][] x = new double[n][d];
        for (double[] row : x) {
            for (int j = 0; j < d; j++) {
                row[j] = scale * gaussian(r);
            }
        }
        return x;
    }

    /**
     * Two concentric circles (radii 0.5 and 1, radial noise 0.08): label 1 inside. No linear
     * classifier beats the majority rate by much; a Gaussian-kernel one separates them.
     */
    static double[][] circles(int n, long seed, double[] labels) {
        SplittableRandom r = new SplittableRandom(seed);
        double[][] x = new double[n][];
        for (int i = 0; i < n; i++) {
            boolean inner = i % 2 == 0;
            double radius = (inner ? 0.5 : 1.0) + 0.08 * gaussian(r);
            double t = 2 * Math.PI * r.nextDouble();
            x[i] = new double[] {radius * Math.cos(t), radius * Math.sin(t)};
            labels[i] = inner ? 1.0 : 0.0;
        }
        return x;
    }

    private static double gaussian(SplittableRandom r) {
        double u = r.nextDouble();
        double v = r.nextDouble();
        return Math.sqrt(-2 * Math.log1p(-u)) * Math.cos(2 * Math.PI * v);
    }
}
