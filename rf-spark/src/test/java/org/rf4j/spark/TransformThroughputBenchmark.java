package org.rf4j.spark;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
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
 * {@code RandomFeatureMap.transform(Matrix)} of the same rows in this JVM, and their ratio.
 *
 * <pre>
 * ./mvnw -B -pl rf-spark -am verify -Drf4j.bench=true -Dtest=TransformThroughputBenchmark \
 *     -Dsurefire.failIfNoSpecifiedTests=false [-Drf4j.bench.n=200000 -Drf4j.bench.d=32 -Drf4j.bench.m=128]
 * </pre>
 *
 * Results go to {@code rf-spark/target/rf-spark-bench.txt}.
 */
@EnabledIfSystemProperty(named = "rf4j.bench", matches = "true")
class TransformThroughputBenchmark {
    private static final int ROUNDS = 3;

    @Test
    void sparkTransformAgainstOneJvm() throws IOException {
        int n = Integer.getInteger("rf4j.bench.n", 200_000);
        int d = Integer.getInteger("rf4j.bench.d", 32);
        int m = Integer.getInteger("rf4j.bench.m", 128);
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

        double spark1 = Double.MAX_VALUE;
        double jvm1 = Double.MAX_VALUE;
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
            if (round > 0) {
                spark1 = Math.min(spark1, (t1 - t0) / 1e9);
                jvm1 = Math.min(jvm1, (t2 - t1) / 1e9);
            }
        }
        String report = String.format(Locale.ROOT, "rf-spark transform throughput (best of %d): n=%d d=%d m=%d "
                + "features=%d%n  Spark local[2] model.transform -> noop sink: %.0f rows/s (%.2f s)%n"
                + "  one JVM RandomFeatureMap.transform, 1024-row blocks: %.0f rows/s (%.2f s)%n"
                + "  overhead ratio (Spark time / one-JVM time): %.2f   [checksum %s]%n",
                ROUNDS, n, d, m, map.outputDimension(), n / spark1, spark1, n / jvm1, jvm1, spark1 / jvm1,
                Double.toString(sink).length() > 0 ? "ok" : "");
        Files.writeString(Path.of("target", "rf-spark-bench.txt"), report, StandardCharsets.UTF_8);
        df.unpersist();
    }
}
