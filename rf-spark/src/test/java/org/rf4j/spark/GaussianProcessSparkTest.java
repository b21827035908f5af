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
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Path;
import java.util.List;
import java.util.ServiceLoader;
import java.util.SplittableRandom;
import java.util.stream.Collectors;
import org.apache.spark.ml.Estimator;
import org.apache.spark.ml.Transformer;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rf4j.api.InvalidInputException;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Matrix;
import org.rf4j.learn.GaussianProcess;

/** The Gaussian process as Spark ML stages: an exact distributed fit, predictions with intervals, persistence. */
class GaussianProcessSparkTest {
    private static final String TRIG = "{\"kernel\": {\"id\": \"gaussian\", \"sigma\": 1.0}, \"estimator\": "
            + "{\"id\": \"random-features\", \"coupling\": {\"id\": \"orthogonal\"}, \"features\": {\"id\": "
            + "\"trigonometric\"}, \"m\": 32}, \"seed\": 7}";

    private final SparkSession spark = SparkTestSupport.session();

    private static double[][] x(int n, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        double[][] x = new double[n][2];
        for (double[] row : x) {
            row[0] = -2 + 4 * r.nextDouble();
            row[1] = 10 + 5 * r.nextDouble();
        }
        return x;
    }

    private static double[] y(double[][] x, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        double[] y = new double[x.length];
        for (int i = 0; i < y.length; i++) {
            y[i] = 5 + Math.sin(2 * x[i][0]) + 0.1 * x[i][1] + 0.2 * (r.nextDouble() - 0.5);
        }
        return y;
    }

    /**
     * 1, 3 and 7 partitions (the rows reordered by each repartition) and blocks of 64 rows give
     * the same model bit for bit, s² and τ² searched. The length scale is fixed to keep the test
     * at one pass per fit: its search repeats the same pass per candidate scale, so a pass that
     * is identical makes the search identical (the search itself runs in the interval test).
     */
    @Test
    void thePosteriorIsBitIdenticalForAnyPartitioning() {
        double[][] x = x(300, 1);
        double[] y = y(x, 2);
        String first = null;
        for (int partitions : new int[] {1, 3, 7}) {
            GaussianProcessModel model = new GaussianProcessRegressor().setConfig(TRIG).setBlockRows(64)
                    .setLengthScale(0.7).fit(SparkTestSupport.frame(spark, x, y, partitions));
            String json = model.gaussianProcess().toJson();
            if (first == null) {
                first = json;
            } else {
                assertThat(json).as("%d partitions", partitions).isEqualTo(first);
            }
        }
    }

    /**
     * With the length scale, s² and τ² fixed, the distributed fit is rf4j's in-memory fit up to the
     * summation order (the standardisation by Welford/Chan against two passes, the Gram matrix by
     * blocks): predictive means and variances to 1e-9 relative.
     */
    @Test
    void withFixedHyperparametersItIsTheInMemoryFit() {
        double[][] x = x(200, 3);
        double[] y = y(x, 4);
        GaussianProcessModel model = new GaussianProcessRegressor().setConfig(TRIG).setLengthScale(0.6)
                .setVariances(0.5, 0.01).setBlockRows(50).fit(SparkTestSupport.frame(spark, x, y, 3));
        GaussianProcess memory = GaussianProcess.fit(org.rf4j.RandomFeatures.fromConfig(TRIG), Matrix.of(x), y,
                GaussianProcess.Options.defaults().withLengthScale(0.6).withVariances(0.5, 0.01));
        Matrix at = Matrix.of(x(20, 5));
        GaussianProcess.Prediction p = memory.predict(at);
        GaussianProcess.Prediction q = model.gaussianProcess().predict(at);
        for (int i = 0; i < 20; i++) {
            assertThat(q.mean()[i]).isCloseTo(p.mean()[i], within(1e-9 * Math.abs(p.mean()[i])));
            assertThat(q.predictiveVariance()[i]).isCloseTo(p.predictiveVariance()[i],
                    within(1e-9 * p.predictiveVariance()[i]));
        }
        assertThat(model.gaussianProcess().lengthScale()).isEqualTo(0.6);
        assertThat(model.gaussianProcess().noiseVariance()).isCloseTo(0.01, within(1e-15));
    }

    /**
     * The transformer writes the GP's own predictions bit for bit, with the 95% interval as
     * mean ∓ 1.959964·std; a saved model loads and predicts the same, and its data holds the rf4j
     * model file that GaussianProcess.load reads.
     */
    @Test
    void predictsMeanStdAndIntervalsAndSavesAndLoads(@TempDir Path dir) throws Exception {
        double[][] x = x(150, 6);
        double[] y = y(x, 7);
        Dataset<Row> df = SparkTestSupport.frame(spark, x, y, 2);
        GaussianProcessModel model = new GaussianProcessRegressor().setConfig(TRIG).setIntervalLevel(0.95).fit(df);
        assertThat(model.gaussianProcess().path()).hasSizeGreaterThan(13);
        List<Row> rows = model.transform(df).orderBy("id").collectAsList();
        GaussianProcess.Prediction p = model.gaussianProcess().predict(Matrix.of(x));
        double[] sd = p.std();
        for (int i = 0; i < x.length; i++) {
            Row r = rows.get(i);
            assertThat(r.getDouble(r.fieldIndex("prediction"))).isEqualTo(p.mean()[i]);
            assertThat(r.getDouble(r.fieldIndex("std"))).isEqualTo(sd[i]);
            assertThat(r.getDouble(r.fieldIndex("lower"))).isCloseTo(p.mean()[i] - 1.959964 * sd[i], within(1e-5 * sd[i]));
            assertThat(r.getDouble(r.fieldIndex("upper"))).isCloseTo(p.mean()[i] + 1.959964 * sd[i], within(1e-5 * sd[i]));
        }

        String path = dir.resolve("gp").toString();
        model.write().save(path);
        GaussianProcessModel loaded = GaussianProcessModel.load(path);
        assertThat(loaded.getIntervalLevel()).isEqualTo(0.95);
        assertThat(loaded.gaussianProcess().toJson()).isEqualTo(model.gaussianProcess().toJson());
        assertThat(loaded.transform(df).orderBy("id").collectAsList()).isEqualTo(rows);
        assertThat(GaussianProcess.load(dir.resolve("gp").resolve("data").resolve("gp-model.json")).toJson())
                .isEqualTo(model.gaussianProcess().toJson());
        assertThat(model.setIntervalLevel(0).transform(df).columns()).doesNotContain("lower", "upper");
    }

    @Test
    void badInputIsRefusedNamingTheColumnOrParam() {
        double[][] x = x(40, 8);
        double[] y = y(x, 9);
        double[] nan = y.clone();
        nan[13] = Double.NaN;
        assertThatThrownBy(() -> new GaussianProcessRegressor().setConfig(TRIG).fit(SparkTestSupport.frame(spark, x, nan, 2)))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("column 'label' is NaN");
        double[] constant = new double[x.length];
        java.util.Arrays.fill(constant, 3.0);
        assertThatThrownBy(() -> new GaussianProcessRegressor().setConfig(TRIG).fit(SparkTestSupport.frame(spark, x, constant, 2)))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("constant");
        double[][] bad = x.clone();
        bad[5] = new double[] {1, Double.POSITIVE_INFINITY};
        assertThatThrownBy(() -> new GaussianProcessRegressor().setConfig(TRIG).fit(SparkTestSupport.frame(spark, bad, y, 2)))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("column 'features' has Infinity at index 1");
        Dataset<Row> df = SparkTestSupport.frame(spark, x, y, 1);
        assertThatThrownBy(() -> new GaussianProcessRegressor().setLabelCol("nope").fit(df))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("labelCol");
        assertThatThrownBy(() -> new GaussianProcessRegressor().setPredictionCol("label").fit(df))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("predictionCol");
        assertThatThrownBy(() -> new GaussianProcessRegressor().setIntervalLevel(1))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("intervalLevel");
        assertThatThrownBy(() -> new GaussianProcessRegressor().setVariances(-1, 1))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("signalVariance");
        assertThatThrownBy(() -> new GaussianProcessRegressor().setFitSampleRows(1))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("fitSampleRows");
        assertThatThrownBy(() -> new GaussianProcessModel().gaussianProcess())
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("unfitted");
    }

    @Test
    void theStagesAreRegisteredForDiscovery() {
        @SuppressWarnings("rawtypes")
        List<String> estimators = ServiceLoader.load(Estimator.class).stream().map(p -> p.type().getName())
                .collect(Collectors.toList());
        @SuppressWarnings("rawtypes")
        List<String> transformers = ServiceLoader.load(Transformer.class).stream().map(p -> p.type().getName())
                .collect(Collectors.toList());
        assertThat(estimators).contains(GaussianProcessRegressor.class.getName());
        assertThat(transformers).contains(GaussianProcessModel.class.getName());
    }
}
