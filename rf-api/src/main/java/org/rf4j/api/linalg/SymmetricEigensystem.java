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
        GramSpectrum.Full full = GramSpectrum.full(s);
        return new SymmetricEigensystem(s.rows(), full.values(), full.vectorsTransposed().data());
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
}
