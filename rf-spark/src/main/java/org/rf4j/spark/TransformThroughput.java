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

import java.io.PrintStream;
import java.util.Arrays;
import java.util.Iterator;
import java.util.Locale;
import java.util.SplittableRandom;
import org.apache.spark.api.java.function.MapPartitionsFunction;
import org.apache.spark.ml.linalg.DenseVector;
import org.apache.spark.ml.linalg.SQLDataTypes;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.apiguardian.api.API;
import org.rf4j.RandomFeatureMap;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Matrix;
import org.rf4j.api.linalg.Parallelism;

/**
 * Measures the Spark stage's overhead on the cluster it runs on: rows/s of
 * {@link RandomFeaturesModel#transform} into Spark's {@code noop} sink, against one JVM's
 * {@link RandomFeatureMap#transform(Matrix, Matrix)} of the same rows and against Spark alone
 * emitting a vector column of the same width with no rf4j (the stage's per-row objects, zero
 * features), all in one run: a warm-up round, then {@code --rounds} rounds, min / median / max of
 * each. The stage's target is at most Spark alone + 1.2 × one JVM, judged on the medians.
 *
 * <p>The rows are Gaussian (fixed seed, each row a function of its id, so the same rows whatever
 * the partitioning), generated on the executors and cached before timing; the one-JVM reference
 * generates the same rows block by block on the driver and times only the map. Under
 * {@code spark-submit} the session is the application's (its master and executors); run directly,
 * the tool starts a {@code local[2]} session (or {@code --master}) and stops it at the end.
 *
 * <pre>
 * spark-submit --class org.rf4j.spark.TransformThroughput rf-spark_2.13-VERSION.jar [--rows 1000000]
 *     [--dimension 32] [--m 256] [--rounds 3] [--partitions P] [--threads 1] [--block-rows 1024]
 *     [--jvm-threads T] [--json]
 * </pre>
 *
 * Bad options exit with code 2 and one line naming the option, the value and what is allowed.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class TransformThroughput {
    private static final String NAME = "TransformThroughput";
    private static final String SEED_KEY = "rf4j-throughput";
    /** The input schema: a row id and the vector column. */
    private static final StructType INPUT = new StructType().add("id", DataTypes.LongType, false)
            .add("features", SQLDataTypes.VectorType(), false);
    /** Rows per one-JVM block (the stage's default block size). */
    private static final int JVM_BLOCK = RandomFeatures.DEFAULT_BLOCK_ROWS;

    private TransformThroughput() {
    }

    /** Runs the measurement and exits with its code (0 measured, 2 a bad option). */
    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** The measurement with its report on {@code out}; returns the exit code (0, or 2 for a bad option on {@code err}). */
    static int run(String[] args, PrintStream out, PrintStream err) {
        Options o;
        try {
            o = Options.parse(args);
        } catch (InvalidParameterException e) {
            err.println(NAME + ": " + e.getMessage());
            return 2;
        }
        if (o.help) {
            out.println(Options.USAGE);
            return 0;
        }
        boolean started = SparkSession.getDefaultSession().isEmpty() && SparkSession.getActiveSession().isEmpty();
        SparkSession.Builder builder = SparkSession.builder().appName(NAME);
        if (System.getProperty("spark.master") == null) {
            builder.master(o.master).config("spark.ui.enabled", "false");
        }
        SparkSession spark = builder.getOrCreate();
        try {
            Result r = measure(spark, o);
            out.println(o.json ? r.json() : r.table());
            return 0;
        } finally {
            if (started) {
                spark.stop();
            }
        }
    }

    /** Row {@code id} of the input: d Gaussians from a generator seeded by the row id. */
    static void row(long id, double[] into, int offset, int d) {
        SplittableRandom r = new SplittableRandom(id * 0x9e3779b97f4a7c15L + SEED_KEY.hashCode());
        for (int j = 0; j < d; j++) {
            into[offset + j] = gaussian(r);
        }
    }

    private static double gaussian(SplittableRandom r) {
        double u = r.nextDouble();
        double v = r.nextDouble();
        return Math.sqrt(-2 * Math.log1p(-u)) * Math.cos(2 * Math.PI * v);
    }

    private static Result measure(SparkSession spark, Options o) {
        int partitions = o.partitions > 0 ? o.partitions : spark.sparkContext().defaultParallelism();
        int jvmThreads = o.jvmThreads > 0 ? o.jvmThreads
                : Math.min(Runtime.getRuntime().availableProcessors(), spark.sparkContext().defaultParallelism());
        Dataset<Row> df = spark.range(0, o.rows, 1, partitions).toDF()
                .mapPartitions(new Appended(o.dimension, true), Encoders.row(INPUT)).cache();
        df.count();
        String config = "{\"kernel\": {\"id\": \"gaussian\", \"sigma\": 2.0}, \"estimator\": {\"id\": \"random-features\","
                + " \"coupling\": {\"id\": \"orthogonal\"}, \"features\": {\"id\": \"trigonometric\"}, \"m\": " + o.m
                + "}, \"seed\": 1}";
        RandomFeaturesModel model = new RandomFeatures().setConfig(config).fit(df).setThreads(o.threads)
                .setBlockRows(o.blockRows);
        RandomFeatureMap map = model.featureMap();
        int width = map.outputDimension();
        Dataset<Row> alone = df.mapPartitions(new Appended(width, false), Encoders.row(model.transformSchema(df.schema())));
        double[] stage = new double[o.rounds];
        double[] jvm = new double[o.rounds];
        double[] bare = new double[o.rounds];
        double sink = 0;
        for (int round = 0; round <= o.rounds; round++) {          // round 0 warms up
            long t0 = System.nanoTime();
            model.transform(df).write().format("noop").mode("overwrite").save();
            double s = (System.nanoTime() - t0) / 1e9;
            double[] j = new double[1];
            sink += oneJvm(map, o, jvmThreads, j);
            long t2 = System.nanoTime();
            alone.write().format("noop").mode("overwrite").save();
            double b = (System.nanoTime() - t2) / 1e9;
            if (round > 0) {
                stage[round - 1] = s;
                jvm[round - 1] = j[0];
                bare[round - 1] = b;
            }
        }
        df.unpersist();
        return new Result(o, partitions, jvmThreads, width, stage, jvm, bare, Double.isNaN(sink),
                spark.sparkContext().master());
    }

    /** One JVM: the same rows generated block by block, only the map timed (seconds into {@code time[0]}). */
    private static double oneJvm(RandomFeatureMap map, Options o, int threads, double[] time) {
        int d = o.dimension;
        double[] x = new double[JVM_BLOCK * d];
        Matrix out = null;
        double sink = 0;
        long spent = 0;
        try (Parallelism.Scope own = Parallelism.callerThreads(threads)) {
            for (long from = 0; from < o.rows; from += JVM_BLOCK) {
                int r = (int) Math.min(JVM_BLOCK, o.rows - from);
                for (int i = 0; i < r; i++) {
                    row(from + i, x, i * d, d);
                }
                Matrix block = Matrix.wrap(r, d, r == JVM_BLOCK ? x : Arrays.copyOf(x, r * d));
                long t = System.nanoTime();
                Matrix z = map.transform(block, r == JVM_BLOCK ? out : null);
                spent += System.nanoTime() - t;
                if (r == JVM_BLOCK) {
                    out = z;
                }
                sink += z.data()[0];
            }
        }
        time[0] = spent / 1e9;
        return sink;
    }

    /**
     * Each row plus a vector of {@code size}: the input's Gaussian row for the row's id (from a range),
     * or zeros (Spark alone), with the stage's per-row objects.
     */
    private static final class Appended implements MapPartitionsFunction<Row, Row> {
        private static final long serialVersionUID = 1L;
        private final int size;
        private final boolean input;

        Appended(int size, boolean input) {
            this.size = size;
            this.input = input;
        }

        @Override
        public Iterator<Row> call(Iterator<Row> rows) {
            return new Iterator<>() {
                @Override
                public boolean hasNext() {
                    return rows.hasNext();
                }

                @Override
                public Row next() {
                    Row r = rows.next();
                    Object[] values = new Object[r.length() + 1];
                    for (int j = 0; j < r.length(); j++) {
                        values[j] = r.get(j);
                    }
                    double[] v = new double[size];
                    if (input) {
                        row(r.getLong(0), v, 0, size);
                    }
                    values[r.length()] = new DenseVector(v);
                    return RowFactory.create(values);
                }
            };
        }
    }

    /** The command line. */
    static final class Options {
        static final String USAGE = "usage: " + NAME + " [--rows N (1000000)] [--dimension D (32)] [--m M (256)]"
                + " [--rounds R (3)] [--partitions P (Spark's default parallelism)] [--threads T (rf4j threads per"
                + " task, 1)] [--block-rows B (1024)] [--jvm-threads T (the one-JVM reference's threads: processors,"
                + " at most the default parallelism)] [--master URL (local[2]; ignored under spark-submit)] [--json]";
        long rows = 1_000_000;
        int dimension = 32;
        int m = 256;
        int rounds = 3;
        int partitions;
        int threads = 1;
        int blockRows = RandomFeatures.DEFAULT_BLOCK_ROWS;
        int jvmThreads;
        String master = "local[2]";
        boolean json;
        boolean help;

        static Options parse(String[] args) {
            Options o = new Options();
            for (int i = 0; i < args.length; i++) {
                String a = args[i];
                switch (a) {
                    case "--json" -> o.json = true;
                    case "--help", "-h" -> o.help = true;
                    case "--rows" -> o.rows = number(a, value(args, ++i, a), 1, Long.MAX_VALUE);
                    case "--dimension" -> o.dimension = (int) number(a, value(args, ++i, a), 1, 1 << 20);
                    case "--m" -> o.m = (int) number(a, value(args, ++i, a), 1, 1 << 16);
                    case "--rounds" -> o.rounds = (int) number(a, value(args, ++i, a), 1, 1000);
                    case "--partitions" -> o.partitions = (int) number(a, value(args, ++i, a), 1, 1 << 20);
                    case "--threads" -> o.threads = (int) number(a, value(args, ++i, a), 1, 4096);
                    case "--block-rows" -> o.blockRows = (int) number(a, value(args, ++i, a), 1, 1 << 20);
                    case "--jvm-threads" -> o.jvmThreads = (int) number(a, value(args, ++i, a), 1, 4096);
                    case "--master" -> o.master = value(args, ++i, a);
                    default -> throw new InvalidParameterException("option", a, "--rows, --dimension, --m, --rounds,"
                            + " --partitions, --threads, --block-rows, --jvm-threads, --master, --json, --help");
                }
            }
            return o;
        }

        private static String value(String[] args, int i, String option) {
            if (i >= args.length) {
                throw new InvalidParameterException(option, "needs a value");
            }
            return args[i];
        }

        private static long number(String option, String text, long min, long max) {
            long v;
            try {
                v = Long.parseLong(text.replace("_", ""));
            } catch (NumberFormatException e) {
                v = min - 1;
            }
            if (v < min || v > max) {
                throw new InvalidParameterException(option, text, "an integer from " + min + " to " + max);
            }
            return v;
        }
    }

    /** The three timings and their report. */
    private record Result(Options o, int partitions, int jvmThreads, int width, double[] stage, double[] jvm,
            double[] bare, boolean nan, String master) {
        Result {
            Arrays.sort(stage);
            Arrays.sort(jvm);
            Arrays.sort(bare);
        }

        double median(double[] a) {
            return a[a.length / 2];
        }

        double target() {
            return median(bare) + 1.2 * median(jvm);
        }

        boolean met() {
            return median(stage) <= target();
        }

        String table() {
            double s = median(stage);
            double j = median(jvm);
            double b = median(bare);
            return String.format(Locale.ROOT, "rf-spark transform throughput, %s, %d partitions: n=%d d=%d m=%d"
                    + " features=%d, median of %d rounds after a warm-up%n"
                    + "  stage model.transform -> noop: %.0f rows/s (%.3f s; min / median / max %s)%n"
                    + "  one JVM RandomFeatureMap.transform, %d threads, %d-row blocks: %.0f rows/s (%.3f s; %s)%n"
                    + "  Spark alone, same-width vector column, no rf4j -> noop: %.3f s (%s)%n"
                    + "  stage / one JVM %.2f; Spark alone / one JVM %.2f%n"
                    + "  target: stage <= Spark alone + 1.2 x one JVM = %.3f s: %s (stage / target %.2f)%n"
                    + "  rf4j threads per task %d; block rows %d; driver processors %d; load average %.1f%s",
                    master, partitions, o.rows, o.dimension, o.m, width, o.rounds, o.rows / s, s, spread(stage),
                    jvmThreads, JVM_BLOCK, o.rows / j, j, spread(jvm), b, spread(bare), s / j, b / j, target(),
                    met() ? "met" : "not met", s / target(), o.threads, o.blockRows,
                    Runtime.getRuntime().availableProcessors(), load(), nan ? "; NaN features!" : "");
        }

        String json() {
            return String.format(Locale.ROOT, "{\"master\": \"%s\", \"partitions\": %d, \"rows\": %d, \"dimension\": %d,"
                    + " \"m\": %d, \"features\": %d, \"rounds\": %d, \"threads\": %d, \"blockRows\": %d,"
                    + " \"jvmThreads\": %d, \"stageSeconds\": %s, \"oneJvmSeconds\": %s, \"sparkAloneSeconds\": %s,"
                    + " \"targetSeconds\": %.6f, \"met\": %b, \"loadAverage\": %.2f}",
                    master.replace("\\", "\\\\").replace("\"", "\\\""), partitions, o.rows, o.dimension, o.m, width,
                    o.rounds, o.threads, o.blockRows, jvmThreads, array(stage), array(jvm), array(bare), target(),
                    met(), load());
        }

        private static String spread(double[] sorted) {
            return String.format(Locale.ROOT, "%.3f / %.3f / %.3f", sorted[0], sorted[sorted.length / 2],
                    sorted[sorted.length - 1]);
        }

        private static String array(double[] a) {
            StringBuilder b = new StringBuilder("[");
            for (int i = 0; i < a.length; i++) {
                b.append(i == 0 ? "" : ", ").append(String.format(Locale.ROOT, "%.6f", a[i]));
            }
            return b.append(']').toString();
        }

        private static double load() {
            return java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
        }
    }
}
