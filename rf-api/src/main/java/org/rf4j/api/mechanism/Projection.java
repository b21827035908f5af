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
package org.rf4j.api.mechanism;

import org.rf4j.api.FloatMatrix;
import org.rf4j.api.Matrix;
import org.rf4j.api.SparseMatrix;
import org.apiguardian.api.API;

/**
 * Drawn projection vectors {@code w_1..w_m} in {@code R^d}: a dense matrix W (m×d) or a
 * structured operator (HD products, Givens rotations) that applies itself without
 * materialising W.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public interface Projection {

    /** m, the number of projection vectors. */
    int count();

    /** d, the input dimension. */
    int dimension();

    /**
     * {@code out = X·Wᵀ} (n×m) for a batch X (n×d); {@code out} may be null to allocate.
     * Implementations must not keep {@code x} or {@code out}.
     */
    Matrix apply(Matrix x, Matrix out);

    /**
     * Rows {@code [from, to)} of {@code X·Wᵀ} into {@code out}, row i at
     * {@code out[outOff + (i − from)·count() …]}, on the calling thread (batch code calls this
     * from its own parallel tasks). The default copies the rows and calls {@link #apply};
     * dense and structured projections override it to avoid the copy.
     */
    default void applyRows(Matrix x, int from, int to, double[] out, int outOff) {
        if (to <= from) {
            return;
        }
        Matrix z = apply(x.rowRange(from, to), null);
        System.arraycopy(z.data(), 0, out, outOff, (to - from) * count());
    }

    /**
     * The float {@link #applyRows(Matrix, int, int, double[], int)}: rows {@code [from, to)} of
     * {@code X·Wᵀ} for a float batch, row i at {@code out[outOff + (i − from)·count() …]}, on the
     * calling thread. The default widens the rows to double (exactly), applies this projection in
     * double and rounds each entry once to float (so its error is at most half an ulp of the entry);
     * {@link DenseProjection} overrides it with a float product against a float copy of W.
     */
    default void applyRows(FloatMatrix x, int from, int to, float[] out, int outOff) {
        x.requireCols(dimension(), "projection input");
        if (to <= from) {
            return;
        }
        int n = to - from;
        int d = dimension();
        int m = count();
        FloatRowsScratch s = FloatRowsScratch.get(n, d, m);
        float[] xf = x.data();
        double[] xd = s.x.data();
        for (int k = 0, src = from * d; k < n * d; k++) {
            xd[k] = xf[src + k];
        }
        applyRows(s.x, 0, n, s.z, 0);
        for (int k = 0; k < n * m; k++) {
            out[outOff + k] = (float) s.z[k];
        }
    }

    /**
     * The sparse {@link #applyRows(Matrix, int, int, double[], int)}: rows {@code [from, to)} of
     * {@code X·Wᵀ} for a sparse batch, with the same bits as the dense batch of X's dense twin. The
     * default densifies the rows (structured projections apply themselves to whole rows);
     * {@link DenseProjection} and {@link GeneratedProjection} override it to work in O(nnz·m).
     */
    default void applyRows(SparseMatrix x, int from, int to, double[] out, int outOff) {
        x.requireCols(dimension(), "projection input");
        if (to > from) {
            applyRows(x.rowsToDense(from, to), 0, to - from, out, outOff);
        }
    }

    /**
     * {@code |w_j|²} for each projection j (summed in ascending column order). The default
     * materialises {@link #matrix()}; projections that cannot hold W override it.
     */
    default double[] rowSquaredNorms() {
        return matrix().rowSquaredNorms();
    }

    /** W as a dense m×d matrix (a copy, or materialised for structured operators). */
    default Matrix matrix() {
        int d = dimension();
        Matrix eye = Matrix.zeros(d, d);
        for (int i = 0; i < d; i++) {
            eye.set(i, i, 1.0);
        }
        return apply(eye, null).transpose();
    }

    /**
     * Importance weights {@code p_Ω(w_j)/p_Ψ(w_j)}, one per projection, or null when all are 1
     * (the projections were drawn from the standard distribution).
     */
    default double[] importanceWeights() {
        return null;
    }
}
