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

import org.rf4j.api.Matrix;

/**
 * Each thread's buffers for {@link Projection#applyRows(org.rf4j.api.FloatMatrix, int, int, float[], int)}'s
 * default (widen the float rows, apply the double product, round): kept per thread and grown on
 * demand, so the float path of a projection without a native float product allocates nothing
 * per call (it allocated the widened rows and the double product per chunk: 488 MB per
 * 100,000-row map with {@code orthogonal-hd}).
 */
final class FloatRowsScratch {
    private static final ThreadLocal<FloatRowsScratch> SCRATCH = new ThreadLocal<>();
    /** Larger row ranges (not the feature maps' 64-row chunks) get buffers of their own, not kept. */
    private static final int KEPT_ROWS = 1024;

    final Matrix x;
    final double[] z;
    private final int d;
    private final int m;

    private FloatRowsScratch(int rows, int d, int m) {
        this.x = Matrix.zeros(rows, d);
        this.z = new double[Math.multiplyExact(rows, m)];
        this.d = d;
        this.m = m;
    }

    /** This thread's buffers for at least {@code rows} rows of d inputs and m outputs. */
    static FloatRowsScratch get(int rows, int d, int m) {
        if (rows > KEPT_ROWS) {
            return new FloatRowsScratch(rows, d, m);
        }
        FloatRowsScratch s = SCRATCH.get();
        if (s == null || s.d != d || s.m != m || s.x.rows() < rows) {
            s = new FloatRowsScratch(Math.max(rows, s != null && s.d == d && s.m == m ? s.x.rows() : 0), d, m);
            SCRATCH.set(s);
        }
        return s;
    }
}
