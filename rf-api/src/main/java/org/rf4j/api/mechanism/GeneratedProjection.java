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
 * <p><b>The entries.</b> A counter-based construction: {@code s = mixStafford13(key ⊕ mixMurmur64(c))}
 * with the counter {@code c = j·2³² + k} (distinct for every entry, and both mixers are bijections, so
 * entries get distinct states), then {@code w_jk} is the first {@link RandomGenerator#nextGaussian()}
 * of the SplitMix64 stream from s (outputs {@code mixStafford13(s + i·γ)}, γ the golden-ratio
 * increment): the JDK's exact Gaussian transform (McFarland's modified ziggurat, which rf4j's seeded
 * draws use too), so each entry is exactly N(0, 1) up to the resolution of 64-bit uniforms and the
 * entries are independent as far as the mixed streams are. Monte Carlo tests check mean, variance,
 * the Kolmogorov–Smirnov distance, correlation across rows and columns and the kernel estimate.
 *
 * <p><b>Products.</b> Entry j of a row's projection is the fma chain over ascending k from +0.0, as
 * for a {@link DenseProjection}; a dense batch generates each column of W once per batch, a sparse
 * row generates the m entries of each stored column ({@link SparseProducts} keeps the bits of the
 * dense product). Time is O(nnz·m) generations; memory O(m) per thread.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class GeneratedProjection extends AbstractProjection {
    private static final long GOLDEN = 0x9e3779b97f4a7c15L;

    private final long key;

    /**
     * @param m   projections (rows of W)
     * @param d   input dimension (columns of W)
     * @param key the stream key (every entry is a function of it and the entry's position)
     */
    public GeneratedProjection(int m, int d, long key) {
        super(checkedCount(m, d), d);
        this.key = key;
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
        return new Stream().at(key, j, k);
    }

    /** A SplitMix64 stream positioned at one entry; reused across entries by one thread. */
    private static final class Stream implements RandomGenerator {
        private long state;

        double at(long key, int j, int k) {
            long c = ((long) j << 32) | (k & 0xffffffffL);
            state = Mix64.stafford13(key ^ Mix64.murmur64(c));
            return nextGaussian();
        }

        @Override
        public long nextLong() {
            return Mix64.stafford13(state += GOLDEN);
        }
    }

    /** Column k of W (its m entries) into {@code out[0 … m)}. */
    private void column(Stream s, int k, double[] out) {
        for (int j = 0; j < m; j++) {
            out[j] = s.at(key, j, k);
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

    /** Sparse rows in O(nnz·m) generations, the dense product's bits (see {@link SparseProducts}). */
    @Override
    public void applyRows(SparseMatrix x, int from, int to, double[] out, int outOff) {
        x.requireCols(d, "projection input");
        double[] col = new double[m];
        double[] xk = new double[1];
        Stream s = new Stream();
        for (int i = from; i < to; i++) {
            int o = outOff + (i - from) * m;
            java.util.Arrays.fill(out, o, o + m, 0.0);
            for (int k = x.rowStart(i), end = x.rowEnd(i); k < end; k++) {
                column(s, x.column(k), col);
                xk[0] = x.value(k);
                SparseProducts.accumulate(xk, col, 0, m, out, o);
            }
            SparseProducts.denseSignOfZero(x, i, this::entry, m, out, o);
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
                double w = s.at(key, j, k);
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
                w.set(j, k, s.at(key, j, k));
            }
        }
        return w;
    }
}
