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

import java.util.random.RandomGenerator;
import org.rf4j.api.InvalidInputException;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Matrix;
import org.rf4j.api.SparseMatrix;
import org.rf4j.api.linalg.SparseProducts;
import org.rf4j.api.random.Mix64;
import org.apiguardian.api.API;

/**
 * An iid Gaussian projection W (m×d) that is never stored: each entry {@code w_jk} is a fixed
 * function of (key, j, k), generated whenever a product needs it. For widths where the m×d matrix
 * would not fit the memory budget ({@link FeatureRequest#projectionBudget()}): hashed text features
 * with d = 2¹⁸ and more. Every JVM that knows the key (derived from the seed) sees the same W.
 *
 * <p><b>The entries.</b> One SplitMix64 stream per key, addressed by position: entry (j, k) takes
 * the stream's output at position {@code p = k·2³² + j + 1}, {@code u = mixStafford13(origin + p·γ)}
 * ({@code origin = mixMurmur64(key)}, γ the golden-ratio increment), so the m entries of column k
 * are m consecutive outputs and distinct entries never share an output (m &lt; 2³²). {@code w_jk} is
 * the JDK's exact Gaussian transform (McFarland's modified ziggurat, which rf4j's seeded draws use
 * too) of a generator whose first output is u; the ziggurat's rare slow path (about 1.2% of entries)
 * continues from a SplitMix64 stream seeded by {@code mixMurmur64(u)}. So each entry is exactly
 * N(0, 1) up to the resolution of 64-bit uniforms, costs one mixer on the fast path, and is
 * generated in O(1) on its own; the entries are independent as far as the mixed streams are. Monte
 * Carlo tests check mean, variance, the Kolmogorov–Smirnov distance, correlation across rows, columns
 * and keys, and the kernel estimate.
 *
 * <p><b>Products.</b> Entry j of a row's projection is the fma chain over ascending k from +0.0, as
 * for a {@link DenseProjection}; a dense batch generates each column of W once per batch, and so
 * do sparse rows passed together, for each column they store ({@link SparseProducts} keeps the bits of the
 * dense product). Time is O(nnz·m) fmas and one column generation per distinct stored column of
 * the rows passed together; memory O(m) plus 12 bytes per stored entry of those rows.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class GeneratedProjection extends AbstractProjection {
    private static final long GOLDEN = 0x9e3779b97f4a7c15L;

    private final long key;
    /** The stream's origin, {@code mixMurmur64(key)}: neighbouring keys start unrelated streams. */
    private final long origin;

    /**
     * @param m   projections (rows of W)
     * @param d   input dimension (columns of W)
     * @param key the stream key (every entry is a function of it and the entry's position)
     */
    public GeneratedProjection(int m, int d, long key) {
        super(checkedCount(m, d), d);
        this.key = key;
        this.origin = Mix64.murmur64(key);
    }

    /** m, after checking that m and d are at least 1. */
    private static int checkedCount(int m, int d) {
        if (m < 1 || d < 1) {
            throw new InvalidParameterException("m, d", m + ", " + d, "integers >= 1");
        }
        return m;
    }

    /**
     * Draws the generated projection a request asks for (one {@code long} from its generator is the
     * key). Only the independent coupling ({@code iid}) without importance sampling qualifies: every
     * other coupling and every sampling policy needs the whole matrix, so they are refused, naming
     * the coupling, d, m and the budget.
     */
    public static GeneratedProjection draw(FeatureRequest request) {
        String budget = mib(request.projectionBudget());
        if (!request.coupling().independent()) {
            throw new InvalidParameterException("estimator.coupling", request.coupling().spec().id(),
                    "'iid' for d = " + request.d() + " with m = " + request.m() + ": the " + request.m() + " x "
                            + request.d() + " projection (" + mib(8L * request.m() * request.d())
                            + ") exceeds the projection memory budget of " + budget
                            + ", so it is generated on the fly, which only iid projections allow"
                            + " (raise estimator.projectionBudgetMiB or lower m to keep the coupling)");
        }
        if (request.sampling() != null) {
            throw new InvalidParameterException("estimator.sampling", request.sampling().spec().id(),
                    "no sampling policy for d = " + request.d() + " with m = " + request.m() + ": the projection ("
                            + mib(8L * request.m() * request.d()) + ") exceeds the projection memory budget of "
                            + budget + " and is generated on the fly, which importance sampling does not allow");
        }
        return new GeneratedProjection(request.m(), request.d(), request.rng().nextLong());
    }

    private static String mib(long bytes) {
        return String.format(java.util.Locale.ROOT, "%.1f MiB", bytes / 1048576.0);
    }

    /** The stream key. */
    public long key() {
        return key;
    }

    /** Entry {@code w_jk} (projection j, input column k; 0-based). */
    public double entry(int j, int k) {
        return new Stream().at(origin, j, k);
    }

    /**
     * Generates entries: the ziggurat reads u (the key's stream at the entry's position) first, then,
     * on its slow path only, a SplitMix64 stream seeded by {@code mixMurmur64(u)}. Reused across
     * entries by one thread.
     */
    private static final class Stream implements RandomGenerator {
        private long first;
        private boolean fresh;
        private long state;

        double at(long origin, int j, int k) {
            long position = (((long) k << 32) | (j & 0xffffffffL)) + 1;
            first = Mix64.stafford13(origin + position * GOLDEN);
            fresh = true;
            return nextGaussian();
        }

        @Override
        public long nextLong() {
            if (fresh) {
                fresh = false;
                state = Mix64.murmur64(first);
                return first;
            }
            return Mix64.stafford13(state += GOLDEN);
        }
    }

    /** Column k of W (its m entries) into {@code out[0 … m)}. */
    private void column(Stream s, int k, double[] out) {
        for (int j = 0; j < m; j++) {
            out[j] = s.at(origin, j, k);
        }
    }

    @Override
    public Matrix apply(Matrix x, Matrix out) {
        x.requireCols(d, "projection input");
        Matrix o = Matrix.requireShape(out, x.rows(), m, "X·Wᵀ output");
        if (x.rows() > 0 && o.data() == x.data()) {
            throw new IllegalArgumentException("the output buffer must not alias an input");
        }
        applyRows(x, 0, x.rows(), o.data(), 0);
        return o;
    }

    /** Dense rows: each column of W generated once for the rows, then one fma per row and projection. */
    @Override
    public void applyRows(Matrix x, int from, int to, double[] out, int outOff) {
        x.requireCols(d, "projection input");
        if (to <= from) {
            return;
        }
        java.util.Arrays.fill(out, outOff, outOff + (to - from) * m, 0.0);
        double[] xd = x.data();
        double[] col = new double[m];
        double[] xk = new double[1];
        Stream s = new Stream();
        for (int k = 0; k < d; k++) {
            column(s, k, col);
            for (int i = from; i < to; i++) {
                xk[0] = xd[i * d + k];
                SparseProducts.accumulate(xk, col, 0, m, out, outOff + (i - from) * m);
            }
        }
    }

    /**
     * Sparse rows in O(nnz·m) fmas with one generated column per distinct stored column of the rows:
     * the rows' stored entries are taken in ascending column order (ties in row order), so each
     * column of W is generated once for all the rows that store it, and each row's chain still runs
     * over its own columns in ascending order from +0.0: the dense product's bits (see
     * {@link SparseProducts}), whatever rows are passed together. Passing many rows at once is what
     * saves generations (a column stored by r of the rows is generated once, not r times); memory is
     * O(m) plus 12 bytes per stored entry of the rows.
     */
    @Override
    public void applyRows(SparseMatrix x, int from, int to, double[] out, int outOff) {
        x.requireCols(d, "projection input");
        if (to <= from) {
            return;
        }
        java.util.Arrays.fill(out, outOff, outOff + (to - from) * m, 0.0);
        int base = x.rowStart(from);
        int nnz = x.rowEnd(to - 1) - base;
        long[] order = new long[nnz];
        int[] rowOf = new int[nnz];
        for (int i = from; i < to; i++) {
            for (int q = x.rowStart(i), end = x.rowEnd(i); q < end; q++) {
                order[q - base] = ((long) x.column(q) << 32) | (q - base);
                rowOf[q - base] = i - from;
            }
        }
        java.util.Arrays.sort(order);
        double[] col = new double[m];
        double[] xk = new double[1];
        Stream s = new Stream();
        int last = -1;
        for (long entry : order) {
            int k = (int) (entry >>> 32);
            int q = (int) entry;
            if (k != last) {
                column(s, k, col);
                last = k;
            }
            xk[0] = x.value(base + q);
            SparseProducts.accumulate(xk, col, 0, m, out, outOff + rowOf[q] * m);
        }
        for (int i = from; i < to; i++) {
            SparseProducts.denseSignOfZero(x, i, this::entry, m, out, outOff + (i - from) * m);
        }
    }

    /** {@code |w_j|²}, generated row by row (O(m·d) time, O(1) memory). */
    @Override
    public double[] rowSquaredNorms() {
        double[] r = new double[m];
        Stream s = new Stream();
        for (int j = 0; j < m; j++) {
            double acc = 0;
            for (int k = 0; k < d; k++) {
                double w = s.at(origin, j, k);
                acc += w * w;
            }
            r[j] = acc;
        }
        return r;
    }

    /**
     * W materialised (m·d doubles): only for widths that fit an array; a generated projection is
     * used because W should not be held, so callers should not need this.
     */
    @Override
    public Matrix matrix() {
        if ((long) m * d > Integer.MAX_VALUE - 8) {
            throw new InvalidInputException("the generated " + m + " x " + d
                    + " projection is too large to materialise; it is applied without being stored");
        }
        Matrix w = Matrix.zeros(m, d);
        Stream s = new Stream();
        for (int j = 0; j < m; j++) {
            for (int k = 0; k < d; k++) {
                w.set(j, k, s.at(origin, j, k));
            }
        }
        return w;
    }
}
