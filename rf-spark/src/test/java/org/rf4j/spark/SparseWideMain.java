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

import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;

/**
 * Child JVM of {@link SparseSparkTest#aWideSparseColumnTransformsInBoundedMemory}: n sparse rows of
 * width 2¹⁸ (30 entries each, made on the executors), fitted and transformed in local[2] into the
 * every output row visited; prints the rows with features and the feature width.
 */
public final class SparseWideMain {
    private SparseWideMain() {
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        SparkSession spark = SparkSession.builder().master("local[2]").appName("rf4j-sparse-wide")
                .config("spark.ui.enabled", "false").config("spark.ui.showConsoleProgress", "false")
                .config("spark.driver.host", "127.0.0.1").config("spark.driver.bindAddress", "127.0.0.1")
                .getOrCreate();
        spark.udf().register("hashed", (Integer id) -> {
            java.util.SplittableRandom r = new java.util.SplittableRandom(id);
            int[] cols = r.ints(30, 0, 1 << 18).distinct().sorted().toArray();
            double[] vals = new double[cols.length];
            for (int k = 0; k < vals.length; k++) {
                vals[k] = r.nextDouble();
            }
            return org.apache.spark.ml.linalg.Vectors.sparse(1 << 18, cols, vals);
        }, org.apache.spark.ml.linalg.SQLDataTypes.VectorType());
        Dataset<Row> df = spark.range(n).repartition(2)
                .select(functions.col("id").cast("int").as("id"))
                .withColumn("features", functions.callUDF("hashed", functions.col("id")));
        RandomFeaturesModel model = new RandomFeatures().setConfig(SparseSparkTest.trig(256)).fit(df);
        org.apache.spark.util.LongAccumulator rows = spark.sparkContext().longAccumulator("rows");
        Dataset<Row> out = model.transform(df);
        out.foreachPartition((org.apache.spark.api.java.function.ForeachPartitionFunction<Row>) it -> {
            while (it.hasNext()) {
                if (((org.apache.spark.ml.linalg.Vector) it.next().getAs("rf")).size() > 0) {
                    rows.add(1);
                }
            }
        });
        System.out.println("rows=" + rows.value() + " features=" + model.getOutputDimension());
        spark.stop();
    }
}
