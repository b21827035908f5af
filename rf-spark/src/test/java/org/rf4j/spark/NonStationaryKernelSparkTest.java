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
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.rf4j.api.RfException;

/**
 * The arc-cosine, polynomial and χ² kernels through the Spark stage, from the config alone: the
 * stage's features over 3 partitions equal the single-JVM front door's transform of the same rows
 * bit for bit; a refused combination fails in setConfig with the one-line reason.
 */
class NonStationaryKernelSparkTest {
    static double[][] x;
    static Dataset<Row> df;

    /** 90 non-negative rows (|Gaussian|, d = 4) in 3 partitions, so the χ² kernels accept them. */
    @BeforeAll
    static void data() {
        x = SparkTestSupport.gaussianRows(90, 4, 0.4, 17);
        for (double[] row : x) {
            for (int j = 0; j < row.length; j++) {
                row[j] = Math.abs(row[j]);
            }
        }
        df = SparkTestSupport.frame(SparkTestSupport.session(), x, null, 3).cache();
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "{\"kernel\": {\"id\": \"polynomial\", \"gamma\": 0.5, \"coef0\": 1.0, \"degree\": 3}, \"estimator\": {\"id\":"
                + " \"random-features\", \"m\": 16}, \"seed\": 5}",
        "{\"kernel\": {\"id\": \"polynomial\", \"degree\": 2}, \"estimator\": {\"id\": \"random-features\","
                + " \"features\": {\"id\": \"random-maclaurin\"}, \"m\": 16}, \"seed\": 5}",
        "{\"kernel\": {\"id\": \"chi2\"}, \"estimator\": {\"id\": \"random-features\"}, \"seed\": 5}",
        "{\"kernel\": {\"id\": \"skewed-chi2\", \"skewedness\": 0.5}, \"estimator\": {\"id\": \"random-features\","
                + " \"m\": 16}, \"seed\": 5}",
        "{\"kernel\": {\"id\": \"arc-cosine\", \"order\": 1}, \"estimator\": {\"id\": \"random-features\", \"m\": 16},"
                + " \"seed\": 5}"})
    void theStageGivesTheSingleJvmFeatures(String json) {
        RandomFeaturesModel model = new RandomFeatures().setConfig(json).fit(df);
        double[][] single = org.rf4j.RandomFeatures.fromConfig(json).fit(4).transform(x);
        assertThat(Arrays.deepEquals(RandomFeaturesSparkTest.features(model.transform(df), "rf"), single)).isTrue();
    }

    @Test
    void aRefusedCombinationFailsInSetConfig() {
        RandomFeatures rf = new RandomFeatures();
        assertThatThrownBy(() -> rf.setConfig("{\"kernel\": {\"id\": \"chi2\"}, \"estimator\": {\"id\":"
                + " \"random-features\", \"features\": {\"id\": \"trigonometric\"}}}"))
                .isInstanceOf(RfException.class)
                .hasMessageContaining("kernel 'chi2'").hasMessageContaining("feature map 'trigonometric'")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }
}
