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
package org.rf4j.attention;

import org.rf4j.api.DimensionMismatchException;
import org.rf4j.api.Matrix;
import org.rf4j.api.linalg.LinearAlgebra;
import org.rf4j.api.linalg.PackedTranspose;
import org.rf4j.api.linalg.Parallelism;
import org.apiguardian.api.API;

/**
 * Exact softmax attention {@code out = D⁻¹AV}, {@code A_ts = exp(q_tᵀk_s/√d)} (Vaswani et al.
 * 2017), the reference for {@link PerformerAttention}. Computed in blocks of
 * {@value #BLOCK} query rows, each with the row-maximum subtraction, so memory beyond inputs and
 * output is {@code O(threads·BLOCK·L_k)} — never the L_q×L_k score matrix. Causal mode masks
 * keys after the query's position. Bit-identical for every thread count.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class ExactAttention {
    /** Query rows per block (and per parallel task). */
    public static final int BLOCK = 64;

    private ExactAttention() {
    }

    /** Bidirectional exact attention. */
    public static Matrix bidirectional(Matrix q, Matrix k, Matrix v, Matrix out) {
        return compute(q, k, v, out, false);
    }

    /** Causal exact attention (Q and K of equal length). */
    public static Matrix causal(Matrix q, Matrix k, Matrix v, Matrix out) {
        return compute(q, k, v, out, true);
    }

    /** Bytes of scratch a call holds besides inputs and output. */
    public static long workspaceBytes(int lk, int d, int dv, int threads) {
        return 8L * ((long) lk * d + (long) threads * BLOCK * ((long) lk + dv));
    }

    private static Matrix compute(Matrix q, Matrix k, Matrix v, Matrix out, boolean causal) {
        int d = q.cols();
        k.requireCols(d, "keys K");
        if (v.rows() != k.rows()) {
            throw new DimensionMismatchException("values V have " + v.rows() + " rows but keys K have " + k.rows()
                    + "; one value per key is required");
        }
        if (causal && q.rows() != k.rows()) {
            throw new DimensionMismatchException("causal attention needs as many queries as keys; Q has " + q.rows()
                    + " rows and K has " + k.rows());
        }
        q.requireNonEmpty("queries Q").requireFinite("queries Q");
        k.requireNonEmpty("keys K").requireFinite("keys K");
        v.requireFinite("values V");
        int lq = q.rows();
        int lk = k.rows();
        int dv = v.cols();
        Matrix o = Matrix.requireShape(out, lq, dv, "attention output");
        PackedTranspose kt = LinearAlgebra.packTransposed(k);
        double scale = 1.0 / Math.sqrt(d);
        double[] qd = q.data();
        double[] vd = v.data();
        double[] od = o.data();
        int tasks = (lq + BLOCK - 1) / BLOCK;
        Parallelism.defaults().forEach(tasks, () -> new double[BLOCK * lk], (scores, t) -> {
            int t0 = t * BLOCK;
            int t1 = Math.min(lq, t0 + BLOCK);
            kt.multiplyRows(qd, t0, t1, scores, 0, lk);
            for (int i = t0; i < t1; i++) {
                int so = (i - t0) * lk;
                int limit = causal ? i + 1 : lk;
                double mx = LinearAlgebra.max(scores, so, limit);
                LinearAlgebra.expAffine(scores, so, scale, -scale * mx, scores, so, limit);
                if (limit < lk) {
                    java.util.Arrays.fill(scores, so + limit, so + lk, 0.0);
                }
                double sum = 0;
                for (int s = 0; s < limit; s++) {
                    sum += scores[so + s];
                }
                LinearAlgebra.scale(scores, so, 1.0 / sum, limit);
            }
            LinearAlgebra.kernels().gemm(t1 - t0, dv, lk, scores, 0, lk, 1, vd, 0, dv, od, t0 * dv, dv, false);
        });
        return o;
    }
}
