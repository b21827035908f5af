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
package org.rf4j.sampling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;
import org.rf4j.api.DimensionMismatchException;
import org.rf4j.api.InvalidInputException;
import org.rf4j.api.Matrix;
import org.rf4j.theory.SymmetricEigen;

/**
 * {@link GaussianProposal} against references that do not use its factorisation: Σ is recovered as
 * {@code Σ_k (ω_k − μ)(ω_k − μ)ᵀ} from the images of the unit vectors (LLᵀ = Σ for any factor), and
 * the log-density and log-weight are compared with the N(μ, Σ) density written with Σ⁻¹ and det Σ by
 * cofactors. Exact to round-off, for the dense and the diagonal (axes) paths.
 */
class GaussianProposalTest {
    private static final double[] MU = {0.4, -0.3, 0.2};
    private static final double[][] SIGMA = {{1.5, 0.3, -0.2}, {0.3, 1.2, 0.1}, {-0.2, 0.1, 2.0}};
    private static final double[][] DIAG = {{0.5, 0, 0}, {0, 2.0, 0}, {0, 0, 1.3}};

    private static double det(double[][] a) {
        return a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1]) - a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0])
                + a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0]);
    }

    /** (ω − μ)ᵀ Σ⁻¹ (ω − μ) by the adjugate. */
    private static double quadratic(double[][] a, double[] u) {
        double[][] adj = new double[3][3];
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                int i1 = (j + 1) % 3;
                int i2 = (j + 2) % 3;
                int j1 = (i + 1) % 3;
                int j2 = (i + 2) % 3;
                adj[i][j] = a[i1][j1] * a[i2][j2] - a[i1][j2] * a[i2][j1];
            }
        }
        double q = 0;
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                q += u[i] * adj[i][j] * u[j];
            }
        }
        return q / det(a);
    }

    private static double logNormal(double[][] sigma, double[] mu, double[] w) {
        double[] u = {w[0] - mu[0], w[1] - mu[1], w[2] - mu[2]};
        return -0.5 * quadratic(sigma, u) - 0.5 * Math.log(det(sigma)) - 1.5 * Math.log(2 * Math.PI);
    }

    @Test
    void transformReproducesTheMeanAndCovariance() {
        for (double[][] s : new double[][][] {SIGMA, DIAG}) {
            GaussianProposal g = GaussianProposal.of(MU, Matrix.of(s));
            Matrix omega = g.transform(Matrix.of(new double[][] {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {0, 0, 0}}));
            assertThat(omega.row(3)).containsExactly(MU[0], MU[1], MU[2]);
            for (int i = 0; i < 3; i++) {
                for (int j = 0; j < 3; j++) {
                    double c = 0;
                    for (int k = 0; k < 3; k++) {
                        c += (omega.get(k, i) - MU[i]) * (omega.get(k, j) - MU[j]);
                    }
                    assertThat(c).as("Σ[%d][%d]", i, j).isCloseTo(s[i][j], within(1e-13));
                    assertThat(g.covarianceMatrix().get(i, j)).isCloseTo(s[i][j], within(1e-13));
                }
            }
            assertThat(g.logDetFactor()).isCloseTo(0.5 * Math.log(det(s)), within(1e-14));
            assertThat(g.dimension()).isEqualTo(3);
            assertThat(g.mean()).containsExactly(MU);
        }
    }

    @Test
    void densityAndWeightAreThoseOfNMuSigma() {
        Matrix z = Matrix.of(new double[][] {{0.3, -1.2, 0.7}, {2.0, 0.1, -0.4}});
        for (double[][] s : new double[][][] {SIGMA, DIAG}) {
            GaussianProposal g = GaussianProposal.of(MU, Matrix.of(s));
            Matrix omega = g.transform(z);
            for (int i = 0; i < 2; i++) {
                double[] w = omega.row(i);
                double logPsi = logNormal(s, MU, w);
                double logOmega = -0.5 * (w[0] * w[0] + w[1] * w[1] + w[2] * w[2]) - 1.5 * Math.log(2 * Math.PI);
                assertThat(g.logDensity(w)).isCloseTo(logPsi, within(1e-13));
                assertThat(g.logWeight(z, omega, i)).as("log p_Ω/p_Ψ").isCloseTo(logOmega - logPsi, within(1e-13));
            }
        }
        assertThatThrownBy(() -> GaussianProposal.standard(3).logDensity(new double[2]))
                .isInstanceOf(DimensionMismatchException.class);
    }

    @Test
    void standardIsExactlyNZeroIdentity() {
        assertThat(GaussianProposal.standard(4).isStandard()).isTrue();
        assertThat(GaussianProposal.of(new double[3], SymmetricEigen.diagonal(new double[] {1, 1, 1})).isStandard()).isTrue();
        assertThat(GaussianProposal.of(new double[] {0, 0.1, 0}, SymmetricEigen.diagonal(new double[] {1, 1, 1})).isStandard())
                .isFalse();
        assertThat(GaussianProposal.of(new double[3], SymmetricEigen.diagonal(new double[] {1, 2, 1})).isStandard()).isFalse();
        GaussianProposal st = GaussianProposal.standard(3);
        Matrix z = Matrix.of(new double[][] {{0.3, -1.2, 0.7}});
        assertThat(st.transform(z).row(0)).containsExactly(0.3, -1.2, 0.7);
        assertThat(st.logWeight(z, st.transform(z), 0)).isEqualTo(0.0);
    }

    @Test
    void invalidProposalsAreRejected() {
        assertThatThrownBy(() -> GaussianProposal.of(MU, SymmetricEigen.diagonal(new double[] {1, 0, 1})))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("eigenvalue 1");
        assertThatThrownBy(() -> GaussianProposal.of(MU, SymmetricEigen.diagonal(new double[] {1, 1, Double.POSITIVE_INFINITY})))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("eigenvalue 2");
        assertThatThrownBy(() -> GaussianProposal.of(new double[] {0, Double.NaN, 0}, SymmetricEigen.diagonal(new double[] {1, 1, 1})))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("mean[1]");
        assertThatThrownBy(() -> GaussianProposal.of(new double[2], SymmetricEigen.diagonal(new double[] {1, 1, 1})))
                .isInstanceOf(DimensionMismatchException.class);
        assertThat(GaussianProposal.of(MU, Matrix.of(DIAG)).toString()).contains("[0.5, 2.0]");
    }
}
