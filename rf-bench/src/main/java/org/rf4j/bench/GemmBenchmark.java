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
package org.rf4j.bench;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.rf4j.api.Matrix;
import org.rf4j.api.linalg.LinearAlgebra;
import org.rf4j.api.linalg.PackedTranspose;
import org.rf4j.api.linalg.Parallelism;
import org.rf4j.api.random.Seeds;
import org.apiguardian.api.API;

/** {@code Z = X·Wᵀ} alone (GFLOP/s = 2·n·d·m / score) at n = 100,000, d = 64, m = 512. */
@API(status = API.Status.INTERNAL, since = "0.1")
@Fork(value = 2, jvmArgsAppend = {"--add-modules", "jdk.incubator.vector", "-Xmx3g", "-XX:+AlwaysPreTouch"})
public class GemmBenchmark extends BatchBenchmark {
    @Param({"1", "2"})
    public int threads;

    @Param("100000")
    public int n;

    @Param("64")
    public int d;

    @Param("512")
    public int m;

    private PackedTranspose w;
    private Matrix x;
    private Matrix z;
    private Parallelism parallelism;

    @Setup(Level.Trial)
    public void setUp() {
        parallelism = Parallelism.of(threads);
        x = Matrix.gaussian(n, d, 1.0, 42);
        w = LinearAlgebra.packTransposed(Matrix.gaussian(m, d, 1.0, Seeds.derive(42, 1)));
        z = Matrix.zeros(n, m);
    }

    @Benchmark
    public Matrix multiplyTransposed() {
        return w.multiply(x, z, parallelism);
    }
}
