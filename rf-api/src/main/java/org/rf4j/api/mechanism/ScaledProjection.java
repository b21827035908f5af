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

import java.util.Objects;
import org.rf4j.api.FloatMatrix;
import org.rf4j.api.Matrix;
import org.rf4j.api.SparseMatrix;
import org.apiguardian.api.API;

/**
 * A projection whose vector j is another projection's vector j times {@code s_j}: the directions of
 * the base (set by its coupling) with new norms, e.g. a kernel's radial law. Every product is the
 * base's product with column j multiplied by {@code s_j}.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.2")
public final class ScaledProjection implements Projection {
    private final Projection base;
    private final double[] scales;

    public ScaledProjection(Projection base, double[] scales) {
        this.base = Objects.requireNonNull(base, "base");
        if (scales.length != base.count()) {
            throw new org.rf4j.api.DimensionMismatchException("scales has " + scales.length + " entries but the projection "
                    + base.count() + " vectors");
        }
        this.scales = scales.clone();
    }

    /** The factors {@code s_j}. */
    public double[] scales() {
        return scales.clone();
    }

    @Override
    public int count() {
        return base.count();
    }

    @Override
    public int dimension() {
        return base.dimension();
    }

    @Override
    public Matrix apply(Matrix x, Matrix out) {
        Matrix z = base.apply(x, out);
        scale(z.data(), 0, z.rows());
        return z;
    }

    @Override
    public void applyRows(Matrix x, int from, int to, double[] out, int outOff) {
        base.applyRows(x, from, to, out, outOff);
        scale(out, outOff, to - from);
    }

    @Override
    public void applyRows(FloatMatrix x, int from, int to, float[] out, int outOff) {
        base.applyRows(x, from, to, out, outOff);
        int m = scales.length;
        for (int i = 0; i < to - from; i++) {
            for (int j = 0, o = outOff + i * m; j < m; j++) {
                out[o + j] = (float) (out[o + j] * scales[j]);
            }
        }
    }

    @Override
    public void applyRows(SparseMatrix x, int from, int to, double[] out, int outOff) {
        base.applyRows(x, from, to, out, outOff);
        scale(out, outOff, to - from);
    }

    @Override
    public double[] rowSquaredNorms() {
        double[] sq = base.rowSquaredNorms();
        for (int j = 0; j < sq.length; j++) {
            sq[j] *= scales[j] * scales[j];
        }
        return sq;
    }

    @Override
    public double[] importanceWeights() {
        return base.importanceWeights();
    }

    private void scale(double[] z, int off, int rows) {
        int m = scales.length;
        for (int i = 0; i < rows; i++) {
            for (int j = 0, o = off + i * m; j < m; j++) {
                z[o + j] *= scales[j];
            }
        }
    }
}
