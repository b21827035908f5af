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

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.rf4j.api.Matrix;
import org.rf4j.api.mechanism.Coupling;
import org.rf4j.api.random.ChiDistribution;
import org.rf4j.api.random.Seeds;
import org.rf4j.testkit.MonteCarlo;
import org.rf4j.theory.special.Normal;



/**
 * Joint structure of the couplings, beyond the marginal law every vector has: distinct non-zero rows
 * in partial blocks, Halton's stratification, Givens's distance from Haar measure, the χ norm law to
 * its fourth moment and value equality. Each Monte Carlo check states the smallest deviation it can
 * see ({@link MonteCarlo#Z} standard errors).
 */
class JointStructureTest {

    private static double norm(Matrix w, int i) {
        double s = 0;
        for (int k = 0; k < w.cols(); k++) {
            s += w.get(i, k) * w.get(i, k);
        }
        return Math.sqrt(s);
    }

    /**
     * m ≡ 1 and 2 (mod d) leave a partial block of one or two vectors: none of its rows may be zero,
     * and no two rows of a draw may coincide (up to sign), which an all-zero or a copied row would.
     */
    @Test
    void partialBlocksOfOneAndTwoVectorsHaveNoZeroOrRepeatedRows() {
        for (Coupling c : Support.all()) {
            for (int d : new int[] {2, 5, 8}) {
                for (int m : new int[] {1, 2, d + 1, d + 2, 2 * d + 1, 2 * d + 2}) {
                    for (int seed = 0; seed < 5; seed++) {
                        Matrix w = c.draw(m, d, Seeds.generator(7 + seed, m * 31L + d)).matrix();
                        // P(χ_d < 1e-3) is below 1e-6 for d >= 2
                        assertNoZeroOrRepeatedRows(w, 1e-3, c + " m=" + m + " d=" + d + " seed=" + seed);
                    }
                }
            }
        }
    }

    /**
     * Every row of w has norm above {@code minNorm}, and no two rows are equal or opposite (to 1e-9
     * in every coordinate).
     */
    static void assertNoZeroOrRepeatedRows(Matrix w, double minNorm, String what) {
        int m = w.rows();
        int d = w.cols();
        for (int i = 0; i < m; i++) {
            assertThat(norm(w, i)).as("%s row %d norm", what, i).isGreaterThan(minNorm);
            for (int j = 0; j < i; j++) {
                double diff = 0;
                double sum = 0;
                for (int k = 0; k < d; k++) {
                    diff = Math.max(diff, Math.abs(w.get(i, k) - w.get(j, k)));
                    sum = Math.max(sum, Math.abs(w.get(i, k) + w.get(j, k)));
                }
                assertThat(Math.min(diff, sum)).as("%s rows %d, %d distinct", what, i, j).isGreaterThan(1e-9);
            }
        }
    }

    @Test
    void haltonBasesAreTheFirstPrimes() {
        assertThat(HaltonCoupling.primes(12)).containsExactly(2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37);
        assertThat(HaltonCoupling.primes(1)).containsExactly(2);
    }

    /**
     * The joint law of Halton points: in coordinate j (base p_j), the first p^K points fall in
     * distinct cells of width p^{−K} for every K with p^K ≤ m (a scrambled (0, 1)-sequence), which
     * iid points almost never do. {@code idx % p → idx * p}, a zero or p multiplier in the scramble,
     * a wrong base or digit count all break it; each coordinate is then still N(0, 1), so no
     * marginal test can see them.
     */
    @Test
    void haltonPointsAreStratifiedInEveryCoordinate() {
        int d = 6;
        int m = 130;
        int[] primes = {2, 3, 5, 7, 11, 13};
        for (int seed = 0; seed < 20; seed++) {
            Matrix w = new HaltonCoupling().draw(m, d, Seeds.generator(300 + seed)).matrix();
            for (int j = 0; j < d; j++) {
                int p = primes[j];
                for (int cells = p; cells <= m; cells *= p) {
                    Set<Long> seen = new HashSet<>();
                    for (int i = 0; i < cells; i++) {
                        double u = Normal.cdf(w.get(i, j));
                        seen.add((long) Math.floor(u * cells));
                    }
                    assertThat(seen).as("seed %d coordinate %d (base %d): first %d points in %d distinct cells", seed, j,
                            p, cells, cells).hasSize(cells);
                }
            }
        }
    }

    /**
     * All m points are distinct at the resolution of their digits: with K the number of base-p digits
     * of m − 1, the m points lie in distinct cells of width p^{−K}. At m = 129 = 2⁷ + 1 and
     * m = 126 = 5³ + 1 the last index needs one digit more than m − 2 does, so a digit count off by
     * one puts it in the cell of point 0 in that coordinate.
     */
    @Test
    void haltonPointsAreDistinctAtTheResolutionOfTheirDigits() {
        int d = 3;
        int[] primes = {2, 3, 5};
        for (int m : new int[] {129, 126, 28}) {
            for (int seed = 0; seed < 10; seed++) {
                Matrix w = new HaltonCoupling().draw(m, d, Seeds.generator(350 + seed, m)).matrix();
                for (int j = 0; j < d; j++) {
                    int p = primes[j];
                    long cells = p;
                    while (cells < m) {
                        cells *= p;
                    }
                    Set<Long> seen = new HashSet<>();
                    for (int i = 0; i < m; i++) {
                        seen.add((long) Math.floor(Normal.cdf(w.get(i, j)) * cells));
                    }
                    assertThat(seen).as("m=%d seed %d coordinate %d: %d points in distinct cells of 1/%d", m, seed, j,
                            m, cells).hasSize(m);
                }
            }
        }
    }

    /**
     * Randomised QMC must beat iid where the integrand is smooth and d small: the PRF estimate of
     * {@code E[exp(wᵀv)] = exp(|v|²/2)} with m = 64 points in d = 3 has an iid MSE
     * {@code (e^{2|v|²} − e^{|v|²})/m}; Halton's empirical MSE must be below half of it. The check
     * has power to tell MSE ≤ 0.5·iid from MSE = 0.5·iid + 0.1·iid (Z·SE ≤ 0.1·iid).
     */
    @Test
    void haltonMseIsWellBelowIidAtASmoothPoint() {
        int d = 3;
        int m = 64;
        double[] v = {0.5, -0.3, 0.4};
        double vv = Support.dot(v, v);
        double exact = Math.exp(vv / 2);
        double iid = (Math.exp(2 * vv) - Math.exp(vv)) / m;
        int trials = 4000;
        double[] sq = new double[trials];
        for (int t = 0; t < trials; t++) {
            double[] z = Support.project(new HaltonCoupling().draw(m, d, Seeds.generator(400, t)), v);
            double s = 0;
            for (double x : z) {
                s += Math.exp(x);
            }
            double e = s / m - exact;
            sq[t] = e * e;
        }
        MonteCarlo.Summary st = MonteCarlo.summarize(sq);
        assertThat(MonteCarlo.Z * st.standardError()).as("power: Z·SE vs 0.1·iid").isLessThan(0.1 * iid);
        assertThat(st.mean() + MonteCarlo.Z * st.standardError()).as("Halton MSE %s vs iid %s", st.mean(), iid)
                .isLessThan(0.5 * iid);
        // and the same harness sees iid at its closed form (no accidental gain from the harness)
        double[] sqIid = new double[trials];
        for (int t = 0; t < trials; t++) {
            double[] z = Support.project(new IidCoupling().draw(m, d, Seeds.generator(401, t)), v);
            double s = 0;
            for (double x : z) {
                s += Math.exp(x);
            }
            double e = s / m - exact;
            sqIid[t] = e * e;
        }
        MonteCarlo.summarize(sqIid).assertMeanMatches(iid, 0.25, "iid MSE");
    }

    /**
     * χ_k moments: {@code E[χ²] = k}, {@code E[(χ² − k)²] = 2k}, {@code E[χ⁴] = k(k+2)}, for k = 1
     * (the shape-boosting branch), k = 2 (shape exactly 1), 3 and 9; 200,000 draws resolve a 3% change
     * of the variance (Z·SE ≤ 0.03·2k) — a wrong squeeze in the Marsaglia–Tsang step changes it by 12% at
     * k = 2, and Marsaglia–Tsang run at shape 1/2 without the boost is visibly wrong at k = 1.
     */
    @Test
    void chiNormsHaveTheChiSquaredMomentsToTheFourth() {
        int n = 200_000;
        for (int k : new int[] {1, 2, 3, 9}) {
            RandomGenerator rng = Seeds.generator(500 + k);
            double[] sq = new double[n];
            double[] centred = new double[n];
            double[] fourth = new double[n];
            for (int i = 0; i < n; i++) {
                double x = ChiDistribution.sample(k, rng);
                sq[i] = x * x;
                centred[i] = (sq[i] - k) * (sq[i] - k);
                fourth[i] = sq[i] * sq[i];
            }
            MonteCarlo.summarize(sq).assertMeanMatches(k, 0.015, "E[χ²_" + k + "]");
            MonteCarlo.summarize(centred).assertMeanMatches(2.0 * k, 0.05, "Var[χ²_" + k + "]");
            MonteCarlo.summarize(fourth).assertMeanMatches(k * (k + 2.0), 0.05, "E[χ⁴_" + k + "]");
        }
    }

    @Test
    void givensRotationCountIsThreeDTimesCeilLogTwoDOrTheConfiguredCount() {
        GivensCoupling auto = new GivensCoupling(0, BlockGeometry.ORTHOGONAL);
        assertThat(auto.rotationCount(1)).isZero();
        assertThat(auto.rotationCount(2)).isEqualTo(6);
        assertThat(auto.rotationCount(3)).isEqualTo(18);
        assertThat(auto.rotationCount(8)).isEqualTo(72);
        assertThat(auto.rotationCount(9)).isEqualTo(108);
        assertThat(auto.rotationCount(64)).isEqualTo(1152);
        assertThat(auto.rotationCount(1 << 26)).as("no int overflow").isEqualTo(3L * (1 << 26) * 26);
        GivensCoupling fixed = new GivensCoupling(5, BlockGeometry.ORTHOGONAL);
        assertThat(fixed.rotationCount(1)).isZero();
        assertThat(fixed.rotationCount(7)).isEqualTo(5);
    }

    /**
     * In d = 1 a Givens block is its sign layer times χ_1: the sign must be fair (a 0.5 ± 0.02
     * window over 20,000 draws, SE 0.0035); without the layer every w would be positive.
     */
    @Test
    void givensSignLayerMakesTheOneDimensionalBlockSymmetric() {
        int positive = 0;
        int n = 20_000;
        RandomGenerator rng = Seeds.generator(600);
        Coupling c = new GivensCoupling(0, BlockGeometry.ORTHOGONAL);
        for (int t = 0; t < n; t++) {
            if (c.draw(1, 1, rng).matrix().get(0, 0) > 0) {
                positive++;
            }
        }
        assertThat(positive / (double) n).isBetween(0.48, 0.52);
    }

    /**
     * Haar-ness of the Givens walk through the joint law of a block's directions u_i = w_i/|w_i|:
     * for Haar measure on O(d), {@code E[u_{i1}⁴] = 3/(d(d+2))} and, for i ≠ j in a block,
     * {@code E[u_{i1}² u_{j1}²] = 1/(d(d+2))}; the same with the dense unit direction a = 1/√d. Each
     * check resolves a 10% deviation, and the default Givens walk (3·d·⌈log₂ d⌉ = 72 rotations at
     * d = 8, fourth-moment excess 0.28% in closed form) is held to it like the exact orthogonal
     * coupling. The old default d·⌈log₂ d⌉ (axis fourth moment 25% high), angles confined to
     * [0, 0.64) or too few rotations leave the rows near the coordinate axes and fail.
     */
    @Test
    void givensBlocksHaveTheFourthMomentsOfHaarMeasure() {
        int d = 8;
        double haar4 = 3.0 / (d * (d + 2.0));
        double haar22 = 1.0 / (d * (d + 2.0));
        for (Coupling c : List.of(new GivensCoupling(0, BlockGeometry.ORTHOGONAL), new OrthogonalCoupling())) {
            int trials = 6000;
            double[][] fourth = new double[2][trials];
            double[][] cross = new double[2][trials];
            for (int t = 0; t < trials; t++) {
                Matrix w = c.draw(d, d, Seeds.generator(700, t)).matrix();
                double[][] proj = new double[2][d];
                for (int i = 0; i < d; i++) {
                    double r = norm(w, i);
                    proj[0][i] = w.get(i, 0) / r;
                    double s = 0;
                    for (int k = 0; k < d; k++) {
                        s += w.get(i, k);
                    }
                    proj[1][i] = s / (r * Math.sqrt(d));
                }
                for (int a = 0; a < 2; a++) {
                    double f = 0;
                    double x = 0;
                    for (int i = 0; i < d; i++) {
                        f += Math.pow(proj[a][i], 4);
                        int j = (i + 1) % d;
                        x += proj[a][i] * proj[a][i] * proj[a][j] * proj[a][j];
                    }
                    fourth[a][t] = f / d;
                    cross[a][t] = x / d;
                }
            }
            for (int a = 0; a < 2; a++) {
                String dir = a == 0 ? "axis" : "dense";
                MonteCarlo.summarize(fourth[a]).assertMeanMatches(haar4, 0.1, c + " E[u⁴] " + dir);
                MonteCarlo.summarize(cross[a]).assertMeanMatches(haar22, 0.1, c + " E[u_i² u_j²] " + dir);
            }
        }
    }

    /** The declared joint law selects the closed forms (rf-theory's geometries); it must be the law drawn. */
    @Test
    void exactCouplingsDeclareTheirJointLaw() {
        assertThat(new IidCoupling().jointLaw()).isEqualTo(org.rf4j.api.mechanism.JointLaw.INDEPENDENT);
        assertThat(new OrthogonalCoupling().jointLaw()).isEqualTo(org.rf4j.api.mechanism.JointLaw.HAAR_ORTHOGONAL);
        assertThat(new SimplexCoupling().jointLaw()).isEqualTo(org.rf4j.api.mechanism.JointLaw.SIMPLEX);
    }

    @Test
    void couplingsAreEqualExactlyWhenTheyAreTheSameMechanism() {
        List<Coupling> a = Support.all();
        List<Coupling> b = Support.all();
        for (int i = 0; i < a.size(); i++) {
            for (int j = 0; j < b.size(); j++) {
                if (i == j) {
                    assertThat(a.get(i)).isEqualTo(b.get(j)).hasSameHashCodeAs(b.get(j));
                } else {
                    assertThat(a.get(i)).as("%s vs %s", a.get(i), b.get(j)).isNotEqualTo(b.get(j));
                }
            }
            assertThat(a.get(i)).isNotEqualTo("not a coupling");
        }
        assertThat(new GivensCoupling(3, BlockGeometry.ORTHOGONAL)).isNotEqualTo(new GivensCoupling(4, BlockGeometry.ORTHOGONAL));
        assertThat(new HdCoupling(BlockGeometry.ORTHOGONAL, 2)).isNotEqualTo(new HdCoupling(BlockGeometry.ORTHOGONAL, 3));
        assertThat(new SimplexPlusCoupling(10, 1e-10)).isNotEqualTo(new SimplexPlusCoupling(11, 1e-10))
                .isNotEqualTo(new SimplexPlusCoupling(10, 1e-9));
    }

    /**
     * The batch path the feature maps use ({@code applyRows} into a shared buffer at an offset) gives
     * exactly the rows of the materialised W times X, for every coupling, including the structured
     * ones that never materialise W.
     */
    @Test
    void applyRowsIntoABufferMatchesTheMatrix() {
        int d = 6;
        int m = 2 * d + 1;
        Matrix x = Matrix.zeros(7, d);
        RandomGenerator r = Seeds.generator(800);
        for (int i = 0; i < x.data().length; i++) {
            x.data()[i] = r.nextGaussian();
        }
        for (Coupling c : Support.all()) {
            var p = c.draw(m, d, Seeds.generator(801));
            Matrix w = p.matrix();
            double[] out = new double[3 + 4 * m];
            p.applyRows(x, 2, 6, out, 3);
            for (int i = 2; i < 6; i++) {
                for (int j = 0; j < m; j++) {
                    double acc = 0;
                    for (int k = 0; k < d; k++) {
                        acc += w.get(j, k) * x.get(i, k);
                    }
                    assertThat(out[3 + (i - 2) * m + j]).as("%s row %d projection %d", c, i, j)
                            .isCloseTo(acc, org.assertj.core.data.Offset.offset(1e-10 * (1 + Math.abs(acc))));
                }
            }
            assertThat(out[0]).isZero();
        }
    }

    /**
     * The float batch path ({@code applyRows} of a {@link org.rf4j.api.FloatMatrix}): for every
     * coupling, each entry is the double path's product at the widened rows rounded once to float
     * (structured couplings go through the default, which now keeps per-thread buffers) or, for a
     * dense W, its float fma product within γ_{d+1}·Σ|w x|; calls of different sizes and shapes on
     * one thread (5 rows after 64, a 2,000-row range beyond the kept buffers, another d and m) see
     * no stale rows. A default that reused a buffer without refilling it, or rounded twice, fails.
     */
    @Test
    void floatApplyRowsIsTheDoubleProductRoundedOnce() {
        RandomGenerator r = Seeds.generator(810);
        for (int[] dm : new int[][] {{6, 13}, {5, 7}}) {
            int d = dm[0];
            int m = dm[1];
            for (int rows : new int[] {64, 5, 2000, 1}) {
                float[] xf = new float[rows * d];
                for (int k = 0; k < xf.length; k++) {
                    xf[k] = (float) r.nextGaussian();
                }
                org.rf4j.api.FloatMatrix x = org.rf4j.api.FloatMatrix.wrap(rows, d, xf);
                for (Coupling c : Support.all()) {
                    var p = c.draw(m, d, Seeds.generator(811));
                    float[] out = new float[2 + rows * m];
                    p.applyRows(x, 0, rows, out, 2);
                    double[] z = new double[rows * m];
                    p.applyRows(x.toDouble(), 0, rows, z, 0);
                    Matrix w = p.matrix();
                    for (int k = 0; k < z.length; k++) {
                        if (p instanceof org.rf4j.api.mechanism.DenseProjection) {
                            double s = 0;
                            for (int t = 0; t < d; t++) {
                                s += Math.abs(w.get(k % m, t) * x.get(k / m, t));
                            }
                            double g = (d + 1) * 0x1p-24 / (1 - (d + 1) * 0x1p-24);
                            assertThat((double) out[2 + k]).as("%s d %d rows %d entry %d", c, d, rows, k)
                                    .isCloseTo(z[k], org.assertj.core.data.Offset.offset(g * s + 0x1p-24 * Math.abs(z[k]) + 1e-30));
                        } else {
                            assertThat(out[2 + k]).as("%s d %d rows %d entry %d", c, d, rows, k).isEqualTo((float) z[k]);
                        }
                    }
                }
            }
        }
    }

    @Test
    void namesHashesAndIndependenceFlags() {
        for (Coupling c : Support.all()) {
            assertThat(c.toString()).as("toString of %s", c.spec()).isNotEmpty();
            assertThat(c.hashCode()).as("hashCode of %s", c).isNotZero();
            assertThat(c.independent()).as("%s independent()", c).isEqualTo(c instanceof IidCoupling);
        }
        assertThat(new GivensCoupling(0, BlockGeometry.SIMPLEX).minimumDimension()).isEqualTo(2);
        assertThat(new GivensCoupling(0, BlockGeometry.ORTHOGONAL).minimumDimension()).isEqualTo(1);
        assertThat(new HdCoupling(BlockGeometry.SIMPLEX, 3).minimumDimension()).isEqualTo(2);
        assertThat(new HdCoupling(BlockGeometry.ORTHOGONAL, 3).minimumDimension()).isEqualTo(1);
        assertThat(new GivensCoupling(5, BlockGeometry.ORTHOGONAL).rotationCount(2)).isEqualTo(5);
        var p = new HdCoupling(BlockGeometry.ORTHOGONAL, 3).draw(6, 4, Seeds.generator(3));
        Matrix x = Matrix.zeros(2, 4);
        x.set(0, 1, 1.0);
        x.set(1, 2, -2.0);
        Matrix out = Matrix.zeros(2, 6);
        assertThat(p.apply(x, out)).as("apply writes into the given buffer").isSameAs(out);
        assertThat(out).isEqualTo(p.apply(x, null));
        assertThat(BlockGeometry.SIMPLEX.inputs(1)).isEqualTo(1);
        assertThat(BlockGeometry.SIMPLEX.inputs(5)).isEqualTo(4);
        assertThat(BlockGeometry.ORTHOGONAL.inputs(5)).isEqualTo(5);
    }
}
