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
package org.rf4j.couplings;

import org.rf4j.api.Matrix;
import org.rf4j.api.linalg.Hadamard;
import org.rf4j.api.linalg.ThreadScratch;
import org.rf4j.api.mechanism.AbstractProjection;
import org.rf4j.api.mechanism.Projection;

/**
 * A projection that applies itself block by block without materialising W: each block pads the
 * input to its rotation size, applies a structured orthogonal operator in place (an HD product
 * or a product of Givens rotations), then maps the rotated coordinates to its n directions
 * ({@link BlockGeometry}) and scales them by the block's norms. Cost per input row and block:
 * O(size·log size) for HD, O(rotations) for Givens, plus O(n).
 */
final class StructuredProjection extends AbstractProjection {

    /** An orthogonal operator applied in place to a buffer of its size. */
    interface Rotation {
        int size();

        void rotate(double[] buf);
    }

    /** One block: rotation, geometry, n directions with scales, output columns from offset. */
    record Block(Rotation rotation, BlockGeometry geometry, int n, double[] scale, int offset) {
    }

    private final Block[] blocks;
    private final int bufferSize;
    /**
     * Each thread's two row buffers for {@link #applyRows}, shared by every structured projection
     * ({@link ThreadScratch}), so the batch path allocates nothing per chunk and many projections pin nothing.
     */
    private static final ThreadScratch ROW = new ThreadScratch();
    private static final ThreadScratch ROTATED = new ThreadScratch();

    StructuredProjection(int d, int m, Block[] blocks) {
        super(m, d);
        this.blocks = blocks;
        int size = d;
        for (Block b : blocks) {
            size = Math.max(size, b.rotation().size());
        }
        this.bufferSize = size;
    }

    @Override
    public Matrix apply(Matrix x, Matrix out) {
        x.requireCols(d, "projection input");
        int rows = x.rows();
        Matrix result = out == null ? Matrix.zeros(rows, m) : Matrix.requireShape(out, rows, m, "projection output");
        project(x.data(), 0, rows, result.data(), 0, new double[bufferSize], new double[bufferSize]);
        return result;
    }

    /** Rows [from, to) into {@code out} without copying X (the feature maps' parallel batch path). */
    @Override
    public void applyRows(Matrix x, int from, int to, double[] out, int outOff) {
        x.requireCols(d, "projection input");
        project(x.data(), from, to, out, outOff, ROW.doubles(bufferSize), ROTATED.doubles(bufferSize));
    }

    /** Rows [from, to) of X (row-major, d wide) into {@code out} from {@code outOff}, with two scratch rows. */
    private void project(double[] xs, int from, int to, double[] out, int outOff, double[] buf, double[] tmp) {
        for (int r = from; r < to; r++) {
            int xo = r * d;
            int oo = outOff + (r - from) * m;
            for (Block b : blocks) {
                int size = b.rotation().size();
                System.arraycopy(xs, xo, buf, 0, d);
                java.util.Arrays.fill(buf, d, size, 0.0);
                b.rotation().rotate(buf);
                b.geometry().emit(buf, b.n(), b.scale(), tmp, 0);
                System.arraycopy(tmp, 0, out, oo + b.offset(), b.n());
            }
        }
    }

    /** {@code R̃ = Π_{i=1}^{k} H D_i} (Eq. 89) with the Hadamard normalisation left to the caller's scale. */
    static final class HdRotation implements Rotation {
        private final double[][] signs;

        HdRotation(double[][] signs) {
            this.signs = signs;
        }

        @Override
        public int size() {
            return signs[0].length;
        }

        @Override
        public void rotate(double[] buf) {
            int size = signs[0].length;
            for (int i = signs.length - 1; i >= 0; i--) {
                double[] s = signs[i];
                for (int j = 0; j < size; j++) {
                    buf[j] *= s[j];
                }
                Hadamard.fwht(buf, 0, size);
            }
        }
    }
}
