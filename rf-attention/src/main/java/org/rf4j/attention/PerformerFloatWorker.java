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

import static org.rf4j.attention.PerformerAttention.CAUSAL_BLOCK;
import static org.rf4j.attention.PerformerAttention.FLOAT_DENOMINATOR_FLOOR;
import static org.rf4j.attention.PerformerAttention.max;
import static org.rf4j.attention.PerformerAttention.rowWeights;

import java.util.Arrays;
import org.rf4j.api.FloatMatrix;
import org.rf4j.api.linalg.LinearAlgebra;
import org.rf4j.api.mechanism.DrawnFeatures;
import org.rf4j.api.mechanism.Side;

/**
 * The float half of {@link PerformerAttention}: the scan worker of its fp32 path, the type twin of
 * its double worker, written against the same {@link PerformerAttention.Worker} contract. Features, scores and the per-block products in float (the float kernels),
 * key weights {@code e^{c_s − M}} formed in double and rounded once, {@code T_j} widened to
 * double for the fold, a prefix rounded once to float for {@code ψ(Q_g)·P_g}.
 */
final class PerformerFloatWorker implements PerformerAttention.Worker {
    private final DrawnFeatures features;
    private final double inputScale;
    private final int d;
    private final int mf;
    private final FloatMatrix q;
    private final FloatMatrix k;
    private final FloatMatrix v;
    private final FloatMatrix o;
    private final int w;
    private final FloatKeyWork own;
    private FloatKeyWork help;
    private FloatMatrix x;
    private FloatMatrix f;
    private double[] cq;
    private final float[] num;
    private final float[] prefix;
    private final float[] scores = new float[CAUSAL_BLOCK * CAUSAL_BLOCK];
    private final double[] weights = new double[CAUSAL_BLOCK];
    private int p0;
    private int b;

    PerformerFloatWorker(PerformerAttention attention, FloatMatrix q, FloatMatrix k, FloatMatrix v, FloatMatrix o) {
        this.features = attention.features();
        this.inputScale = attention.inputScale();
        this.d = features.inputDimension();
        this.mf = features.outputDimension();
        this.q = q;
        this.k = k;
        this.v = v;
        this.o = o;
        this.w = v.cols() + 1;
        own = new FloatKeyWork(d, mf, w);
        x = FloatMatrix.zeros(CAUSAL_BLOCK, d);
        f = FloatMatrix.zeros(CAUSAL_BLOCK, mf);
        cq = new double[CAUSAL_BLOCK];
        num = new float[CAUSAL_BLOCK * w];
        prefix = new float[mf * w];
    }

    private FloatKeyWork work(boolean helper) {
        if (!helper) {
            return own;
        }
        if (help == null) {
            help = new FloatKeyWork(d, mf, w);
        }
        return help;
    }

    @Override
    public double[] summary(boolean helper) {
        return work(helper).summary;
    }

    @Override
    public double keys(int j, boolean helper, boolean summary) {
        FloatKeyWork kw = work(helper);
        int s0 = j * CAUSAL_BLOCK;
        int s1 = Math.min(k.rows(), s0 + CAUSAL_BLOCK);
        int n = s1 - s0;
        kw.rows(n);
        scaledRows(k, s0, s1, kw.x);
        features.mapStabilizedFloat(Side.KEY, kw.x, kw.f, kw.ck);
        if (!helper) {
            // ψ(K_j)ᵀ is kept for the block's own queries (the causal scores' right factor)
            PerformerAttention.VectorsT.transpose(kw.f.data(), n, mf, kw.keys);
        }
        augmentedValues(v, s0, s1, kw.vb);
        if (!summary) {
            return Double.NEGATIVE_INFINITY;
        }
        double blockMax = max(kw.ck, n);
        for (int s = 0; s < n; s++) {
            float e = (float) Math.exp(kw.ck[s] - blockMax);
            for (int i = 0; i < w; i++) {
                kw.vw[s * w + i] = e * kw.vb[s * w + i];
            }
        }
        if (helper) {
            LinearAlgebra.kernels().gemm(mf, w, n, kw.f.data(), 0, 1, mf, kw.vw, 0, w, kw.product, 0, w, false);
        } else {
            LinearAlgebra.kernels().gemm(mf, w, n, kw.keys, 0, n, 1, kw.vw, 0, w, kw.product, 0, w, false);
        }
        for (int i = 0; i < kw.summary.length; i++) {
            kw.summary[i] = kw.product[i];
        }
        return blockMax;
    }

    @Override
    public void queries(int g) {
        p0 = g * CAUSAL_BLOCK;
        int p1 = Math.min(q.rows(), p0 + CAUSAL_BLOCK);
        b = p1 - p0;
        if (x.rows() != b) {
            x = FloatMatrix.zeros(b, d);
            f = FloatMatrix.zeros(b, mf);
            cq = new double[b];
        }
        scaledRows(q, p0, p1, x);
        features.mapStabilizedFloat(Side.QUERY, x, f, cq);
        int h = (b + 1) / 2;
        var kern = LinearAlgebra.kernels();
        kern.gemm(h, h, mf, f.data(), 0, mf, 1, own.keys, 0, b, scores, 0, b, false);
        kern.gemm(b - h, b, mf, f.data(), h * mf, mf, 1, own.keys, 0, b, scores, h * b, b, false);
    }

    @Override
    public void base(double[] p) {
        if (p != null) {
            for (int i = 0; i < prefix.length; i++) {
                prefix[i] = (float) p[i];
            }
            LinearAlgebra.kernels().gemm(b, w, mf, f.data(), 0, mf, 1, prefix, 0, w, num, 0, w, false);
        } else {
            Arrays.fill(num, 0, b * w, 0.0f);
        }
    }

    @Override
    public void outputs(int g, double before) {
        double[] ck = own.ck;
        int h = (b + 1) / 2;
        double running = before;
        for (int t = 0; t < b; t++) {
            running = rowWeights(ck, t, running, weights);
            int row = t * b;
            for (int s = 0; s <= t; s++) {
                scores[row + s] *= (float) weights[s];
            }
            Arrays.fill(scores, row + t + 1, row + (t < h ? h : b), 0.0f);
            if (before != Double.NEGATIVE_INFINITY) {
                LinearAlgebra.scale(num, t * w, (float) Math.exp(before - running), w);
            }
        }
        var kern = LinearAlgebra.kernels();
        kern.gemm(h, w, h, scores, 0, b, 1, own.vb, 0, w, num, 0, w, true);
        kern.gemm(b - h, w, b, scores, h * b, b, 1, own.vb, 0, w, num, h * w, w, true);
        float[] od = o.data();
        int dv = w - 1;
        for (int t = 0; t < b; t++) {
            normalise(num, t * w, dv, od, (p0 + t) * dv);
        }
    }

    /** The bidirectional query pass for rows {@code [t0, t1)} against the float state {@code sf}. */
    void bidirectionalRows(int t0, int t1, float[] sf) {
        int n = t1 - t0;
        if (x.rows() != n) {
            x = FloatMatrix.zeros(n, d);
            f = FloatMatrix.zeros(n, mf);
            cq = new double[n];
        }
        scaledRows(q, t0, t1, x);
        features.mapStabilizedFloat(Side.QUERY, x, f, cq);
        LinearAlgebra.kernels().gemm(n, w, mf, f.data(), 0, mf, 1, sf, 0, w, num, 0, w, false);
        float[] od = o.data();
        int dv = w - 1;
        for (int i = t0; i < t1; i++) {
            normalise(num, (i - t0) * w, dv, od, i * dv);
        }
    }

    /** x·inputScale in double, rounded once to float. */
    private void scaledRows(FloatMatrix x, int from, int to, FloatMatrix dst) {
        float[] xd = x.data();
        float[] dd = dst.data();
        int n = (to - from) * d;
        int off = from * d;
        for (int i = 0; i < n; i++) {
            dd[i] = (float) (xd[off + i] * inputScale);
        }
    }

    private static void augmentedValues(FloatMatrix v, int from, int to, float[] dd) {
        int dv = v.cols();
        int w = dv + 1;
        float[] vd = v.data();
        for (int i = from; i < to; i++) {
            System.arraycopy(vd, i * dv, dd, (i - from) * w, dv);
            dd[(i - from) * w + dv] = 1.0f;
        }
    }

    /** out = num / den, each quotient formed in double and rounded once. */
    private static void normalise(float[] num, int off, int dv, float[] out, int outOff) {
        float den = num[off + dv];
        if (den > FLOAT_DENOMINATOR_FLOOR) {
            double dd = den;
            for (int j = 0; j < dv; j++) {
                out[outOff + j] = (float) (num[off + j] / dd);
            }
        } else {
            Arrays.fill(out, outOff, outOff + dv, 0.0f);
        }
    }

    /** One block's keys in float ({@link KeyWork}'s twin); T_b is formed in float and widened. */
    static final class FloatKeyWork {
        final int d;
        final int mf;
        FloatMatrix x;
        FloatMatrix f;
        double[] ck;
        final float[] keys;
        final float[] vb;
        final float[] vw;
        final float[] product;
        final double[] summary;

        FloatKeyWork(int d, int mf, int w) {
            this.d = d;
            this.mf = mf;
            x = FloatMatrix.zeros(CAUSAL_BLOCK, d);
            f = FloatMatrix.zeros(CAUSAL_BLOCK, mf);
            ck = new double[CAUSAL_BLOCK];
            keys = new float[mf * CAUSAL_BLOCK];
            vb = new float[CAUSAL_BLOCK * w];
            vw = new float[CAUSAL_BLOCK * w];
            product = new float[mf * w];
            summary = new double[mf * w];
        }

        void rows(int r) {
            if (x.rows() != r) {
                x = FloatMatrix.zeros(r, d);
                f = FloatMatrix.zeros(r, mf);
                ck = new double[r];
            }
        }
    }
}
