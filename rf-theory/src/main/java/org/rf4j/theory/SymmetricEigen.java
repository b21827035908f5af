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

import org.rf4j.api.DimensionMismatchException;
import org.rf4j.api.InvalidInputException;
import org.rf4j.api.Matrix;
import org.apiguardian.api.API;

/**
 * Eigendecomposition {@code S = V·diag(λ)·Vᵀ} of a real symmetric matrix by the cyclic Jacobi
 * method (Golub &amp; Van Loan, Matrix Computations, Sec. 8.5): rotations are applied until every
 * off-diagonal entry is below {@code 1e-15·‖S‖_F}. Backward stable and accurate to a few ulps of
 * ‖S‖ for the small covariance matrices (d up to a few hundred) that the Gaussian-proposal
 * closed forms and the importance-sampling fit need; O(d³) per sweep, usually 6–10 sweeps. For
 * large matrices use {@link org.rf4j.api.linalg.SymmetricEigensystem} (Householder + QL). This one
 * stays beside it because the optimal-sampling proposals' bits are defined by its rotations: the QL
 * solver gives the same decomposition to rounding but moves the last bits of those features.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class SymmetricEigen {
    private static final int MAX_SWEEPS = 64;

    private final double[] values;
    private final Matrix vectors;

    private SymmetricEigen(double[] values, Matrix vectors) {
        this.values = values;
        this.vectors = vectors;
    }

    /** A decomposition from known parts (eigenvalues, orthogonal matrix whose columns are the eigenvectors). */
    public static SymmetricEigen of(double[] values, Matrix vectors) {
        if (vectors.rows() != values.length || vectors.cols() != values.length) {
            throw new DimensionMismatchException("eigenvector matrix is " + vectors.shape() + " but " + values.length
                    + " eigenvalues were given");
        }
        return new SymmetricEigen(values.clone(), vectors.copy());
    }

    /** The decomposition of a diagonal matrix (eigenvectors: the identity). */
    public static SymmetricEigen diagonal(double[] values) {
        int d = values.length;
        Matrix v = Matrix.zeros(d, d);
        for (int i = 0; i < d; i++) {
            v.set(i, i, 1.0);
        }
        return new SymmetricEigen(values.clone(), v);
    }

    /**
     * Decomposes a symmetric matrix (only symmetry up to rounding is assumed: the mean of S and Sᵀ
     * is decomposed).
     *
     * @throws InvalidInputException if S is not square or has a non-finite entry
     */
    public static SymmetricEigen decompose(Matrix s) {
        if (s.rows() != s.cols()) {
            throw new DimensionMismatchException("matrix to decompose is " + s.shape() + " but a square matrix is required");
        }
        s.requireFinite("symmetric matrix");
        int d = s.rows();
        double[] a = new double[d * d];
        double norm = 0;
        for (int i = 0; i < d; i++) {
            for (int j = 0; j < d; j++) {
                double v = 0.5 * (s.get(i, j) + s.get(j, i));
                a[i * d + j] = v;
                norm += v * v;
            }
        }
        double[] v = new double[d * d];
        for (int i = 0; i < d; i++) {
            v[i * d + i] = 1.0;
        }
        double tol = 1e-15 * Math.sqrt(norm);
        for (int sweep = 0; sweep < MAX_SWEEPS; sweep++) {
            double off = 0;
            for (int p = 0; p < d; p++) {
                for (int q = p + 1; q < d; q++) {
                    off = Math.max(off, Math.abs(a[p * d + q]));
                }
            }
            if (off <= tol || off == 0) {
                break;
            }
            for (int p = 0; p < d - 1; p++) {
                for (int q = p + 1; q < d; q++) {
                    double apq = a[p * d + q];
                    if (Math.abs(apq) <= tol * 1e-3) {
                        continue;
                    }
                    double app = a[p * d + p];
                    double aqq = a[q * d + q];
                    double theta = (aqq - app) / (2 * apq);
                    double t = Math.signum(theta) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
                    if (theta == 0) {
                        t = 1;
                    }
                    double c = 1 / Math.sqrt(t * t + 1);
                    double sn = t * c;
                    for (int k = 0; k < d; k++) {
                        double akp = a[k * d + p];
                        double akq = a[k * d + q];
                        a[k * d + p] = c * akp - sn * akq;
                        a[k * d + q] = sn * akp + c * akq;
                    }
                    for (int k = 0; k < d; k++) {
                        double apk = a[p * d + k];
                        double aqk = a[q * d + k];
                        a[p * d + k] = c * apk - sn * aqk;
                        a[q * d + k] = sn * apk + c * aqk;
                    }
                    for (int k = 0; k < d; k++) {
                        double vkp = v[k * d + p];
                        double vkq = v[k * d + q];
                        v[k * d + p] = c * vkp - sn * vkq;
                        v[k * d + q] = sn * vkp + c * vkq;
                    }
                }
            }
        }
        double[] values = new double[d];
        for (int i = 0; i < d; i++) {
            values[i] = a[i * d + i];
        }
        return new SymmetricEigen(values, Matrix.wrap(d, d, v));
    }

    /** The dimension d. */
    public int dimension() {
        return values.length;
    }

    /** The eigenvalues λ (a copy), in the order of the columns of {@link #vectors()}. */
    public double[] values() {
        return values.clone();
    }

    /** Eigenvalue k. */
    public double value(int k) {
        return values[k];
    }

    /** The orthogonal matrix V whose column k is the eigenvector of λ_k (a copy). */
    public Matrix vectors() {
        return vectors.copy();
    }

    /** {@code Vᵀx}: the coordinates of x in the eigenbasis. */
    public double[] toEigenbasis(double[] x) {
        int d = values.length;
        if (x.length != d) {
            throw new DimensionMismatchException("vector has dimension " + x.length + " but " + d + " is required");
        }
        double[] out = new double[d];
        double[] vd = vectors.data();
        for (int i = 0; i < d; i++) {
            double xi = x[i];
            int o = i * d;
            for (int k = 0; k < d; k++) {
                out[k] += vd[o + k] * xi;
            }
        }
        return out;
    }

    /** {@code V·diag(f(λ))·Vᵀ} for the given transformed eigenvalues. */
    public Matrix compose(double[] transformed) {
        int d = values.length;
        if (transformed.length != d) {
            throw new DimensionMismatchException("transformed eigenvalues have length " + transformed.length + " but "
                    + d + " are required");
        }
        Matrix out = Matrix.zeros(d, d);
        double[] vd = vectors.data();
        double[] o = out.data();
        for (int i = 0; i < d; i++) {
            for (int j = i; j < d; j++) {
                double acc = 0;
                for (int k = 0; k < d; k++) {
                    acc += vd[i * d + k] * transformed[k] * vd[j * d + k];
                }
                o[i * d + j] = acc;
                o[j * d + i] = acc;
            }
        }
        return out;
    }
}
