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

import java.util.Arrays;
import java.util.function.Supplier;
import org.rf4j.api.DimensionMismatchException;
import org.rf4j.api.FloatMatrix;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Matrix;
import org.rf4j.api.kernel.KernelKind;
import org.rf4j.api.linalg.LinearAlgebra;
import org.rf4j.api.linalg.Parallelism;
import org.rf4j.api.mechanism.DrawnEstimator;
import org.rf4j.api.mechanism.DrawnFeatures;
import org.rf4j.api.mechanism.Side;
import org.apiguardian.api.API;

/**
 * Performer attention (Choromanski et al. 2021, "Rethinking Attention with Performers", Eq. 4–5
 * and Sec. 2.6): the softmax attention {@code D⁻¹AV} with {@code A = exp(QKᵀ/√d)} replaced by
 * {@code A ≈ Φ(Q)Φ(K)ᵀ}, where Φ is any <em>positive</em> random feature map estimating the
 * softmax kernel (positive/FAVOR+, hyperbolic, OPRF, positive hybrids, with any coupling).
 *
 * <ul>
 *   <li>Bidirectional: {@code out = D⁻¹ Φ(Q)(Φ(K)ᵀV)}, {@code D = diag(Φ(Q)(Φ(K)ᵀ1))}, in
 *       {@code O((L_q + L_k)·m·(d + d_v))} time; the key pass is parallel over fixed blocks of
 *       {@value #CAUSAL_BLOCK} keys whose states {@code T_j} are folded in block order (see
 *       {@link #keyPass}), so the memory beyond inputs and output is
 *       {@code O(threads·(block·m + m·d_v))}.</li>
 *   <li>Causal (unidirectional): {@code out_t = Σ_{s≤t} φ(q_t)ᵀφ(k_s) v_s / Σ_{s≤t} φ(q_t)ᵀφ(k_s)}
 *       with a prefix-sum state {@code S = Σ φ(k_s)[v_sᵀ, 1]} of size {@code m×(d_v+1)}, never
 *       {@code L×m×d_v}: positions are processed in blocks of {@value #CAUSAL_BLOCK}, in
 *       parallel, each block's own state combined into the prefix of the blocks before it (a
 *       prefix sum of per-block states, see {@link #causal}); inside a block the masked
 *       products are summed directly.</li>
 * </ul>
 *
 * <h2>Stabilisers (FAVOR+)</h2>
 * Features come from {@link DrawnFeatures#mapStabilized}: each row is {@code ψ(x) = φ(x)e^{−c(x)}}
 * with {@code c(x)} that row's largest exponent, so no feature overflows. For a query the factor
 * {@code e^{c(q)}} cancels between numerator and denominator. For keys the factors do not cancel;
 * every key is weighted by {@code e^{c(k_s) − C}} where C is the running maximum of
 * {@code c(k_s)} over the keys seen <em>so far</em>; when C grows the state is rescaled by
 * {@code e^{C_old − C_new}} (in the causal scan a block's own state is relative to its own
 * maximum and is rescaled by {@code e^{M_b − C}} when it joins the prefix). In the causal case position t uses {@code C_t = max_{s≤t} c(k_s)},
 * so no output depends on a later key, not even through the stabiliser (a global key maximum,
 * as some implementations use, leaks future positions into the rounding and the
 * underflow pattern of earlier outputs). All weights are ≤ 1, so nothing overflows.
 *
 * <h2>Denominator guard</h2>
 * With positive features the denominator is positive in exact arithmetic. If it underflows to
 * a value ≤ {@link #DENOMINATOR_FLOOR} (all attention weights of the row underflowed), the row's
 * output is set to zero instead of dividing 0 by 0.
 *
 * <h2>Float path</h2>
 * {@link #bidirectional(FloatMatrix, FloatMatrix, FloatMatrix, FloatMatrix)} and
 * {@link #causal(FloatMatrix, FloatMatrix, FloatMatrix, FloatMatrix)} are the optional fp32 path
 * for models that run in fp32: float features and products (twice the lanes), the same
 * stabilisers, the key states and prefixes folded in double; their error against the double path
 * is stated there. The double path stays the default (estimation).
 *
 * <p>Results are bit-identical for every thread count. Immutable and thread-safe.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class PerformerAttention {
    /** Denominators at or below this are treated as "no attention mass": the row is zero. */
    public static final double DENOMINATOR_FLOOR = Double.MIN_NORMAL;
    /** The float path's {@link #DENOMINATOR_FLOOR}. */
    public static final float FLOAT_DENOMINATOR_FLOOR = Float.MIN_NORMAL;
    /** Queries per parallel task of the bidirectional query pass. */
    static final int QUERY_BLOCK = 64;
    /** Positions per block of the causal scan. */
    static final int CAUSAL_BLOCK = 64;
    /**
     * Key blocks per task of the bidirectional key pass: a task folds this fixed run of blocks in
     * order into one partial state (reusing its scratch), so the runs, not single blocks, are what
     * is folded across tasks; fixed, so the bits do not depend on the thread count.
     */
    static final int KEY_RUN = 16;

    private final DrawnFeatures features;
    private final double inputScale;
    private final int d;
    private final int mf;

    /**
     * @param features   positive features estimating the softmax kernel {@code exp(xᵀy)}
     * @param inputScale the factor applied to queries and keys before the map (for standard
     *                   attention {@code exp(qᵀk/√d)}: {@code d^{-1/4}})
     */
    public PerformerAttention(DrawnFeatures features, double inputScale) {
        if (!features.positive()) {
            throw new InvalidParameterException("features", features.getClass().getSimpleName(),
                    "a positive feature map (positive, hyperbolic, OPRF, positive hybrids): linear attention "
                            + "divides by Φ(Q)Φ(K)ᵀ1, which must be positive");
        }
        if (!(inputScale > 0) || Double.isInfinite(inputScale)) {
            throw new InvalidParameterException("inputScale", inputScale, "a finite number > 0");
        }
        this.features = features;
        this.inputScale = inputScale;
        this.d = features.inputDimension();
        this.mf = features.outputDimension();
    }

    /**
     * Attention {@code softmax(QKᵀ/√d)V} approximated with a drawn estimator of the softmax
     * kernel: queries and keys are multiplied by {@code kernel.inputScale()·d^{-1/4}}.
     */
    public static PerformerAttention of(DrawnEstimator estimator) {
        if (estimator.kernel().kind() != KernelKind.SOFTMAX) {
            throw new InvalidParameterException("kernel", estimator.kernel().spec().id(),
                    "the softmax kernel (attention weights are exp(qᵀk/√d))");
        }
        int dim = estimator.inputDimension();
        return new PerformerAttention(estimator.features(),
                estimator.kernel().inputScale() * Math.pow(dim, -0.25));
    }

    /** The feature map. */
    public DrawnFeatures features() {
        return features;
    }

    /** The factor applied to queries and keys. */
    public double inputScale() {
        return inputScale;
    }

    /** Bytes of scratch a call of the double path holds besides inputs and output (an upper bound; the float path needs less). */
    public long workspaceBytes(int dv, int threads) {
        long w = dv + 1L;
        long b = CAUSAL_BLOCK;
        long keyWork = b * (d + mf + 1 + 2 * w) + mf * b + mf * w;
        long worker = keyWork + b * (d + mf + 1 + w + b + 1);
        long keyPass = (8L * threads + 1) * mf * w + threads * worker;
        long query = (long) threads * QUERY_BLOCK * (d + mf + w + 1);
        long causal = threads * (worker + keyWork) + (4L * threads + 4) * mf * w;
        return 8 * (Math.max(keyPass + query, causal) + mf * w);
    }

    /** Bidirectional attention (Q: L_q×d, K: L_k×d, V: L_k×d_v) into {@code out} (L_q×d_v) or a new matrix. */
    public Matrix bidirectional(Matrix q, Matrix k, Matrix v, Matrix out) {
        int dv = check(q, k, v, false);
        Matrix o = Matrix.requireShape(out, q.rows(), dv, "attention output");
        int w = dv + 1;
        // Key pass: S = Σ_j e^{M_j − M}T_j over blocks of 64 keys, in parallel, folded in block order.
        double[] sd = keyPass(k.rows(), mf * w, () -> new DoubleWorker(q, k, v, o));
        // Query pass: out_t = ψ(q_t)ᵀS[:, :dv] / ψ(q_t)ᵀS[:, dv], in independent row blocks.
        double[] od = o.data();
        int lq = q.rows();
        int tasks = (lq + QUERY_BLOCK - 1) / QUERY_BLOCK;
        Parallelism.defaults().forEach(tasks, () -> new QueryScratch(QUERY_BLOCK, d, mf, w), (sc, t) -> {
            int t0 = t * QUERY_BLOCK;
            int t1 = Math.min(lq, t0 + QUERY_BLOCK);
            QueryScratch s = sc.rows(t1 - t0);
            scaledRows(q, t0, t1, s.x);
            features.mapStabilized(Side.QUERY, s.x, s.f, s.c);
            LinearAlgebra.kernels().gemm(t1 - t0, w, mf, s.f.data(), 0, mf, 1, sd, 0, w, s.num, 0, w, false);
            for (int i = t0; i < t1; i++) {
                normalise(s.num, (i - t0) * w, dv, od, i * dv);
            }
        });
        return o;
    }

    /**
     * Causal attention (Q, K: L×d, V: L×d_v): position t attends to keys 0…t only.
     *
     * <p>A chained scan over blocks of {@value #CAUSAL_BLOCK} positions, one parallel task per
     * block. Task b maps its keys and forms the block's summary
     * {@code T_b = Σ_{s∈b} e^{c_s − M_b} ψ(k_s)[v_s, 1]} ({@code M_b} the block's largest key
     * stabiliser); once the prefix {@code P_b} of the blocks before it is there (relative to
     * {@code M_{<b}}, their largest stabiliser) it publishes
     * {@code P_{b+1} = e^{M_{<b} − M'}P_b + e^{M_b − M'}T_b}, {@code M' = max(M_{<b}, M_b)}, for
     * task b+1, and computes its outputs from {@code P_b} and the block's masked scores. If
     * {@code P_b} is not there yet, the task maps its queries first; if it is still missing then
     * (the task owning an earlier block is late, e.g. descheduled), the task recomputes the
     * missing blocks' summaries and folds them in itself instead of waiting. Each block is folded
     * in exactly once, in order, with the same arithmetic whoever does it, and block boundaries
     * and every sum's order are fixed, so the result is bit-identical for any thread count. Only
     * the {@code m×(d_v+1)} fold is serial. Memory is O(threads·(block·m + m·d_v)): the prefixes
     * wait in a ring of {@code 4·threads + 4} slots until their tasks have used them. The work is
     * that of a serial scan (each key block mapped once, each block state formed once), plus a
     * block's key work again whenever a late block is folded in by another task; with
     * L ≤ {@value #CAUSAL_BLOCK} (one block) nothing is folded at all.
     */
    public Matrix causal(Matrix q, Matrix k, Matrix v, Matrix out) {
        int dv = check(q, k, v, true);
        Matrix o = Matrix.requireShape(out, q.rows(), dv, "attention output");
        causalScan(q.rows(), dv + 1, () -> new DoubleWorker(q, k, v, o));
        return o;
    }

    /** The scan of {@link #causal}, in either precision: one task per block, each with a worker's arithmetic. */
    private void causalScan(int len, int w, Supplier<? extends Worker> workers) {
        int blocks = (len + CAUSAL_BLOCK - 1) / CAUSAL_BLOCK;
        Parallelism par = Parallelism.defaults();
        CausalChain chain = new CausalChain(Math.min(blocks, 4 * par.threads() + 4), mf * w);
        par.forEach(blocks, workers, (wk, g) -> {
            try {
                causalBlock(wk, g, g == blocks - 1, chain);
            } catch (RuntimeException | Error e) {
                chain.fail(g);
                throw e;
            }
        });
    }

    /** One task of the causal scan: block g (the last one publishes nothing). */
    private static void causalBlock(Worker wk, int g, boolean last, CausalChain chain) {
        double blockMax = wk.keys(g, false, !last);
        // P_{b+1} for the next task, published now if P_b is already there (the next task may be
        // waiting for it), else after the work that does not need P_b.
        boolean early = chain.ready(g);
        if (early && !last) {
            chain.advance(g, g, wk.summary(false), blockMax);
        }
        wk.queries(g);
        if (!early) {
            // Still missing: the task owning the first unfolded block is late (descheduled, say).
            // Fold the missing blocks in here instead of waiting: their summaries are recomputed
            // with the same arithmetic, so whoever folds a block in, the prefix has the same bits.
            for (int j = chain.missing(g); j >= 0; j = chain.missing(g)) {
                double helpMax = wk.keys(j, true, true);
                chain.advance(g, j, wk.summary(true), helpMax);
            }
            if (!last) {
                chain.advance(g, g, wk.summary(false), blockMax);
            }
        }
        double before = chain.prefixMax(g);
        wk.base(before == Double.NEGATIVE_INFINITY ? null : chain.prefix(g));
        chain.release(g);
        wk.outputs(g, before);
    }

    /**
     * Bidirectional attention in float (the fp32 path; Q: L_q×d, K: L_k×d, V: L_k×d_v) into
     * {@code out} (L_q×d_v) or a new matrix. For models that run in fp32: features come from
     * {@link DrawnFeatures#mapStabilizedFloat} and the products run on the float kernels (twice the
     * lanes); the double {@link #bidirectional(Matrix, Matrix, Matrix, Matrix)} stays the default.
     *
     * <p>The key pass is parallel over fixed blocks of {@value #CAUSAL_BLOCK} keys: each block's
     * {@code T_j = ψ(K_j)ᵀ(e^{c_s − M_j}[v_s, 1])} is a float product, widened and folded in block
     * order into a double state {@code S = Σ_j e^{M_j − M}T_j} (the same fold as the causal
     * scan's), which is rounded once to float for the query pass. So no rounding chain is longer
     * than a block, whatever L, and the bits do not depend on the thread count. (Measured at
     * L = 16,384, d = 64, m = 256, positive features: this path is 1.0e-6 of max|out| off the
     * double one; the same with the fold in float, so the double fold buys no accuracy there but
     * costs nothing and keeps the bound below independent of L; one float state accumulated over
     * all keys, the float twin of the double path, is 4–10× further off, 3.8e-6–9.6e-6.)
     *
     * <p><b>Error against the double path.</b> With {@code u = 2^-24}, ε the largest relative error of the float features against the double
     * ones of the same inputs ({@code |ψ_f e^{c_f} / (ψ e^{c}) − 1|}, which includes rounding the
     * scaled inputs to float; see the map's own statement) and {@code γ = n·u/(1 − n·u)} with
     * {@code n = m + 2·}{@value #CAUSAL_BLOCK}{@code  + 8} (every term {@code ψ_i(q)ψ_i(k_s)e^{c_s−M}v_s}
     * of a numerator or denominator passes through at most that many float roundings; the double
     * fold adds O(L/64·2^-53)), each output entry satisfies
     * {@code |out_f − out| ≤ 2η/(1 − η)·max_s|v_s| + u·|out|} with {@code η = (1 + ε)²(1 + γ) − 1}:
     * the denominator's terms are all ≥ 0, so both sums are perturbed by at most η relative to
     * {@code Σ_s a_s|v_s|} and {@code Σ_s a_s}. The bound does not grow with L. It assumes no
     * product underflows float's range (a row's attention mass relative to its stabilisers above
     * about 2^-100); a row whose float denominator is ≤ {@link #FLOAT_DENOMINATOR_FLOOR} is zero.
     * Values must stay well inside float's range: a block's sum Σ e^{c_s−M_j}ψ_i(k_s)v_s is at most
     * 64·max|v|, so |v| above ~10^36 can overflow where the double path would not.
     */
    public FloatMatrix bidirectional(FloatMatrix q, FloatMatrix k, FloatMatrix v, FloatMatrix out) {
        int dv = check(q, k, v, false);
        FloatMatrix o = FloatMatrix.requireShape(out, q.rows(), dv, "attention output");
        int w = dv + 1;
        Supplier<PerformerFloatWorker> workers = () -> new PerformerFloatWorker(this, q, k, v, o);
        double[] state = keyPass(k.rows(), mf * w, workers);
        float[] sf = new float[state.length];
        for (int i = 0; i < sf.length; i++) {
            sf[i] = (float) state[i];
        }
        int lq = q.rows();
        int tasks = (lq + CAUSAL_BLOCK - 1) / CAUSAL_BLOCK;
        Parallelism.defaults().forEach(tasks, workers,
                (wk, t) -> wk.bidirectionalRows(t * CAUSAL_BLOCK, Math.min(lq, (t + 1) * CAUSAL_BLOCK), sf));
        return o;
    }

    /**
     * Causal attention in float (Q, K: L×d, V: L×d_v): the scan of
     * {@link #causal(Matrix, Matrix, Matrix, Matrix)} with float features, scores and per-block
     * products, and the same stabilisers, so no output depends on a later key, not even through
     * rounding. The prefixes {@code P_b} stay double (m×(d_v+1) per block, a 1/64 share of the
     * work) and are rounded once to float for {@code ψ(Q_b)P_b}. Bit-identical for every thread
     * count; the error against the double path is the bound of
     * {@link #bidirectional(FloatMatrix, FloatMatrix, FloatMatrix, FloatMatrix)} (a term's chain is
     * at most its within-block float products, the rounded prefix and the query product).
     */
    public FloatMatrix causal(FloatMatrix q, FloatMatrix k, FloatMatrix v, FloatMatrix out) {
        int dv = check(q, k, v, true);
        FloatMatrix o = FloatMatrix.requireShape(out, q.rows(), dv, "attention output");
        causalScan(q.rows(), dv + 1, () -> new PerformerFloatWorker(this, q, k, v, o));
        return o;
    }

    /**
     * The key state {@code S = Σ_j e^{M_j − M}T_j} of all keys (M the largest key stabiliser) in
     * blocks of {@value #CAUSAL_BLOCK}: one task per fixed run of {@value #KEY_RUN} blocks maps them
     * and folds their summaries in block order into its partial state (reusing its scratch: a
     * task per block allocated a worker per wave and made the pass 35% slower than the serial
     * chain it replaced); the runs' partials are folded in run order with {@link #fold}, a wave of
     * runs at a time, so the bits depend neither on the thread count nor on the wave size.
     */
    private double[] keyPass(int lk, int size, Supplier<? extends Worker> workers) {
        int blocks = (lk + CAUSAL_BLOCK - 1) / CAUSAL_BLOCK;
        int runs = (blocks + KEY_RUN - 1) / KEY_RUN;
        Parallelism par = Parallelism.defaults();
        int wave = Math.min(runs, 8 * par.threads());
        double[][] sums = new double[wave][size];
        double[] maxes = new double[wave];
        double[] state = new double[size];
        double runningMax = Double.NEGATIVE_INFINITY;
        for (int r0 = 0; r0 < runs; r0 += wave) {
            int n = Math.min(wave, runs - r0);
            int first = r0;
            par.forEach(n, workers, (wk, i) -> {
                // one task folds a fixed run of blocks in order into its partial state
                int j0 = (first + i) * KEY_RUN;
                int j1 = Math.min(blocks, j0 + KEY_RUN);
                double mx = Double.NEGATIVE_INFINITY;
                for (int j = j0; j < j1; j++) {
                    // the helper scratch: these keys serve no queries, so they are not transposed
                    double bm = wk.keys(j, true, true);
                    mx = fold(sums[i], mx, wk.summary(true), bm, sums[i]);
                }
                maxes[i] = mx;
            });
            for (int i = 0; i < n; i++) {
                runningMax = fold(state, runningMax, sums[i], maxes[i], state);
            }
        }
        return state;
    }

    /**
     * {@code P = e^{M_{<j} − M'}P + e^{M_j − M'}T_j}, {@code M' = max(M_{<j}, M_j)}, into {@code out}
     * (may be {@code p}); with {@code pm = −∞} (nothing folded yet) {@code P = T_j}. Returns M'.
     * The fold of both scans, always in double.
     */
    static double fold(double[] p, double pm, double[] summary, double blockMax, double[] out) {
        if (pm == Double.NEGATIVE_INFINITY) {
            System.arraycopy(summary, 0, out, 0, out.length);
            return blockMax;
        }
        double nm = Math.max(pm, blockMax);
        double a = Math.exp(pm - nm);
        double bt = Math.exp(blockMax - nm);
        for (int i = 0; i < out.length; i++) {
            out[i] = Math.fma(a, p[i], bt * summary[i]);
        }
        return nm;
    }

    /**
     * Row t of a causal block: {@code R_t = max(running, c_t)}; when R grows, the weights
     * {@code e^{c_s − R_t}} of the rows before t are recomputed (only then); {@code weights[t] =
     * e^{c_t − R_t}}. Returns {@code R_t}. Shared by both precisions (the float worker rounds each
     * weight once).
     */
    static double rowWeights(double[] ck, int t, double running, double[] weights) {
        double ct = ck[t];
        double r = running;
        if (ct > r) {
            r = ct;
            for (int s = 0; s < t; s++) {
                weights[s] = Math.exp(ck[s] - r);
            }
        }
        weights[t] = Math.exp(ct - r);
        return r;
    }

    /** The largest of {@code c[0…n)} (−∞ for n = 0), in ascending order. */
    static double max(double[] c, int n) {
        double mx = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < n; i++) {
            mx = Math.max(mx, c[i]);
        }
        return mx;
    }

    private static void normalise(double[] num, int off, int dv, double[] out, int outOff) {
        double den = num[off + dv];
        if (den > DENOMINATOR_FLOOR) {
            double inv = 1.0 / den;
            for (int j = 0; j < dv; j++) {
                out[outOff + j] = num[off + j] * inv;
            }
        } else {
            Arrays.fill(out, outOff, outOff + dv, 0.0);
        }
    }

    private void scaledRows(Matrix x, int from, int to, Matrix dst) {
        double[] xd = x.data();
        double[] dd = dst.data();
        int n = (to - from) * d;
        int off = from * d;
        for (int i = 0; i < n; i++) {
            dd[i] = xd[off + i] * inputScale;
        }
    }

    private static void augmentedValues(Matrix v, int from, int to, double[] dd) {
        int dv = v.cols();
        int w = dv + 1;
        double[] vd = v.data();
        for (int i = from; i < to; i++) {
            System.arraycopy(vd, i * dv, dd, (i - from) * w, dv);
            dd[(i - from) * w + dv] = 1.0;
        }
    }

    private int check(Matrix q, Matrix k, Matrix v, boolean causal) {
        q.requireCols(d, "queries Q");
        k.requireCols(d, "keys K");
        checkRows(q.rows(), k.rows(), v.rows(), causal);
        q.requireNonEmpty("queries Q").requireFinite("queries Q");
        k.requireNonEmpty("keys K").requireFinite("keys K");
        v.requireFinite("values V");
        return v.cols();
    }

    private int check(FloatMatrix q, FloatMatrix k, FloatMatrix v, boolean causal) {
        q.requireCols(d, "queries Q");
        k.requireCols(d, "keys K");
        checkRows(q.rows(), k.rows(), v.rows(), causal);
        q.requireNonEmpty("queries Q").requireFinite("queries Q");
        k.requireNonEmpty("keys K").requireFinite("keys K");
        v.requireFinite("values V");
        return v.cols();
    }

    private static void checkRows(int qRows, int kRows, int vRows, boolean causal) {
        if (vRows != kRows) {
            throw new DimensionMismatchException("values V have " + vRows + " rows but keys K have " + kRows
                    + "; one value per key is required");
        }
        if (causal && qRows != kRows) {
            throw new DimensionMismatchException("causal attention needs as many queries as keys; Q has " + qRows
                    + " rows and K has " + kRows);
        }
    }

    private static final class QueryScratch {
        final int d;
        final int mf;
        final int w;
        Matrix x;
        Matrix f;
        double[] c;
        final double[] num;

        QueryScratch(int rows, int d, int mf, int w) {
            this.d = d;
            this.mf = mf;
            this.w = w;
            this.x = Matrix.zeros(rows, d);
            this.f = Matrix.zeros(rows, mf);
            this.c = new double[rows];
            this.num = new double[rows * w];
        }

        QueryScratch rows(int r) {
            if (x.rows() != r) {
                x = Matrix.zeros(r, d);
                f = Matrix.zeros(r, mf);
                c = new double[r];
            }
            return this;
        }
    }

    /**
     * The serial spine of the causal scan: the prefixes {@code P_j} (blocks 0…j−1 folded in) in a
     * ring of slots, each kept until its block's task has used it. Blocks are folded in strictly
     * in order, each exactly once, under the lock, by whichever task gets there first: the owner of
     * the block, or a later task that found its own prefix missing and recomputed the block's
     * summary itself (the same arithmetic, so the same bits). A task only ever waits for a slot
     * to be released by an earlier task whose prefix is already there, so nothing deadlocks.
     */
    private static final class CausalChain {
        private final double[][] slots;
        private final double[] slotMax;
        /** The block whose prefix a slot holds and has not yet released, else −1. */
        private final int[] holder;
        /** P_0 … P_published are available (P_0: nothing folded in). */
        private int published;
        /** The lowest block whose task failed (tasks after it may give up waiting). */
        private int failedBlock = Integer.MAX_VALUE;

        CausalChain(int slotCount, int size) {
            int n = Math.max(2, slotCount);
            slots = new double[n][size];
            slotMax = new double[n];
            holder = new int[n];
            Arrays.fill(holder, -1);
        }

        /** True when {@code P_g} is available. */
        synchronized boolean ready(int g) {
            return published >= g;
        }

        /** The first block not yet folded into {@code P_g}, or −1 when {@code P_g} is available. */
        synchronized int missing(int g) {
            giveUpIfAnEarlierBlockFailed(g);
            return published >= g ? -1 : published;
        }

        /**
         * Folds block j (summary {@code T_j}, maximum {@code M_j}) into the prefix, for task
         * {@code task} ≥ j, unless another task has already done so; needs {@code P_j}.
         */
        synchronized void advance(int task, int j, double[] summary, double blockMax) {
            int into = (j + 1) % slots.length;
            boolean interrupted = false;
            try {
                while (true) {
                    // (again after every wait: another task may have folded block j meanwhile)
                    if (published > j) {
                        return;
                    }
                    if (holder[into] == -1) {
                        break;
                    }
                    giveUpIfAnEarlierBlockFailed(task);
                    try {
                        wait();
                    } catch (InterruptedException e) {
                        interrupted = true;
                    }
                }
            } finally {
                if (interrupted) {
                    Thread.currentThread().interrupt();
                }
            }
            double[] out = slots[into];
            double nm = j == 0 ? fold(out, Double.NEGATIVE_INFINITY, summary, blockMax, out)
                    : fold(slots[j % slots.length], slotMax[j % slots.length], summary, blockMax, out);
            slotMax[into] = nm;
            holder[into] = j + 1;
            published = j + 1;
            notifyAll();
        }

        /** {@code M_{<g}}, the maximum {@code P_g} is relative to (−∞ for g = 0); P_g is available. */
        synchronized double prefixMax(int g) {
            return g == 0 ? Double.NEGATIVE_INFINITY : slotMax[g % slots.length];
        }

        /** {@code P_g} (g ≥ 1; available and not yet released: its slot is not reused until then). */
        synchronized double[] prefix(int g) {
            return slots[g % slots.length];
        }

        /** Task g is done with {@code P_g}: its slot may take a later prefix. */
        synchronized void release(int g) {
            if (g > 0) {
                holder[g % slots.length] = -1;
                notifyAll();
            }
        }

        /** Task g failed: tasks after it give up instead of waiting for what it will not do. */
        synchronized void fail(int g) {
            failedBlock = Math.min(failedBlock, g);
            notifyAll();
        }

        private void giveUpIfAnEarlierBlockFailed(int task) {
            if (failedBlock < task) {
                // the loop rethrows the earlier block's exception (the lowest-numbered), not this
                throw new java.util.concurrent.CancellationException("an earlier block of the causal scan failed");
            }
        }
    }

    /**
     * One worker's arithmetic for one call, in one precision: what the scans need from a block.
     * {@link #causalBlock} and {@link #keyPass} are written once against it; {@link DoubleWorker}
     * and {@link PerformerFloatWorker} are its type twins (Java has no generics over primitive arrays).
     * Summaries and prefixes are double in both precisions.
     */
    interface Worker {
        /**
         * Maps block j's keys into the worker's own key scratch (kept for {@link #queries}) or its
         * helper scratch (a late block folded in by this task); with {@code summary} also forms
         * {@code T_j = ψ(K_j)ᵀ·(e^{c_s − M_j}[v_s, 1])} into {@link #summary}. Returns {@code M_j}
         * (−∞ without summary).
         */
        double keys(int j, boolean helper, boolean summary);

        /** The T_j last formed by {@link #keys} in the own or the helper scratch (m × w). */
        double[] summary(boolean helper);

        /** Block g's queries: ψ(Q_g) and the scores ψ(q_t)ᵀψ(k_s) against the own keys, s ≤ t. */
        void queries(int g);

        /** The rows' numerators start as ψ(q_t)ᵀP_g ({@code prefix} null: zero). */
        void base(double[] prefix);

        /**
         * Row t: {@code num_t = e^{M_{<g} − R_t}·ψ(q_t)ᵀP_g + Σ_{s≤t} ψ(q_t)ᵀψ(k_s)·e^{c_s − R_t}·[v_s, 1]}
         * with {@code R_t = max(M_{<g}, c_0…c_t)}, so every weight is ≤ 1 and none depends on a key
         * after t; then {@code out_t = num_t[:d_v] / num_t[d_v]}.
         */
        void outputs(int g, double before);
    }

    /** The double worker (the default path). */
    private final class DoubleWorker implements Worker {
        private final Matrix q;
        private final Matrix k;
        private final Matrix v;
        private final Matrix o;
        private final int w;
        private final KeyWork own;
        private KeyWork help;
        private Matrix x;
        private Matrix f;
        private double[] cq;
        private final double[] num;
        private final double[] scores = new double[CAUSAL_BLOCK * CAUSAL_BLOCK];
        private final double[] weights = new double[CAUSAL_BLOCK];
        private int p0;
        private int b;

        DoubleWorker(Matrix q, Matrix k, Matrix v, Matrix o) {
            this.q = q;
            this.k = k;
            this.v = v;
            this.o = o;
            this.w = v.cols() + 1;
            own = new KeyWork(d, mf, w);
            x = Matrix.zeros(CAUSAL_BLOCK, d);
            f = Matrix.zeros(CAUSAL_BLOCK, mf);
            cq = new double[CAUSAL_BLOCK];
            num = new double[CAUSAL_BLOCK * w];
        }

        private KeyWork work(boolean helper) {
            if (!helper) {
                return own;
            }
            if (help == null) {
                help = new KeyWork(d, mf, w);
            }
            return help;
        }

        @Override
        public double[] summary(boolean helper) {
            return work(helper).summary;
        }

        @Override
        public double keys(int j, boolean helper, boolean summary) {
            KeyWork kw = work(helper);
            int s0 = j * CAUSAL_BLOCK;
            int s1 = Math.min(k.rows(), s0 + CAUSAL_BLOCK);
            int n = s1 - s0;
            kw.rows(n);
            scaledRows(k, s0, s1, kw.x);
            features.mapStabilized(Side.KEY, kw.x, kw.f, kw.ck);
            if (!helper) {
                // ψ(K_j)ᵀ is kept for the block's own queries (the causal scores' right factor)
                VectorsT.transpose(kw.f.data(), n, mf, kw.keys);
            }
            augmentedValues(v, s0, s1, kw.vb);
            if (!summary) {
                return Double.NEGATIVE_INFINITY;
            }
            double blockMax = max(kw.ck, n);
            for (int s = 0; s < n; s++) {
                double e = Math.exp(kw.ck[s] - blockMax);
                for (int i = 0; i < w; i++) {
                    kw.vw[s * w + i] = e * kw.vb[s * w + i];
                }
            }
            // T_j = ψ(K_j)ᵀ·(weighted [V 1]): ψ(K_j)ᵀ read through strides where it was not transposed
            // (the same products in the same order, so the same bits)
            if (helper) {
                LinearAlgebra.kernels().gemm(mf, w, n, kw.f.data(), 0, 1, mf, kw.vw, 0, w, kw.summary, 0, w, false);
            } else {
                LinearAlgebra.kernels().gemm(mf, w, n, kw.keys, 0, n, 1, kw.vw, 0, w, kw.summary, 0, w, false);
            }
            return blockMax;
        }

        @Override
        public void queries(int g) {
            p0 = g * CAUSAL_BLOCK;
            int p1 = Math.min(q.rows(), p0 + CAUSAL_BLOCK);
            b = p1 - p0;
            if (x.rows() != b) {
                x = Matrix.zeros(b, d);
                f = Matrix.zeros(b, mf);
                cq = new double[b];
            }
            scaledRows(q, p0, p1, x);
            features.mapStabilized(Side.QUERY, x, f, cq);
            // (rows in two strips: the upper right quarter is never needed)
            int h = (b + 1) / 2;
            var kern = LinearAlgebra.kernels();
            kern.gemm(h, h, mf, f.data(), 0, mf, 1, own.keys, 0, b, scores, 0, b, false);
            kern.gemm(b - h, b, mf, f.data(), h * mf, mf, 1, own.keys, 0, b, scores, h * b, b, false);
        }

        @Override
        public void base(double[] prefix) {
            if (prefix != null) {
                LinearAlgebra.kernels().gemm(b, w, mf, f.data(), 0, mf, 1, prefix, 0, w, num, 0, w, false);
            } else {
                Arrays.fill(num, 0, b * w, 0.0);
            }
        }

        @Override
        public void outputs(int g, double before) {
            // The weights e^{c_s − R_t} are recomputed only when R_t grows; the masked, weighted
            // scores (zero above the diagonal) then multiply [V_b, 1] in the two row strips.
            double[] ck = own.ck;
            int h = (b + 1) / 2;
            double running = before;
            for (int t = 0; t < b; t++) {
                running = rowWeights(ck, t, running, weights);
                int row = t * b;
                for (int s = 0; s <= t; s++) {
                    scores[row + s] *= weights[s];
                }
                Arrays.fill(scores, row + t + 1, row + (t < h ? h : b), 0.0);
                if (before != Double.NEGATIVE_INFINITY) {
                    LinearAlgebra.scale(num, t * w, Math.exp(before - running), w);
                }
            }
            var kern = LinearAlgebra.kernels();
            kern.gemm(h, w, h, scores, 0, b, 1, own.vb, 0, w, num, 0, w, true);
            kern.gemm(b - h, w, b, scores, h * b, b, 1, own.vb, 0, w, num, h * w, w, true);
            double[] od = o.data();
            int dv = w - 1;
            for (int t = 0; t < b; t++) {
                normalise(num, t * w, dv, od, (p0 + t) * dv);
            }
        }
    }

    /** One block's keys in double: the task's own, or one it recomputes to fold a late block in. */
    private static final class KeyWork {
        final int d;
        final int mf;
        final int w;
        Matrix x;
        Matrix f;
        double[] ck;
        /** ψ(K_b)ᵀ, m × b row-major. */
        final double[] keys;
        /** [v_s, 1] and e^{c_s − M_b}[v_s, 1]. */
        final double[] vb;
        final double[] vw;
        /** T_b, m × w. */
        final double[] summary;

        KeyWork(int d, int mf, int w) {
            this.d = d;
            this.mf = mf;
            this.w = w;
            x = Matrix.zeros(CAUSAL_BLOCK, d);
            f = Matrix.zeros(CAUSAL_BLOCK, mf);
            ck = new double[CAUSAL_BLOCK];
            keys = new double[mf * CAUSAL_BLOCK];
            vb = new double[CAUSAL_BLOCK * w];
            vw = new double[CAUSAL_BLOCK * w];
            summary = new double[mf * w];
        }

        void rows(int r) {
            if (x.rows() != r) {
                x = Matrix.zeros(r, d);
                f = Matrix.zeros(r, mf);
                ck = new double[r];
            }
        }
    }

    /** Small array helpers. */
    static final class VectorsT {
        private VectorsT() {
        }

        /** {@code dst (cols×rows) = srcᵀ} for a row-major {@code rows×cols} src. */
        static void transpose(double[] src, int rows, int cols, double[] dst) {
            for (int i = 0; i < rows; i++) {
                for (int j = 0; j < cols; j++) {
                    dst[j * rows + i] = src[i * cols + j];
                }
            }
        }

        /** The float {@link #transpose(double[], int, int, double[])}. */
        static void transpose(float[] src, int rows, int cols, float[] dst) {
            for (int i = 0; i < rows; i++) {
                for (int j = 0; j < cols; j++) {
                    dst[j * rows + i] = src[i * cols + j];
                }
            }
        }
    }
}
