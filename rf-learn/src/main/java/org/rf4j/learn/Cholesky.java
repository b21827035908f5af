package org.rf4j.learn;

import java.util.Locale;
import org.rf4j.api.DimensionMismatchException;
import org.rf4j.api.Matrix;
import org.rf4j.api.linalg.LinearAlgebra;
import org.rf4j.api.linalg.Parallelism;
import org.rf4j.api.linalg.VectorKernels;

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
public final class Cholesky {
    /** Columns per panel. */
    static final int BLOCK = 64;

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
            for (int j = k0; j < k1; j++) {
                double s = a[j * n + j];
                for (int t = k0; t < j; t++) {
                    double v = a[j * n + t];
                    s = Math.fma(-v, v, s);
                }
                if (!(s > 0) || !Double.isFinite(s)) {
                    throw new NotPositiveDefiniteException(String.format(Locale.ROOT,
                            "%s is not positive definite: Cholesky pivot %d of %d is %.6g (must be > 0)", what, j, n, s));
                }
                double ljj = Math.sqrt(s);
                a[j * n + j] = ljj;
                double inv = 1.0 / ljj;
                for (int i = j + 1; i < n; i++) {
                    double v = a[i * n + j];
                    for (int t = k0; t < j; t++) {
                        v = Math.fma(-a[i * n + t], a[j * n + t], v);
                    }
                    a[i * n + j] = v * inv;
                }
            }
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
            LinearAlgebra.parallelismFor((long) rest * (rest + 1) / 2 * nb, Parallelism.defaults()).forEach(tasks, task -> {
                int r0 = task * BLOCK;
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

    /** n. */
    public int size() {
        return n;
    }

    /** The factor L (a copy). */
    public Matrix factor() {
        return Matrix.wrap(n, n, l.clone());
    }

    /** Solves {@code A·X = B} for X (n×c); B is not modified. */
    public Matrix solve(Matrix b) {
        if (b.rows() != n) {
            throw new DimensionMismatchException("right-hand side is " + b.shape() + " but the system has " + n + " rows");
        }
        int c = b.cols();
        double[] x = b.data().clone();
        // L·Z = B
        for (int i = 0; i < n; i++) {
            int row = i * n;
            for (int t = 0; t < i; t++) {
                double lit = l[row + t];
                if (lit != 0) {
                    for (int j = 0; j < c; j++) {
                        x[i * c + j] = Math.fma(-lit, x[t * c + j], x[i * c + j]);
                    }
                }
            }
            double inv = 1.0 / l[row + i];
            for (int j = 0; j < c; j++) {
                x[i * c + j] *= inv;
            }
        }
        // Lᵀ·X = Z
        for (int i = n - 1; i >= 0; i--) {
            double inv = 1.0 / l[i * n + i];
            for (int j = 0; j < c; j++) {
                x[i * c + j] *= inv;
            }
            for (int t = 0; t < i; t++) {
                double lit = l[i * n + t];
                if (lit != 0) {
                    for (int j = 0; j < c; j++) {
                        x[t * c + j] = Math.fma(-lit, x[i * c + j], x[t * c + j]);
                    }
                }
            }
        }
        return Matrix.wrap(n, c, x);
    }
}
