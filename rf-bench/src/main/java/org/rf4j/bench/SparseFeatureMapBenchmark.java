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

import java.util.SplittableRandom;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.rf4j.api.Matrix;
import org.rf4j.api.SparseMatrix;
import org.rf4j.api.kernel.KernelKind;
import org.rf4j.api.linalg.Parallelism;
import org.rf4j.api.mechanism.DrawnFeatures;
import org.rf4j.api.mechanism.FeatureRequest;
import org.rf4j.api.mechanism.Side;
import org.rf4j.api.random.Seeds;
import org.rf4j.couplings.IidCoupling;
import org.rf4j.features.RandomFourierFeatures;
import org.apiguardian.api.API;

/**
 * One sparse batch (rows/s = 5,000 / score): 5,000 rows of width d = 2¹⁸ with 100 stored entries each,
 * m = 256 random Fourier features, one thread; the projection stored (a 1 GiB budget) or generated
 * on the fly (the default 256 MiB budget). scripts/sparse_compare.py runs the same sizes end to end
 * against scikit-learn's RBFSampler.
 */
@API(status = API.Status.INTERNAL, since = "0.1")
@Fork(value = 3, jvmArgsAppend = {"--add-modules", "jdk.incubator.vector", "-Xmx3g"})
public class SparseFeatureMapBenchmark extends BatchBenchmark {
    /** Rows in the batch. */
    private static final int N = 5000;
    /** Column draws per row (distinct ones are kept: about 100 stored entries per row). */
    private static final int NNZ = 100;

    @Param({"stored", "generated"})
    public String projection;

    @Param("262144")
    public int d;

    @Param("256")
    public int m;

    private DrawnFeatures rf;
    private SparseMatrix x;
    private Matrix out;

    @Setup(Level.Trial)
    public void setUp() {
        Parallelism.setDefault(1);
        long budget = projection.equals("stored") ? 1L << 30 : FeatureRequest.DEFAULT_PROJECTION_BUDGET;
        rf = new RandomFourierFeatures().draw(new FeatureRequest(KernelKind.GAUSSIAN, d, m, new IidCoupling(), null,
                Seeds.generator(42), budget));
        SplittableRandom r = new SplittableRandom(42);
        SparseMatrix.Builder b = SparseMatrix.builder(d);
        for (int i = 0; i < N; i++) {
            int[] cols = r.ints(NNZ, 0, d).distinct().sorted().toArray();
            double[] vals = new double[cols.length];
            for (int k = 0; k < vals.length; k++) {
                vals[k] = r.nextDouble();
            }
            b.addRow(cols, vals);
        }
        x = b.build();
        out = Matrix.zeros(N, rf.outputDimension());
    }

    @Benchmark
    public Matrix map() {
        return rf.map(Side.QUERY, x, out);
    }
}
