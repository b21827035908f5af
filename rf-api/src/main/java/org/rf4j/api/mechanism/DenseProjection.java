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

import org.rf4j.api.DimensionMismatchException;
import org.rf4j.api.FloatMatrix;
import org.rf4j.api.Matrix;
import org.rf4j.api.SparseMatrix;
import org.rf4j.api.linalg.LinearAlgebra;
import org.rf4j.api.linalg.PackedTranspose;
import org.rf4j.api.linalg.Parallelism;
import org.apiguardian.api.API;

/**
 * A projection held as a dense m×d matrix W, with optional importance weights. Only the packed
 * {@code Wᵀ} is kept (8·m·d bytes; plus 4·m·d for the float copy once the float path is used): W
 * itself is unpacked on demand ({@link #matrix()}).
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class DenseProjection extends AbstractProjection {
    private final double[] weights;
    private final PackedTranspose packed;

    /** Packs W (a packed Wᵀ is kept for the products; later changes to W are not seen). */
    public DenseProjection(Matrix w) {
        this(w, null);
    }

    /** Wraps W with importance weights (length m, or null for unit weights). */
    public DenseProjection(Matrix w, double[] weights) {
        super(w.rows(), w.cols());
        if (weights != null && weights.length != w.rows()) {
            throw new DimensionMismatchException("importance weights have length " + weights.length + " but W is "
                    + w.shape());
        }
        this.weights = weights == null ? null : weights.clone();
        this.packed = LinearAlgebra.packTransposed(w);
    }

    @Override
    public Matrix apply(Matrix x, Matrix out) {
        x.requireCols(d, "projection input");
        return packed.multiply(x, out, Parallelism.defaults());
    }

    @Override
    public void applyRows(Matrix x, int from, int to, double[] out, int outOff) {
        x.requireCols(d, "projection input");
        packed.multiplyRows(x.data(), from, to, out, outOff, m);
    }

    /** Sparse rows in O(nnz·m), the dense product's bits (see {@link org.rf4j.api.linalg.SparseProducts}). */
    @Override
    public void applyRows(SparseMatrix x, int from, int to, double[] out, int outOff) {
        x.requireCols(d, "projection input");
        packed.multiplyRows(x, from, to, out, outOff, m);
    }

    @Override
    public double[] rowSquaredNorms() {
        return packed.rowSquaredNorms();
    }

    /**
     * The float product: entry (i, j) is the float fma chain over ascending k of
     * {@code x_ik · fl(w_jk)}, W rounded once to float (packed on first use: m·d floats). Error against
     * the exact {@code wⱼᵀxᵢ}: at most {@code γ_{d+1}·Σ_k |w_jk x_ik|} with {@code γ_n = n·2⁻²⁴/(1 − n·2⁻²⁴)}.
     */
    @Override
    public void applyRows(FloatMatrix x, int from, int to, float[] out, int outOff) {
        x.requireCols(d, "projection input");
        packed.multiplyRows(x.data(), from, to, out, outOff, m);
    }

    @Override
    public Matrix matrix() {
        return packed.unpack();
    }

    @Override
    public double[] importanceWeights() {
        return weights == null ? null : weights.clone();
    }
}
