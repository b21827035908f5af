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

import java.io.File;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.spark.api.java.function.MapPartitionsFunction;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;

/**
 * Child JVMs for the tests that need Spark (or rf4j) to start from nothing: the test's own class
 * path, the JDK running the test, Spark's JDK 17 module options as this JVM got them (the module's
 * surefire/failsafe argLine), and a heap limit. Plus an order-free hash of a feature column.
 */
final class Jvms {
    private Jvms() {
    }

    /** The test's class path (surefire/failsafe's, not the booter JAR's). */
    static String classPath() {
        return System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    }

    static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** The options Spark's launcher passes on JDK 17+, as given to this JVM (no heap, no agents). */
    static List<String> sparkJavaOptions() {
        return ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
                .filter(a -> a.startsWith("--add-opens") || a.startsWith("--add-modules")
                        || a.startsWith("--enable-native-access") || a.equals("-XX:+IgnoreUnrecognizedVMOptions")
                        || a.startsWith("-Djdk.reflect") || a.startsWith("-Dio.netty"))
                .collect(Collectors.toList());
    }

    /** {@code java -Xmx<heap> <Spark's options> -cp <classPath> main args...}. */
    static List<String> command(String heap, String classPath, String main, String... args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(java());
        cmd.add("-Xmx" + heap);
        cmd.addAll(sparkJavaOptions());
        cmd.add("-cp");
        cmd.add(classPath);
        cmd.add(main);
        cmd.addAll(List.of(args));
        return cmd;
    }

    static String path(List<String> entries) {
        return String.join(File.pathSeparator, entries);
    }

    /**
     * One row's contribution to a column's hash: every bit of its features, and its id. Summed over
     * rows, so the total is the same whatever the partitioning and row order.
     */
    static long rowHash(long id, double[] features) {
        long h = mix(id + 0x9E3779B97F4A7C15L);
        for (double v : features) {
            h = mix(h ^ Double.doubleToRawLongBits(v));
        }
        return mix(h ^ features.length);
    }

    /** The sum of {@link #rowHash} over rows whose id is their index. */
    static long hash(double[][] features) {
        long sum = 0;
        for (int i = 0; i < features.length; i++) {
            sum += rowHash(i, features[i]);
        }
        return sum;
    }

    /**
     * The sum of {@link #rowHash} over a frame's rows, from its {@code id} (int or long) and vector
     * columns, computed by a Dataset job (a Spark SQL task, under the session class loader, as a
     * user's transform runs; an RDD job would run under the executor's plain loader instead).
     */
    static long hash(Dataset<Row> frame, String column) {
        return hash(frame, column, 0);
    }

    /** {@link #hash(Dataset, String)} with a pause of {@code pauseMillis} in each task (to slow a job down). */
    static long hash(Dataset<Row> frame, String column, long pauseMillis) {
        Dataset<Long> sums = frame.select("id", column).mapPartitions((MapPartitionsFunction<Row, Long>) rows -> {
            Thread.sleep(pauseMillis);
            long sum = 0;
            while (rows.hasNext()) {
                Row r = rows.next();
                sum += rowHash(((Number) r.get(0)).longValue(), ((Vector) r.get(1)).toArray());
            }
            return List.of(sum).iterator();
        }, Encoders.LONG());
        return sums.collectAsList().stream().mapToLong(Long::longValue).sum();
    }

    /** SplitMix64's finaliser. */
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
