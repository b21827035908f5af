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
 *       {@code L×m×d_v}: positions are processed in blocks of {@value #CAUSAL_BLOCK}; inside a
 *       block the masked products are summed directly.</li>
 * </ul>
 *
 * <h2>Stabilisers (FAVOR+)</h2>
 * Features come from {@link DrawnFeatures#mapStabilized}: each row is {@code ψ(x) = φ(x)e^{−c(x)}}
 * with {@code c(x)} that row's largest exponent, so no feature overflows. For a query the factor
 * {@code e^{c(q)}} cancels between numerator and denominator. For keys the factors do not cancel;
 * every key is weighted by {@code e^{c(k_s) − C}} where C is the running maximum of
 * {@code c(k_s)} over the keys seen <em>so far</em>; when C grows the state is rescaled by
 * {@code e^{C_old − C_new}}. In the causal case position t uses {@code C_t = max_{s≤t} c(k_s)},
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
        long causal = 4L * CAUSAL_BLOCK * (d + mf + dv + 1) + (long) CAUSAL_BLOCK * CAUSAL_BLOCK + 2L * mf * CAUSAL_BLOCK;
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

    /** Causal attention (Q, K: L×d, V: L×d_v): position t attends to keys 0…t only. */
    public Matrix causal(Matrix q, Matrix k, Matrix v, Matrix out) {
        int dv = check(q, k, v, true);
        int len = q.rows();
        Matrix o = Matrix.requireShape(out, len, dv, "attention output");
        int w = dv + 1;
        double[] state = new double[mf * w];
        double stateMax = Double.NEGATIVE_INFINITY;
        int bs = CAUSAL_BLOCK;
        Matrix qx = Matrix.zeros(bs, d);
        Matrix kx = Matrix.zeros(bs, d);
        Matrix qf = Matrix.zeros(bs, mf);
        Matrix kf = Matrix.zeros(bs, mf);
        Matrix vb = Matrix.zeros(bs, w);
        double[] kft = new double[mf * bs];
        double[] cq = new double[bs];
        double[] ck = new double[bs];
        double[] scores = new double[bs * bs];
        double[] base = new double[bs * w];
        double[] acc = new double[w];
        double[] od = o.data();
        for (int p0 = 0; p0 < len; p0 += bs) {
            int p1 = Math.min(len, p0 + bs);
            int b = p1 - p0;
            if (b != qx.rows()) {
                qx = Matrix.zeros(b, d);
                kx = Matrix.zeros(b, d);
                qf = Matrix.zeros(b, mf);
                kf = Matrix.zeros(b, mf);
                vb = Matrix.zeros(b, w);
                cq = new double[b];
                ck = new double[b];
            }
            scaledRows(q, p0, p1, qx);
            scaledRows(k, p0, p1, kx);
            features.mapStabilized(Side.QUERY, qx, qf, cq);
            features.mapStabilized(Side.KEY, kx, kf, ck);
            augmentedValues(v, p0, p1, vb);
            double[] qfd = qf.data();
            double[] kfd = kf.data();
            double[] vd = vb.data();
            // ψ(Q_b)·S_prev (relative to stateMax) and the block's ψ(q_t)ᵀψ(k_s).
            VectorsT.transpose(kfd, b, mf, kft);
            var kern = LinearAlgebra.kernels();
            kern.gemm(b, w, mf, qfd, 0, mf, 1, state, 0, w, base, 0, w, false);
            kern.gemm(b, b, mf, qfd, 0, mf, 1, kft, 0, b, scores, 0, b, false);
            double running = stateMax;
            for (int t = 0; t < b; t++) {
                running = Math.max(running, ck[t]);
                double prev = stateMax == Double.NEGATIVE_INFINITY ? 0.0 : Math.exp(stateMax - running);
                for (int j = 0; j < w; j++) {
                    acc[j] = prev * base[t * w + j];
                }
                for (int s = 0; s <= t; s++) {
                    double a = scores[t * b + s] * Math.exp(ck[s] - running);
                    int vo = s * w;
                    for (int j = 0; j < w; j++) {
                        acc[j] = Math.fma(a, vd[vo + j], acc[j]);
                    }
                }
                normalise(acc, 0, dv, od, (p0 + t) * dv);
            }
            // State update to the block's end: S = S·e^{C_prev − C_end} + Σ_s e^{c_s − C_end} ψ(k_s)[v_s, 1].
            if (stateMax != Double.NEGATIVE_INFINITY && running > stateMax) {
                LinearAlgebra.scale(state, 0, Math.exp(stateMax - running), state.length);
            }
            for (int s = 0; s < b; s++) {
                LinearAlgebra.scale(kfd, s * mf, Math.exp(ck[s] - running), mf);
            }
            kern.gemm(mf, w, b, kfd, 0, 1, mf, vd, 0, w, state, 0, w, true);
            stateMax = running;
        }
        return o;
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
        int dv = v.cols();
        int w = dv + 1;
        double[] vd = v.data();
        double[] dd = dst.data();
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
