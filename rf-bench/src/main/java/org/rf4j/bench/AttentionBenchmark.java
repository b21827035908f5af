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
import org.rf4j.api.kernel.Kernel;
import org.rf4j.api.kernel.KernelKind;
import org.rf4j.api.linalg.Parallelism;
import org.rf4j.api.mechanism.FeatureRequest;
import org.rf4j.api.mechanism.DrawnEstimator;
import org.rf4j.api.random.Seeds;
import org.rf4j.attention.PerformerAttention;
import org.rf4j.couplings.IidCoupling;
import org.rf4j.features.PositiveFeatures;
import org.apiguardian.api.API;

/** Performer attention with positive features at L = 16,384, d = d_v = 64, m = 256. */
@API(status = API.Status.INTERNAL, since = "0.1")
@Fork(value = 2, jvmArgsAppend = {"--add-modules", "jdk.incubator.vector", "-Xmx3g"})
public class AttentionBenchmark extends BatchBenchmark {
    @Param({"1", "2"})
    public int threads;

    @Param("16384")
    public int length;

    @Param("64")
    public int d;

    @Param("256")
    public int m;

    @Param({"false", "true"})
    public boolean causal;

    private PerformerAttention attention;
    private Matrix q;
    private Matrix k;
    private Matrix v;
    private Matrix out;

    @Setup(Level.Trial)
    public void setUp() {
        Parallelism.setDefault(threads);
        var rf = new PositiveFeatures().draw(new FeatureRequest(KernelKind.SOFTMAX, d, m, new IidCoupling(), null, Seeds.generator(42)));
        attention = PerformerAttention.of(new DrawnEstimator(Kernel.softmax(), rf));
        q = Matrix.gaussian(length, d, 1.0, 42);
        k = Matrix.gaussian(length, d, 1.0, Seeds.derive(42, 1));
        v = Matrix.gaussian(length, d, 1.0, Seeds.derive(42, 2));
        out = Matrix.zeros(length, d);
    }

    @Benchmark
    public Matrix attention() {
        return causal ? attention.causal(q, k, v, out) : attention.bidirectional(q, k, v, out);
    }
}
