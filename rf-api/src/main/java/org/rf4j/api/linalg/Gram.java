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
import org.rf4j.api.Matrix;
import org.apiguardian.api.API;

/**
 * Symmetric products (BLAS {@code syrk}) on rf4j's GEMM kernel: only the lower triangle (with the
 * diagonal) is computed, half the multiply-adds of the full product. Row blocks of
 * {@value #BLOCK} rows are the parallel tasks (their boundaries do not depend on the thread count)
 * and each entry is the kernel's fixed fma chain, so every entry is bit-identical to the same
 * entry of the full {@link LinearAlgebra} product, on any thread count.
 */
@API(status = API.Status.INTERNAL, since = "0.1")
public final class Gram {
    /** Rows per task: a multiple of 48, the 4×6 GEMM blocks' width on AVX-512, so row blocks end without a column tail. */
    public static final int BLOCK = 48;

    private Gram() {
    }

    /**
     * {@code G (+)= AᵀA} on the lower triangle (A is r×M, G is M×M). Above the diagonal only the
     * {@value #BLOCK}×{@value #BLOCK} diagonal blocks are written: read the lower triangle alone.
     */
    public static void lowerTransposeProduct(Matrix a, Matrix g, boolean accumulate) {
        int r = a.rows();
        int m = a.cols();
        if (g.rows() != m || g.cols() != m) {
            throw new DimensionMismatchException("AᵀA: A is " + a.shape() + " but the output is " + g.shape());
        }
        double[] ad = a.data();
        double[] gd = g.data();
        if (r == 0) {
            if (!accumulate) {
                java.util.Arrays.fill(gd, 0.0);
            }
            return;
        }
        VectorKernels k = LinearAlgebra.kernels();
        int tasks = (m + BLOCK - 1) / BLOCK;
        // the widest row blocks (the last) first, so that the threads finish together
        parallelism((long) r * m * (m + 1) / 2).forEach(tasks, task -> {
            int i0 = (tasks - 1 - task) * BLOCK;
            int i1 = Math.min(m, i0 + BLOCK);
            k.gemm(i1 - i0, i1, r, ad, i0, 1, m, ad, 0, m, gd, i0 * m, m, accumulate);
        });
    }

    /** {@code A·Aᵀ} (A is n×M): the n×n Gram matrix of A's rows, lower triangle computed and mirrored. */
    public static Matrix rows(Matrix a) {
        int n = a.rows();
        int m = a.cols();
        double[] ad = a.data();
        double[] at = a.transpose().data();
        Matrix out = Matrix.zeros(n, n);
        double[] od = out.data();
        VectorKernels k = LinearAlgebra.kernels();
        int tasks = (n + BLOCK - 1) / BLOCK;
        parallelism((long) m * n * (n + 1) / 2).forEach(tasks, task -> {
            int i0 = (tasks - 1 - task) * BLOCK;
            int i1 = Math.min(n, i0 + BLOCK);
            k.gemm(i1 - i0, i1, m, ad, i0 * m, m, 1, at, 0, n, od, i0 * n, n, false);
        });
        mirrorLower(n, od);
        return out;
    }

    /** Copies the strict lower triangle onto the upper one. */
    public static void mirrorLower(int n, double[] a) {
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < i; j++) {
                a[j * n + i] = a[i * n + j];
            }
        }
    }

    public static Parallelism parallelism(long work) {
        return LinearAlgebra.parallelismFor(work, Parallelism.defaults());
    }
}
