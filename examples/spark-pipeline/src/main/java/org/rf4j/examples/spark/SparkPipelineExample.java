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
package org.rf4j.examples.spark;

import java.nio.file.Files;
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
import org.rf4j.spark.RandomFeatures;
import org.rf4j.spark.RandomFeaturesModel;

/**
 * assembler → rf4j random features → logistic regression on a CSV (numeric feature columns, the
 * last column the 0/1 label), beside the same pipeline without rf4j.
 *
 * <pre>
 * SparkPipelineExample [data.csv] [config.json]
 * </pre>
 */
public final class SparkPipelineExample {
    static final String CONFIG = "{\"kernel\": {\"id\": \"gaussian\", \"sigma\": 0.5},"
            + " \"estimator\": {\"id\": \"random-features\", \"coupling\": {\"id\": \"orthogonal\"},"
            + " \"features\": {\"id\": \"trigonometric\"}, \"m\": 128}, \"seed\": 42}";

    public static void main(String[] args) throws Exception {
        String data = args.length > 0 ? args[0] : "data/circles.csv";
        String config = args.length > 1 ? Files.readString(Path.of(args[1])) : CONFIG;
        SparkSession spark = SparkSession.builder().appName("rf4j-spark-pipeline").getOrCreate();
        spark.sparkContext().setLogLevel("WARN");

        Dataset<Row> all = spark.read().option("header", "true").option("inferSchema", "true").csv(data);
        String[] columns = all.columns();
        String label = columns[columns.length - 1];
        String[] inputs = Arrays.copyOf(columns, columns.length - 1);
        all = all.withColumn("label", all.col(label).cast("double"));
        Dataset<Row>[] split = all.randomSplit(new double[] {0.7, 0.3}, 7);
        Dataset<Row> train = split[0];
        Dataset<Row> test = split[1];

        VectorAssembler assembler = new VectorAssembler().setInputCols(inputs).setOutputCol("features");
        RandomFeatures rf = new RandomFeatures()
                .setInputCol("features")
                .setOutputCol("rf")
                .setConfig(config)
                .setFitSampleRows(100_000);
        PipelineModel withRf = new Pipeline().setStages(new PipelineStage[] {assembler, rf,
            new LogisticRegression().setFeaturesCol("rf")}).fit(train);
        PipelineModel linear = new Pipeline().setStages(new PipelineStage[] {assembler,
            new LogisticRegression().setFeaturesCol("features")}).fit(train);

        MulticlassClassificationEvaluator accuracy = new MulticlassClassificationEvaluator().setMetricName("accuracy");
        System.out.printf("data %s: %d training rows, %d test rows%n", data, train.count(), test.count());
        System.out.printf("test accuracy, logistic regression on the raw columns:   %.3f%n",
                accuracy.evaluate(linear.transform(test)));
        System.out.printf("test accuracy, logistic regression on rf4j's features: %.3f%n",
                accuracy.evaluate(withRf.transform(test)));

        // Save and reload the whole pipeline; the reloaded rf4j stage gives the same features.
        Path dir = Files.createTempDirectory("rf4j-spark-pipeline");
        withRf.write().overwrite().save(dir.toString());
        PipelineModel reloaded = PipelineModel.load(dir.toString());
        List<Row> before = withRf.transform(test).select("rf").collectAsList();
        List<Row> after = reloaded.transform(test).select("rf").collectAsList();
        System.out.printf("saved to %s and reloaded: same features: %s%n", dir, before.equals(after));

        // The features equal rf4j's own (one JVM, no Spark) for the fitted config.
        RandomFeaturesModel stage = (RandomFeaturesModel) withRf.stages()[1];
        Row first = assembler.transform(test).select("features").first();
        double[] x = ((Vector) first.get(0)).toArray();
        double[] oneJvm = org.rf4j.RandomFeatures.fromConfig(stage.getFittedConfig()).fit().transform(new double[][] {x})[0];
        System.out.printf("first test row's features equal RandomFeatureMap.transform: %s%n",
                Arrays.equals(oneJvm, ((Vector) before.get(0).get(0)).toArray()));
        System.out.println("fitted config (rf4j transform --config accepts it):");
        System.out.println(stage.getFittedConfig());
        spark.stop();
    }
}
