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

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.ServiceLoader;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.spark.ml.Estimator;
import org.apache.spark.ml.Transformer;
import org.apache.spark.ml.util.DefaultParamsWriter;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rf4j.RandomFeatureMap;

/** Service registration as Spark 4 (Spark Connect ML) reads it, and the fit sample persisted as Parquet. */
class RegistrationAndPersistenceSparkTest {

    @Test
    void theStagesAreRegisteredAsSparkMlEstimatorAndTransformer() {
        @SuppressWarnings("rawtypes")
        List<String> estimators = ServiceLoader.load(Estimator.class).stream().map(p -> p.type().getName())
                .collect(Collectors.toList());
        List<String> transformers = ServiceLoader.load(Transformer.class).stream().map(p -> p.type().getName())
                .collect(Collectors.toList());
        assertThat(estimators).contains(RandomFeatures.class.getName());
        assertThat(transformers).contains(RandomFeaturesModel.class.getName());
        // Spark Connect instantiates every provider: a public no-argument constructor each
        assertThat(ServiceLoader.load(Transformer.class).stream().filter(p -> p.type() == RandomFeaturesModel.class)
                .findFirst().orElseThrow().get()).isInstanceOf(RandomFeaturesModel.class);
    }

    @Test
    void aFitSampleIsSavedAsParquetDataAndOldLayoutModelsStillLoad(@TempDir Path dir) throws Exception {
        double[][] x = SparkTestSupport.gaussianRows(40, 3, 0.5, 8);
        Dataset<Row> df = SparkTestSupport.frame(SparkTestSupport.session(), x, null, 2);
        RandomFeaturesModel fitted = new RandomFeatures().setConfig(RandomFeaturesSparkTest.TRIG).fit(df);
        double[] sample = Arrays.stream(x).limit(25).flatMapToDouble(Arrays::stream).toArray();
        RandomFeaturesModel model = new RandomFeaturesModel(fitted.uid(), fitted.getFittedConfig(), sample, 3,
                fitted.getOutputDimension());
        double[][] expected = RandomFeaturesSparkTest.features(model.transform(df), "rf");

        Path saved = dir.resolve("model");
        model.write().save(saved.toString());
        String metadata;
        try (Stream<Path> files = Files.list(saved.resolve("metadata"))) {
            Path part = files.filter(p -> p.getFileName().toString().startsWith("part-")).findFirst().orElseThrow();
            metadata = Files.readString(part, StandardCharsets.UTF_8);
        }
        assertThat(metadata).contains("fittedConfig").doesNotContain(String.valueOf(sample[7]));
        assertThat(saved.resolve("data")).isDirectory();
        RandomFeaturesModel loaded = RandomFeaturesModel.load(saved.toString());
        assertThat(loaded.getOrDefault(loaded.fitSample())).isEqualTo(sample);
        assertThat(Arrays.deepEquals(RandomFeaturesSparkTest.features(loaded.transform(df), "rf"), expected)).isTrue();

        // the former layout: the sample inside the metadata's params
        Path old = dir.resolve("old");
        new DefaultParamsWriter(model).save(old.toString());
        assertThat(old.resolve("data")).doesNotExist();
        RandomFeaturesModel fromOld = RandomFeaturesModel.load(old.toString());
        assertThat(fromOld.getOrDefault(fromOld.fitSample())).isEqualTo(sample);
        RandomFeatureMap map = fromOld.featureMap();
        assertThat(Arrays.deepEquals(map.transform(x), expected)).isTrue();

        // a model without a sample writes no data
        Path none = dir.resolve("none");
        fitted.write().save(none.toString());
        assertThat(none.resolve("data")).doesNotExist();
        assertThat(RandomFeaturesModel.load(none.toString()).getFittedConfig()).isEqualTo(fitted.getFittedConfig());
    }
}
