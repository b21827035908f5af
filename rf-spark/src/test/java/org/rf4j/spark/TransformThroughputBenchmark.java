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
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Iterator;
import java.util.Locale;
import org.apache.spark.api.java.function.MapPartitionsFunction;
import org.apache.spark.ml.linalg.DenseVector;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.rf4j.RandomFeatureMap;
import org.rf4j.api.Matrix;

/**
 * Throughput benchmark, not a test (it asserts nothing and runs only on request):
 * rows/s of {@code RandomFeaturesModel.transform} in local[2] against
 * {@code RandomFeatureMap.transform(Matrix)} of the same rows in this JVM, and against Spark alone
 * emitting a vector column of the same width with no rf4j (same row handling, zero features), all
 * in one run (min / median / max of 3 rounds after a warm-up); the stage's target is at most Spark alone + 1.2 × one JVM.
 *
 * <pre>
 * ./mvnw -B -pl rf-spark -am verify -Drf4j.bench=true -Dtest=TransformThroughputBenchmark \
 *     -Dsurefire.failIfNoSpecifiedTests=false [-Drf4j.bench.n=1000000 -Drf4j.bench.d=32 -Drf4j.bench.m=256]
 * </pre>
 *
 * Results go to {@code rf-spark/target/rf-spark-bench.txt}.
 */
@EnabledIfSystemProperty(named = "rf4j.bench", matches = "true")
class TransformThroughputBenchmark {
    private static final int ROUNDS = 3;

    @Test
    void sparkTransformAgainstOneJvm() throws IOException {
        int n = Integer.getInteger("rf4j.bench.n", 1_000_000);
        int d = Integer.getInteger("rf4j.bench.d", 32);
        int m = Integer.getInteger("rf4j.bench.m", 256);
        String config = "{\"kernel\": {\"id\": \"gaussian\", \"sigma\": 2.0}, \"estimator\": {\"id\": \"random-features\","
                + " \"coupling\": {\"id\": \"orthogonal\"}, \"features\": {\"id\": \"trigonometric\"}, \"m\": " + m + "},"
                + " \"seed\": 1}";
        SparkSession spark = SparkTestSupport.session();
        double[][] x = SparkTestSupport.gaussianRows(n, d, 1.0, 9);
        Dataset<Row> df = SparkTestSupport.frame(spark, x, null, 2).cache();
        df.count();
        RandomFeaturesModel model = new RandomFeatures().setConfig(config).fit(df);
        RandomFeatureMap map = model.featureMap();
        Matrix all = Matrix.of(x);

        int width = map.outputDimension();
        StructType emitted = model.transformSchema(df.schema());
        Dataset<Row> alone = df.mapPartitions(new SameWidth(width), Encoders.row(emitted));

        double[] stage = new double[ROUNDS];
        double[] jvm = new double[ROUNDS];
        double[] bare = new double[ROUNDS];
        double sink = 0;
        for (int round = 0; round <= ROUNDS; round++) {      // round 0 warms up
            long t0 = System.nanoTime();
            model.transform(df).write().format("noop").mode("overwrite").save();
            long t1 = System.nanoTime();
            for (int from = 0; from < n; from += 1024) {
                Matrix z = map.transform(all.rowRange(from, Math.min(n, from + 1024)));
                sink += z.data()[0];
            }
            long t2 = System.nanoTime();
            alone.write().format("noop").mode("overwrite").save();
            long t3 = System.nanoTime();
            if (round > 0) {
                stage[round - 1] = (t1 - t0) / 1e9;
                jvm[round - 1] = (t2 - t1) / 1e9;
                bare[round - 1] = (t3 - t2) / 1e9;
            }
        }
        Arrays.sort(stage);
        Arrays.sort(jvm);
        Arrays.sort(bare);
        double spark1 = stage[ROUNDS / 2];
        double jvm1 = jvm[ROUNDS / 2];
        double alone1 = bare[ROUNDS / 2];
        String report = String.format(Locale.ROOT, "rf-spark transform throughput (median of %d): n=%d d=%d m=%d "
                + "features=%d%n  Spark local[2] model.transform -> noop sink: %.0f rows/s (%.2f s)%n"
                + "  one JVM RandomFeatureMap.transform, 1024-row blocks: %.0f rows/s (%.2f s)%n"
                + "  overhead ratio (Spark time / one-JVM time): %.2f   [checksum %s]%n"
                + "  Spark alone, same-width vector column, no rf4j -> noop sink: %.2f s (%.2f x one JVM)%n"
                + "  target: stage <= Spark alone + 1.2 x one JVM = %.2f s: %s%n"
                + "  min / median / max, s: stage %s; one JVM %s; Spark alone %s%n"
                + "  rf4j threads per task %d; JVM processors %d; load average %.1f%n",
                ROUNDS, n, d, m, map.outputDimension(), n / spark1, spark1, n / jvm1, jvm1, spark1 / jvm1,
                Double.toString(sink).length() > 0 ? "ok" : "", alone1, alone1 / jvm1, alone1 + 1.2 * jvm1,
                spark1 <= alone1 + 1.2 * jvm1 ? "met" : "not met", spread(stage), spread(jvm), spread(bare),
                model.getThreads(), Runtime.getRuntime().availableProcessors(),
                java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
        Files.writeString(Path.of("target", "rf-spark-bench.txt"), report, StandardCharsets.UTF_8);
        df.unpersist();
    }

    private static String spread(double[] sorted) {
        return String.format(Locale.ROOT, "%.2f / %.2f / %.2f", sorted[0], sorted[sorted.length / 2],
                sorted[sorted.length - 1]);
    }

    /** Spark alone: each row plus a vector of the features' width, zeros, with the stage's per-row objects. */
    private static final class SameWidth implements MapPartitionsFunction<Row, Row> {
        private static final long serialVersionUID = 1L;
        private final int width;

        SameWidth(int width) {
            this.width = width;
        }

        @Override
        public Iterator<Row> call(Iterator<Row> rows) {
            return new Iterator<Row>() {
                @Override
                public boolean hasNext() {
                    return rows.hasNext();
                }

                @Override
                public Row next() {
                    Row r = rows.next();
                    Object[] values = new Object[r.length() + 1];
                    for (int j = 0; j < r.length(); j++) {
                        values[j] = r.get(j);
                    }
                    values[r.length()] = new DenseVector(new double[width]);
                    return RowFactory.create(values);
                }
            };
        }
    }
}
