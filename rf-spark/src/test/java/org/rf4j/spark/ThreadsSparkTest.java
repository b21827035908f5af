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
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;
import org.rf4j.api.InvalidParameterException;

/**
 * A Spark task maps with one rf4j thread unless the {@code threads} param raises it: rf4j's compute
 * pool ({@code rf4j-compute-*} threads) does no work for a task by default, however large its blocks.
 */
class ThreadsSparkTest {
    private static final String CONFIG = "{\"kernel\": {\"id\": \"gaussian\", \"sigma\": 1.0}, \"estimator\": {\"id\":"
            + " \"random-features\", \"coupling\": {\"id\": \"iid\"}, \"features\": {\"id\": \"trigonometric\"}, "
            + "\"m\": 256}, \"seed\": 5}";

    @Test
    void aTaskUsesOneRf4jThreadByDefaultAndTheThreadsParamRaisesIt() {
        // blocks of 4096 rows × d = 32 × m = 256: far above the work rf4j spreads over threads
        double[][] x = SparkTestSupport.gaussianRows(8192, 32, 0.3, 3);
        Dataset<Row> df = SparkTestSupport.frame(SparkTestSupport.session(), x, null, 1).cache();
        df.count();
        RandomFeaturesModel model = new RandomFeatures().setConfig(CONFIG).setBlockRows(4096).fit(df);
        assertThat(model.getThreads()).isEqualTo(1);
        double[][] expected = model.featureMap().transform(x);

        Map<Long, Long> before = poolCpu();
        double[][] serial = RandomFeaturesSparkTest.features(model.transform(df), "rf");
        assertThat(busyPoolThreads(before)).as("rf4j pool threads that worked for a task").isZero();
        assertThat(Arrays.deepEquals(serial, expected)).isTrue();

        assumeTrue(Runtime.getRuntime().availableProcessors() >= 2, "one processor: rf4j never spreads work");
        before = poolCpu();
        double[][] spread = RandomFeaturesSparkTest.features(model.copy(
                new org.apache.spark.ml.param.ParamMap()).setThreads(2).transform(df), "rf");
        assertThat(busyPoolThreads(before)).isPositive();
        assertThat(Arrays.deepEquals(spread, expected)).isTrue();
        df.unpersist();
    }

    @Test
    void threadsAreValidatedAndCopiedToTheModel() {
        assertThatThrownBy(() -> new RandomFeatures().setThreads(0)).isInstanceOf(InvalidParameterException.class)
                .hasMessageContaining("threads").hasMessageContaining("0").hasMessageContaining("1 to 4096");
        assertThatThrownBy(() -> new RandomFeaturesModel("m").setThreads(5000))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("5000");
        Dataset<Row> df = SparkTestSupport.frame(SparkTestSupport.session(),
                SparkTestSupport.gaussianRows(20, 3, 0.5, 1), null, 1);
        assertThat(new RandomFeatures().setThreads(3).fit(df).getThreads()).isEqualTo(3);
    }

    /** CPU time of each live rf4j pool thread, by thread id. */
    private static Map<Long, Long> poolCpu() {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        Map<Long, Long> cpu = new HashMap<>();
        for (ThreadInfo t : mx.dumpAllThreads(false, false)) {
            if (t.getThreadName().startsWith("rf4j-compute-")) {
                cpu.put(t.getThreadId(), mx.getThreadCpuTime(t.getThreadId()));
            }
        }
        return cpu;
    }

    /** Pool threads that used CPU since {@code before} (new ones included). */
    private static long busyPoolThreads(Map<Long, Long> before) {
        return poolCpu().entrySet().stream().filter(e -> e.getValue() > before.getOrDefault(e.getKey(), 0L)).count();
    }
}
