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

import java.util.random.RandomGenerator;
import org.rf4j.api.InvalidParameterException;
import org.apiguardian.api.API;

/**
 * Haar-random orthonormal frames: n orthonormal vectors in R^d (n ≤ d), uniformly distributed
 * on the Stiefel manifold, from the Householder QR decomposition of a d×n Gaussian matrix G
 * with the sign correction {@code Q·diag(sign(diag R))} (Mezzadri 2007). Without the
 * correction, Householder QR returns {@code R_jj ≤ 0}-normalised factors, which fixes the sign
 * of each column's leading coordinate and makes the directions non-isotropic; positive random
 * features built on them are biased. The flag exists only so tests can demonstrate that bug.
 *
 * <p>Cost: {@code 4n²d} flops for the factorisation and the same again to form Q; all inner
 * loops run over contiguous rows.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class HaarOrthogonal {
    private HaarOrthogonal() {
    }

    /** n Haar-random orthonormal rows of length d, row-major in a new array of n·d. */
    public static double[] rows(int n, int d, RandomGenerator rng) {
        return rows(n, d, rng, true);
    }

    /**
     * As {@link #rows(int, int, RandomGenerator)}; {@code signCorrection = false} reproduces the
     * common bug (raw Householder Q) for tests.
     */
    public static double[] rows(int n, int d, RandomGenerator rng, boolean signCorrection) {
        if (n < 1 || n > d) {
            throw new InvalidParameterException("n", n, "an integer in [1, d = " + d + "] (orthonormal vectors in R^d)");
        }
        // A holds Gᵀ: row j = column j of G (a Gaussian vector in R^d)
        double[] a = new double[n * d];
        for (int i = 0; i < a.length; i++) {
            a[i] = rng.nextGaussian();
        }
        double[] v = new double[n * d]; // Householder vectors, v_j supported on [j, d)
        double[] beta = new double[n];
        double[] sign = new double[n];
        for (int j = 0; j < n; j++) {
            int rj = j * d;
            double norm2 = 0;
            for (int t = j; t < d; t++) {
                norm2 += a[rj + t] * a[rj + t];
            }
            double norm = Math.sqrt(norm2);
            double x0 = a[rj + j];
            double alpha = x0 >= 0 ? -norm : norm; // R_jj = alpha (LAPACK convention)
            sign[j] = alpha >= 0 ? 1 : -1;
            // v = x - alpha e_j
            double vv = 0;
            for (int t = j; t < d; t++) {
                double val = a[rj + t] - (t == j ? alpha : 0);
                v[rj + t] = val;
                vv += val * val;
            }
            beta[j] = vv == 0 ? 0 : 2 / vv;
            // apply H_j = I - beta v vᵀ to the remaining columns of G (rows of A)
            for (int k = j + 1; k < n; k++) {
                int rk = k * d;
                double dot = 0;
                for (int t = j; t < d; t++) {
                    dot += v[rj + t] * a[rk + t];
                }
                double f = beta[j] * dot;
                for (int t = j; t < d; t++) {
                    a[rk + t] -= f * v[rj + t];
                }
            }
        }
        // Qᵀ (n×d) = [I_n 0] H_n ... H_1: start from [I 0] and apply H_j on the right, j = n-1..0
        double[] q = new double[n * d];
        for (int i = 0; i < n; i++) {
            q[i * d + i] = 1;
        }
        for (int j = n - 1; j >= 0; j--) {
            int rj = j * d;
            if (beta[j] == 0) {
                continue;
            }
            for (int i = 0; i < n; i++) {
                int ri = i * d;
                double dot = 0;
                for (int t = j; t < d; t++) {
                    dot += q[ri + t] * v[rj + t];
                }
                if (dot == 0) {
                    continue;
                }
                double f = beta[j] * dot;
                for (int t = j; t < d; t++) {
                    q[ri + t] -= f * v[rj + t];
                }
            }
        }
        if (signCorrection) {
            for (int i = 0; i < n; i++) {
                if (sign[i] < 0) {
                    int ri = i * d;
                    for (int t = 0; t < d; t++) {
                        q[ri + t] = -q[ri + t];
                    }
                }
            }
        }
        return q;
    }
}
