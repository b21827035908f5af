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

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Map;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.rf4j.api.Matrix;
import org.rf4j.api.Spec;
import org.rf4j.api.kernel.KernelKind;
import org.rf4j.api.kernel.SoftmaxKernel;
import org.rf4j.api.mechanism.DataSample;
import org.rf4j.api.mechanism.DrawnEstimator;
import org.rf4j.api.mechanism.Estimator;
import org.rf4j.api.mechanism.EstimatorRequest;
import org.rf4j.api.mechanism.FitData;
import org.rf4j.api.mechanism.Side;
import org.rf4j.api.random.Seeds;
import org.rf4j.features.ComplexExponentialFeatures;
import org.rf4j.testkit.MonteCarlo;



/** The clustering hybrid (HRF App. H) on the synthetic clustered data of App. H.3. */
class ClusteringHybridTest {
    private static final int D = 50;
    private static final int PER_CLUSTER = 100;

    /** Two query and two key Gaussian clusters in R^50 (App. H.3), with opposite-sign means except a few coordinates. */
    static DataSample clusteredData(long seed, double noise) {
        return clusteredData(seed, noise, true);
    }

    /** As above; without {@code adjustSigns} the means are the raw rotations O·X₀, O·Y₀ (any signs). */
    static DataSample clusteredData(long seed, double noise, boolean adjustSigns) {
        RandomGenerator g = Seeds.generator(seed);
        double[] x0 = gaussian(g, D);
        double[] y0 = gaussian(g, D);
        double[][] means = new double[4][];
        for (int c = 0; c < 4; c++) {
            double[] v = orthogonal(g, D, c < 2 ? x0 : y0);
            double norm = 0;
            for (int k = 0; k < D; k++) {
                // queries positive, keys negative, except one coordinate (so s = l(A) of Eq. 21 is small but not 0)
                double sign = (c < 2) == (k % 50 != 0) ? 1 : -1;
                v[k] = adjustSigns ? sign * Math.abs(v[k]) : v[k];
                norm += v[k] * v[k];
            }
            for (int k = 0; k < D; k++) {
                v[k] *= 1.0 / Math.sqrt(norm);
            }
            means[c] = v;
        }
        Matrix q = Matrix.zeros(2 * PER_CLUSTER, D);
        Matrix k = Matrix.zeros(2 * PER_CLUSTER, D);
        for (int i = 0; i < 2 * PER_CLUSTER; i++) {
            for (int t = 0; t < D; t++) {
                q.set(i, t, means[i / PER_CLUSTER][t] + noise * g.nextGaussian());
                k.set(i, t, means[2 + i / PER_CLUSTER][t] + noise * g.nextGaussian());
            }
        }
        return new DataSample(q, k);
    }

    private static double[] gaussian(RandomGenerator g, int d) {
        double[] v = new double[d];
        for (int i = 0; i < d; i++) {
            v[i] = g.nextGaussian();
        }
        return v;
    }

    /** O·v for a random orthogonal O (Gram–Schmidt of a Gaussian matrix). */
    private static double[] orthogonal(RandomGenerator g, int d, double[] v) {
        double[][] o = new double[d][];
        for (int i = 0; i < d; i++) {
            double[] r = gaussian(g, d);
            for (int j = 0; j < i; j++) {
                double dot = 0;
                for (int t = 0; t < d; t++) {
                    dot += r[t] * o[j][t];
                }
                for (int t = 0; t < d; t++) {
                    r[t] -= dot * o[j][t];
                }
            }
            double n = 0;
            for (double a : r) {
                n += a * a;
            }
            for (int t = 0; t < d; t++) {
                r[t] /= Math.sqrt(n);
            }
            o[i] = r;
        }
        double[] out = new double[d];
        for (int i = 0; i < d; i++) {
            for (int t = 0; t < d; t++) {
                out[i] += o[i][t] * v[t];
            }
        }
        return out;
    }

    static double gramMse(Estimator e, DataSample data, int seeds) {
        Matrix q = data.query();
        Matrix k = data.key();
        double acc = 0;
        int count = 0;
        for (long s = 0; s < seeds; s++) {
            long seed = Seeds.derive(1234, s);
            DrawnEstimator ke = e.fitIfNeeded(SoftmaxKernel.INSTANCE, data, seed)
                    .draw(new EstimatorRequest(SoftmaxKernel.INSTANCE, D, seed));
            Matrix g = ke.gram(q, k);
            for (int i = 0; i < q.rows(); i += 4) {
                for (int j = 0; j < k.rows(); j += 4) {
                    double exact = KernelKind.SOFTMAX.value(q.row(i), k.row(j));
                    double err = g.get(i, j) - exact;
                    acc += err * err;
                    count++;
                }
            }
        }
        return acc / count;
    }

    /**
     * App. H.1/H.3 setting with real diagonal A (Eq. 88) and the signs adjusted so that l(A) of Eq. 21
     * is small: the clustering hybrid beats FAVOR+ (positive) and trigonometric RFs given the same
     * number of projections (4 pairs × m). (On these sign-adjusted, hence nearly antipodal, data the
     * hyperbolic ± estimator of the same budget is better still; the paper does not compare with it.)
     */
    @Test
    void realDiagonalHybridBeatsPositiveAndTrigonometricOnSignAdjustedClusters() {
        DataSample data = clusteredData(7, 0.02);
        int m = 16;
        Estimator hybrid = Fixtures.estimator(Spec.of("clustering-hybrid", "m", (long) m));
        int budget = hybrid.projectionCount(D);
        assertThat(budget).isEqualTo(4 * m);
        double h = gramMse(hybrid, data, 6);
        double pos = gramMse(Fixtures.estimator(Fixtures.rf("positive", budget)), data, 6);
        double trig = gramMse(Fixtures.estimator(Fixtures.rf("trigonometric", budget)), data, 6);
        assertThat(h).as("hybrid %s vs positive %s, trigonometric %s", h, pos, trig).isLessThan(0.5 * Math.min(pos, trig));
    }

    /**
     * Complex diagonal A (Eq. 85–87) needs no sign adjustment (A r_q + A⁻¹ r_k = 0 for any signs): on
     * clusters around arbitrary rotated means it beats positive, hyperbolic and trigonometric RFs of
     * the same projection budget by a wide margin.
     */
    @Test
    void complexDiagonalHybridBeatsEveryBaseEstimatorOnGeneralClusters() {
        DataSample data = clusteredData(7, 0.01, false);
        int m = 16;
        Estimator hybrid = Fixtures.estimator(Spec.of("clustering-hybrid", "m", (long) m, "matrix", "complex-diagonal"));
        int budget = hybrid.projectionCount(D);
        double h = gramMse(hybrid, data, 4);
        double pos = gramMse(Fixtures.estimator(Fixtures.rf("positive", budget)), data, 4);
        double hyp = gramMse(Fixtures.estimator(Fixtures.rf("hyperbolic", budget)), data, 4);
        double trig = gramMse(Fixtures.estimator(Fixtures.rf("trigonometric", budget)), data, 4);
        assertThat(h).as("hybrid %s vs positive %s, hyperbolic %s, trigonometric %s", h, pos, hyp, trig)
                .isLessThan(0.2 * Math.min(Math.min(pos, hyp), trig));
    }

    @Test
    void mseAtAPointMatchesTheEquivalentEq8HybridsTheory() {
        DataSample data = clusteredData(8, 0.05);
        // fitted once: the draws below share these centres, so the closed form is that of exactly
        // the mechanism drawn (not of an average over k-means runs)
        ClusteringHybridEstimator e = (ClusteringHybridEstimator) Fixtures.estimator(Spec.of("clustering-hybrid", "m", 6L))
                .fit(new FitData(SoftmaxKernel.INSTANCE, data, Map.of(), "estimator", 5));
        double[] x = data.query().row(3);
        double[] y = data.key().row(150);
        HybridEstimator eq8 = e.build(D);
        double theory = eq8.fitIfNeeded(SoftmaxKernel.INSTANCE, data, 0).theoryMse(SoftmaxKernel.INSTANCE, x, y).orElseThrow();
        double exact = KernelKind.SOFTMAX.value(x, y);
        MonteCarlo.Estimates mc = MonteCarlo.run(2400, exact,
                t -> e.draw(SoftmaxKernel.INSTANCE, D, Seeds.derive(77, t)).estimate(x, y));
        mc.assertUnbiased(exact);
        mc.assertMse(theory);
    }

    @Test
    void complexDiagonalAIsExactAtTheCentres() {
        RandomGenerator g = Seeds.generator(3);
        double[] rq = gaussian(g, 6);
        double[] rk = gaussian(g, 6);
        for (int t = 0; t < 6; t++) {
            rq[t] *= 0.4;
            rk[t] *= 0.4;
        }
        ComplexExponentialFeatures ce = ComplexExponentialFeatures.forCentres(rq, rk, true, 10);
        double[][] u = ce.transformVector(Side.QUERY, rq);
        double[][] v = ce.transformVector(Side.KEY, rk);
        for (int t = 0; t < 6; t++) {
            assertThat(u[0][t] + v[0][t]).isCloseTo(0.0, within(1e-12));
            assertThat(u[1][t] + v[1][t]).isCloseTo(0.0, within(1e-12));
        }
        Estimator e = Fixtures.estimator(Spec.of("random-features", "features", ce.spec(), "m", 5L));
        double exact = KernelKind.SOFTMAX.value(rq, rk);
        for (long s = 0; s < 20; s++) {
            assertThat(e.draw(new EstimatorRequest(SoftmaxKernel.INSTANCE, 6, s)).estimate(rq, rk))
                    .isCloseTo(exact, within(1e-12 * exact));
        }
        // the real diagonal of Eq. 88 minimises |A rq + A⁻¹ rk| over real diagonal A
        ComplexExponentialFeatures real = ComplexExponentialFeatures.forCentres(rq, rk, false, 10);
        double[] a = real.diagonalEntries(6)[0];
        for (int t = 0; t < 6; t++) {
            double best = Math.pow(a[t] * rq[t] + rk[t] / a[t], 2);
            for (double f : new double[] {0.9, 1.1}) {
                assertThat(Math.pow(f * a[t] * rq[t] + rk[t] / (f * a[t]), 2)).isGreaterThanOrEqualTo(best - 1e-12);
            }
        }
    }

    @Test
    void edgeCasesOfAppendixH2() {
        ComplexExponentialFeatures ce = ComplexExponentialFeatures.forCentres(new double[] {0, 0, 1, 2},
                new double[] {0, 3, 0, -8}, true, 10);
        double[][] a = ce.diagonalEntries(4);
        assertThat(a[0]).containsExactly(1, 10, 0.1, 2);
        assertThat(a[1]).containsExactly(1, 0, 0.1, 0);
        ComplexExponentialFeatures r = ComplexExponentialFeatures.forCentres(new double[] {0, 0, 2}, new double[] {0, 3, 8},
                false, 10);
        assertThat(r.diagonalEntries(3)[0]).containsExactly(1, 10, 2);
        assertThat(r.diagonalEntries(3)[1]).containsExactly(0, 0, 0);
    }

    @Test
    void variantsWithADefaultBaseAreUnbiasedAndDeterministic() {
        DataSample data = clusteredData(9, 0.05);
        Fixtures.FILES.put("q.csv", data.query());
        Fixtures.FILES.put("k.csv", data.key());
        double[] x = data.query().row(10);
        double[] y = data.key().row(120);
        double exact = KernelKind.SOFTMAX.value(x, y);
        for (Spec s : new Spec[] {
                Spec.of("clustering-hybrid", "m", 6L, "pairs", 2L, "queryData", "q.csv", "keyData", "k.csv"),
                Spec.of("clustering-hybrid", "m", 6L, "lambda", "gaussian", "tau", 2.0, "n", 16L, "default",
                        Fixtures.rf("trigonometric", 32))}) {
            // fitted as from a config: the indicator variant clusters its files, the Gaussian-λ one the data
            // fit seed 1: k-means finds the data's two clusters (some seeds merge them, which leaves the
            // estimator unbiased but with a relative standard deviation up to 13.6 at this pair, measured)
            Estimator e = Fixtures.fitted(s, SoftmaxKernel.INSTANCE, data, 1);
            assertThat(e.needsFit()).isFalse();
            assertThat(e.spec().parameters()).doesNotContainKeys("queryData", "keyData").containsKey("queryCentres");
            // the Gaussian-λ variant is heavy-tailed at this pair with these fitted centres (relative standard
            // deviation about 7 over 6000 draws, and it grows with the draws), so 6000 draws resolve a bias
            // of 45%; the indicator variant (relative standard deviation 0.28) one of 5%
            boolean gaussianLambda = "gaussian".equals(s.get("lambda"));
            MonteCarlo.Estimates mc = MonteCarlo.run(gaussianLambda ? 6000 : 1200, exact,
                    t -> e.fitIfNeeded(SoftmaxKernel.INSTANCE, data, Seeds.derive(5, t))
                            .draw(new EstimatorRequest(SoftmaxKernel.INSTANCE, D, Seeds.derive(5, t))).estimate(x, y));
            mc.assertUnbiased(exact, gaussianLambda ? 0.45 : 0.05);
            DrawnEstimator a = e.fitIfNeeded(SoftmaxKernel.INSTANCE, data, 42).draw(new EstimatorRequest(SoftmaxKernel.INSTANCE, D, 42));
            DrawnEstimator b = e.fitIfNeeded(SoftmaxKernel.INSTANCE, data, 42).draw(new EstimatorRequest(SoftmaxKernel.INSTANCE, D, 42));
            assertThat(java.util.Arrays.equals(a.features(Side.QUERY, data.query(), null).data(),
                    b.features(Side.QUERY, data.query(), null).data())).isTrue();
            assertThat(java.util.Arrays.equals(a.features(Side.KEY, data.key(), null).data(),
                    b.features(Side.KEY, data.key(), null).data())).isTrue();
            DrawnEstimator c = e.fitIfNeeded(SoftmaxKernel.INSTANCE, data, 43).draw(new EstimatorRequest(SoftmaxKernel.INSTANCE, D, 43));
            assertThat(java.util.Arrays.equals(a.features(Side.KEY, data.key(), null).data(),
                    c.features(Side.KEY, data.key(), null).data())).isFalse();
        }
    }
}
