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
package org.rf4j.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Matrix;
import org.rf4j.api.mechanism.Coupling;
import org.rf4j.api.mechanism.Projection;
import org.rf4j.api.random.Seeds;
import org.rf4j.spi.CouplingProvider;
import org.apiguardian.api.API;

/**
 * Contract for couplings: shapes for m &lt; d, m = d and m &gt; d; 0-row batches; determinism for a
 * seed; {@code apply} agrees with the materialised W; m ≤ 0 rejected; and every vector marginally
 * N(0, I_d), checked through the isotropy identity {@code E[exp(wᵀx)] = exp(|x|²/2)} (which a
 * non-Haar orthogonal block fails) and the second moment {@code E[(wᵀu)²] = |u|²}; and the marginal
 * law of each vector split into its parts: the squared norm is χ²_d (mean d, variance 2d), the
 * direction is uniform on the sphere (second and fourth moments of its projections), and
 * {@code E[exp(wᵀx)]} is unbiased at |x| = 1.5, where a wrong norm law shows (fixed norms √d are
 * 9.7% low there in d = 8). Each check states, through its relative power, the smallest bias it
 * detects; the kit's own tests run a fixed-norm coupling through it and require it to fail.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public abstract class CouplingContract extends ProviderContract<Coupling, CouplingProvider> {

    /** The input dimension the contract draws in (override for couplings with constraints). */
    protected int dimension() {
        return 8;
    }

    protected Coupling coupling() {
        return create();
    }

    @Test
    void drawsTheRequestedShape() {
        int d = dimension();
        for (int m : new int[] {1, d / 2 + 1, d, 2 * d + 3}) {
            Projection p = coupling().draw(m, d, Seeds.generator(7));
            assertThat(p.count()).as("count for m=%d", m).isEqualTo(m);
            assertThat(p.dimension()).isEqualTo(d);
            Matrix w = p.matrix();
            assertThat(w.rows()).isEqualTo(m);
            assertThat(w.cols()).isEqualTo(d);
            for (double v : w.data()) {
                assertThat(Double.isFinite(v)).as("finite entries").isTrue();
            }
        }
    }

    @Test
    void appliesToEmptyAndNonEmptyBatchesConsistentlyWithItsMatrix() {
        int d = dimension();
        Projection p = coupling().draw(d + 2, d, Seeds.generator(11));
        assertThat(p.apply(Matrix.zeros(0, d), null).rows()).isZero();
        RandomGenerator r = Seeds.generator(12);
        Matrix x = Matrix.zeros(5, d);
        for (int i = 0; i < x.data().length; i++) {
            x.data()[i] = r.nextGaussian();
        }
        Matrix z = p.apply(x, null);
        Matrix w = p.matrix();
        for (int i = 0; i < 5; i++) {
            for (int j = 0; j < p.count(); j++) {
                double acc = 0;
                for (int k = 0; k < d; k++) {
                    acc += x.get(i, k) * w.get(j, k);
                }
                assertThat(z.get(i, j)).isCloseTo(acc, org.assertj.core.data.Offset.offset(1e-9 * (1 + Math.abs(acc))));
            }
        }
    }

    @Test
    void isDeterministicForASeed() {
        int d = dimension();
        Matrix a = coupling().draw(2 * d + 1, d, Seeds.generator(99)).matrix();
        Matrix b = coupling().draw(2 * d + 1, d, Seeds.generator(99)).matrix();
        Matrix c = coupling().draw(2 * d + 1, d, Seeds.generator(100)).matrix();
        assertThat(a).as("same seed, bit-identical").isEqualTo(b);
        assertThat(a).as("different seeds differ").isNotEqualTo(c);
    }

    @Test
    void rejectsNonPositiveCount() {
        assertThatThrownBy(() -> coupling().draw(0, dimension(), Seeds.generator(1)))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("m");
    }

    @Test
    void vectorsAreMarginallyStandardGaussian() {
        int d = dimension();
        double[] x = new double[d];
        double[] u = new double[d];
        for (int k = 0; k < d; k++) {
            x[k] = (k % 2 == 0 ? 0.45 : -0.3) * Math.sqrt(2.0 / d);
            u[k] = (k % 3 == 0 ? 1.0 : 0.5);
        }
        double xx = 0;
        double uu = 0;
        for (int k = 0; k < d; k++) {
            xx += x[k] * x[k];
            uu += u[k] * u[k];
        }
        int m = d;
        int trials = 4000;
        double[] mgf = new double[trials];
        double[] second = new double[trials];
        for (int t = 0; t < trials; t++) {
            Matrix w = coupling().draw(m, d, Seeds.generator(1000, t)).matrix();
            double s1 = 0;
            double s2 = 0;
            for (int j = 0; j < m; j++) {
                double wx = 0;
                double wu = 0;
                for (int k = 0; k < d; k++) {
                    wx += w.get(j, k) * x[k];
                    wu += w.get(j, k) * u[k];
                }
                s1 += Math.exp(wx);
                s2 += wu * wu;
            }
            mgf[t] = s1 / m;
            second[t] = s2 / m;
        }
        MonteCarlo.summarize(mgf).assertMeanMatches(Math.exp(xx / 2), 0.05, "E[exp(w·x)] = exp(|x|²/2)");
        MonteCarlo.summarize(second).assertMeanMatches(uu, 0.25, "E[(w·u)²] = |u|²");
    }

    /**
     * The relative deviation of the direction moments from the uniform law that the coupling documents
     * (0, the default, for couplings that are exactly marginally N(0, I_d)). Approximately Haar couplings
     * (products of Givens rotations or of HD blocks) override it with the deviation they admit, stated
     * and measured in their own tests; the check then allows {@code Z·SE + tolerance·|expected|}.
     */
    protected double directionTolerance() {
        return 0.0;
    }

    private void assertDirectionMoment(double[] values, double expected, String what) {
        MonteCarlo.Summary s = MonteCarlo.summarize(values);
        double tol = directionTolerance();
        if (tol == 0) {
            s.assertMeanMatches(expected, 0.1, what);
            return;
        }
        assertThat(Math.abs(s.mean() - expected))
                .as("%s: mean %s vs expected %s within the documented %s relative deviation (SE %s)", what, s.mean(),
                        expected, tol, s.standardError())
                .isLessThanOrEqualTo(MonteCarlo.Z * s.standardError() + tol * Math.abs(expected));
    }

    /** Draws per check of the marginal law (m = 2d + 3 rows each, so partial blocks are included). */
    protected int marginalTrials() {
        return 6000;
    }

    /**
     * Accumulates, per draw of m = 2d + 3 vectors, the row averages of |w|², (|w|² − d)², the second
     * and fourth powers of the direction's projections on an axis and on the dense unit vector, and
     * exp(wᵀx) at |x| = 1.5; one value per draw, so dependence between the rows of a draw is accounted
     * for in the standard errors.
     */
    private double[][] marginalStatistics() {
        int d = dimension();
        int m = 2 * d + 3;
        double r = 1.5;
        double[] x = new double[d];
        double xx = 0;
        for (int k = 0; k < d; k++) {
            x[k] = (k % 2 == 0 ? 1.0 : -0.5) + 0.1 * k;
            xx += x[k] * x[k];
        }
        for (int k = 0; k < d; k++) {
            x[k] *= r / Math.sqrt(xx);
        }
        int trials = marginalTrials();
        double[][] s = new double[7][trials];
        Coupling c = coupling();
        for (int t = 0; t < trials; t++) {
            Matrix w = c.draw(m, d, Seeds.generator(4242, t)).matrix();
            for (int i = 0; i < m; i++) {
                double sq = 0;
                double dense = 0;
                double wx = 0;
                for (int k = 0; k < d; k++) {
                    double v = w.get(i, k);
                    sq += v * v;
                    dense += v;
                    wx += v * x[k];
                }
                double axis2 = w.get(i, i % d) * w.get(i, i % d) / sq;
                double dense2 = dense * dense / (d * sq);
                s[0][t] += sq / m;
                s[1][t] += (sq - d) * (sq - d) / m;
                s[2][t] += axis2 / m;
                s[3][t] += axis2 * axis2 / m;
                s[4][t] += dense2 / m;
                s[5][t] += dense2 * dense2 / m;
                s[6][t] += Math.exp(wx) / m;
            }
        }
        return s;
    }

    /**
     * |w|² ~ χ²_d: mean d (resolves a 2% change) and variance 2d (resolves a 10% change). A coupling
     * whose vectors have fixed norm √d has the right mean and variance 0.
     */
    @Test
    void squaredNormsAreChiSquared() {
        int d = dimension();
        double[][] s = marginalStatistics();
        MonteCarlo.summarize(s[0]).assertMeanMatches(d, 0.02, "E|w|² = d");
        MonteCarlo.summarize(s[1]).assertMeanMatches(2.0 * d, 0.1, "Var|w|² = 2d");
    }

    /**
     * The direction u = w/|w| is uniform on the sphere: for a unit vector a, {@code E[(aᵀu)²] = 1/d}
     * and {@code E[(aᵀu)⁴] = 3/(d(d+2))}, for a coordinate axis and for the dense direction 1/√d;
     * each resolves a 10% change. Directions confined to the axes (or to the cube's diagonals) have
     * the right second moment and fail the fourth. Couplings that are only approximately Haar state
     * their deviation through {@link #directionTolerance()}.
     */
    @Test
    void directionsAreUniformOnTheSphere() {
        int d = dimension();
        double[][] s = marginalStatistics();
        double second = 1.0 / d;
        double fourth = 3.0 / (d * (d + 2.0));
        assertDirectionMoment(s[2], second, "E[u_axis²] = 1/d");
        assertDirectionMoment(s[3], fourth, "E[u_axis⁴] = 3/(d(d+2))");
        assertDirectionMoment(s[4], second, "E[(u·1/√d)²] = 1/d");
        assertDirectionMoment(s[5], fourth, "E[(u·1/√d)⁴] = 3/(d(d+2))");
    }

    /**
     * {@code E[exp(wᵀx)] = exp(|x|²/2)} at |x| = 1.5, where the exponential moment depends on the
     * norm law: it resolves a 5% bias; fixed norms √d give {@code ₀F₁(; d/2; d|x|²/4)}, 9.7% below
     * in d = 8.
     */
    @Test
    void exponentialMomentIsUnbiasedAtALargeNorm() {
        double[][] s = marginalStatistics();
        MonteCarlo.summarize(s[6]).assertMeanMatches(Math.exp(1.5 * 1.5 / 2), 0.05, "E[exp(w·x)] at |x| = 1.5");
    }
}
