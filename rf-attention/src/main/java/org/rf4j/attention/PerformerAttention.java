package org.rf4j.attention;

import java.util.Arrays;
import org.rf4j.api.DimensionMismatchException;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Matrix;
import org.rf4j.api.kernel.KernelKind;
import org.rf4j.api.linalg.LinearAlgebra;
import org.rf4j.api.linalg.Parallelism;
import org.rf4j.api.mechanism.DrawnEstimator;
import org.rf4j.api.mechanism.DrawnFeatures;
import org.rf4j.api.mechanism.Side;

/**
 * Performer attention (Choromanski et al. 2021, "Rethinking Attention with Performers", Eq. 4–5
 * and Sec. 2.6): the softmax attention {@code D⁻¹AV} with {@code A = exp(QKᵀ/√d)} replaced by
 * {@code A ≈ Φ(Q)Φ(K)ᵀ}, where Φ is any <em>positive</em> random feature map estimating the
 * softmax kernel (positive/FAVOR+, hyperbolic, OPRF, positive hybrids, with any coupling).
 *
 * <ul>
 *   <li>Bidirectional: {@code out = D⁻¹ Φ(Q)(Φ(K)ᵀV)}, {@code D = diag(Φ(Q)(Φ(K)ᵀ1))}, in
 *       {@code O((L_q + L_k)·m·(d + d_v))} time; keys are streamed in blocks so the memory
 *       beyond inputs and output is {@code O(block·m + m·d_v)}.</li>
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
 * <p>Results are bit-identical for every thread count. Immutable and thread-safe.
 */
public final class PerformerAttention {
    /** Denominators at or below this are treated as "no attention mass": the row is zero. */
    public static final double DENOMINATOR_FLOOR = Double.MIN_NORMAL;
    /** Keys per block of the bidirectional key pass. */
    static final int KEY_BLOCK = 1024;
    /** Queries per parallel task of the bidirectional query pass. */
    static final int QUERY_BLOCK = 64;
    /** Positions per block of the causal scan. */
    static final int CAUSAL_BLOCK = 64;

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

    /** Bytes of scratch a call holds besides inputs and output (an upper bound). */
    public long workspaceBytes(int dv, int threads) {
        long key = (long) KEY_BLOCK * (d + mf + dv + 1 + 1);
        long query = (long) threads * QUERY_BLOCK * (d + mf + dv + 1 + 1);
        long state = (long) mf * (dv + 1);
        long w = dv + 1L;
        long causal = (long) threads * ((long) CAUSAL_BLOCK * (d + mf + 2 + 3 * w + CAUSAL_BLOCK + 1)
                + (long) mf * CAUSAL_BLOCK + 3L * mf * w + w);
        return 8 * (Math.max(key + query, causal) + state);
    }

    /** Bidirectional attention (Q: L_q×d, K: L_k×d, V: L_k×d_v) into {@code out} (L_q×d_v) or a new matrix. */
    public Matrix bidirectional(Matrix q, Matrix k, Matrix v, Matrix out) {
        int dv = check(q, k, v, false);
        Matrix o = Matrix.requireShape(out, q.rows(), dv, "attention output");
        int lk = k.rows();
        int w = dv + 1;
        // Key pass: S = Σ_s e^{c_s − C} ψ(k_s)[v_s, 1], C the running maximum of c.
        Matrix state = Matrix.zeros(mf, w);
        double runningMax = Double.NEGATIVE_INFINITY;
        int kb = Math.min(KEY_BLOCK, Math.max(1, lk));
        Matrix kx = Matrix.zeros(kb, d);
        Matrix kf = Matrix.zeros(kb, mf);
        Matrix vb = Matrix.zeros(kb, w);
        double[] c = new double[kb];
        for (int s0 = 0; s0 < lk; s0 += kb) {
            int s1 = Math.min(lk, s0 + kb);
            int b = s1 - s0;
            if (b != kx.rows()) {
                kx = Matrix.zeros(b, d);
                kf = Matrix.zeros(b, mf);
                vb = Matrix.zeros(b, w);
                c = new double[b];
            }
            scaledRows(k, s0, s1, kx);
            features.mapStabilized(Side.KEY, kx, kf, c);
            double blockMax = Double.NEGATIVE_INFINITY;
            for (double ci : c) {
                blockMax = Math.max(blockMax, ci);
            }
            double newMax = Math.max(runningMax, blockMax);
            if (runningMax != Double.NEGATIVE_INFINITY && newMax > runningMax) {
                LinearAlgebra.scale(state.data(), 0, Math.exp(runningMax - newMax), state.data().length);
            }
            runningMax = newMax;
            double[] kfd = kf.data();
            for (int i = 0; i < b; i++) {
                LinearAlgebra.scale(kfd, i * mf, Math.exp(c[i] - newMax), mf);
            }
            augmentedValues(v, s0, s1, vb);
            LinearAlgebra.transposeMultiply(kf, vb, state, true, Parallelism.defaults());
        }
        // Query pass: out_t = ψ(q_t)ᵀS[:, :dv] / ψ(q_t)ᵀS[:, dv], in independent row blocks.
        double[] sd = state.data();
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
     * stabiliser); it takes the prefix {@code P_b} of the blocks before it (relative to
     * {@code M_{<b}}, their largest stabiliser) and publishes
     * {@code P_{b+1} = e^{M_{<b} − M'}P_b + e^{M_b − M'}T_b}, {@code M' = max(M_{<b}, M_b)}, for
     * task b+1 (if {@code P_b} is not there yet, it maps its queries first and then waits);
     * then it computes its outputs from {@code P_b} and the block's masked scores. Only the
     * {@code m×(d_v+1)} combine is serial; tasks start in block order, so a task only ever waits
     * for one that is already running. Block boundaries and every sum's order are fixed, so the
     * result is bit-identical for any thread count; memory is O(threads·(block·m + m·d_v)). The
     * work is that of a serial scan (each key block is mapped once, each block state formed
     * once) plus one m×(d_v+1) copy per block; with L ≤ {@value #CAUSAL_BLOCK} (one block) there is no
     * combine at all.
     */
    public Matrix causal(Matrix q, Matrix k, Matrix v, Matrix out) {
        int dv = check(q, k, v, true);
        int len = q.rows();
        Matrix o = Matrix.requireShape(out, len, dv, "attention output");
        int w = dv + 1;
        int blocks = (len + CAUSAL_BLOCK - 1) / CAUSAL_BLOCK;
        CausalChain chain = new CausalChain();
        Parallelism.defaults().forEach(blocks, () -> new CausalScratch(d, mf, w), (sc, g) -> {
            try {
                causalBlock(q, k, v, g, g == blocks - 1, sc, chain, o);
            } catch (RuntimeException | Error e) {
                chain.fail();
                throw e;
            }
        });
        return o;
    }

    /** One task of the causal scan: block g (the last one publishes nothing). */
    private void causalBlock(Matrix q, Matrix k, Matrix v, int g, boolean last, CausalScratch sc, CausalChain chain,
            Matrix o) {
        int p0 = g * CAUSAL_BLOCK;
        int p1 = Math.min(q.rows(), p0 + CAUSAL_BLOCK);
        int b = p1 - p0;
        int w = sc.w;
        int dv = w - 1;
        sc.rows(b);
        var kern = LinearAlgebra.kernels();
        // Keys: ψ(K_b)ᵀ, c(k_s), M_b and T_b = ψ(K_b)ᵀ·(e^{c_s − M_b}[v_s, 1]).
        scaledRows(k, p0, p1, sc.x);
        features.mapStabilized(Side.KEY, sc.x, sc.f, sc.ck);
        double[] ck = sc.ck;
        VectorsT.transpose(sc.f.data(), b, mf, sc.keys);
        augmentedValues(v, p0, p1, sc.vb);
        double blockMax = Double.NEGATIVE_INFINITY;
        if (!last) {
            for (int s = 0; s < b; s++) {
                blockMax = Math.max(blockMax, ck[s]);
            }
            for (int s = 0; s < b; s++) {
                double e = Math.exp(ck[s] - blockMax);
                for (int j = 0; j < w; j++) {
                    sc.vw[s * w + j] = e * sc.vb[s * w + j];
                }
            }
            kern.gemm(mf, w, b, sc.keys, 0, b, 1, sc.vw, 0, w, sc.summary, 0, w, false);
        }
        // The prefix P_b of the blocks before (copied into pIn) and P_{b+1} for the next task:
        // published now if P_b is already there (the next task may be waiting for it), else
        // after the work that does not need it.
        double[] pOut = last ? null : sc.pOut;
        boolean early = chain.ready(g);
        double before = early ? chain.combine(g, sc.summary, blockMax, sc.pIn, pOut) : Double.NaN;
        // Queries: ψ(Q_b) and the block's ψ(q_t)ᵀψ(k_s), s ≤ t (rows in two strips: the upper
        // right quarter is never needed).
        scaledRows(q, p0, p1, sc.x);
        features.mapStabilized(Side.QUERY, sc.x, sc.f, sc.cq);
        double[] qfd = sc.f.data();
        double[] scores = sc.scores;
        int h = (b + 1) / 2;
        kern.gemm(h, h, mf, qfd, 0, mf, 1, sc.keys, 0, b, scores, 0, b, false);
        kern.gemm(b - h, b, mf, qfd, h * mf, mf, 1, sc.keys, 0, b, scores, h * b, b, false);
        if (!early) {
            before = chain.combine(g, sc.summary, blockMax, sc.pIn, pOut);
        }
        double[] num = sc.base;
        if (before != Double.NEGATIVE_INFINITY) {
            kern.gemm(b, w, mf, qfd, 0, mf, 1, sc.pIn, 0, w, num, 0, w, false);
        } else {
            Arrays.fill(num, 0, b * w, 0.0);
        }
        // Row t: num_t = e^{M_{<b} − R_t}·ψ(q_t)ᵀP_b + Σ_{s≤t} ψ(q_t)ᵀψ(k_s)·e^{c_s − R_t}·[v_s, 1] with
        // R_t = max(M_{<b}, c_0…c_t), so every weight is ≤ 1 and none depends on a key after t.
        // The weights e^{c_s − R_t} are recomputed only when R_t grows; the masked, weighted
        // scores (zero above the diagonal) then multiply [V_b, 1] in the two row strips.
        double[] wts = sc.weights;
        double running = before;
        for (int t = 0; t < b; t++) {
            double ct = ck[t];
            if (ct > running) {
                running = ct;
                for (int s = 0; s < t; s++) {
                    wts[s] = Math.exp(ck[s] - running);
                }
            }
            wts[t] = Math.exp(ct - running);
            int row = t * b;
            for (int s = 0; s <= t; s++) {
                scores[row + s] *= wts[s];
            }
            Arrays.fill(scores, row + t + 1, row + (t < h ? h : b), 0.0);
            if (before != Double.NEGATIVE_INFINITY) {
                LinearAlgebra.scale(num, t * w, Math.exp(before - running), w);
            }
        }
        kern.gemm(h, w, h, scores, 0, b, 1, sc.vb, 0, w, num, 0, w, true);
        kern.gemm(b - h, w, b, scores, h * b, b, 1, sc.vb, 0, w, num, h * w, w, true);
        double[] od = o.data();
        for (int t = 0; t < b; t++) {
            normalise(num, t * w, dv, od, (p0 + t) * dv);
        }
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

    private static void augmentedValues(Matrix v, int from, int to, Matrix dst) {
        augmentedValues(v, from, to, dst.data());
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
        return v.cols();
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
     * The serial spine of the causal scan: the prefix state handed from block to block. Task g
     * waits until task g−1 has published {@code P_g}; tasks start in block order, so the one
     * it waits for is running (or the loop is serial and it has finished).
     */
    private static final class CausalChain {
        /** Blocks 0…published−1 are in {@link #prefix}. */
        private int published;
        private double[] prefix;
        private double prefixMax = Double.NEGATIVE_INFINITY;
        private boolean failed;

        /** True when {@code P_g} has been published ({@link #combine} will not wait). */
        synchronized boolean ready(int g) {
            return published >= g;
        }

        /**
         * Waits for {@code P_g}, copies it into {@code pIn} and, unless {@code pOut} is null,
         * publishes {@code P_{g+1}} (from {@code summary = T_g} and its maximum) in {@code pOut}.
         *
         * @return {@code M_{<g}}, the maximum {@code P_g} is relative to (−∞ for g = 0)
         */
        double combine(int g, double[] summary, double blockMax, double[] pIn, double[] pOut) {
            double[] p;
            double pm;
            synchronized (this) {
                boolean interrupted = false;
                try {
                    while (published < g) {
                        if (failed) {
                            // only a block before g can have kept P_g from coming, so the loop
                            // rethrows that block's (lower-numbered) exception, not this one
                            throw new java.util.concurrent.CancellationException(
                                    "an earlier block of the causal scan failed");
                        }
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
                p = prefix;
                pm = prefixMax;
            }
            // P_g's buffer is not written again before task g+1 has read P_{g+1}, which it
            // cannot do before this task publishes it.
            double nm;
            if (pm == Double.NEGATIVE_INFINITY) {
                nm = blockMax;
                if (pOut != null) {
                    System.arraycopy(summary, 0, pOut, 0, summary.length);
                }
            } else {
                nm = Math.max(pm, blockMax);
                double a = Math.exp(pm - nm);
                double bt = Math.exp(blockMax - nm);
                if (pOut != null) {
                    for (int j = 0; j < pIn.length; j++) {
                        double x = p[j];
                        pIn[j] = x;
                        pOut[j] = Math.fma(a, x, bt * summary[j]);
                    }
                } else {
                    System.arraycopy(p, 0, pIn, 0, pIn.length);
                }
            }
            if (pOut != null) {
                synchronized (this) {
                    prefix = pOut;
                    prefixMax = nm;
                    published = g + 1;
                    notifyAll();
                }
            }
            return pm;
        }

        /** A task failed: waiting tasks give up instead of waiting for a prefix that never comes. */
        synchronized void fail() {
            failed = true;
            notifyAll();
        }
    }

    /** A worker's scratch for the causal scan. */
    private static final class CausalScratch {
        final int d;
        final int mf;
        final int w;
        Matrix x;
        Matrix f;
        double[] ck;
        double[] cq;
        /** ψ(K_b)ᵀ, m × b row-major. */
        final double[] keys;
        /** [v_s, 1] and e^{c_s − M_b}[v_s, 1]. */
        final double[] vb;
        final double[] vw;
        /** T_b, the prefix P_b it received and the prefix P_{b+1} it published (m × w each). */
        final double[] summary;
        final double[] pIn;
        final double[] pOut;
        final double[] base;
        final double[] scores = new double[CAUSAL_BLOCK * CAUSAL_BLOCK];
        final double[] weights = new double[CAUSAL_BLOCK];

        CausalScratch(int d, int mf, int w) {
            this.d = d;
            this.mf = mf;
            this.w = w;
            x = Matrix.zeros(CAUSAL_BLOCK, d);
            f = Matrix.zeros(CAUSAL_BLOCK, mf);
            ck = new double[CAUSAL_BLOCK];
            cq = new double[CAUSAL_BLOCK];
            keys = new double[mf * CAUSAL_BLOCK];
            vb = new double[CAUSAL_BLOCK * w];
            vw = new double[CAUSAL_BLOCK * w];
            summary = new double[mf * w];
            pIn = new double[mf * w];
            pOut = new double[mf * w];
            base = new double[CAUSAL_BLOCK * w];
        }

        void rows(int r) {
            if (x.rows() != r) {
                x = Matrix.zeros(r, d);
                f = Matrix.zeros(r, mf);
                ck = new double[r];
                cq = new double[r];
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
    }
}
