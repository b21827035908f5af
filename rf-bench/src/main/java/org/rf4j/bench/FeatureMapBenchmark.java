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
import org.rf4j.api.kernel.KernelKind;
import org.rf4j.api.linalg.Parallelism;
import org.rf4j.api.mechanism.FeatureMap;
import org.rf4j.api.mechanism.FeatureRequest;
import org.rf4j.api.mechanism.DrawnFeatures;
import org.rf4j.api.mechanism.Side;
import org.rf4j.api.random.Seeds;
import org.rf4j.couplings.IidCoupling;
import org.rf4j.features.HyperbolicFeatures;
import org.rf4j.features.PositiveFeatures;
import org.rf4j.features.TrigonometricFeatures;
import org.apiguardian.api.API;

/** One feature-map batch (rows/s = n / score) at n = 100,000, d = 64, m = 512. */
@API(status = API.Status.INTERNAL, since = "0.1")
@Fork(value = 2, jvmArgsAppend = {"--add-modules", "jdk.incubator.vector", "-Xmx3g", "-XX:+AlwaysPreTouch"})
public class FeatureMapBenchmark extends BatchBenchmark {
    @Param({"positive", "trigonometric"})
    public String features;

    @Param({"1", "2"})
    public int threads;

    @Param("100000")
    public int n;

    @Param("64")
    public int d;

    @Param("512")
    public int m;

    private DrawnFeatures rf;
    private Matrix x;
    private Matrix out;

    @Setup(Level.Trial)
    public void setUp() {
        Parallelism.setDefault(threads);
        FeatureMap map = switch (features) {
            case "positive" -> new PositiveFeatures();
            case "trigonometric" -> new TrigonometricFeatures();
            case "hyperbolic" -> new HyperbolicFeatures();
            default -> throw new IllegalArgumentException(features);
        };
        KernelKind kind = features.equals("trigonometric") ? KernelKind.GAUSSIAN : KernelKind.SOFTMAX;
        rf = map.draw(new FeatureRequest(kind, d, m, new IidCoupling(), null, Seeds.generator(42)));
        x = Matrix.gaussian(n, d, Math.pow(d, -0.25), 42);
        out = Matrix.zeros(n, rf.outputDimension());
    }

    @Benchmark
    public Matrix map() {
        return rf.map(Side.QUERY, x, out);
    }
}
