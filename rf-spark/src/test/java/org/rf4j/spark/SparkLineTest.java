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

import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Spark-line shim on the Spark this build compiles against (the same test runs in rf-spark for
 * Spark 4 and in rf-spark-3.5 for Spark 3.5 with Scala 2.12 and 2.13): it takes the session overloads
 * where Spark has them (Spark 4, whose context overloads are deprecated) and the context ones on
 * Spark 3.5, and a model's metadata written through it loads back through it.
 */
class SparkLineTest {

    @Test
    void theMetadataOverloadMatchesTheSparkLine() {
        String version = org.apache.spark.package$.MODULE$.SPARK_VERSION();
        assertThat(SparkLine.sessionOverloads()).as("Spark %s", version).isEqualTo(!version.startsWith("3."));
    }

    @Test
    void metadataRoundTripsThroughTheShim(@TempDir Path dir) {
        SparkSession spark = SparkTestSupport.session();
        RandomFeaturesModel model = new RandomFeatures().setConfig(RandomFeaturesSparkTest.TRIG)
                .fit(SparkTestSupport.frame(spark, SparkTestSupport.gaussianRows(20, 3, 0.5, 4), null, 1))
                .setOutputCol("phi").setBlockRows(7);
        String path = dir.resolve("model").toString();
        SparkLine.saveMetadata(model, path, spark);
        assertThat(Files.exists(dir.resolve("model").resolve("metadata"))).isTrue();
        RandomFeaturesModel loaded = new RandomFeaturesModel(model.uid());
        SparkLine.loadMetadata(path, spark, RandomFeaturesModel.class.getName()).getAndSetParams(loaded,
                scala.Option.empty());
        assertThat(loaded.getOutputCol()).isEqualTo("phi");
        assertThat(loaded.getBlockRows()).isEqualTo(7);
        assertThat(loaded.getFittedConfig()).isEqualTo(model.getFittedConfig());
    }
}
