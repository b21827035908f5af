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

import org.rf4j.api.Checks;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Matrix;
import org.rf4j.api.mechanism.DenseProjection;
import org.rf4j.api.mechanism.Projection;

/** Shared argument checks and the block partition: full blocks of {@code size}, then a partial block. */
final class Blocks {
    /** Writes one block of n rows of d entries at {@code out[offset …]}. */
    @FunctionalInterface
    interface BlockWriter {
        void write(int n, double[] out, int offset);
    }

    private Blocks() {
    }

    static void check(String id, int m, int d, int minimumDimension) {
        Checks.positive("m", m);
        if (d < minimumDimension) {
            String why = minimumDimension == 2
                    ? " (the " + id + " coupling places vectors on a simplex, which needs d >= 2; use iid or orthogonal for d = 1)"
                    : "";
            throw new InvalidParameterException("d", d, "an integer >= " + minimumDimension + why);
        }
    }

    /**
     * The m×d dense projection drawn block by block after the argument checks: independent blocks of
     * d rows, then a partial block, each written in turn (so a block's random draws follow the previous
     * block's).
     */
    static Projection dense(String id, int m, int d, int minimumDimension, BlockWriter block) {
        check(id, m, d, minimumDimension);
        Matrix w = Matrix.zeros(m, d);
        double[] out = w.data();
        int row = 0;
        for (int n : sizes(m, d)) {
            block.write(n, out, row * d);
            row += n;
        }
        return new DenseProjection(w);
    }

    /** Sizes of the blocks: m / size full blocks, then m % size if nonzero. */
    static int[] sizes(int m, int size) {
        int full = m / size;
        int rem = m % size;
        int[] s = new int[full + (rem > 0 ? 1 : 0)];
        java.util.Arrays.fill(s, 0, full, size);
        if (rem > 0) {
            s[full] = rem;
        }
        return s;
    }
}
