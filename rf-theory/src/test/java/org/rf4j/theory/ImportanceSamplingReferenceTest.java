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
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;
import org.rf4j.api.DimensionMismatchException;
import org.rf4j.api.Matrix;
import org.rf4j.api.kernel.KernelKind;

/**
 * The importance-sampling moments J(t) and Jcos(t) of {@link ImportanceSamplingTheory} by
 * quadrature: Ω = N(0, I) is rotation invariant, so in Σ's eigenbasis both factorise into
 * one-dimensional integrals {@code ∫ φ(ω)²/ψ_k(ω) e^{(i)t_k ω} dω} (ψ_k the N(μ_k, λ_k) density),
 * summed by the trapezoid rule (exact to round-off for these Gaussian integrands). Σ is a rotated
 * diagonal, so the change of basis ({@link SymmetricEigen#toEigenbasis}) is exercised.
 */
class ImportanceSamplingReferenceTest {
    private static final double ANGLE = 0.6;
    private static final double[] LAMBDA = {0.8, 1.7};
    private static final double[] MU = {0.3, -0.4};

    private static SymmetricEigen covariance() {
        double c = Math.cos(ANGLE);
        double s = Math.sin(ANGLE);
        return SymmetricEigen.of(LAMBDA, Matrix.of(new double[][] {{c, -s}, {s, c}}));
    }

    /** Vᵀv for the rotation V above. */
    private static double[] eigen(double[] v) {
        double c = Math.cos(ANGLE);
        double s = Math.sin(ANGLE);
        return new double[] {c * v[0] + s * v[1], -s * v[0] + c * v[1]};
    }

    /** {re, im} of ∫ φ(w)²/ψ(w) e^{i·t·w} dw (imaginary = false: e^{t·w}), ψ = N(mu, lam). */
    private static double[] integral(double mu, double lam, double t, boolean imaginary) {
        double re = 0;
        double im = 0;
        double h = 1.0 / 40;
        for (int i = -1200; i <= 1200; i++) {
            double w = i * h;
            // φ²/ψ = (2π)^{-1/2} √λ e^{−w² + (w − μ)²/(2λ)}
            double base = Math.sqrt(lam / (2 * Math.PI)) * Math.exp(-w * w + (w - mu) * (w - mu) / (2 * lam));
            if (imaginary) {
                re += base * Math.cos(t * w);
                im += base * Math.sin(t * w);
            } else {
                re += base * Math.exp(t * w);
            }
        }
        return new double[] {re * h, im * h};
    }

    @Test
    void exponentialAndCosineMomentsAreTheirIntegrals() {
        SymmetricEigen cov = covariance();
        double[] mu = eigen(MU);
        for (double[] t : new double[][] {{0.5, 1.1}, {-0.7, 0.2}, {0, 0}}) {
            double[] tt = eigen(t);
            double j = 1;
            double cosRe = 1;
            double cosIm = 0;
            for (int k = 0; k < 2; k++) {
                j *= integral(mu[k], LAMBDA[k], tt[k], false)[0];
                double[] z = integral(mu[k], LAMBDA[k], tt[k], true);
                double re = cosRe * z[0] - cosIm * z[1];
                cosIm = cosRe * z[1] + cosIm * z[0];
                cosRe = re;
            }
            assertThat(ImportanceSamplingTheory.exponentialMoment(MU, cov, t)).as("J(%s, %s)", t[0], t[1])
                    .isCloseTo(j, within(1e-12 * j));
            assertThat(ImportanceSamplingTheory.cosineMoment(MU, cov, t)).as("Jcos(%s, %s)", t[0], t[1])
                    .isCloseTo(cosRe, within(1e-12));
        }
        // a variance ≤ ½ makes the weights' second moment infinite
        SymmetricEigen narrow = SymmetricEigen.diagonal(new double[] {0.5, 1});
        assertThat(ImportanceSamplingTheory.cosineMoment(MU, narrow, new double[] {0.1, 0.2})).isInfinite();
        assertThat(ImportanceSamplingTheory.logExponentialMoment(MU, narrow, new double[] {0.1, 0.2})).isInfinite();
        SymmetricEigen justAbove = SymmetricEigen.diagonal(new double[] {0.5000001, 1});
        assertThat(ImportanceSamplingTheory.cosineMoment(new double[2], justAbove, new double[] {0.1, 0.2})).isFinite();
        assertThat(ImportanceSamplingTheory.logExponentialMoment(new double[2], justAbove, new double[] {0.1, 0.2})).isFinite();
    }

    @Test
    void meanDiagonalKernelAndDimensionChecks() {
        Matrix x = Matrix.of(new double[][] {{0.3, 0.4}, {1.0, 0.0}, {0.0, 0.2}});
        assertThat(ImportanceSamplingTheory.meanDiagonalKernel(KernelKind.SOFTMAX, x))
                .isCloseTo((Math.exp(0.25) + Math.exp(1.0) + Math.exp(0.04)) / 3, within(1e-15));
        assertThat(ImportanceSamplingTheory.meanDiagonalKernel(KernelKind.GAUSSIAN, x)).isCloseTo(1.0, within(1e-15));
        SymmetricEigen cov = covariance();
        assertThatThrownBy(() -> ImportanceSamplingTheory.exponentialMoment(new double[3], cov, new double[2]))
                .isInstanceOf(DimensionMismatchException.class);
        assertThatThrownBy(() -> ImportanceSamplingTheory.cosineMoment(MU, cov, new double[3]))
                .isInstanceOf(DimensionMismatchException.class);
        assertThatThrownBy(() -> ImportanceSamplingTheory.positiveMse(KernelKind.SOFTMAX, new double[] {0.1, 0.2},
                new double[] {0.1, 0.2, 0.3}, 2, MU, cov)).isInstanceOf(DimensionMismatchException.class);
    }
}
