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

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.apache.spark.ml.linalg.SQLDataTypes;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;
import org.rf4j.RandomFeatureMap;
import org.rf4j.api.Matrix;
import org.rf4j.api.SparseMatrix;
import org.rf4j.api.mechanism.GeneratedProjection;
import org.rf4j.api.mechanism.DrawnProjectionFeatures;

/**
 * {@code SparseVector} columns through the stage: mapped from their stored entries with the front
 * door's sparse path (the same bits as {@code RandomFeatureMap.transform(SparseMatrix)} and as the
 * dense rows), bad entries named as for dense vectors, and a 2¹⁸-wide column in bounded memory.
 */
class SparseSparkTest {
    static final StructType SCHEMA = new StructType()
            .add("id", DataTypes.IntegerType, false)
            .add("features", SQLDataTypes.VectorType(), true);

    static String trig(int m) {
        return "{\"kernel\": {\"id\": \"gaussian\", \"sigma\": 1.4}, \"estimator\": {\"id\": \"random-features\","
                + " \"features\": {\"id\": \"trigonometric\"}, \"m\": " + m + "}, \"seed\": 21}";
    }

    /** n sparse rows of width d, about nnz stored entries each; every fifth row a dense vector. */
    static SparseMatrix rows(int n, int d, int nnz, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        SparseMatrix.Builder b = SparseMatrix.builder(d);
        for (int i = 0; i < n; i++) {
            int[] cols = r.ints(nnz, 0, d).distinct().sorted().toArray();
            double[] vals = new double[cols.length];
            for (int k = 0; k < vals.length; k++) {
                vals[k] = r.nextDouble(-1, 1);
            }
            b.addRow(cols, vals);
        }
        return b.build();
    }

    static Dataset<Row> frame(SparkSession spark, SparseMatrix x, boolean mixDense, int partitions) {
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < x.rows(); i++) {
            int from = x.rowStart(i);
            int[] cols = new int[x.rowEnd(i) - from];
            double[] vals = new double[cols.length];
            for (int k = 0; k < cols.length; k++) {
                cols[k] = x.column(from + k);
                vals[k] = x.value(from + k);
            }
            Vector v = Vectors.sparse(x.cols(), cols, vals);
            rows.add(RowFactory.create(i, mixDense && i % 5 == 0 ? v.toDense() : v));
        }
        return spark.createDataFrame(rows, SCHEMA).repartition(partitions);
    }

    /** The output column's rows in id order, as one matrix. */
    static Matrix features(Dataset<Row> out, String col, int n, int width) {
        List<Row> rows = new ArrayList<>(out.select("id", col).collectAsList());
        rows.sort(Comparator.comparingInt(r -> r.getInt(0)));
        Matrix m = Matrix.zeros(n, width);
        for (Row r : rows) {
            double[] f = ((Vector) r.get(1)).toArray();
            System.arraycopy(f, 0, m.data(), r.getInt(0) * width, width);
        }
        return m;
    }

    @Test
    void sparseAndMixedColumnsHaveTheFrontDoorsBitsWhateverTheBlockSize() {
        SparkSession spark = SparkTestSupport.session();
        SparseMatrix x = rows(300, 40, 6, 3);
        Dataset<Row> df = frame(spark, x, true, 3);
        RandomFeaturesModel model = new RandomFeatures().setConfig(trig(16)).fit(df);
        RandomFeatureMap phi = model.featureMap();
        Matrix expected = phi.transform(x);
        assertThat(expected).isEqualTo(phi.transform(x.toDense()));
        for (int block : new int[] {1, 7, 1024}) {
            Dataset<Row> out = model.copy(new org.apache.spark.ml.param.ParamMap()).setBlockRows(block).transform(df);
            assertThat(features(out, model.getOutputCol(), 300, phi.outputDimension())).as("block " + block)
                    .isEqualTo(expected);
        }
        Matrix keys = features(model.keyTransform(df), model.getOutputCol(), 300, phi.outputDimension());
        assertThat(keys).isEqualTo(phi.transformKeys(x));
    }

    @Test
    void aWideColumnGetsAGeneratedProjectionWithTheFrontDoorsBits() {
        SparkSession spark = SparkTestSupport.session();
        int d = 1 << 18;
        SparseMatrix x = rows(200, d, 25, 8);
        Dataset<Row> df = frame(spark, x, false, 2);
        RandomFeaturesModel model = new RandomFeatures().setConfig(trig(256)).fit(df);
        RandomFeatureMap phi = model.featureMap();
        assertThat(((DrawnProjectionFeatures) phi.drawn().features()).projection())
                .isInstanceOf(GeneratedProjection.class);
        assertThat(features(model.transform(df), model.getOutputCol(), 200, phi.outputDimension()))
                .isEqualTo(phi.transform(x));
    }

    @Test
    void aNonFiniteStoredEntryIsNamedAsForDenseVectors() {
        SparkSession spark = SparkTestSupport.session();
        List<Row> rows = List.of(RowFactory.create(0, Vectors.sparse(6, new int[] {1, 4}, new double[] {1, Double.NaN})));
        Dataset<Row> df = spark.createDataFrame(rows, SCHEMA).coalesce(1);
        RandomFeaturesModel model = new RandomFeatures().setConfig(trig(4)).fit(
                spark.createDataFrame(List.of(RowFactory.create(0, Vectors.dense(new double[6]))), SCHEMA));
        assertThatThrownBy(() -> model.transform(df).collectAsList())
                .hasStackTraceContaining("column 'features' has NaN at index 4 in row 0 of partition 0");
    }

    /**
     * A 2¹⁸-wide column of 8,000 sparse rows (default block of 1,024 rows) transforms in a local[2]
     * JVM with a 600 MiB heap: the dense route would need a 2 GiB block buffer per task and the
     * 256 × 2¹⁸ projection 512 MiB (run in a child JVM, so the heap limit is its own).
     */
    @Test
    void aWideSparseColumnTransformsInBoundedMemory() throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(ProcessHandle.current().info().command().orElse("java"));
        for (String a : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (a.startsWith("--add-") || a.startsWith("--enable-native-access") || a.startsWith("-XX:+Ignore")
                    || a.startsWith("-Dio.netty") || a.startsWith("-Djdk.reflect")) {
                cmd.add(a);
            }
        }
        cmd.add("-Xmx600m");
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(SparseWideMain.class.getName());
        cmd.add("8000");
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        byte[] out = p.getInputStream().readAllBytes();
        assertThat(p.waitFor(10, TimeUnit.MINUTES)).isTrue();
        String text = new String(out, StandardCharsets.UTF_8);
        assertThat(p.exitValue()).as(text.length() > 4000 ? text.substring(text.length() - 4000) : text).isZero();
        assertThat(text).contains("rows=8000 features=512");
    }
}
