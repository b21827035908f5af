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
package org.rf4j.couplings;

import org.apiguardian.api.API;

/**
 * The simplex projection S of SimRF (Reid et al. 2023, Eq. 9) for a block of n vectors: the n
 * unit vectors
 * <pre>  s_i = sqrt(n/(n−1)) e_i − (√n + 1)/(n−1)^{3/2} (1, …, 1, 0)ᵀ   (i &lt; n),   s_n = (1, …, 1, 0)ᵀ / sqrt(n−1),</pre>
 * which point to the vertices of a regular simplex centred at the origin: pairwise cosine
 * {@code −1/(n−1)} and {@code Σ s_i = 0}. All of them have last coordinate 0, so S only reads the
 * first n−1 coordinates of its input. With n = d this is the paper's S; rf4j uses the same
 * construction with n &lt; d for a partial block (the n-vertex simplex minimises the conformity
 * of n vectors, Lemma A.1, and is embedded in R^d by the Haar rotation).
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class SimplexGeometry {
    private SimplexGeometry() {
    }

    /**
     * {@code y = S u} by Algorithm 1 (App. B.2.1) in O(n): reads {@code u[uOff .. uOff+n−1)},
     * writes {@code y[yOff .. yOff+n)}; for n = 1, {@code y_0 = u_0}. u and y may not overlap unless
     * {@code uOff == yOff} (in-place is allowed).
     */
    public static void apply(double[] u, int uOff, int n, double[] y, int yOff) {
        if (n == 1) {
            y[yOff] = u[uOff];
            return;
        }
        double sum = 0;
        for (int k = 0; k < n - 1; k++) {
            sum += u[uOff + k];
        }
        double last = sum / Math.sqrt(n - 1.0);
        double a = Math.sqrt(n / (n - 1.0));
        double b = (Math.sqrt(n) + 1) / (n - 1.0) * last;
        for (int i = 0; i < n - 1; i++) {
            y[yOff + i] = a * u[uOff + i] - b;
        }
        y[yOff + n - 1] = last;
    }

    /** The n vertices as rows of an n×(n−1) row-major array (S without its zero last column); n ≥ 2. */
    public static double[] vertices(int n) {
        int c = n - 1;
        double[] s = new double[n * c];
        double a = Math.sqrt(n / (n - 1.0));
        double b = (Math.sqrt(n) + 1) / Math.pow(n - 1.0, 1.5);
        for (int i = 0; i < n - 1; i++) {
            for (int k = 0; k < c; k++) {
                s[i * c + k] = (i == k ? a : 0) - b;
            }
        }
        double last = 1 / Math.sqrt(n - 1.0);
        for (int k = 0; k < c; k++) {
            s[(n - 1) * c + k] = last;
        }
        return s;
    }
}
