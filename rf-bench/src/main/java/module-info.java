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
/**
 * rf4j's timing harness ({@link org.rf4j.bench.Benchmarks}: the loops {@code rf4j bench} runs) and,
 * beside it, the JMH benchmarks of the same operations. JMH is needed only to build and run the
 * benchmarks ({@code java -jar rf-bench/target/benchmarks.jar}, class path); the harness runs without it.
 */
module org.rf4j.bench {
    requires static transitive org.apiguardian.api;
    requires static jmh.core;
    requires transitive org.rf4j.api;
    requires transitive org.rf4j.attention;
    requires org.rf4j.couplings;
    requires org.rf4j.features;
    requires jdk.management; // per-thread allocation counters

    exports org.rf4j.bench;
}
