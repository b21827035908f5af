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
package org.rf4j.features.kernelmaps;

import java.util.random.RandomGenerator;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Matrix;
import org.rf4j.api.linalg.LinearAlgebra;
import org.rf4j.api.linalg.PackedTranspose;
import org.rf4j.api.random.Seeds;
import org.rf4j.theory.DotProductTheory;
import org.apiguardian.api.API;

/**
 * Random Maclaurin features of the polynomial kernel {@code (γ·xᵀy + c)^p = Σ_n a_n (xᵀy)ⁿ},
 * {@code a_n = C(p, n)c^{p−n}γⁿ} (Kar &amp; Karnick, "Random Feature Maps for Dot Product Kernels",
 * AISTATS 2012), with the degree of each feature drawn from a law q (importance sampling of the degree,
 * {@link DotProductTheory}).
 *
 * <p>Feature j draws its degree {@code n_j ~ q}, then n_j Rademacher vectors {@code w_{j,1} … w_{j,n_j}};
 * {@code φ_j(x) = √(a_{n_j}/(q_{n_j}·m))·Π_k w_{j,k}ᵀx} (a constant for n_j = 0). Then
 * {@code E[φ(x)ᵀφ(y)] = Σ_n a_n(xᵀy)ⁿ}, unbiased whenever q_n &gt; 0 for every a_n ≠ 0 (anything else is
 * refused), and the MSE is {@link DotProductTheory#randomMaclaurinVariance} (with the Rademacher fourth
 * moment) divided by m.
 *
 * <p>The law {@link #degreeLaw(double, double, int, double)} is the variance-minimising
 * {@code q_n ∝ a_n·Mⁿ⸍²} at a typical pair, {@code M ≈ s²} for rows of squared norm about s. The draw
 * order from {@code Seeds.generator(seed)}: for each feature in turn, its degree (one
 * {@code nextDouble()}, inverse CDF), then its n_j·d signs ({@code nextBoolean()}, vector after vector).
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class RandomMaclaurinFeatures extends RowFeatures {
    private final double[] coefficients;
    private final double[] law;
    /** Degree of each feature. */
    private final int[] degrees;
    /** First row of feature j's vectors in the stacked matrix. */
    private final int[] first;
    /** {@code √(a_n/(q_n·m))} of each feature. */
    private final double[] factor;
    private final int stacked;
    private final PackedTranspose packed;

    /**
     * Draws the map.
     *
     * @param d         input dimension (≥ 1)
     * @param m         number of features (≥ 1)
     * @param gamma     γ ≥ 0
     * @param coef0     c ≥ 0
     * @param degree    p ≥ 1
     * @param degreeLaw q_0 … q_p: probabilities summing to 1, q_n &gt; 0 wherever a_n ≠ 0
     * @param seed      the seed of the degrees and the Rademacher vectors
     */
    public RandomMaclaurinFeatures(int d, int m, double gamma, double coef0, int degree, double[] degreeLaw,
            long seed) {
        super(positiveCount("d", d), width("m", positiveCount("m", m)));
        this.coefficients = DotProductTheory.polynomialCoefficients(gamma, coef0, degree(degree));
        this.law = checkedLaw(coefficients, degreeLaw);
        RandomGenerator rng = Seeds.generator(seed);
        this.degrees = new int[m];
        this.first = new int[m];
        this.factor = new double[m];
        double[] signs = new double[cells(m, (long) m * degree, d)];
        int rows = 0;
        for (int j = 0; j < m; j++) {
            int n = drawDegree(rng.nextDouble());
            degrees[j] = n;
            first[j] = rows;
            factor[j] = Math.sqrt(coefficients[n] / (law[n] * m));
            for (int k = 0; k < n * d; k++) {
                signs[rows * d + k] = rng.nextBoolean() ? 1.0 : -1.0;
            }
            rows += n;
        }
        this.stacked = rows;
        double[] w = new double[rows * d];
        System.arraycopy(signs, 0, w, 0, w.length);
        this.packed = rows > 0 ? LinearAlgebra.packTransposed(Matrix.wrap(rows, d, w)) : null;
    }

    /**
     * The map with the degree law {@link #degreeLaw(double, double, int, double)} for rows of squared
     * norm about {@code squaredNorm}.
     */
    public static RandomMaclaurinFeatures forSquaredNorm(int d, int m, double gamma, double coef0, int degree,
            double squaredNorm, long seed) {
        return new RandomMaclaurinFeatures(d, m, gamma, coef0, degree, degreeLaw(gamma, coef0, degree, squaredNorm),
                seed);
    }

    /**
     * The importance law {@code q_n ∝ a_n·sⁿ} (the variance-minimising law for pairs with
     * {@code √M = s}, M the Rademacher fourth moment; about the squared norm of the rows).
     */
    public static double[] degreeLaw(double gamma, double coef0, int degree, double squaredNorm) {
        positiveFinite("squaredNorm", squaredNorm);
        degree(degree);
        return DotProductTheory.optimalDegreeLaw(DotProductTheory.polynomialCoefficients(gamma, coef0, degree),
                squaredNorm * squaredNorm);
    }

    /** The Maclaurin coefficients a_0 … a_p, a copy. */
    public double[] coefficients() {
        return coefficients.clone();
    }

    /** The degree law q_0 … q_p, a copy. */
    public double[] law() {
        return law.clone();
    }

    /** The degree drawn for each feature, a copy. */
    public int[] degrees() {
        return degrees.clone();
    }

    private int drawDegree(double u) {
        double cumulative = 0;
        int last = 0;
        for (int n = 0; n < law.length; n++) {
            if (law[n] > 0) {
                cumulative += law[n];
                last = n;
                if (u < cumulative) {
                    return n;
                }
            }
        }
        return last; // u above the rounded total
    }

    private static double[] checkedLaw(double[] a, double[] q) {
        if (q == null || q.length != a.length) {
            throw new InvalidParameterException("degreeLaw", q == null ? "is missing" : "has " + q.length
                    + " probabilities; one per degree 0 … " + (a.length - 1) + " (" + a.length + ") is needed");
        }
        double total = 0;
        for (int n = 0; n < q.length; n++) {
            if (!(q[n] >= 0) || Double.isInfinite(q[n])) {
                throw new InvalidParameterException("degreeLaw[" + n + "]", q[n], "a probability in [0, 1]");
            }
            if (a[n] != 0 && q[n] == 0) {
                throw new InvalidParameterException("degreeLaw[" + n + "]", q[n],
                        "a probability > 0, since the coefficient of degree " + n + " is " + a[n]
                                + " (otherwise the estimate is biased)");
            }
            total += q[n];
        }
        if (Math.abs(total - 1) > 1e-9) {
            throw new InvalidParameterException("degreeLaw", java.util.Arrays.toString(q),
                    "probabilities summing to 1 (they sum to " + total + ")");
        }
        return q.clone();
    }

    @Override
    void fill(double[] x, int n, double[] out) {
        double[] z = stacked > 0 ? new double[n * stacked] : null;
        if (z != null) {
            packed.multiplyRows(x, 0, n, z, 0, stacked);
        }
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < width; j++) {
                double product = factor[j];
                int base = i * stacked + first[j];
                for (int k = 0; k < degrees[j]; k++) {
                    product *= z[base + k];
                }
                out[i * width + j] = product;
            }
        }
    }
}
