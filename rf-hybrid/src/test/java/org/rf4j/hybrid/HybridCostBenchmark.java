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
package org.rf4j.hybrid;

import java.util.Locale;
import java.util.random.RandomGenerator;
import org.rf4j.api.Matrix;
import org.rf4j.api.Spec;
import org.rf4j.api.kernel.SoftmaxKernel;
import org.rf4j.api.mechanism.EstimatorRequest;
import org.rf4j.api.mechanism.DrawnEstimator;
import org.rf4j.api.mechanism.Side;
import org.rf4j.api.random.Seeds;

/**
 * HRF App. L / Sec. D.4 cost harness (run by hand, not by surefire):
 * {@code java -cp <test classpath> org.rf4j.hybrid.HybridCostBenchmark}. The angular hybrid's
 * Θ(mn)-dimensional map Ψ (hyperbolic + trigonometric bases with m projections, n sgn features)
 * costs O(nd + md + mn) per input; a regular random-feature map of the same output dimension costs
 * O(mnd). Prints µs per input for both, for growing m = n at fixed d and for growing d at fixed
 * m, n.
 */
public final class HybridCostBenchmark {
    private HybridCostBenchmark() {
    }

    public static void main(String[] args) {
        int rows = 256;
        System.out.println("table 1: d = 128, m = n growing");
        System.out.println("   d    m    n   dim(Ψ)   hybrid µs/input   regular µs/input   regular/hybrid");
        for (int mn : new int[] {4, 8, 16, 32}) {
            run(128, mn, mn, rows);
        }
        System.out.println("table 2: m = n = 16, d growing");
        System.out.println("   d    m    n   dim(Ψ)   hybrid µs/input   regular µs/input   regular/hybrid");
        for (int d : new int[] {32, 128, 512, 1024}) {
            run(d, 16, 16, rows);
        }
    }

    private static void run(int d, int m, int n, int rows) {
        RandomGenerator g = Seeds.generator(1);
        Matrix x = Matrix.zeros(rows, d);
        for (int i = 0; i < x.data().length; i++) {
            x.data()[i] = g.nextGaussian() * 0.3 / Math.sqrt(d);
        }
        DrawnEstimator hybrid = Fixtures.estimator(Fixtures.angularHybrid(m, n, false))
                .draw(new EstimatorRequest(SoftmaxKernel.INSTANCE, d, 7));
        int dim = hybrid.features().outputDimension();
        // a regular map of the same output dimension: hyperbolic features have 2 per projection
        DrawnEstimator regular = Fixtures.estimator(Spec.of("random-features", "features", Spec.of("hyperbolic"), "m",
                (long) (dim / 2))).draw(new EstimatorRequest(SoftmaxKernel.INSTANCE, d, 7));
        double h = time(hybrid, x);
        double r = time(regular, x);
        System.out.println(String.format(Locale.ROOT, "%4d %4d %4d %8d %17.1f %18.1f %16.1f", d, m, n, dim, h, r, r / h));
    }

    /** Median of 7 timed runs (after warm-up) of mapping the batch on both sides, µs per input. */
    private static double time(DrawnEstimator k, Matrix x) {
        double[] t = new double[7];
        for (int w = 0; w < 3; w++) {
            k.features(Side.QUERY, x, null);
        }
        for (int i = 0; i < t.length; i++) {
            long s = System.nanoTime();
            k.features(Side.QUERY, x, null);
            k.features(Side.KEY, x, null);
            t[i] = (System.nanoTime() - s) / 1e3 / (2.0 * x.rows());
        }
        java.util.Arrays.sort(t);
        return t[t.length / 2];
    }
}
