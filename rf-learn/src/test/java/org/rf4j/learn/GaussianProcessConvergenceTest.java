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
package org.rf4j.learn;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.rf4j.RandomFeatures;
import org.rf4j.api.Matrix;
import org.rf4j.api.linalg.Cholesky;

/**
 * With random features the GP's predictive mean and variance converge to the exact GP's (Gaussian
 * kernel, the same fixed s², τ² and σ) as M grows, for iid and orthogonal trigonometric features.
 * The feature GP's error is a Monte Carlo error of order 1/√M, so from M = 8 to M = 128 it should
 * fall by about 4: over 6 draws (fixed seeds) the test asks for a factor of 2 in the mean error, and
 * for a fall larger than 2 standard errors of the difference of the two means (estimated from the
 * draws). Planted: the prior scale off by M (λ' = τ²/(M·s²)) fails it.
 */
class GaussianProcessConvergenceTest {
    private static final double S2 = 1.0;
    private static final double T2 = 0.09;
    private static final double SIGMA = 1.0;

    @Test
    void predictiveMeanAndVarianceApproachTheExactGp() {
        SplittableRandom rnd = new SplittableRandom(5);
        int n = 100;
        int k = 30;
        double[][] x = new double[n][];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = new double[] {rnd.nextGaussian(), rnd.nextGaussian()};
            y[i] = Math.sin(2 * x[i][0]) + 0.5 * x[i][1] + 0.3 * rnd.nextGaussian();
        }
        double[][] t = new double[k][];
        for (int i = 0; i < k; i++) {
            t[i] = new double[] {rnd.nextGaussian(), rnd.nextGaussian()};
        }
        double[][] exact = exact(x, y, t);
        GaussianProcess.Options fixed = new GaussianProcess.Options(S2, T2, SIGMA, false, false);
        int draws = 6;
        for (String coupling : new String[] {"iid", "orthogonal"}) {
            // err[a][e][s]: M = ms[a], e = 0 the mean's RMS error, 1 the variance's RMS relative error, draw s
            int[] ms = {8, 128};
            double[][][] err = new double[2][2][draws];
            for (int a = 0; a < 2; a++) {
                for (int s = 0; s < draws; s++) {
                    GaussianProcess gp = GaussianProcess.fit(RandomFeatures.gaussian(SIGMA).coupling(coupling)
                            .features("trigonometric").m(ms[a]).seed(40 + s), Matrix.of(x), y, fixed);
                    GaussianProcess.Prediction p = gp.predict(Matrix.of(t));
                    double em = 0;
                    double ev = 0;
                    for (int i = 0; i < k; i++) {
                        em += Math.pow(p.mean()[i] - exact[0][i], 2);
                        ev += Math.pow((p.predictiveVariance()[i] - exact[1][i]) / exact[1][i], 2);
                    }
                    err[a][0][s] = Math.sqrt(em / k);
                    err[a][1][s] = Math.sqrt(ev / k);
                }
            }
            for (int e = 0; e < 2; e++) {
                double small = mean(err[0][e]);
                double large = mean(err[1][e]);
                double se = Math.sqrt(Math.pow(standardError(err[0][e]), 2) + Math.pow(standardError(err[1][e]), 2));
                String what = coupling + (e == 0 ? " mean" : " variance") + " error, M = 128 against M = 8";
                assertThat(large).as(what).isLessThan(small / 2);
                assertThat(small - large).as(what + ": the fall in standard errors of the difference").isGreaterThan(2 * se);
            }
        }
    }

    private static double mean(double[] v) {
        double s = 0;
        for (double e : v) {
            s += e;
        }
        return s / v.length;
    }

    private static double standardError(double[] v) {
        double m = mean(v);
        double s = 0;
        for (double e : v) {
            s += (e - m) * (e - m);
        }
        return Math.sqrt(s / (v.length - 1) / v.length);
    }

    /** The exact GP's predictive mean and variance (latent plus noise) at t: Cholesky of s²K + τ²I. */
    private static double[][] exact(double[][] x, double[] y, double[][] t) {
        int n = x.length;
        Matrix k = Matrix.zeros(n, n);
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                k.set(i, j, S2 * kernel(x[i], x[j]) + (i == j ? T2 : 0));
            }
        }
        Cholesky c = Cholesky.factor(k, "K + τ²I");
        Matrix ks = Matrix.zeros(n, t.length);
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < t.length; j++) {
                ks.set(i, j, S2 * kernel(x[i], t[j]));
            }
        }
        Matrix alpha = c.solve(Matrix.wrap(n, 1, y.clone()));
        Matrix v = c.solve(ks);
        double[][] out = new double[2][t.length];
        for (int j = 0; j < t.length; j++) {
            double mean = 0;
            double q = 0;
            for (int i = 0; i < n; i++) {
                mean += ks.get(i, j) * alpha.get(i, 0);
                q += ks.get(i, j) * v.get(i, j);
            }
            out[0][j] = mean;
            out[1][j] = S2 - q + T2;
        }
        return out;
    }

    private static double kernel(double[] a, double[] b) {
        double d = 0;
        for (int i = 0; i < a.length; i++) {
            d += (a[i] - b[i]) * (a[i] - b[i]);
        }
        return Math.exp(-d / (2 * SIGMA * SIGMA));
    }
}
