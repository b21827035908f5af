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
package org.rf4j.api.linalg;

import org.rf4j.api.DimensionMismatchException;
import org.rf4j.api.InvalidInputException;
import org.rf4j.api.Matrix;
import org.apiguardian.api.API;

/**
 * The spectrum of a symmetric matrix such as the Gram matrix G = ΦᵀΦ of the Gaussian process, by
 * Householder reduction to tridiagonal form and implicit QL with Wilkinson-type shifts (the EISPACK
 * {@code tred2}/{@code tql2} scheme), in two forms:
 * <ul>
 *   <li>{@link #full}: eigenvalues and eigenvectors (what {@link SymmetricEigensystem} gives),
 *       bit for bit the classic scheme's: the same operations in the same order, with the
 *       orthogonal factor stored transposed so that every inner loop of the reduction and of the
 *       back-accumulation runs along a contiguous row (the classic scheme walks columns, a cache
 *       miss per element once M² doubles outgrow the cache; 3.5× faster at M = 1024);</li>
 *   <li>{@link #projected}: eigenvalues and β = QᵀΦᵀy only, which is all the marginal likelihood
 *       needs: the Householder reflectors and the QL rotations are applied to the one vector
 *       Φᵀy instead of being accumulated into Q, so the cost is the reduction's (4/3)M³ plus
 *       O(M²), against about 6M³ more for the rotations on Q.</li>
 * </ul>
 * Deterministic: no threads, fixed operation order. Eigenvalues ascending.
 */
@API(status = API.Status.INTERNAL, since = "0.1")
public final class GramSpectrum {
    private static final int MAX_ITERATIONS = 64;

    private GramSpectrum() {
    }

    /** Eigenvalues (ascending) and the eigenvectors as the rows of Qᵀ. */
    public record Full(double[] values, Matrix vectorsTransposed) {
    }

    /** Eigenvalues (ascending) and β = Qᵀb in the same order. */
    public record Projected(double[] values, double[] beta) {
    }

    /** The eigendecomposition of the symmetric part of s, bit for bit {@link SymmetricEigensystem#decompose}. */
    public static Full full(Matrix s) {
        int n = checkedOrder(s);
        double[] w = symmetric(s);
        double[] d = new double[n];
        double[] e = new double[n];
        if (n == 0) {
            return new Full(d, Matrix.wrap(0, 0, w));
        }
        reduce(n, w, d, e);
        accumulate(n, w, d);
        ql(n, d, e, w, null);
        sort(n, d, w, null);
        return new Full(d, Matrix.wrap(n, n, w));
    }

    /** The eigenvalues of the symmetric part of s and β = Qᵀb, without forming Q. */
    public static Projected projected(Matrix s, double[] b) {
        int n = checkedOrder(s);
        if (b.length != n) {
            throw new DimensionMismatchException("Gram spectrum: the matrix is " + s.shape() + " but the vector has "
                    + b.length + " entries");
        }
        double[] w = symmetric(s);
        double[] d = new double[n];
        double[] e = new double[n];
        double[] c = b.clone();
        if (n == 0) {
            return new Projected(d, c);
        }
        reduce(n, w, d, e);
        // c = Vᵀb with V = P(n−1)···P(1), P(k) = I − u·uᵀ/h(k), u in row k of w, h(k) in d[k]
        for (int k = n - 1; k >= 1; k--) {
            double h = d[k];
            if (h != 0.0) {
                int row = k * n;
                double g = 0;
                for (int j = 0; j < k; j++) {
                    g += w[row + j] * c[j];
                }
                g /= h;
                for (int j = 0; j < k; j++) {
                    c[j] -= g * w[row + j];
                }
            }
        }
        for (int j = 0; j < n; j++) {
            d[j] = w[j * n + j];
        }
        e[0] = 0.0;
        ql(n, d, e, null, c);
        sort(n, d, null, c);
        return new Projected(d, c);
    }

    private static int checkedOrder(Matrix s) {
        if (s.rows() != s.cols()) {
            throw new DimensionMismatchException("matrix to decompose is " + s.shape() + " but a square matrix is required");
        }
        s.requireFinite("symmetric matrix");
        return s.rows();
    }

    private static double[] symmetric(Matrix s) {
        int n = s.rows();
        double[] a = s.data();
        double[] v = new double[n * n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                v[i * n + j] = 0.5 * (a[i * n + j] + a[j * n + i]);
            }
        }
        return v;
    }

    /**
     * The Householder reduction of {@code tred2} on the transposed store w (w[j·n + k] holds the
     * classic V[k][j]; the symmetric input is its own transpose): on return e[1..n) is the
     * subdiagonal, d[k] the k-th reflector's h (k ≥ 1), row k of w (columns &lt; k) its vector,
     * and the diagonal of w the tridiagonal's diagonal.
     */
    private static void reduce(int n, double[] w, double[] d, double[] e) {
        for (int j = 0; j < n; j++) {
            d[j] = w[j * n + n - 1];
        }
        for (int i = n - 1; i > 0; i--) {
            double scale = 0;
            double h = 0;
            for (int k = 0; k < i; k++) {
                scale += Math.abs(d[k]);
            }
            if (scale == 0.0) {
                e[i] = d[i - 1];
                for (int j = 0; j < i; j++) {
                    d[j] = w[j * n + i - 1];
                    w[j * n + i] = 0.0;
                    w[i * n + j] = 0.0;
                }
            } else {
                for (int k = 0; k < i; k++) {
                    d[k] /= scale;
                    h += d[k] * d[k];
                }
                double f = d[i - 1];
                double g = Math.sqrt(h);
                if (f > 0) {
                    g = -g;
                }
                e[i] = scale * g;
                h -= f * g;
                d[i - 1] = f - g;
                for (int j = 0; j < i; j++) {
                    e[j] = 0.0;
                }
                for (int j = 0; j < i; j++) {
                    f = d[j];
                    w[i * n + j] = f;
                    int row = j * n;
                    g = e[j] + w[row + j] * f;
                    for (int k = j + 1; k <= i - 1; k++) {
                        double vkj = w[row + k];
                        g += vkj * d[k];
                        e[k] += vkj * f;
                    }
                    e[j] = g;
                }
                f = 0.0;
                for (int j = 0; j < i; j++) {
                    e[j] /= h;
                    f += e[j] * d[j];
                }
                double hh = f / (h + h);
                for (int j = 0; j < i; j++) {
                    e[j] -= hh * d[j];
                }
                for (int j = 0; j < i; j++) {
                    f = d[j];
                    g = e[j];
                    int row = j * n;
                    for (int k = j; k <= i - 1; k++) {
                        w[row + k] -= f * e[k] + g * d[k];
                    }
                    d[j] = w[row + i - 1];
                    w[row + i] = 0.0;
                }
            }
            d[i] = h;
        }
    }

    /** Accumulates the reflectors into w = Vᵀ, leaving the tridiagonal's diagonal in d (e[0] = 0 is the caller's). */
    private static void accumulate(int n, double[] w, double[] d) {
        for (int i = 0; i < n - 1; i++) {
            w[i * n + n - 1] = w[i * n + i];
            w[i * n + i] = 1.0;
            double h = d[i + 1];
            int u = (i + 1) * n;
            if (h != 0.0) {
                for (int k = 0; k <= i; k++) {
                    d[k] = w[u + k] / h;
                }
                for (int j = 0; j <= i; j++) {
                    int row = j * n;
                    double g = 0.0;
                    for (int k = 0; k <= i; k++) {
                        g += w[u + k] * w[row + k];
                    }
                    for (int k = 0; k <= i; k++) {
                        w[row + k] -= g * d[k];
                    }
                }
            }
            for (int k = 0; k <= i; k++) {
                w[u + k] = 0.0;
            }
        }
        for (int j = 0; j < n; j++) {
            d[j] = w[j * n + n - 1];
            w[j * n + n - 1] = 0.0;
        }
        w[(n - 1) * n + n - 1] = 1.0;
    }

    /**
     * Implicit QL on the tridiagonal (d, e[1..n)); each rotation is applied to two rows of
     * {@code vt} (the eigenvectors as rows) or, without it, to two entries of {@code c}.
     */
    private static void ql(int n, double[] d, double[] e, double[] vt, double[] c) {
        for (int i = 1; i < n; i++) {
            e[i - 1] = e[i];
        }
        e[n - 1] = 0.0;
        double f = 0.0;
        double tst1 = 0.0;
        double eps = Math.ulp(1.0);
        for (int l = 0; l < n; l++) {
            tst1 = Math.max(tst1, Math.abs(d[l]) + Math.abs(e[l]));
            int m = l;
            while (m < n - 1 && Math.abs(e[m]) > eps * tst1) {
                m++;
            }
            if (m > l) {
                int iter = 0;
                do {
                    if (++iter > MAX_ITERATIONS * n) {
                        throw new InvalidInputException("symmetric eigendecomposition did not converge at eigenvalue " + l
                                + " of " + n);
                    }
                    double g = d[l];
                    double p = (d[l + 1] - g) / (2.0 * e[l]);
                    double r = Math.hypot(p, 1.0);
                    if (p < 0) {
                        r = -r;
                    }
                    d[l] = e[l] / (p + r);
                    d[l + 1] = e[l] * (p + r);
                    double dl1 = d[l + 1];
                    double h = g - d[l];
                    for (int i = l + 2; i < n; i++) {
                        d[i] -= h;
                    }
                    f += h;
                    p = d[m];
                    double cs = 1.0;
                    double c2 = cs;
                    double c3 = cs;
                    double el1 = e[l + 1];
                    double s = 0.0;
                    double s2 = 0.0;
                    for (int i = m - 1; i >= l; i--) {
                        c3 = c2;
                        c2 = cs;
                        s2 = s;
                        g = cs * e[i];
                        h = cs * p;
                        r = Math.hypot(p, e[i]);
                        e[i + 1] = s * r;
                        s = e[i] / r;
                        cs = p / r;
                        p = cs * d[i] - s * g;
                        d[i + 1] = h + s * (cs * g + s * d[i]);
                        if (vt != null) {
                            rotate(vt, i * n, (i + 1) * n, n, cs, s);
                        } else {
                            double hk = c[i + 1];
                            double vk = c[i];
                            c[i + 1] = s * vk + cs * hk;
                            c[i] = cs * vk - s * hk;
                        }
                    }
                    p = -s * s2 * c3 * el1 * e[l] / dl1;
                    e[l] = s * p;
                    d[l] = cs * p;
                } while (Math.abs(e[l]) > eps * tst1);
            }
            d[l] += f;
            e[l] = 0.0;
        }
    }

    private static void rotate(double[] vt, int ri, int rj, int n, double cs, double s) {
        for (int k = 0; k < n; k++) {
            double hk = vt[rj + k];
            double vk = vt[ri + k];
            vt[rj + k] = s * vk + cs * hk;
            vt[ri + k] = cs * vk - s * hk;
        }
    }

    /** Ascending eigenvalues (selection sort, as {@link SymmetricEigensystem}), moving rows of vt or entries of c. */
    private static void sort(int n, double[] d, double[] vt, double[] c) {
        for (int i = 0; i < n - 1; i++) {
            int k = i;
            for (int j = i + 1; j < n; j++) {
                if (d[j] < d[k]) {
                    k = j;
                }
            }
            if (k != i) {
                double t = d[i];
                d[i] = d[k];
                d[k] = t;
                if (vt != null) {
                    for (int j = 0; j < n; j++) {
                        double u = vt[i * n + j];
                        vt[i * n + j] = vt[k * n + j];
                        vt[k * n + j] = u;
                    }
                } else {
                    double u = c[i];
                    c[i] = c[k];
                    c[k] = u;
                }
            }
        }
    }
}
