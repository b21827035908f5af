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

import java.util.Arrays;
import org.rf4j.api.DimensionMismatchException;
import org.rf4j.api.InvalidInputException;
import org.rf4j.api.Matrix;
import org.rf4j.api.linalg.LinearAlgebra;
import org.rf4j.theory.SymmetricEigen;
import org.apiguardian.api.API;

/**
 * A Gaussian proposal Ψ = N(μ, Σ) for the projections, held through Σ's eigendecomposition
 * {@code Σ = V diag(λ) Vᵀ} and the factor {@code L = V diag(√λ)} (so {@code LLᵀ = Σ}).
 *
 * <p><b>Exact weights.</b> A vector is drawn as {@code ω = μ + L z} from a standard vector z, so
 * {@code p_Ψ(ω) = p_Ω(z)/|det L|} and the importance weight is exactly
 * <pre>  w(ω) = p_Ω(ω)/p_Ψ(ω) = exp(−|ω|²/2 + |z|²/2) · |det L|,  log|det L| = ½ Σ_k log λ_k </pre>
 * (no normalising constant is estimated anywhere, so the estimator is exactly unbiased, Sernau
 * et al. Eq. 2).
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class GaussianProposal {
    private final double[] mean;
    private final SymmetricEigen covariance;
    private final Matrix factor;
    private final double logDetFactor;
    private final boolean standard;
    /** √λ when the eigenvectors are the coordinate axes (diagonal Σ), else null. */
    private final double[] diagonalRoot;

    private GaussianProposal(double[] mean, SymmetricEigen covariance) {
        int d = mean.length;
        if (covariance.dimension() != d) {
            throw new DimensionMismatchException("proposal covariance has dimension " + covariance.dimension()
                    + " but the mean has " + d);
        }
        double[] lam = covariance.values();
        double[] root = new double[d];
        double logDet = 0;
        boolean unit = true;
        for (int k = 0; k < d; k++) {
            if (!(lam[k] > 0) || !Double.isFinite(lam[k])) {
                throw new InvalidInputException("proposal covariance eigenvalue " + k + " = " + lam[k]
                        + " is not allowed; all eigenvalues must be finite and > 0");
            }
            if (!Double.isFinite(mean[k])) {
                throw new InvalidInputException("proposal mean[" + k + "] = " + mean[k] + " is not finite");
            }
            root[k] = Math.sqrt(lam[k]);
            logDet += 0.5 * Math.log(lam[k]);
            unit &= lam[k] == 1.0 && mean[k] == 0.0;
        }
        this.mean = mean.clone();
        this.covariance = covariance;
        Matrix v = covariance.vectors();
        Matrix l = Matrix.zeros(d, d);
        for (int i = 0; i < d; i++) {
            for (int k = 0; k < d; k++) {
                l.set(i, k, v.get(i, k) * root[k]);
            }
        }
        this.factor = l;
        this.logDetFactor = logDet;
        this.standard = unit;
        boolean axes = true;
        for (int i = 0; i < d && axes; i++) {
            for (int k = 0; k < d; k++) {
                if (v.get(i, k) != (i == k ? 1.0 : 0.0)) {
                    axes = false;
                    break;
                }
            }
        }
        this.diagonalRoot = axes ? root : null;
    }

    /** The standard distribution Ω = N(0, I_d) itself (all weights 1). */
    public static GaussianProposal standard(int d) {
        double[] ones = new double[d];
        Arrays.fill(ones, 1.0);
        return new GaussianProposal(new double[d], SymmetricEigen.diagonal(ones));
    }

    /** N(μ, Σ) from Σ's eigendecomposition (eigenvalues must be > 0). */
    public static GaussianProposal of(double[] mean, SymmetricEigen covariance) {
        return new GaussianProposal(mean, covariance);
    }

    /** N(μ, Σ) from a symmetric positive definite Σ. */
    public static GaussianProposal of(double[] mean, Matrix covariance) {
        return new GaussianProposal(mean, SymmetricEigen.decompose(covariance));
    }

    /** d. */
    public int dimension() {
        return mean.length;
    }

    /** μ (a copy). */
    public double[] mean() {
        return mean.clone();
    }

    /** Σ's eigendecomposition. */
    public SymmetricEigen covariance() {
        return covariance;
    }

    /** Σ as a dense matrix. */
    public Matrix covarianceMatrix() {
        return covariance.compose(covariance.values());
    }

    /** True if this is N(0, I) exactly (the weights are all 1). */
    public boolean isStandard() {
        return standard;
    }

    /** {@code log|det L| = ½ log det Σ}. */
    public double logDetFactor() {
        return logDetFactor;
    }

    /** Rows {@code ω_i = μ + L z_i} for the rows z_i of Z (n×d), as a new matrix. */
    public Matrix transform(Matrix z) {
        z.requireCols(mean.length, "standard draws");
        int d = mean.length;
        if (diagonalRoot != null) {
            // Σ diagonal: ω = μ + √λ ∘ z, O(n·d) instead of a d×d product (bit-identical up to the
            // zero terms the product would add)
            Matrix out = Matrix.zeros(z.rows(), d);
            double[] o = out.data();
            double[] zd = z.data();
            for (int i = 0; i < z.rows(); i++) {
                for (int k = 0; k < d; k++) {
                    o[i * d + k] = mean[k] + diagonalRoot[k] * zd[i * d + k];
                }
            }
            return out;
        }
        Matrix out = LinearAlgebra.multiplyTransposed(z, factor, null);
        double[] o = out.data();
        for (int i = 0; i < out.rows(); i++) {
            for (int k = 0; k < d; k++) {
                o[i * d + k] += mean[k];
            }
        }
        return out;
    }

    /**
     * The exact {@code log(p_Ω(ω)/p_Ψ(ω))} of row i of {@code omega = transform(z)}:
     * {@code −|ω|²/2 + |z|²/2 + log|det L|}.
     */
    public double logWeight(Matrix z, Matrix omega, int i) {
        int d = mean.length;
        double[] zd = z.data();
        double[] od = omega.data();
        double zz = 0;
        double oo = 0;
        for (int k = 0; k < d; k++) {
            zz += zd[i * d + k] * zd[i * d + k];
            oo += od[i * d + k] * od[i * d + k];
        }
        return -0.5 * oo + 0.5 * zz + logDetFactor;
    }

    /** {@code log p_Ψ(ω)}. */
    public double logDensity(double[] omega) {
        int d = mean.length;
        if (omega.length != d) {
            throw new DimensionMismatchException("ω has dimension " + omega.length + " but " + d + " is required");
        }
        double[] diff = new double[d];
        for (int k = 0; k < d; k++) {
            diff[k] = omega[k] - mean[k];
        }
        double[] c = covariance.toEigenbasis(diff);
        double q = 0;
        for (int k = 0; k < d; k++) {
            q += c[k] * c[k] / covariance.value(k);
        }
        return -0.5 * q - logDetFactor - 0.5 * d * Math.log(2 * Math.PI);
    }

    @Override
    public String toString() {
        double[] lam = covariance.values();
        Arrays.sort(lam);
        return "N(μ, Σ) with |μ| = " + Math.sqrt(Arrays.stream(mean).map(v -> v * v).sum()) + ", eigenvalues of Σ in ["
                + lam[0] + ", " + lam[lam.length - 1] + "]";
    }
}
