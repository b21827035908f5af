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
package org.rf4j.features;

import org.rf4j.testkit.MonteCarlo;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.random.RandomGenerator;
import org.rf4j.api.Matrix;
import org.rf4j.api.Spec;
import org.rf4j.api.kernel.KernelKind;
import org.rf4j.api.mechanism.Coupling;
import org.rf4j.api.mechanism.DataSample;
import org.rf4j.api.mechanism.DenseProjection;
import org.rf4j.api.mechanism.FeatureMap;
import org.rf4j.api.mechanism.FeatureRequest;
import org.rf4j.api.mechanism.Projection;
import org.rf4j.api.mechanism.DrawnFeatures;
import org.rf4j.api.mechanism.Side;
import org.rf4j.api.random.Seeds;
import org.rf4j.testkit.StandardGaussianCoupling;

/** Monte Carlo helpers for the CRT map tests. */
final class FeatureMapTestSupport {
    private FeatureMapTestSupport() {
    }

    /** Sample statistics of the per-projection products. */
    record Stats(double mean, double meanSe, double meanSquaredError, double mseSe, int n) {
    }

    /**
     * The map fitted to a sample in kernel coordinates (a unit kernel, fit seed 0), as an estimator's
     * fit stage does; itself when it has nothing to fit or no sample is given.
     */
    @SuppressWarnings("unchecked")
    static <T extends FeatureMap> T fitted(T map, DataSample data) {
        return data == null || !map.needsFit() ? map
                : (T) map.fit(org.rf4j.api.mechanism.FitData.of(org.rf4j.api.kernel.Kernel.softmax(), data));
    }

    /**
     * Draws N projections at once and returns the N single-projection estimates
     * {@code Z_j = N·Σ_b φ₁(x)_{b,j}φ₂(y)_{b,j}} (each an iid draw of one feature product).
     */
    static double[] products(FeatureMap map, KernelKind kind, double[] x, double[] y, int n, long seed,
            DataSample data) {
        FeatureRequest req = new FeatureRequest(kind, x.length, n, new TestIidCoupling(), null, Seeds.generator(seed));
        DrawnFeatures f = fitted(map, data).draw(req);
        double[] a = f.map(Side.QUERY, x);
        double[] b = f.map(Side.KEY, y);
        int blocks = a.length / n;
        double[] z = new double[n];
        for (int j = 0; j < n; j++) {
            double acc = 0;
            for (int blk = 0; blk < blocks; blk++) {
                acc += a[blk * n + j] * b[blk * n + j];
            }
            z[j] = n * acc;
            assertThat(Double.isFinite(z[j])).isTrue();
        }
        return z;
    }

    /** Mean with its SE, and the mean squared error around {@code exact} with its SE. */
    static Stats stats(double[] z, double exact) {
        int n = z.length;
        double mean = 0;
        for (double v : z) {
            mean += v;
        }
        mean /= n;
        double var = 0;
        double mse = 0;
        for (double v : z) {
            var += (v - mean) * (v - mean);
            mse += (v - exact) * (v - exact);
        }
        var /= n - 1;
        mse /= n;
        double m4 = 0;
        for (double v : z) {
            double e = (v - exact) * (v - exact) - mse;
            m4 += e * e;
        }
        double mseSe = Math.sqrt(m4 / (n - 1) / n);
        return new Stats(mean, Math.sqrt(var / n), mse, mseSe, n);
    }

    /**
     * Asserts unbiasedness and the variance against the closed form with the test kit's rule
     * ({@link MonteCarlo#Z} standard errors), including its power condition: the mean check must
     * resolve a 5% bias and the variance check a 50% error, or the test fails as too weak.
     */
    static void assertMatches(double[] z, double exact, double theoryVariance, String what) {
        assertMatches(z, exact, theoryVariance, 0.05, what);
    }

    /**
     * As {@link #assertMatches(double[], double, double, String)}, for estimators whose relative noise
     * is large (small Gaussian-kernel values): the mean check need only resolve a bias of
     * {@code meanPower}·|exact|, which the caller states.
     */
    static void assertMatches(double[] z, double exact, double theoryVariance, double meanPower, String what) {
        assertMatches(z, exact, theoryVariance, meanPower, 0.5, what);
    }

    /** With both powers stated by the caller (a caller that relaxes a power says why beside the call). */
    static void assertMatches(double[] z, double exact, double theoryVariance, double meanPower, double msePower,
            String what) {
        assertUnbiased(z, exact, meanPower, what);
        MonteCarlo.assertMseMatches(z, exact, theoryVariance, msePower, what);
    }

    /** The mean check alone (for estimators whose squared errors lack the moments an MSE check needs). */
    static void assertUnbiased(double[] z, double exact, double meanPower, String what) {
        MonteCarlo.summarize(z).assertMeanMatches(exact, meanPower, what);
    }

    static double sq(double[] v) {
        double s = 0;
        for (double t : v) {
            s += t * t;
        }
        return s;
    }

    static double[] vector(RandomGenerator r, int d, double scale) {
        double[] v = new double[d];
        for (int i = 0; i < d; i++) {
            v[i] = scale * r.nextGaussian();
        }
        return v;
    }

    /** Always "draws" the given W (for tests that place projections by hand). */
    record FixedCoupling(Matrix w) implements Coupling {
        @Override
        public Spec spec() {
            return Spec.of("fixed");
        }

        @Override
        public Projection draw(int m, int d, RandomGenerator rng) {
            return new DenseProjection(w);
        }
    }

    /** Independent N(0, I_d) rows, like rf-couplings' {@code iid}: the test kit's coupling, under this suite's name. */
    static final class TestIidCoupling extends StandardGaussianCoupling {
    }

    /**
     * A stand-in for the orthogonal coupling (written in parallel elsewhere): blocks of d mutually
     * orthogonal directions (Gram–Schmidt QR of a Gaussian matrix, with the sign correction that makes
     * Q Haar-distributed), each row rescaled by an independent χ_d norm, so every row is marginally
     * N(0, I_d) (Yu et al. 2016; CRT Sec. 4).
     */
    static final class TestOrthogonalCoupling implements Coupling {
        @Override
        public Spec spec() {
            return Spec.of("orthogonal");
        }

        @Override
        public org.rf4j.api.mechanism.JointLaw jointLaw() {
            return org.rf4j.api.mechanism.JointLaw.HAAR_ORTHOGONAL;
        }

        @Override
        public Projection draw(int m, int d, RandomGenerator rng) {
            Matrix w = Matrix.zeros(m, d);
            double[] out = w.data();
            for (int start = 0; start < m; start += d) {
                double[][] g = new double[d][d];
                for (double[] row : g) {
                    for (int l = 0; l < d; l++) {
                        row[l] = rng.nextGaussian();
                    }
                }
                // modified Gram–Schmidt on the rows: row i keeps the sign of its projection on itself
                for (int i = 0; i < d; i++) {
                    for (int k = 0; k < i; k++) {
                        double dot = 0;
                        for (int l = 0; l < d; l++) {
                            dot += g[i][l] * g[k][l];
                        }
                        for (int l = 0; l < d; l++) {
                            g[i][l] -= dot * g[k][l];
                        }
                    }
                    double norm = 0;
                    for (int l = 0; l < d; l++) {
                        norm += g[i][l] * g[i][l];
                    }
                    norm = Math.sqrt(norm);
                    for (int l = 0; l < d; l++) {
                        g[i][l] /= norm;
                    }
                }
                for (int i = 0; i < d && start + i < m; i++) {
                    double chi = 0;
                    for (int l = 0; l < d; l++) {
                        double t = rng.nextGaussian();
                        chi += t * t;
                    }
                    chi = Math.sqrt(chi);
                    for (int l = 0; l < d; l++) {
                        out[(start + i) * d + l] = chi * g[i][l];
                    }
                }
            }
            return new DenseProjection(w);
        }
    }
}
