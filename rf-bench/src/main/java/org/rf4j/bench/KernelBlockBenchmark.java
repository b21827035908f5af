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

import java.util.random.RandomGenerator;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.Warmup;
import org.rf4j.api.Matrix;
import org.rf4j.api.Spec;
import org.rf4j.api.kernel.Isotropic;
import org.rf4j.api.kernel.Kernel;
import org.rf4j.features.kernel.NonStationaryKernels;
import org.rf4j.features.kernel.ShiftInvariantKernels;
import org.apiguardian.api.API;

/**
 * The exact kernel block {@code K(X, Y)} that Nyström's transform and exact kernel ridge compute
 * (n × l, d = 64, one thread), A/B in one run: {@code block} is the kernel's {@link Kernel#unitValues};
 * {@code pairwise} is the same kernel seen only through its scalar values, i.e. one GEMM and
 * {@link Isotropic#radialValue} per entry for an isotropic kernel, {@link Kernel#unitValue} on copied
 * rows per pair for any other. Inputs are non-negative so the χ² kernels accept them.
 */
@API(status = API.Status.INTERNAL, since = "0.2")
@Fork(value = 1, jvmArgsAppend = {"--add-modules", "jdk.incubator.vector", "-Xmx2g", "-Drf4j.threads=1"})
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
public class KernelBlockBenchmark extends BatchBenchmark {
    @Param({"matern-0.5", "matern-1.5", "matern-2.5", "rational-quadratic", "laplacian", "arc-cosine-1", "polynomial",
            "chi2", "skewed-chi2"})
    public String kernel;

    @Param({"pairwise", "block"})
    public String path;

    @Param("2000")
    public int n;

    @Param("256")
    public int l;

    @Param("64")
    public int d;

    private Kernel k;
    private Matrix x;
    private Matrix y;
    private double[] out;

    @Setup(Level.Trial)
    public void setUp() {
        Kernel base = kernel(kernel);
        k = "block".equals(path) ? base : scalarOnly(base);
        x = absolute(Matrix.gaussian(n, d, 1.0 / Math.sqrt(d), 42));
        y = absolute(Matrix.gaussian(l, d, 1.0 / Math.sqrt(d), 43));
        out = new double[n * l];
    }

    @Benchmark
    public double[] block() {
        k.unitValues(x, y, out);
        return out;
    }

    private static Matrix absolute(Matrix m) {
        double[] v = m.data();
        for (int i = 0; i < v.length; i++) {
            v[i] = Math.abs(v[i]);
        }
        return m;
    }

    /** The kernel named as in the {@code kernel} parameter. */
    static Kernel kernel(String name) {
        return switch (name) {
            case "matern-0.5" -> ShiftInvariantKernels.matern(0.5, 1.0);
            case "matern-1.5" -> ShiftInvariantKernels.matern(1.5, 1.0);
            case "matern-2.5" -> ShiftInvariantKernels.matern(2.5, 1.0);
            case "rational-quadratic" -> ShiftInvariantKernels.rationalQuadratic(1.0, 1.0);
            case "laplacian" -> ShiftInvariantKernels.laplacian(1.0);
            case "arc-cosine-1" -> NonStationaryKernels.arcCosine(1);
            case "polynomial" -> NonStationaryKernels.polynomial(1.0, 1.0, 3);
            case "chi2" -> NonStationaryKernels.chi2();
            case "skewed-chi2" -> NonStationaryKernels.skewedChi2(1.0);
            default -> throw new IllegalArgumentException("unknown kernel " + name);
        };
    }

    /** The kernel through its scalar values only (the block default over them). */
    static Kernel scalarOnly(Kernel k) {
        return k.capability(Isotropic.class).<Kernel>map(iso -> new ScalarIsotropic(k, iso)).orElseGet(() -> new Scalar(k));
    }

    /** A kernel answering only with another kernel's scalar values. */
    private interface Delegating extends Kernel {
        Kernel k();

        @Override
        default double unitValue(double[] xs, double[] ys) {
            return k().unitValue(xs, ys);
        }

        @Override
        default double inputScale() {
            return k().inputScale();
        }

        @Override
        default Spec spec() {
            return k().spec();
        }
    }

    private record Scalar(Kernel k) implements Delegating {
    }

    private record ScalarIsotropic(Kernel k, Isotropic iso) implements Delegating, Isotropic {
        @Override
        public double radialValue(double r) {
            return iso.radialValue(r);
        }

        @Override
        public double radialNorm(int dim, RandomGenerator rng) {
            return iso.radialNorm(dim, rng);
        }
    }
}
