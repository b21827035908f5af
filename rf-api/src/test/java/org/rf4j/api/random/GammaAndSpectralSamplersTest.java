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
package org.rf4j.api.random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.rf4j.api.InvalidParameterException;

/**
 * The Gamma sampler and the spectral samplers as random-number plumbing: moments of Gamma(a, 1),
 * bit-reproducibility, unchanged χ bits, and refusals. Their laws against the kernels are checked
 * by Monte Carlo in rf-theory ({@code SpectralSamplerKernelTest}).
 */
class GammaAndSpectralSamplersTest {

    /**
     * Gamma(a, 1) has mean a and variance a. With n = 200,000 draws the sample mean has standard
     * error √(a/n); the tolerance is 5 standard errors, so a mean off by more than ~1.1% of √a
     * (e.g. a shape boosted by a wrong U^{1/a} exponent, or Gamma(a+1) for a &lt; 1) fails.
     * The variance is checked the same way with its own standard error √((μ₄ − σ⁴)/n),
     * μ₄ = 3a² + 6a for Gamma(a, 1).
     */
    @Test
    void gammaHasMeanAndVarianceShape() {
        int n = 200_000;
        for (double a : new double[] {0.05, 0.3, 0.5, 1.0, 2.7, 40.0}) {
            RandomGenerator rng = Seeds.generator(42L);
            double s = 0;
            double s2 = 0;
            for (int i = 0; i < n; i++) {
                double g = GammaDistribution.sample(a, rng);
                s += g;
                s2 += g * g;
            }
            double mean = s / n;
            double var = s2 / n - mean * mean;
            assertThat(mean).as("mean a=%s", a).isCloseTo(a, within(5 * Math.sqrt(a / n)));
            double mu4 = 3 * a * a + 6 * a;
            assertThat(var).as("variance a=%s", a).isCloseTo(a, within(5 * Math.sqrt((mu4 - a * a) / n)));
        }
    }

    @Test
    void logSampleIsTheLogOfTheSameDraw() {
        for (double a : new double[] {0.01, 0.5, 1.0, 3.3}) {
            RandomGenerator r1 = Seeds.generator(7L);
            RandomGenerator r2 = Seeds.generator(7L);
            for (int i = 0; i < 1000; i++) {
                double g = GammaDistribution.sample(a, r1);
                double lg = GammaDistribution.logSample(a, r2);
                if (g > 1e-300) {
                    assertThat(lg).isCloseTo(Math.log(g), within(1e-12 * Math.max(1, Math.abs(lg))));
                } else {
                    assertThat(lg).isLessThan(Math.log(1e-300) + 1e-9).isFinite();
                }
            }
        }
    }

    /** χ_k now draws its Gamma through GammaDistribution: the stream is the one pinned before. */
    @Test
    void chiBitsAreUnchanged() {
        int[] ks = {1, 2, 3, 7};
        long[] pinned = {4206891261112030864L, 606343861335467067L, -6169945774159243458L, 6678337150481465391L};
        for (int j = 0; j < ks.length; j++) {
            RandomGenerator r = Seeds.generator(20261127L + ks[j]);
            long h = 0;
            for (int i = 0; i < 1000; i++) {
                h = h * 31 + Double.doubleToRawLongBits(ChiDistribution.sample(ks[j], r));
            }
            assertThat(h).as("k=%d", ks[j]).isEqualTo(pinned[j]);
        }
    }

    @Test
    void samplersAreBitReproducible() {
        double[] a = new double[5];
        double[] b = new double[5];
        for (int kind = 0; kind < 4; kind++) {
            RandomGenerator r1 = Seeds.generator(99L);
            RandomGenerator r2 = Seeds.generator(99L);
            for (int i = 0; i < 100; i++) {
                draw(kind, r1, a);
                draw(kind, r2, b);
                assertThat(a).isEqualTo(b);
            }
        }
        assertThat(SpectralSamplers.maternNorm(1.5, 2, 4, Seeds.generator(3L)))
                .isEqualTo(SpectralSamplers.maternNorm(1.5, 2, 4, Seeds.generator(3L)));
        assertThat(SpectralSamplers.rationalQuadraticNorm(0.5, 2, 4, Seeds.generator(3L)))
                .isEqualTo(SpectralSamplers.rationalQuadraticNorm(0.5, 2, 4, Seeds.generator(3L)));
    }

    /** Tiny ν: the Student-t scale is heavy-tailed but never infinite or NaN. */
    @Test
    void smallShapesStayFinite() {
        RandomGenerator rng = Seeds.generator(5L);
        double[] w = new double[3];
        for (int i = 0; i < 100_000; i++) {
            SpectralSamplers.matern(0.005, 1.0, rng, w);
            for (double v : w) {
                assertThat(Double.isFinite(v)).isTrue();
            }
            assertThat(SpectralSamplers.maternPrecision(0.005, 1.0, rng)).isFinite().isPositive();
        }
    }

    @Test
    void badParametersAreRefusedByName() {
        RandomGenerator rng = Seeds.generator(1L);
        double[] w = new double[2];
        assertThatThrownBy(() -> GammaDistribution.sample(0, rng)).isInstanceOf(InvalidParameterException.class)
                .hasMessageContaining("'shape' = 0.0");
        assertThatThrownBy(() -> SpectralSamplers.matern(-1, 1, rng, w)).hasMessageContaining("'nu' = -1.0");
        assertThatThrownBy(() -> SpectralSamplers.matern(1, Double.NaN, rng, w)).hasMessageContaining("'lengthscale'");
        assertThatThrownBy(() -> SpectralSamplers.maternNorm(1, 1, 0, rng)).hasMessageContaining("'d' = 0");
        assertThatThrownBy(() -> SpectralSamplers.rationalQuadratic(0, 1, rng, w)).hasMessageContaining("'alpha' = 0.0");
        assertThatThrownBy(() -> SpectralSamplers.laplacian(Double.POSITIVE_INFINITY, rng, w)).hasMessageContaining("'gamma'");
        assertThatThrownBy(() -> SpectralSamplers.laplacian(1, rng, new double[0])).hasMessageContaining("'d' = 0");
        assertThatThrownBy(() -> SpectralSamplers.skewedChi2(rng, new double[0])).hasMessageContaining("'d' = 0");
    }

    private static void draw(int kind, RandomGenerator rng, double[] out) {
        switch (kind) {
            case 0 -> SpectralSamplers.matern(0.7, 1.3, rng, out);
            case 1 -> SpectralSamplers.rationalQuadratic(2.0, 0.4, rng, out);
            case 2 -> SpectralSamplers.laplacian(0.9, rng, out);
            default -> SpectralSamplers.skewedChi2(rng, out);
        }
    }
}
