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

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;

/**
 * The throughput tool, small: it measures the three timings in the running session (and leaves that
 * session running), reports them as a table or as JSON, and refuses a bad option with exit code 2 and
 * one line naming the option, the value and what is allowed.
 */
class TransformThroughputTest {
    private static String[] run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = TransformThroughput.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new String[] {Integer.toString(code), out.toString(StandardCharsets.UTF_8),
            err.toString(StandardCharsets.UTF_8)};
    }

    @Test
    void measuresTheStageOneJvmAndSparkAloneInTheRunningSession() {
        SparkSession spark = SparkTestSupport.session();
        String[] json = run("--rows", "3000", "--dimension", "6", "--m", "8", "--rounds", "1", "--partitions", "3",
                "--json");
        assertThat(json[0]).isEqualTo("0");
        assertThat(json[1]).contains("\"rows\": 3000", "\"dimension\": 6", "\"features\": 16", "\"partitions\": 3",
                "\"stageSeconds\": [", "\"oneJvmSeconds\": [", "\"sparkAloneSeconds\": [", "\"met\": ");
        assertThat(json[2]).isEmpty();
        String[] table = run("--rows", "2000", "--dimension", "4", "--m", "4", "--rounds", "1");
        assertThat(table[0]).isEqualTo("0");
        assertThat(table[1]).contains("stage model.transform -> noop", "one JVM", "Spark alone", "target:");
        assertThat(spark.sparkContext().isStopped()).isFalse();
    }

    @Test
    void aBadOptionExitsTwoWithOneLineNamingIt() {
        String[] r = run("--rows", "-5");
        assertThat(r[0]).isEqualTo("2");
        assertThat(r[2].strip()).doesNotContain("\n").contains("--rows", "-5", "an integer from 1");
        String[] unknown = run("--row", "5");
        assertThat(unknown[0]).isEqualTo("2");
        assertThat(unknown[2].strip()).doesNotContain("\n").contains("--row", "--rows");
        String[] missing = run("--m");
        assertThat(missing[0]).isEqualTo("2");
        assertThat(missing[2].strip()).contains("--m", "needs a value");
        assertThat(run("--help")[1]).contains("usage: TransformThroughput");
    }
}
