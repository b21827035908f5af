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
package org.rf4j.couplings;

import java.util.random.RandomGenerator;
import org.rf4j.api.Matrix;
import org.rf4j.api.Spec;
import org.rf4j.api.linalg.LinearAlgebra;
import org.rf4j.api.mechanism.AbstractMechanism;
import org.rf4j.api.mechanism.Coupling;
import org.rf4j.api.mechanism.Projection;
import org.rf4j.spi.AbstractProvider;
import org.rf4j.spi.CouplingProvider;
import org.rf4j.spi.Param;
import org.apiguardian.api.API;



/**
 * SimRF+ (Reid et al. 2023, Sec. 3.2): a weight-dependent geometrical coupling
 * {@code W = D S' R}. Given the block's χ_d norms, the vectors start in the simplex geometry
 * {@code w_i = w_i s_i} and are updated in place by Eq. 17,
 * <pre>  w_i ← −(Σ_{j≠i} w_j) / |Σ_{j≠i} w_j| · w_i,   i = 1..n,</pre>
 * pass after pass, until the largest change of a direction in a pass is below {@code tolerance}
 * or {@code passes} passes are done. Each update keeps the norms and lowers
 * {@code |Σ w_j|²}, hence the truncated conformity of Eq. 15
 * ({@code Σ_{i≠j} |w_i+w_j|² = 2(n−2)Σ|w_i|² + 2|Σ w_i|²}); its minimisers satisfy Eq. 16. The
 * optimisation runs in the (n−1)-dimensional simplex coordinates with a running total, so a pass
 * costs O(n²); the configuration is then rotated by a Haar R, which keeps every row marginally
 * N(0, I_d) (its direction is Haar, its norm χ_d). Blocks as in {@link SimplexCoupling}; d ≥ 2.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class SimplexPlusCoupling extends AbstractMechanism implements Coupling {
    /** The provider id. */
    public static final String ID = "simplex-plus";

    private final int passes;
    private final double tolerance;

    /** SimRF+ with at most {@code passes} passes of Eq. 17 and the given stopping tolerance. */
    public SimplexPlusCoupling(int passes, double tolerance) {
        this.passes = passes;
        this.tolerance = tolerance;
    }

    @Override
    public Spec spec() {
        return Spec.of(ID, "passes", (long) passes, "tolerance", tolerance);
    }

    @Override
    public int minimumDimension() {
        return 2;
    }

    @Override
    public Projection draw(int m, int d, RandomGenerator rng) {
        return SimplexCoupling.draw(ID, m, d, rng, (r, n, dim, norms, out, offset) -> {
            if (n == 1) {
                SimplexCoupling.fillBlock(r, 1, dim, norms, out, offset);
                return;
            }
            double[] v = initialise(n, norms);
            optimise(v, n, norms, passes, tolerance);
            Matrix block = LinearAlgebra.multiply(Matrix.wrap(n, n - 1, v), Matrix.wrap(n - 1, dim, r), null);
            System.arraycopy(block.data(), 0, out, offset, n * dim);
        });
    }

    /** The simplex start: row i is {@code norms[i]·s_i} in the n−1 simplex coordinates (n×(n−1)). */
    public static double[] initialise(int n, double[] norms) {
        double[] v = SimplexGeometry.vertices(n);
        int c = n - 1;
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < c; k++) {
                v[i * c + k] *= norms[i];
            }
        }
        return v;
    }

    /**
     * Runs the Eq. 17 passes in place on n vectors of dimension n−1 (row-major) with the given
     * norms; returns the number of passes done.
     */
    public static int optimise(double[] v, int n, double[] norms, int passes, double tolerance) {
        int c = n - 1;
        double[] total = new double[c];
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < c; k++) {
                total[k] += v[i * c + k];
            }
        }
        double[] rest = new double[c];
        for (int pass = 1; pass <= passes; pass++) {
            double maxChange = 0;
            for (int i = 0; i < n; i++) {
                int o = i * c;
                double ss = 0;
                for (int k = 0; k < c; k++) {
                    rest[k] = total[k] - v[o + k];
                    ss += rest[k] * rest[k];
                }
                if (ss == 0 || norms[i] == 0) {
                    continue;
                }
                double f = -norms[i] / Math.sqrt(ss);
                double change = 0;
                for (int k = 0; k < c; k++) {
                    double nv = f * rest[k];
                    double delta = nv - v[o + k];
                    change += delta * delta;
                    v[o + k] = nv;
                    total[k] = rest[k] + nv;
                }
                maxChange = Math.max(maxChange, Math.sqrt(change) / norms[i]);
            }
            if (maxChange <= tolerance) {
                return pass;
            }
        }
        return passes;
    }

    /** The {@code simplex-plus} provider: {@code passes} (default 50), {@code tolerance} (default 1e-10). */
    public static final class Provider extends AbstractProvider<Coupling> implements CouplingProvider {
        private static final Param<Integer> PASSES = Param.integer("passes", 50, 1L, 100_000L,
                "maximum number of passes of the Eq. 17 update");
        private static final Param<Double> TOLERANCE = Param.number("tolerance", 1e-10, 0.0, 1.0,
                "stop when no direction moves by more than this (Euclidean, unit vectors) in a pass");

        public Provider() {
            super(ID,
                    "SimRF+: weight-dependent simplex coupling optimised by the iterative scheme of Eq. 17 (Reid et al. 2023)",
                    (p, context) -> new SimplexPlusCoupling(p.get(PASSES), p.get(TOLERANCE)), PASSES, TOLERANCE);
        }
    }
}
