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
import org.rf4j.api.mechanism.ParameterlessMechanism;
import org.rf4j.api.mechanism.Coupling;
import org.rf4j.api.mechanism.JointLaw;
import org.rf4j.api.mechanism.Projection;
import org.rf4j.api.random.ChiDistribution;
import org.rf4j.api.random.HaarOrthogonal;
import org.rf4j.spi.AbstractProvider;
import org.rf4j.spi.CouplingProvider;
import org.apiguardian.api.API;



/**
 * Simplex random features (SimRF; Reid et al. 2023, Eq. 8–9): each block is
 * {@code W_simp = D S R} with R Haar-random ({@link HaarOrthogonal}), S the simplex projection of
 * Eq. 9 ({@link SimplexGeometry}, applied in O(d) per vector as Algorithm 1) and D independent
 * χ_d norms. The directions of a block point to the vertices of a regular simplex (pairwise
 * cosine −1/(d−1), summing to 0), each row is marginally N(0, I_d), and by Theorem 3.4 this is the
 * weight-independent coupling with the lowest PRF kernel-estimator MSE.
 *
 * <p>Blocks: m &gt; d uses independent blocks of d, then a partial block. A block of n &lt; d vectors
 * (m &lt; d, or the remainder) uses the n-vertex simplex (cosine −1/(n−1)), which by Lemma A.1
 * minimises the conformity of n equal-norm vectors and is strictly better than keeping n rows of
 * the d-vertex simplex (cosine −1/(d−1)); the theory ({@code CouplingTheory}) matches this
 * choice. Since S reads only n−1 rotated coordinates, a block needs only an (n−1)-frame of R,
 * so drawing a simplex block costs no more than drawing an orthogonal one. Requires d ≥ 2.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class SimplexCoupling extends ParameterlessMechanism implements Coupling {
    /** The provider id. */
    public static final String ID = "simplex";

    public SimplexCoupling() {
        super(ID);
    }

    @Override
    public JointLaw jointLaw() {
        return JointLaw.SIMPLEX;
    }

    @Override
    public int minimumDimension() {
        return 2;
    }

    @Override
    public Projection draw(int m, int d, RandomGenerator rng) {
        return draw(ID, m, d, rng, SimplexCoupling::fillBlock);
    }

    /** Writes a block's n rows at {@code out[offset …]} from its Haar frame r and its χ_d norms. */
    @FunctionalInterface
    interface BlockFromFrame {
        void write(double[] r, int n, int d, double[] norms, double[] out, int offset);
    }

    /**
     * The blocks of a simplex-based coupling: per block of n rows, the (n−1)×d Haar frame (1×d for
     * n = 1), then the n χ_d norms, then the block written from them.
     */
    static Projection draw(String id, int m, int d, RandomGenerator rng, BlockFromFrame block) {
        return Blocks.dense(id, m, d, 2, (n, out, offset) -> {
            double[] norms = new double[n];
            double[] r = HaarOrthogonal.rows(Math.max(1, n - 1), d, rng);
            ChiDistribution.fill(d, rng, norms, 0, n);
            block.write(r, n, d, norms, out, offset);
        });
    }

    /**
     * Writes the n rows {@code norms_i · (S R)_i} of a block given the (n−1)×d frame r (1×d for
     * n = 1), row by row: the last simplex row is {@code Σ_k r_k / sqrt(n−1)} and the others are
     * {@code sqrt(n/(n−1)) r_i − (√n+1)/(n−1) · last} (Algorithm 1 applied to the columns of R).
     */
    static void fillBlock(double[] r, int n, int d, double[] norms, double[] out, int offset) {
        if (n == 1) {
            for (int t = 0; t < d; t++) {
                out[offset + t] = norms[0] * r[t];
            }
            return;
        }
        double[] last = new double[d];
        for (int k = 0; k < n - 1; k++) {
            int rk = k * d;
            for (int t = 0; t < d; t++) {
                last[t] += r[rk + t];
            }
        }
        double inv = 1 / Math.sqrt(n - 1.0);
        for (int t = 0; t < d; t++) {
            last[t] *= inv;
        }
        double a = Math.sqrt(n / (n - 1.0));
        double b = (Math.sqrt(n) + 1) / (n - 1.0);
        for (int i = 0; i < n - 1; i++) {
            int ri = i * d;
            int o = offset + i * d;
            double ai = norms[i] * a;
            double bi = norms[i] * b;
            for (int t = 0; t < d; t++) {
                out[o + t] = ai * r[ri + t] - bi * last[t];
            }
        }
        int o = offset + (n - 1) * d;
        for (int t = 0; t < d; t++) {
            out[o + t] = norms[n - 1] * last[t];
        }
    }

    /** The {@code simplex} provider. */
    public static final class Provider extends AbstractProvider<Coupling> implements CouplingProvider {
        public Provider() {
            super(ID,
                    "simplex random features W = D S R (SimRF, Reid et al. 2023, Eq. 8-9); d >= 2",
                    (parameters, context) -> new SimplexCoupling());
        }
    }
}
