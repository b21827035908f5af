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

import java.util.Arrays;
import org.rf4j.api.SparseMatrix;
import org.apiguardian.api.API;

/**
 * Sparse rows times {@code Wᵀ} in O(nnz·m), with the bits of the dense product.
 *
 * <p><b>Why the bits agree.</b> The dense product's entry j is the chain
 * {@code acc = fma(x_k, w_jk, acc)} over ascending k from {@code +0.0} (the {@link VectorKernels}
 * contract). The sparse product runs the same chain over the stored entries only. A skipped term
 * has {@code x_k = +0.0}, so it computes {@code acc + (±0)}: that leaves a non-zero or a
 * {@code +0.0} accumulator unchanged and at most turns a {@code -0.0} accumulator into {@code +0.0}.
 * Every stored term gives the same result from {@code −0.0} and {@code +0.0} unless its own product
 * is an exact zero, so the two chains stay equal, or differ only by the sparse one holding
 * {@code −0.0} where the dense one holds {@code +0.0}. An entry that ends at {@code −0.0} (only
 * through underflow or a stored {@code −0.0}: rare) is therefore recomputed with the full dense
 * chain ({@link #denseSignOfZero}); every other entry already has the dense bits.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class SparseProducts {
    private SparseProducts() {
    }

    /** Entry {@code (j, k)} of W (projection j, input column k). */
    @FunctionalInterface
    public interface Entries {
        double entry(int j, int k);
    }

    /**
     * Row {@code i} of {@code X·Wᵀ} for a packed {@code Wᵀ} (d×m row-major, row k at
     * {@code wt[k·m]}) into {@code out[o … o + m)}, the dense product's bits.
     */
    static void row(SparseMatrix x, int i, double[] wt, int m, double[] out, int o) {
        Arrays.fill(out, o, o + m, 0.0);
        for (int k = x.rowStart(i), end = x.rowEnd(i); k < end; k++) {
            axpy(x.value(k), wt, x.column(k) * m, m, out, o);
        }
        denseSignOfZero(x, i, (j, k) -> wt[k * m + j], m, out, o);
    }

    /**
     * Adds {@code xk[0]·column} to {@code out[o … o + m)} as one fma per entry (the step of the chain
     * for one stored entry; {@code column} holds {@code w_jk} for j &lt; m at {@code column[co + j]}).
     */
    public static void accumulate(double[] xk, double[] column, int co, int m, double[] out, int o) {
        axpy(xk[0], column, co, m, out, o);
    }

    /**
     * {@code out[o + j] = fma(x, w[wo + j], out[o + j])} for j &lt; m: the dense chain's step for one
     * stored entry, the bits of {@link VectorKernels#gemm} with depth 1. A plain loop rather than a
     * kernel call: one stored entry is one short row, where a call's dispatch costs as much as the
     * fmas, and C2 compiles the loop to vector fmas at once, without the vector kernels' warm-up.
     */
    private static void axpy(double x, double[] w, int wo, int m, double[] out, int o) {
        for (int j = 0; j < m; j++) {
            out[o + j] = Math.fma(x, w[wo + j], out[o + j]);
        }
    }

    /**
     * The sign fix of the class comment: recomputes each entry of row {@code i}'s product that is
     * {@code −0.0} with the dense chain over all d columns (absent entries {@code +0.0}).
     */
    public static void denseSignOfZero(SparseMatrix x, int i, Entries w, int m, double[] out, int o) {
        for (int j = 0; j < m; j++) {
            if (Double.doubleToRawLongBits(out[o + j]) == Long.MIN_VALUE) {
                out[o + j] = denseEntry(x, i, w, j);
            }
        }
    }

    private static double denseEntry(SparseMatrix x, int i, Entries w, int j) {
        double acc = 0.0;
        int p = x.rowStart(i);
        int end = x.rowEnd(i);
        for (int k = 0, d = x.cols(); k < d; k++) {
            double xk = 0.0;
            if (p < end && x.column(p) == k) {
                xk = x.value(p++);
            }
            acc = Math.fma(xk, w.entry(j, k), acc);
        }
        return acc;
    }
}
