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
 * The eigendecomposition {@code S = V·diag(λ)·Vᵀ} of a real symmetric matrix by Householder
 * reduction to tridiagonal form followed by the implicit QL method with Wilkinson-type shifts
 * (Golub &amp; Van Loan, Matrix Computations, Sec. 8.3; the EISPACK {@code tred2}/{@code tql2}
 * scheme), O(n³) with a small constant: rf4j's one symmetric eigensolver, for covariances of a few
 * dimensions up to landmark and feature Gram matrices of a few thousand rows.
 * Eigenvalues are returned in ascending order. Deterministic: no threads, fixed operation order.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class SymmetricEigensystem {
    private static final int MAX_ITERATIONS = 64;

    private final double[] values;
    /** Row k is the k-th eigenvector. */
    private final double[] vectorsByRow;
    private final int n;

    private SymmetricEigensystem(int n, double[] values, double[] vectorsByRow) {
        this.n = n;
        this.values = values;
        this.vectorsByRow = vectorsByRow;
    }

    /** Decomposes S (the mean of S and Sᵀ); S must be square and finite. */
    public static SymmetricEigensystem decompose(Matrix s) {
        if (s.rows() != s.cols()) {
            throw new DimensionMismatchException("matrix to decompose is " + s.shape() + " but a square matrix is required");
        }
        s.requireFinite("symmetric matrix");
        int n = s.rows();
        double[] v = new double[n * n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                v[i * n + j] = 0.5 * (s.get(i, j) + s.get(j, i));
            }
        }
        double[] d = new double[n];
        double[] e = new double[n];
        if (n == 0) {
            return new SymmetricEigensystem(0, d, v);
        }
        tridiagonalize(n, v, d, e);
        double[] vt = transpose(n, v);
        ql(n, d, e, vt);
        // sort ascending (selection sort on values, swapping eigenvector rows)
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
                for (int j = 0; j < n; j++) {
                    double u = vt[i * n + j];
                    vt[i * n + j] = vt[k * n + j];
                    vt[k * n + j] = u;
                }
            }
        }
        return new SymmetricEigensystem(n, d, vt);
    }

    /** The eigenvalues, ascending (a copy). */
    public double[] values() {
        return values.clone();
    }

    /** The eigenvectors as the columns of an orthogonal n×n matrix V (a copy). */
    public Matrix vectors() {
        return Matrix.wrap(n, n, transpose(n, vectorsByRow));
    }

    /** The eigenvectors as the rows of Vᵀ (a copy). */
    public Matrix vectorsTransposed() {
        return Matrix.wrap(n, n, vectorsByRow.clone());
    }

    private static double[] transpose(int n, double[] a) {
        double[] t = new double[n * n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                t[j * n + i] = a[i * n + j];
            }
        }
        return t;
    }

    /**
     * Householder reduction of the symmetric matrix in {@code v} to tridiagonal form: on return d
     * holds the diagonal, e[1..n) the subdiagonal (e[0] = 0) and v the orthogonal transformation.
     */
    private static void tridiagonalize(int n, double[] v, double[] d, double[] e) {
        for (int j = 0; j < n; j++) {
            d[j] = v[(n - 1) * n + j];
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
                    d[j] = v[(i - 1) * n + j];
                    v[i * n + j] = 0.0;
                    v[j * n + i] = 0.0;
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
                // e = A·u over the leading i×i block (lower triangle stored in v)
                for (int j = 0; j < i; j++) {
                    f = d[j];
                    v[j * n + i] = f;
                    g = e[j] + v[j * n + j] * f;
                    for (int k = j + 1; k <= i - 1; k++) {
                        double vkj = v[k * n + j];
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
                    for (int k = j; k <= i - 1; k++) {
                        v[k * n + j] -= f * e[k] + g * d[k];
                    }
                    d[j] = v[(i - 1) * n + j];
                    v[i * n + j] = 0.0;
                }
            }
            d[i] = h;
        }
        // accumulate the transformations
        for (int i = 0; i < n - 1; i++) {
            v[(n - 1) * n + i] = v[i * n + i];
            v[i * n + i] = 1.0;
            double h = d[i + 1];
            if (h != 0.0) {
                for (int k = 0; k <= i; k++) {
                    d[k] = v[k * n + i + 1] / h;
                }
                for (int j = 0; j <= i; j++) {
                    double g = 0.0;
                    for (int k = 0; k <= i; k++) {
                        g += v[k * n + i + 1] * v[k * n + j];
                    }
                    for (int k = 0; k <= i; k++) {
                        v[k * n + j] -= g * d[k];
                    }
                }
            }
            for (int k = 0; k <= i; k++) {
                v[k * n + i + 1] = 0.0;
            }
        }
        for (int j = 0; j < n; j++) {
            d[j] = v[(n - 1) * n + j];
            v[(n - 1) * n + j] = 0.0;
        }
        v[(n - 1) * n + n - 1] = 1.0;
        e[0] = 0.0;
    }

    /**
     * Implicit QL iterations on the tridiagonal (d, e); the rotations are applied to the rows of
     * {@code vt} (the eigenvectors as rows, so each rotation touches two contiguous rows).
     */
    private static void ql(int n, double[] d, double[] e, double[] vt) {
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
                    double c = 1.0;
                    double c2 = c;
                    double c3 = c;
                    double el1 = e[l + 1];
                    double s = 0.0;
                    double s2 = 0.0;
                    for (int i = m - 1; i >= l; i--) {
                        c3 = c2;
                        c2 = c;
                        s2 = s;
                        g = c * e[i];
                        h = c * p;
                        r = Math.hypot(p, e[i]);
                        e[i + 1] = s * r;
                        s = e[i] / r;
                        c = p / r;
                        p = c * d[i] - s * g;
                        d[i + 1] = h + s * (c * g + s * d[i]);
                        int ri = i * n;
                        int rj = (i + 1) * n;
                        for (int k = 0; k < n; k++) {
                            double hk = vt[rj + k];
                            double vk = vt[ri + k];
                            vt[rj + k] = s * vk + c * hk;
                            vt[ri + k] = c * vk - s * hk;
                        }
                    }
                    p = -s * s2 * c3 * el1 * e[l] / dl1;
                    e[l] = s * p;
                    d[l] = c * p;
                } while (Math.abs(e[l]) > eps * tst1);
            }
            d[l] += f;
            e[l] = 0.0;
        }
    }
}
