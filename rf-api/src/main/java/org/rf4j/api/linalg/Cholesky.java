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

import java.util.Locale;
import org.rf4j.api.DimensionMismatchException;
import org.rf4j.api.Matrix;
import org.apiguardian.api.API;

/**
 * The Cholesky factorisation {@code A = L·Lᵀ} of a symmetric positive definite matrix, blocked so
 * that almost all of its {@code n³/3} flops are rf4j's GEMM ({@link VectorKernels#gemm}): panels
 * of {@value #BLOCK} columns are factored directly, and the trailing lower triangle is updated
 * with {@code A₂₂ −= L₂₁·L₂₁ᵀ} in row blocks spread over {@link Parallelism#defaults()}. Every
 * entry is a fixed chain of fma operations, so the factor is bit-identical for every thread count.
 *
 * <p>A pivot that is not positive (or not finite) is refused with
 * {@link NotPositiveDefiniteException} naming the pivot and its value; the caller's message says
 * what to change (for ridge regression: a larger λ).
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class Cholesky {
    /** Columns per panel (and rows per update task): a multiple of 48, the 4×6 GEMM blocks' width on AVX-512. */
    static final int BLOCK = 96;

    private final int n;
    private final double[] l;

    private Cholesky(int n, double[] l) {
        this.n = n;
        this.l = l;
    }

    /**
     * Factors a symmetric matrix (only its lower triangle is read).
     *
     * @param a    n×n, not modified
     * @param what names the system in the error message, e.g. "the ridge system (ΦᵀΦ + nλI)"
     * @throws NotPositiveDefiniteException if a pivot is ≤ 0 or not finite
     */
    public static Cholesky factor(Matrix a, String what) {
        if (a.rows() != a.cols()) {
            throw new DimensionMismatchException(what + " is " + a.shape() + " but a square matrix is required");
        }
        int n = a.rows();
        double[] l = a.data().clone();
        factorInPlace(n, l, what);
        return new Cholesky(n, l);
    }

    private static void factorInPlace(int n, double[] a, String what) {
        VectorKernels kernels = LinearAlgebra.kernels();
        for (int k0 = 0; k0 < n; k0 += BLOCK) {
            int k1 = Math.min(n, k0 + BLOCK);
            int nb = k1 - k0;
            // the panel A[k0:n, k0:k1]: earlier panels are already subtracted by the trailing updates
            factorPanel(n, a, k0, k1, what, kernels);
            int rest = n - k1;
            if (rest == 0) {
                break;
            }
            // A₂₂ −= L₂₁·L₂₁ᵀ on the lower triangle: pack −L₂₁ᵀ and L₂₁ᵀ (nb × rest)
            double[] neg = new double[nb * rest];
            double[] pos = new double[nb * rest];
            for (int i = 0; i < rest; i++) {
                int row = (k1 + i) * n + k0;
                for (int t = 0; t < nb; t++) {
                    double v = a[row + t];
                    pos[t * rest + i] = v;
                    neg[t * rest + i] = -v;
                }
            }
            int tasks = (rest + BLOCK - 1) / BLOCK;
            // one thread for small updates: handing tasks over costs more than it saves
            // the widest row blocks (the last) first, so that the threads finish together
            LinearAlgebra.parallelismFor((long) rest * (rest + 1) / 2 * nb, Parallelism.defaults()).forEach(tasks, task -> {
                int r0 = (tasks - 1 - task) * BLOCK;
                int r1 = Math.min(rest, r0 + BLOCK);
                // rows k1+r0 .. k1+r1, columns k1 .. k1+r1 (the lower triangle and the diagonal block)
                kernels.gemm(r1 - r0, r1, nb, neg, r0, 1, rest, pos, 0, rest, a, (k1 + r0) * n + k1, n, true);
            });
        }
        // zero the strict upper triangle so the factor is L alone
        for (int i = 0; i < n; i++) {
            java.util.Arrays.fill(a, i * n + i + 1, i * n + n, 0.0);
        }
    }

    /** Columns below the base size are factored one by one ({@link #panelColumn}). */
    private static final int PANEL_BASE = 16;

    /**
     * Factors columns lo..hi of a panel, rows lo..n, given that every contribution of the columns
     * before lo has been subtracted: recursively, the left half, then the right half's update by
     * the left half as one GEMM ({@code A[mid:n, mid:hi] −= L[mid:n, lo:mid]·L[mid:hi, lo:mid]ᵀ}),
     * then the right half. Each entry receives its terms in the same order (ascending t) as
     * column-by-column factoring, so the factor's bits do not depend on the recursion.
     */
    private static void factorPanel(int n, double[] a, int lo, int hi, String what, VectorKernels kernels) {
        if (hi - lo <= PANEL_BASE) {
            for (int j = lo; j < hi; j++) {
                double s = a[j * n + j];
                for (int t = lo; t < j; t++) {
                    double v = a[j * n + t];
                    s = Math.fma(-v, v, s);
                }
                if (!(s > 0) || !Double.isFinite(s)) {
                    throw new NotPositiveDefiniteException(String.format(Locale.ROOT,
                            "%s is not positive definite: Cholesky pivot %d of %d is %.6g (must be > 0)", what, j, n, s));
                }
                double ljj = Math.sqrt(s);
                a[j * n + j] = ljj;
                panelColumn(n, a, lo, j, 1.0 / ljj);
            }
            return;
        }
        int mid = lo + (hi - lo) / 2;
        factorPanel(n, a, lo, mid, what, kernels);
        int h = mid - lo;
        int w = hi - mid;
        // −L[mid:hi, lo:mid]ᵀ, h × w: the GEMM adds L·(−Lᵀ), i.e. fma(l, −l', acc) = fma(−l, l', acc)
        double[] neg = new double[h * w];
        for (int j = 0; j < w; j++) {
            int row = (mid + j) * n + lo;
            for (int t = 0; t < h; t++) {
                neg[t * w + j] = -a[row + t];
            }
        }
        // rows mid..n (the diagonal block's strict upper part is written too, and zeroed at the end)
        kernels.gemm(n - mid, w, h, a, mid * n + lo, n, 1, neg, 0, w, a, mid * n + mid, n, true);
        factorPanel(n, a, mid, hi, what, kernels);
    }

    /**
     * Column j of the panel below the diagonal: {@code a[i][j] = (a[i][j] − Σ_{k0≤t<j} a[i][t]·a[j][t]) / l_jj}
     * for i > j, four rows at a time so that four independent fma chains hide the fma latency
     * (each entry's chain over t is the same as one row at a time).
     */
    private static void panelColumn(int n, double[] a, int k0, int j, double inv) {
        int jr = j * n;
        int i = j + 1;
        for (; i + 4 <= n; i += 4) {
            int r0 = i * n;
            int r1 = r0 + n;
            int r2 = r1 + n;
            int r3 = r2 + n;
            double v0 = a[r0 + j];
            double v1 = a[r1 + j];
            double v2 = a[r2 + j];
            double v3 = a[r3 + j];
            for (int t = k0; t < j; t++) {
                double ljt = a[jr + t];
                v0 = Math.fma(-a[r0 + t], ljt, v0);
                v1 = Math.fma(-a[r1 + t], ljt, v1);
                v2 = Math.fma(-a[r2 + t], ljt, v2);
                v3 = Math.fma(-a[r3 + t], ljt, v3);
            }
            a[r0 + j] = v0 * inv;
            a[r1 + j] = v1 * inv;
            a[r2 + j] = v2 * inv;
            a[r3 + j] = v3 * inv;
        }
        for (; i < n; i++) {
            int r = i * n;
            double v = a[r + j];
            for (int t = k0; t < j; t++) {
                v = Math.fma(-a[r + t], a[jr + t], v);
            }
            a[r + j] = v * inv;
        }
    }

    /** n. */
    public int size() {
        return n;
    }

    /** The factor L (a copy). */
    public Matrix factor() {
        return Matrix.wrap(n, n, l.clone());
    }

    /**
     * Solves {@code A·X = B} for X (n×c); B is not modified. Blocked by {@value #BLOCK} rows: the
     * update of a block by every row solved before it is one GEMM (a fixed fma chain per entry, so
     * the result does not depend on the thread count), the triangle inside a block is substituted
     * directly.
     */
    public Matrix solve(Matrix b) {
        if (b.rows() != n) {
            throw new DimensionMismatchException("right-hand side is " + b.shape() + " but the system has " + n + " rows");
        }
        int c = b.cols();
        double[] x = b.data().clone();
        if (c == 0 || n == 0) {
            return Matrix.wrap(n, c, x);
        }
        VectorKernels kernels = LinearAlgebra.kernels();
        // −X of the rows solved so far: the GEMMs add L·(−X), i.e. fma(l, −x, acc) = fma(−l, x, acc)
        double[] neg = new double[n * c];
        // L·Z = B
        for (int i0 = 0; i0 < n; i0 += BLOCK) {
            int i1 = Math.min(n, i0 + BLOCK);
            if (i0 > 0) {
                // Z[i0:i1] −= L[i0:i1, 0:i0]·Z[0:i0]
                kernels.gemm(i1 - i0, c, i0, l, i0 * n, n, 1, neg, 0, c, x, i0 * c, c, true);
            }
            for (int i = i0; i < i1; i++) {
                int row = i * n;
                for (int t = i0; t < i; t++) {
                    double lit = l[row + t];
                    for (int j = 0; j < c; j++) {
                        x[i * c + j] = Math.fma(-lit, x[t * c + j], x[i * c + j]);
                    }
                }
                double inv = 1.0 / l[row + i];
                for (int j = 0; j < c; j++) {
                    x[i * c + j] *= inv;
                    neg[i * c + j] = -x[i * c + j];
                }
            }
        }
        // Lᵀ·X = Z, blocks from the last
        int last = (n - 1) / BLOCK * BLOCK;
        for (int i0 = last; i0 >= 0; i0 -= BLOCK) {
            int i1 = Math.min(n, i0 + BLOCK);
            for (int i = i1 - 1; i >= i0; i--) {
                double inv = 1.0 / l[i * n + i];
                for (int j = 0; j < c; j++) {
                    x[i * c + j] *= inv;
                }
                for (int t = i0; t < i; t++) {
                    double lit = l[i * n + t];
                    for (int j = 0; j < c; j++) {
                        x[t * c + j] = Math.fma(-lit, x[i * c + j], x[t * c + j]);
                    }
                }
            }
            if (i0 > 0) {
                for (int k = i0 * c; k < i1 * c; k++) {
                    neg[k] = -x[k];
                }
                // X[0:i0] −= L[i0:i1, 0:i0]ᵀ·X[i0:i1]
                kernels.gemm(i0, c, i1 - i0, l, i0 * n, 1, n, neg, i0 * c, c, x, 0, c, true);
            }
        }
        return Matrix.wrap(n, c, x);
    }
}
