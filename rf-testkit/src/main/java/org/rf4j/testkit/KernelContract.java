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
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.rf4j.api.kernel.GaussianScaleMixture;
import org.rf4j.api.kernel.Isotropic;
import org.rf4j.api.kernel.Kernel;
import org.rf4j.api.kernel.ShiftInvariant;
import org.rf4j.api.random.Seeds;
import org.rf4j.spi.KernelProvider;
import org.apiguardian.api.API;

/**
 * Contract for kernel providers: the provider checks of {@link ProviderContract}, then the kernel's
 * capabilities against its own exact value ({@link Kernel#unitValue}).
 *
 * <ul>
 *   <li>every shift-invariant kernel: {@code k(x, x) = 1}, symmetric and invariant to shifts, and its
 *       spectral sampler reproduces the exact value: the mean of {@code cos(ωᵀΔ)} over
 *       {@link #trials()} draws matches {@code k(Δ)} within {@link MonteCarlo#Z} standard errors, at
 *       each of {@link #distances()} along a fixed random direction and along a coordinate axis;</li>
 *   <li>isotropic: the radial profile is the exact value at that distance, and Gaussian vectors
 *       rescaled by {@link Isotropic#rowScales} (the path every coupling takes) reproduce it too;</li>
 *   <li>a Gaussian scale mixture: {@code E_τ[exp(−τr²/2)]} matches the radial profile.</li>
 * </ul>
 * Each Monte Carlo check must be able to fail: {@code Z·SE} must stay below {@link #power()} times
 * the exact value, so a sampler drawing from a law whose characteristic function differs by that
 * much at one of the distances is caught.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.2")
public abstract class KernelContract extends ProviderContract<Kernel, KernelProvider> {

    /** Input dimension. */
    protected int dimension() {
        return 3;
    }

    /** Monte Carlo draws per check. */
    protected int trials() {
        return 40000;
    }

    /** Distances |Δ| (in the kernel's coordinates) at which the spectral law is checked. */
    protected double[] distances() {
        return new double[] {0.3, 0.8};
    }

    /** The relative error of the estimated kernel value each check must be able to detect. */
    protected double power() {
        return 0.15;
    }

    /** The kernel under test (built by the provider with {@link #parameters()}). */
    protected Kernel kernel() {
        return create();
    }

    /** A point and a shift of norm r: along a fixed random direction, or along the first axis. */
    private double[][] pair(double r, boolean axis) {
        int d = dimension();
        SplittableRandom g = new SplittableRandom(11);
        double[] x = new double[d];
        double[] u = new double[d];
        double n = 0;
        for (int i = 0; i < d; i++) {
            x[i] = g.nextDouble() - 0.5;
            u[i] = axis ? (i == 0 ? 1 : 0) : g.nextDouble() - 0.5;
            n += u[i] * u[i];
        }
        double[] y = new double[d];
        for (int i = 0; i < d; i++) {
            y[i] = x[i] + r * u[i] / Math.sqrt(n);
        }
        return new double[][] {x, y};
    }

    private static double dotDifference(double[] w, double[][] p) {
        double s = 0;
        for (int i = 0; i < w.length; i++) {
            s += w[i] * (p[1][i] - p[0][i]);
        }
        return s;
    }

    /**
     * The block {@link Kernel#unitValues} (the path Nyström and exact kernel ridge take) equals
     * {@link Kernel#unitValue} pair by pair to 1e-13 relative, on non-negative rows (so every kernel
     * family accepts them) with a repeated row, over blocks whose row counts are not multiples of 4.
     */
    @Test
    void theBlockEqualsTheExactValuePairByPair() {
        Kernel k = kernel();
        int d = dimension();
        SplittableRandom g = new SplittableRandom(5);
        int n = 7;
        int l = 6;
        double[] xd = new double[n * d];
        double[] yd = new double[l * d];
        for (int i = 0; i < xd.length; i++) {
            xd[i] = g.nextDouble();
        }
        for (int i = 0; i < yd.length; i++) {
            yd[i] = g.nextDouble();
        }
        System.arraycopy(xd, 0, yd, 2 * d, d);
        double[] out = new double[n * l];
        k.unitValues(org.rf4j.api.Matrix.wrap(n, d, xd), org.rf4j.api.Matrix.wrap(l, d, yd), out);
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < l; j++) {
                double pair = k.unitValue(java.util.Arrays.copyOfRange(xd, i * d, i * d + d),
                        java.util.Arrays.copyOfRange(yd, j * d, j * d + d));
                assertThat(out[i * l + j]).as("%s block (%d, %d)", k.spec().id(), i, j)
                        .isCloseTo(pair, org.assertj.core.api.Assertions.within(1e-13 * Math.abs(pair) + Double.MIN_NORMAL));
            }
        }
    }

    @Test
    void aShiftInvariantKernelIsOneOnTheDiagonalSymmetricAndInvariantToShifts() {
        Kernel k = kernel();
        assumeTrue(k.capability(ShiftInvariant.class).isPresent(), "not shift-invariant");
        for (double r : distances()) {
            double[][] p = pair(r, false);
            double v = k.unitValue(p[0], p[1]);
            assertThat(k.unitValue(p[0], p[0])).as("k(x, x)").isCloseTo(1.0, org.assertj.core.data.Offset.offset(1e-12));
            assertThat(k.unitValue(p[1], p[0])).as("symmetric").isCloseTo(v, org.assertj.core.data.Offset.offset(1e-12));
            double[] xs = p[0].clone();
            double[] ys = p[1].clone();
            for (int i = 0; i < xs.length; i++) {
                xs[i] += 3.0;
                ys[i] += 3.0;
            }
            assertThat(k.unitValue(xs, ys)).as("shift-invariant").isCloseTo(v, org.assertj.core.data.Offset.offset(1e-9));
        }
    }

    @Test
    void theSpectralSamplerReproducesTheExactValue() {
        Kernel k = kernel();
        ShiftInvariant law = k.capability(ShiftInvariant.class).orElse(null);
        assumeTrue(law != null, "not shift-invariant");
        for (boolean axis : new boolean[] {false, true}) {
            for (double r : distances()) {
                double[][] p = pair(r, axis);
                double exact = k.unitValue(p[0], p[1]);
                RandomGenerator rng = Seeds.generator(7);
                double[] w = new double[dimension()];
                var e = MonteCarlo.run(trials(), exact, t -> {
                    law.spectralVector(rng, w);
                    return Math.cos(dotDifference(w, p));
                });
                new MonteCarlo.Summary(e.mean(), e.meanStdErr(), trials()).assertMeanMatches(exact, power(),
                        "E[cos(w.D)] of kernel '" + k.spec().id() + "' at |D| = " + r + (axis ? " (axis)" : ""));
            }
        }
    }

    @Test
    void anIsotropicKernelsRadialLawAndRowScalesReproduceTheExactValue() {
        Kernel k = kernel();
        Isotropic iso = k.capability(Isotropic.class).orElse(null);
        assumeTrue(iso != null, "not isotropic");
        for (double r : distances()) {
            double[][] p = pair(r, false);
            double exact = k.unitValue(p[0], p[1]);
            assertThat(iso.radialValue(r)).as("radial profile at %s", r)
                    .isCloseTo(exact, org.assertj.core.data.Offset.offset(1e-12 + 1e-9 * exact));
            RandomGenerator rng = Seeds.generator(8);
            double[] w = new double[dimension()];
            var e = MonteCarlo.run(trials(), exact, t -> {
                double sq = 0;
                for (int i = 0; i < w.length; i++) {
                    w[i] = rng.nextGaussian();
                    sq += w[i] * w[i];
                }
                double squared = sq;
                double s = iso.rowScales(1, w.length, () -> new double[] {squared}, rng)[0];
                return Math.cos(s * dotDifference(w, p));
            });
            new MonteCarlo.Summary(e.mean(), e.meanStdErr(), trials()).assertMeanMatches(exact, power(),
                    "E[cos(s w.D)] with the row scales of kernel '" + k.spec().id() + "' at |D| = " + r);
        }
    }

    @Test
    void aGaussianScaleMixturesMixingLawReproducesTheRadialProfile() {
        Kernel k = kernel();
        GaussianScaleMixture gsm = k.capability(GaussianScaleMixture.class).orElse(null);
        assumeTrue(gsm != null, "not a Gaussian scale mixture");
        for (double r : distances()) {
            double exact = gsm.radialValue(r);
            RandomGenerator rng = Seeds.generator(9);
            var e = MonteCarlo.run(trials(), exact, t -> Math.exp(-0.5 * gsm.mixingPrecision(rng) * r * r));
            new MonteCarlo.Summary(e.mean(), e.meanStdErr(), trials()).assertMeanMatches(exact, power(),
                    "E[exp(-tau r^2/2)] of kernel '" + k.spec().id() + "' at r = " + r);
        }
    }

    @Test
    void theSamplerIsDeterministicInTheSeed() {
        Kernel k = kernel();
        ShiftInvariant law = k.capability(ShiftInvariant.class).orElse(null);
        assumeTrue(law != null, "not shift-invariant");
        double[] a = new double[dimension()];
        double[] b = new double[dimension()];
        law.spectralVector(Seeds.generator(3), a);
        law.spectralVector(Seeds.generator(3), b);
        assertThat(a).containsExactly(b);
        assertThat(k.family()).as("family").isNotBlank();
    }
}
