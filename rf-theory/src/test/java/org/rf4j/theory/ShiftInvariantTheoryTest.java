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
package org.rf4j.theory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.rf4j.api.random.Seeds;
import org.rf4j.api.random.SpectralSamplers;

/**
 * The closed-form MSEs of {@link ShiftInvariantTheory} against Monte Carlo: R = 20,000 independent
 * estimators, each built from m fresh draws; the MSE estimate is the mean of the R squared errors,
 * and its own standard error (sample standard deviation of the squared errors over √R) sets the
 * tolerance at 5 standard errors, about 5% of the MSE here. A formula off by a constant term of
 * that size fails: the random-Fourier variance with the pair's formula (off by (1 − k(2Δ))/2 per
 * draw, a third or more of the MSE here), a missing 1/m, or an arc-cosine second moment with J_n in place of J_{2n}. The means are
 * checked too (unbiasedness), with the closed-form variance as the standard error.
 */
class ShiftInvariantTheoryTest {
    private static final int R = 20_000;
    private static final double Z = 5;

    @FunctionalInterface
    private interface Sampler {
        void draw(RandomGenerator rng, double[] out);
    }

    @FunctionalInterface
    private interface Kernel {
        double at(double[] x, double[] y);
    }

    @Test
    void trigonometricAndRandomFourierMseForMaternLaplacianAndRationalQuadratic() {
        double[] x = {0.4, -0.3, 0.8};
        double[] y = {-0.2, 0.1, 0.5};
        // same Δ = x − y, different x + y: the random-Fourier MSE must not depend on x + y
        double[] x2 = {2.4, 1.7, -1.2};
        double[] y2 = {1.8, 2.1, -1.5};
        check("matern 1.5", (rng, w) -> SpectralSamplers.matern(1.5, 1.2, rng, w),
                (a, b) -> ExactKernels.matern(1.5, 1.2, a, b), x, y, x2, y2);
        check("matern 0.7", (rng, w) -> SpectralSamplers.matern(0.7, 0.8, rng, w),
                (a, b) -> ExactKernels.matern(0.7, 0.8, a, b), x, y, x2, y2);
        check("laplacian", (rng, w) -> SpectralSamplers.laplacian(0.9, rng, w),
                (a, b) -> ExactKernels.laplacian(0.9, a, b), x, y, x2, y2);
        check("rq", (rng, w) -> SpectralSamplers.rationalQuadratic(2.0, 1.0, rng, w),
                (a, b) -> ExactKernels.rationalQuadratic(2.0, 1.0, a, b), x, y, x2, y2);
    }

    private static void check(String label, Sampler sampler, Kernel kernel, double[] x, double[] y,
                              double[] x2, double[] y2) {
        double[] zero = new double[x.length];
        double[] delta = new double[x.length];
        double[] twoDelta = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            delta[i] = x[i] - y[i];
            twoDelta[i] = 2 * delta[i];
        }
        double k = kernel.at(delta, zero);
        double k2 = kernel.at(twoDelta, zero);
        int pairs = 4;
        int m = 8;
        RandomGenerator rng = Seeds.generator(label.hashCode());
        double[] w = new double[x.length];
        Moments trig = new Moments();
        Moments rf = new Moments();
        Moments rfShifted = new Moments();
        for (int r = 0; r < R; r++) {
            double t = 0;
            for (int p = 0; p < pairs; p++) {
                sampler.draw(rng, w);
                t += Math.cos(Vectors.dot(w, x)) * Math.cos(Vectors.dot(w, y))
                        + Math.sin(Vectors.dot(w, x)) * Math.sin(Vectors.dot(w, y));
            }
            trig.add(t / pairs - k);
            double f = 0;
            double g = 0;
            for (int j = 0; j < m; j++) {
                sampler.draw(rng, w);
                double b = 2 * Math.PI * rng.nextDouble();
                f += 2 * Math.cos(Vectors.dot(w, x) + b) * Math.cos(Vectors.dot(w, y) + b);
                g += 2 * Math.cos(Vectors.dot(w, x2) + b) * Math.cos(Vectors.dot(w, y2) + b);
            }
            rf.add(f / m - k);
            rfShifted.add(g / m - k);
        }
        trig.assertSecondMoment(label + " trig", ShiftInvariantTheory.trigonometricMse(k, k2, pairs), Z);
        rf.assertSecondMoment(label + " random Fourier", ShiftInvariantTheory.randomFourierMse(k, k2, m), Z);
        rfShifted.assertSecondMoment(label + " random Fourier, other x + y", ShiftInvariantTheory.randomFourierMse(k, k2, m), Z);
    }

    /**
     * Arc-cosine features {@code √(2/m)·Θ(wᵀx)(wᵀx)ⁿ}: mean k_n (Cho &amp; Saul) and MSE
     * {@code ((2/π)‖x‖^{2n}‖y‖^{2n}J_{2n}(θ) − k_n²)/m}, at an acute and an obtuse angle, d = 4.
     */
    @Test
    void arcCosineMeanAndMse() {
        double[][][] pairs = {
            {{0.9, -0.2, 0.4, 1.1}, {0.5, 0.3, -0.1, 0.8}},
            {{0.9, -0.2, 0.4, 1.1}, {-0.7, 0.6, 0.2, -0.3}},
        };
        int m = 8;
        for (int order = 0; order <= 2; order++) {
            for (double[][] p : pairs) {
                double[] x = p[0];
                double[] y = p[1];
                double k = ExactKernels.arcCosine(order, x, y);
                RandomGenerator rng = Seeds.generator(500L + order);
                double[] w = new double[x.length];
                Moments errors = new Moments();
                for (int r = 0; r < R; r++) {
                    double s = 0;
                    for (int j = 0; j < m; j++) {
                        for (int i = 0; i < w.length; i++) {
                            w[i] = rng.nextGaussian();
                        }
                        double a = Vectors.dot(w, x);
                        double b = Vectors.dot(w, y);
                        if (a > 0 && b > 0) {
                            s += 2 * Math.pow(a * b, order);
                        }
                    }
                    errors.add(s / m - k);
                }
                double mse = ShiftInvariantTheory.arcCosineMse(order, x, y, m);
                String label = "arc-cosine order " + order + " k=" + k;
                assertThat(errors.mean()).as(label + " mean").isCloseTo(0, within(Z * Math.sqrt(mse / R)));
                errors.assertSecondMoment(label, mse, Z);
            }
        }
    }

    /** Equal feature counts: pairs beat cosines exactly where k(2Δ) &lt; 2k(Δ)². */
    @Test
    void pairsBeatCosinesAtEqualFeatureCountWhereKOfTwoDeltaIsBelowTwiceKSquared() {
        for (double k = 0.05; k < 1; k += 0.1) {
            // Laplacian and Matérn-½: k(2Δ) = k(Δ)²
            assertThat(ShiftInvariantTheory.trigonometricMse(k, k * k, 4))
                    .isLessThan(ShiftInvariantTheory.randomFourierMse(k, k * k, 8));
        }
        // a kernel with k(2Δ) above 2k(Δ)² (possible for kernels that are not positive-decreasing)
        assertThat(ShiftInvariantTheory.trigonometricMse(0.1, 0.5, 4))
                .isGreaterThan(ShiftInvariantTheory.randomFourierMse(0.1, 0.5, 8));
    }
}
