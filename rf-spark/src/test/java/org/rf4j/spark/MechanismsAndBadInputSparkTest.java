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

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.apache.spark.ml.feature.VectorAssembler;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.rf4j.RandomFeatureMap;
import org.rf4j.api.DimensionMismatchException;
import org.rf4j.api.InvalidInputException;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.RfException;
import org.rf4j.config.ConfigException;

/** Every built-in feature map, coupling, sampling policy and hybrid through the stage; bad input. */
class MechanismsAndBadInputSparkTest {
    static final String[] FEATURE_MAPS = {"complex-exponential", "geometric", "geometric-plus", "gerf", "hyperbolic",
        "oprf", "poisson", "poisson-plus", "positive", "trigonometric"};
    static final String[] COUPLINGS = {"givens", "halton", "iid", "orthogonal", "orthogonal-hd", "simplex",
        "simplex-hd", "simplex-plus"};

    static SparkSession spark;
    static double[][] x;
    static Dataset<Row> df;

    @BeforeAll
    static void data() {
        spark = SparkTestSupport.session();
        x = SparkTestSupport.gaussianRows(90, 4, 0.4, 17);
        df = SparkTestSupport.frame(spark, x, null, 3).cache();
    }

    static String config(String kernel, String coupling, String features, String extra) {
        return "{\"kernel\": " + kernel + ", \"estimator\": {\"id\": \"random-features\", \"coupling\": {\"id\": \""
                + coupling + "\"}, \"features\": {\"id\": \"" + features + "\"}" + extra + ", \"m\": 8}, \"seed\": 5}";
    }

    static Stream<String> configs() {
        List<String> c = new ArrayList<>();
        for (String f : FEATURE_MAPS) {
            c.add(config("{\"id\": \"gaussian\", \"sigma\": 1.2}", "iid", f, ""));
        }
        c.add(config("{\"id\": \"softmax\"}", "orthogonal", "oprf", ""));
        for (String k : COUPLINGS) {
            c.add(config("{\"id\": \"gaussian\", \"sigma\": 0.8}", k, "positive", ""));
        }
        c.add(config("{\"id\": \"softmax\"}", "iid", "positive", ", \"sampling\": {\"id\": \"optimal\"}"));
        c.add(config("{\"id\": \"gaussian\", \"sigma\": 1.0}", "iid", "trigonometric", ", \"sampling\": {\"id\": \"standard\"}"));
        c.add("{\"kernel\": {\"id\": \"gaussian\", \"sigma\": 1.0}, \"estimator\": {\"id\": \"hybrid\", \"base\": ["
                + "{\"id\": \"random-features\", \"features\": {\"id\": \"hyperbolic\"}, \"m\": 8},"
                + "{\"id\": \"random-features\", \"features\": {\"id\": \"trigonometric\"}, \"m\": 8}],"
                + "\"lambdas\": [{\"id\": \"angular\", \"n\": 8}], \"shareProjections\": false}, \"seed\": 3}");
        c.add("{\"kernel\": {\"id\": \"softmax\"}, \"estimator\": {\"id\": \"clustering-hybrid\"}, \"seed\": 3}");
        return c.stream();
    }

    @ParameterizedTest
    @MethodSource("configs")
    void everyMechanismGivesTheOneJvmFeaturesOnBothSides(String json) {
        RandomFeaturesModel model = new RandomFeatures().setConfig(json).fit(df);
        assertThat(model.getOrDefault(model.fitSample())).as("the model ships only its fitted config, no data sample")
                .isEmpty();
        RandomFeatureMap oneJvm = model.featureMap();
        assertThat(Arrays.deepEquals(RandomFeaturesSparkTest.features(model.transform(df), "rf"), oneJvm.transform(x)))
                .as("query side").isTrue();
        assertThat(Arrays.deepEquals(RandomFeaturesSparkTest.features(model.keyTransform(df), "rf"),
                oneJvm.transformKeys(x))).as("key side").isTrue();
    }

    @Test
    void theKeySideDiffersForAnAsymmetricMap() {
        RandomFeaturesModel model = new RandomFeatures()
                .setConfig(config("{\"id\": \"gaussian\", \"sigma\": 1.0}", "iid", "complex-exponential", "")).fit(df);
        double[][] q = RandomFeaturesSparkTest.features(model.transform(df), "rf");
        double[][] k = RandomFeaturesSparkTest.features(model.setSide("key").transform(df), "rf");
        assertThat(Arrays.deepEquals(q, k)).isFalse();
        // The pairing φq(x)ᵀφk(y) is the map's estimate.
        double dot = 0;
        for (int j = 0; j < q[0].length; j++) {
            dot += q[0][j] * k[1][j];
        }
        assertThat(dot).isCloseTo(model.featureMap().estimate(x[0], x[1]), org.assertj.core.data.Offset.offset(1e-12));
    }

    // ------------------------------------------------------------------ bad input

    @Test
    void badConfigsFailInSetConfigNamingTheKey() {
        RandomFeatures rf = new RandomFeatures();
        assertThatThrownBy(() -> rf.setConfig("{\"kernel\": {\"id\": \"gaussian\""))
                .isInstanceOf(ConfigException.class).hasMessageContaining("malformed JSON");
        assertThatThrownBy(() -> rf.setConfig(config("{\"id\": \"gaussian\", \"sigma\": 1}", "iid", "fourier", "")))
                .isInstanceOf(RfException.class).hasMessageContaining("estimator.features").hasMessageContaining("fourier")
                .hasMessageContaining("trigonometric");
        assertThatThrownBy(() -> rf.setConfig(config("{\"id\": \"gaussian\", \"sigma\": -1}", "iid", "positive", "")))
                .isInstanceOf(RfException.class).hasMessageContaining("sigma");
        assertThatThrownBy(() -> rf.setConfig("{\"kernel\": {\"id\": \"laplace\"}}"))
                .isInstanceOf(RfException.class).hasMessageContaining("laplace");
        assertThatThrownBy(() -> rf.setFitSampleRows(0)).isInstanceOf(InvalidParameterException.class)
                .hasMessageContaining("fitSampleRows");
        assertThatThrownBy(() -> rf.setSide("sideways")).isInstanceOf(InvalidParameterException.class)
                .hasMessageContaining("side").hasMessageContaining("sideways");
        assertThat(rf.getConfig()).isEqualTo(RandomFeatures.DEFAULT_CONFIG);
    }

    @Test
    void schemaErrorsNameTheColumn() {
        assertThatThrownBy(() -> new RandomFeatures().setInputCol("label").fit(df))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("'label'")
                .hasMessageContaining("Vector").hasMessageContaining("double");
        assertThatThrownBy(() -> new RandomFeatures().setInputCol("nope").fit(df))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("nope");
        assertThatThrownBy(() -> new RandomFeatures().setOutputCol("id").fit(df))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("outputCol");

        // A column whose metadata records its size (VectorAssembler's) is checked before any row is read.
        RandomFeaturesModel model = new RandomFeatures().fit(df);
        List<Row> rows = List.of(org.apache.spark.sql.RowFactory.create(1.0, 2.0, 3.0));
        Dataset<Row> three = new VectorAssembler().setInputCols(new String[] {"a", "b", "c"}).setOutputCol("features")
                .transform(spark.createDataFrame(rows, new org.apache.spark.sql.types.StructType()
                        .add("a", "double").add("b", "double").add("c", "double")));
        assertThatThrownBy(() -> model.transform(three)).isInstanceOf(DimensionMismatchException.class)
                .hasMessageContaining("'features'").hasMessageContaining("size 3").hasMessageContaining("size 4");
    }

    @Test
    void badRowsFailNamingTheRowNeverASilentlyWrongRow() {
        RandomFeaturesModel model = new RandomFeatures().fit(df);
        double[][] bad = SparkTestSupport.gaussianRows(30, 4, 0.4, 3);
        bad[17] = new double[] {0.25, Double.NaN, 0.5, 0.75};
        assertThatThrownBy(() -> model.transform(SparkTestSupport.frame(spark, bad, null, 2)).collectAsList())
                .hasStackTraceContaining(InvalidInputException.class.getName())
                .hasStackTraceContaining("column 'features' has NaN at index 1 in row")
                .hasStackTraceContaining("[0.25,NaN,0.5,0.75]");

        double[][] wide = SparkTestSupport.gaussianRows(5, 5, 0.4, 3);
        assertThatThrownBy(() -> model.transform(SparkTestSupport.frame(spark, wide, null, 1)).collectAsList())
                .hasStackTraceContaining(DimensionMismatchException.class.getName())
                .hasStackTraceContaining("vector of size 5").hasStackTraceContaining("fitted for size 4");

        double[][] holes = SparkTestSupport.gaussianRows(5, 4, 0.4, 3);
        holes[2] = null;
        assertThatThrownBy(() -> model.transform(SparkTestSupport.frame(spark, holes, null, 1)).collectAsList())
                .hasStackTraceContaining("column 'features' is null in row");

        double[][] inf = SparkTestSupport.gaussianRows(5, 4, 0.4, 3);
        inf[4][0] = Double.POSITIVE_INFINITY;
        assertThatThrownBy(() -> new RandomFeatures().fit(SparkTestSupport.frame(spark, inf, null, 1)))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("Infinity")
                .hasMessageContaining("fit-sample row");

        assertThatThrownBy(() -> new RandomFeatures().fit(df.limit(0)))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("no rows");
    }

    /**
     * A row whose features all underflow (norm 400 with σ = 1) fails the job naming the column, the row and
     * its norm, as the front door refuses it; a config that allows degenerate rows ships the switch to the
     * executors in its fitted config and writes the zeros.
     */
    @Test
    void aRowWithDegenerateFeaturesFailsLikeAnOverflowingRow() {
        String sigma1 = config("{\"id\": \"gaussian\", \"sigma\": 1.0}", "iid", "positive", "");
        double[][] far = SparkTestSupport.gaussianRows(12, 4, 0.4, 3);
        far[9] = new double[] {400, 0, 0, 0};
        Dataset<Row> frame = SparkTestSupport.frame(spark, far, null, 2);
        RandomFeaturesModel model = new RandomFeatures().setConfig(sigma1).fit(df);
        assertThatThrownBy(() -> model.transform(frame).collectAsList())
                .hasStackTraceContaining(InvalidInputException.class.getName())
                .hasStackTraceContaining("column 'features' in row")
                .hasStackTraceContaining("its norm 400.0 in kernel coordinates")
                .hasStackTraceContaining("underflow");
        String allowed = sigma1.substring(0, sigma1.length() - 1) + ", \"allowDegenerateRows\": true}";
        List<Row> rows = new RandomFeatures().setConfig(allowed).fit(df).transform(frame).collectAsList();
        assertThat(rows).hasSize(12);
    }
}
