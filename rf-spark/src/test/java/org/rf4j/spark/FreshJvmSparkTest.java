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

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A saved model loaded and applied in a JVM where nothing of rf4j ran before: its first rf4j call
 * happens inside a Spark task, under Spark 4's per-session class loader (null parent), as on a
 * fresh executor. In the shared test JVM the driver's fit initialises rf4j first and hides it.
 */
class FreshJvmSparkTest {
    private static final int ROWS = 500;
    private static final int D = 6;
    private static final long DATA_SEED = 21;

    @Test
    void aFreshJvmLoadsASavedModelAndTransformsInLocalModeBitForBit(@TempDir Path dir) throws IOException,
            InterruptedException {
        SparkSession spark = SparkTestSupport.session();
        double[][] x = SparkTestSupport.gaussianRows(ROWS, D, 0.4, DATA_SEED);
        RandomFeaturesModel model = new RandomFeatures().setConfig(RandomFeaturesSparkTest.OPRF)
                .fit(SparkTestSupport.frame(spark, x, null, 2));
        String path = dir.resolve("model").toString();
        model.write().save(path);
        long expected = Jvms.hash(model.featureMap().transform(x));

        Process p = new ProcessBuilder(Jvms.command("768m", Jvms.classPath(), Probe.class.getName(), path))
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(out).contains("hash=" + expected);
        assertThat(p.exitValue()).isZero();
    }

    /** Run in a fresh JVM: load, transform in local[2], print the features' hash. */
    public static final class Probe {
        public static void main(String[] args) {
            SparkSession spark = SparkTestSupport.start("rf-spark-fresh-jvm");
            try {
                RandomFeaturesModel model = RandomFeaturesModel.load(args[0]);
                Dataset<Row> df = SparkTestSupport.frame(spark,
                        SparkTestSupport.gaussianRows(ROWS, D, 0.4, DATA_SEED), null, 3);
                System.out.println("hash=" + Jvms.hash(model.transform(df), "rf"));
            } finally {
                spark.stop();
            }
        }
    }
}
