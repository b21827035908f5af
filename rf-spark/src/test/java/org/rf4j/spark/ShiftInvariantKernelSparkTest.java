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
import org.rf4j.RandomFeatureMap;
import org.rf4j.api.RfException;

/**
 * The shift-invariant kernels through the Spark stage, from the config alone: the stage's features
 * are the one-JVM map's bit for bit (a length-scale rule fitted on the sample), and a refused
 * combination fails in setConfig with the one-line reason.
 */
class ShiftInvariantKernelSparkTest {
    static double[][] x;
    static Dataset<Row> df;

    /** The data of {@link MechanismsAndBadInputSparkTest} (90 Gaussian rows, d = 4, 3 partitions). */
    @BeforeAll
    static void data() {
        MechanismsAndBadInputSparkTest.data();
        x = MechanismsAndBadInputSparkTest.x;
        df = MechanismsAndBadInputSparkTest.df;
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "{\"kernel\": {\"id\": \"matern\", \"nu\": 1.5, \"lengthscale\": \"median\"}, \"estimator\": {\"id\":"
                + " \"random-features\", \"coupling\": {\"id\": \"orthogonal\"}, \"m\": 8}, \"seed\": 5}",
        "{\"kernel\": {\"id\": \"exponential\", \"lengthscale\": 0.9}, \"estimator\": {\"id\": \"random-features\","
                + " \"coupling\": {\"id\": \"simplex\"}, \"features\": {\"id\": \"random-fourier\"}, \"m\": 8}, \"seed\": 5}",
        "{\"kernel\": {\"id\": \"rational-quadratic\", \"alpha\": 0.6}, \"estimator\": {\"id\": \"random-features\","
                + " \"coupling\": {\"id\": \"halton\"}, \"m\": 8}, \"seed\": 5}",
        "{\"kernel\": {\"id\": \"laplacian\", \"gamma\": 0.7}, \"estimator\": {\"id\": \"random-features\", \"m\": 8},"
                + " \"seed\": 5}"})
    void theStageGivesTheOneJvmFeatures(String json) {
        RandomFeaturesModel model = new RandomFeatures().setConfig(json).fit(df);
        RandomFeatureMap oneJvm = model.featureMap();
        assertThat(oneJvm.toConfig()).doesNotContain("median");
        assertThat(Arrays.deepEquals(RandomFeaturesSparkTest.features(model.transform(df), "rf"), oneJvm.transform(x)))
                .isTrue();
    }

    @Test
    void aRefusedCombinationFailsInSetConfig() {
        RandomFeatures rf = new RandomFeatures();
        assertThatThrownBy(() -> rf.setConfig("{\"kernel\": {\"id\": \"laplacian\"}, \"estimator\": {\"id\":"
                + " \"random-features\", \"coupling\": {\"id\": \"simplex\"}}}"))
                .isInstanceOf(RfException.class)
                .hasMessageContaining("kernel 'laplacian'").hasMessageContaining("coupling 'simplex'")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }
}
