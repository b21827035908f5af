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

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.apache.spark.ml.Pipeline;
import org.apache.spark.ml.PipelineModel;
import org.apache.spark.ml.PipelineStage;
import org.apache.spark.ml.classification.LogisticRegression;
import org.apache.spark.ml.evaluation.MulticlassClassificationEvaluator;
import org.apache.spark.ml.feature.VectorAssembler;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.rf4j.RandomFeatureMap;

/** The stage end to end in local[2]: fit, transform, persistence, pipelines, same bits as one JVM. */
class RandomFeaturesSparkTest {
    static final String OPRF = "{\"kernel\": {\"id\": \"gaussian\", \"sigma\": 1.5}, \"estimator\": {\"id\": "
            + "\"random-features\", \"coupling\": {\"id\": \"orthogonal\"}, \"features\": {\"id\": \"oprf\"}, \"m\": 16},"
            + " \"seed\": 7}";
    static final String TRIG = "{\"kernel\": {\"id\": \"gaussian\", \"sigma\": 0.5}, \"estimator\": {\"id\": "
            + "\"random-features\", \"coupling\": {\"id\": \"orthogonal\"}, \"features\": {\"id\": \"trigonometric\"},"
            + " \"m\": 128}, \"seed\": 3}";

    static SparkSession spark;

    @BeforeAll
    static void startSpark() {
        spark = SparkTestSupport.session();
    }

    /** The output column's vectors, indexed by the id column (no sort: no shuffle). */
    static double[][] features(Dataset<Row> out, String column) {
        List<Row> rows = out.select("id", column).collectAsList();
        double[][] z = new double[rows.size()][];
        for (Row r : rows) {
            z[r.getInt(0)] = ((Vector) r.get(1)).toArray();
        }
        return z;
    }

    @ParameterizedTest(name = "{0} partitions")
    @ValueSource(ints = {1, 2, 7})
    void featuresAreBitIdenticalToOneJvmWhateverThePartitioning(int partitions) {
        double[][] x = SparkTestSupport.gaussianRows(300, 5, 0.4, 11);
        Dataset<Row> df = SparkTestSupport.frame(spark, x, null, partitions);
        // blockRows 17: blocks straddle partition ends and leave partial blocks.
        RandomFeaturesModel model = new RandomFeatures().setConfig(OPRF).setBlockRows(17).fit(df);
        double[][] spark = features(model.transform(df), "rf");
        RandomFeatureMap oneJvm = model.featureMap();
        assertThat(spark).hasNumberOfRows(300);
        assertThat(spark[0]).hasSize(oneJvm.outputDimension());
        assertThat(Arrays.deepEquals(spark, oneJvm.transform(x))).isTrue();
    }

    @Test
    void aDataFreeModelShipsOnlyItsFittedConfigWhichRebuildsTheSameFeatures() {
        double[][] x = SparkTestSupport.gaussianRows(120, 4, 0.5, 5);
        Dataset<Row> df = SparkTestSupport.frame(spark, x, null, 3);
        RandomFeaturesModel model = new RandomFeatures().setConfig(TRIG).fit(df);
        assertThat(model.getOrDefault(model.fitSample())).isEmpty();
        RandomFeatureMap fromConfig = org.rf4j.RandomFeatures.fromConfig(model.getFittedConfig()).fit();
        assertThat(Arrays.deepEquals(features(model.transform(df), "rf"), fromConfig.transform(x))).isTrue();
    }

    @Test
    void fitTransformAndPersistenceRoundTrip(@TempDir Path dir) throws Exception {
        double[][] x = SparkTestSupport.gaussianRows(200, 3, 0.5, 1);
        Dataset<Row> df = SparkTestSupport.frame(spark, x, null, 2);
        RandomFeatures rf = new RandomFeatures().setInputCol("features").setOutputCol("z").setConfig(OPRF)
                .setFitSampleRows(150);
        RandomFeaturesModel model = rf.fit(df);
        assertThat(model.uid()).isEqualTo(rf.uid());
        assertThat(model.parent()).isSameAs(rf);
        assertThat(model.getInputDimension()).isEqualTo(3);
        assertThat(model.getOutputDimension()).isEqualTo(model.featureMap().outputDimension());
        double[][] before = features(model.transform(df), "z");

        String path = dir.resolve("model").toString();
        model.write().overwrite().save(path);
        model.write().overwrite().save(path);
        RandomFeaturesModel loaded = RandomFeaturesModel.load(path);
        assertThat(loaded.uid()).isEqualTo(model.uid());
        assertThat(loaded.getFittedConfig()).isEqualTo(model.getFittedConfig());
        assertThat(loaded.getOutputCol()).isEqualTo("z");
        assertThat(Arrays.deepEquals(features(loaded.transform(df), "z"), before)).isTrue();

        String estimatorPath = dir.resolve("estimator").toString();
        rf.write().save(estimatorPath);
        RandomFeatures rf2 = RandomFeatures.load(estimatorPath);
        assertThat(rf2.getConfig()).isEqualTo(OPRF);
        assertThat(rf2.getFitSampleRows()).isEqualTo(150);
        assertThat(Arrays.deepEquals(features(rf2.fit(df).transform(df), "z"), before)).isTrue();

        RandomFeaturesModel copy = model.copy(new org.apache.spark.ml.param.ParamMap()).setOutputCol("w");
        assertThat(copy.getOutputCol()).isEqualTo("w");
        assertThat(model.getOutputCol()).isEqualTo("z");
        assertThat(copy.parent()).isSameAs(rf);
    }

    @Test
    void outputColumnCarriesItsSizeForDownstreamStages() {
        double[][] x = SparkTestSupport.gaussianRows(20, 3, 0.5, 2);
        Dataset<Row> df = SparkTestSupport.frame(spark, x, null, 2);
        RandomFeaturesModel model = new RandomFeatures().setConfig(TRIG).fit(df);
        Dataset<Row> out = model.transform(df);
        assertThat(org.apache.spark.ml.attribute.AttributeGroup.fromStructField(out.schema().apply("rf")).size())
                .isEqualTo(256);
        assertThat(Arrays.asList(out.columns())).containsExactly("id", "label", "features", "rf");
    }

    @Test
    void pipelineWithLogisticRegressionSeparatesConcentricCirclesAndPersists(@TempDir Path dir) throws Exception {
        double[] ytr = new double[400];
        double[] yte = new double[200];
        Dataset<Row> train = circlesFrame(SparkTestSupport.circles(400, 21, ytr), ytr);
        Dataset<Row> test = circlesFrame(SparkTestSupport.circles(200, 22, yte), yte);
        VectorAssembler assembler = new VectorAssembler().setInputCols(new String[] {"x0", "x1"})
                .setOutputCol("features");
        RandomFeatures rf = new RandomFeatures().setInputCol("features").setOutputCol("rf").setConfig(TRIG);
        LogisticRegression withRf = new LogisticRegression().setFeaturesCol("rf").setMaxIter(30);
        LogisticRegression linear = new LogisticRegression().setFeaturesCol("features").setMaxIter(10);

        PipelineModel rfModel = new Pipeline().setStages(new PipelineStage[] {assembler, rf, withRf}).fit(train);
        PipelineModel linModel = new Pipeline().setStages(new PipelineStage[] {assembler, linear}).fit(train);
        MulticlassClassificationEvaluator acc = new MulticlassClassificationEvaluator().setMetricName("accuracy");
        double rfAccuracy = acc.evaluate(rfModel.transform(test));
        double linearAccuracy = acc.evaluate(linModel.transform(test));
        // Radial noise 0.08 against a gap of 0.5: the Bayes accuracy is ~99.8%; no line does better than ~60%.
        assertThat(rfAccuracy).isGreaterThan(0.95);
        assertThat(linearAccuracy).isLessThan(0.7);

        String path = dir.resolve("pipeline").toString();
        rfModel.write().overwrite().save(path);
        PipelineModel reloaded = PipelineModel.load(path);
        assertThat(reloaded.stages()[1]).isInstanceOf(RandomFeaturesModel.class);
        List<Row> a = rfModel.transform(test).orderBy("id").select("rf", "prediction").collectAsList();
        List<Row> b = reloaded.transform(test).orderBy("id").select("rf", "prediction").collectAsList();
        assertThat(b).isEqualTo(a);

        String unfitted = dir.resolve("unfitted").toString();
        new Pipeline().setStages(new PipelineStage[] {assembler, rf, withRf}).write().save(unfitted);
        assertThat(Pipeline.load(unfitted).getStages()[1]).isInstanceOf(RandomFeatures.class);
    }

    private Dataset<Row> circlesFrame(double[][] x, double[] y) {
        List<Row> rows = new java.util.ArrayList<>();
        for (int i = 0; i < x.length; i++) {
            rows.add(org.apache.spark.sql.RowFactory.create(i, y[i], x[i][0], x[i][1]));
        }
        org.apache.spark.sql.types.StructType schema = new org.apache.spark.sql.types.StructType()
                .add("id", "int").add("label", "double").add("x0", "double").add("x1", "double");
        return spark.createDataFrame(rows, schema).repartition(2);
    }
}
