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

import static org.assertj.core.api.Assertions.assertThat;
import static org.rf4j.attention.PerformerAttentionTest.performer;
import static org.rf4j.attention.PerformerCausalScanTest.withThreads;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.rf4j.api.FloatMatrix;
import org.rf4j.api.Matrix;
import org.rf4j.api.mechanism.DrawnFeatures;
import org.rf4j.api.mechanism.Side;
import org.rf4j.features.HyperbolicFeatures;
import org.rf4j.features.PositiveFeatures;

/** The fp32 path of {@link PerformerAttention}: its error against the double path, its bits, its causality. */
class PerformerFloatTest {
    private static final int B = PerformerAttention.CAUSAL_BLOCK;
    private static final double U = 0x1p-24;

    /** Gaussian entries rounded to float; key row t scaled by {@code 0.5 + growth·t/L} (stabilisers that grow). */
    static FloatMatrix data(int rows, int cols, double growth, long seed) {
        Matrix x = Matrix.gaussian(rows, cols, 1.0, seed);
        for (int t = 0; t < rows; t++) {
            for (int j = 0; j < cols; j++) {
                x.set(t, j, x.get(t, j) * (0.5 + growth * t / rows));
            }
        }
        return FloatMatrix.rounded(x);
    }

    /**
     * ε, the largest relative error of the float features against the double ones of the same
     * float inputs: {@code |ψ_f e^{c_f} / (ψ e^{c}) − 1|} over the entries with {@code ψ ≥ 2^-60}
     * (below that float keeps its relative precision down to 2^-126, but such a term is at most
     * 2^-60 of the row's largest, far under the bound; it is the underflow caveat of the bound).
     * The float path scales its inputs in double and rounds them once to float; this does the same.
     */
    static double featureError(PerformerAttention att, Side side, FloatMatrix x) {
        DrawnFeatures f = att.features();
        int n = x.rows();
        float[] xs = new float[x.data().length];
        for (int i = 0; i < xs.length; i++) {
            xs[i] = (float) (x.data()[i] * att.inputScale());
        }
        FloatMatrix scaled = FloatMatrix.wrap(n, x.cols(), xs);
        double[] cf = new double[n];
        double[] cd = new double[n];
        FloatMatrix pf = f.mapStabilizedFloat(side, scaled, null, cf);
        Matrix pd = f.mapStabilized(side, x.toDouble().scaled(att.inputScale()), null, cd);
        double eps = 0;
        int m = pd.cols();
        for (int i = 0; i < n; i++) {
            double shift = Math.exp(cf[i] - cd[i]);
            for (int j = 0; j < m; j++) {
                double ref = pd.get(i, j);
                if (ref >= 0x1p-60) {
                    eps = Math.max(eps, Math.abs(pf.get(i, j) * shift / ref - 1));
                }
            }
        }
        return eps;
    }

    /** max over entries of {@code (|out_f − out| − u·|out|) / max|v|}. */
    static double scaledError(FloatMatrix f, Matrix ref, FloatMatrix v) {
        double vmax = 0;
        for (float x : v.data()) {
            vmax = Math.max(vmax, Math.abs(x));
        }
        double e = 0;
        for (int i = 0; i < ref.data().length; i++) {
            double r = ref.data()[i];
            e = Math.max(e, (Math.abs(f.data()[i] - r) - U * Math.abs(r)) / vmax);
        }
        return e;
    }

    /**
     * The float path against the double path on the same (float) inputs, bidirectional and causal,
     * L = 1, 63, 64, 65, 1000, 4096 (one block, the block boundary, many blocks), d/m = 16/64 and
     * 64/256, positive and hyperbolic features, keys of growing norm (the stabiliser grows inside
     * blocks and across them).
     *
     * <p>The tolerance is the stated bound, not a fit: every term {@code ψ_i(q)ψ_i(k_s)e^{c_s−M}v_s}
     * passes through at most {@code n = m + 2·64 + 8} float roundings (features ×2 measured as ε
     * below, the rounded weight and its product, ≤ 64 fma steps of a block product, the state rounded
     * to float, m fma steps of the query product, the rescale factor and its product, ≤ 64 fma steps
     * of the causal block's masked product) and the denominator's terms are all ≥ 0, so with
     * {@code η = (1 + ε)²(1 + γ_n) − 1}: {@code |out_f − out| ≤ 2η/(1 − η)·max|v| + u·|out|}. No
     * term grows with L: the blocks' products are folded in double.
     *
     * <p>What it detects: anything that moves an output by more than ~2η·max|v| (3e-5·max|v| at
     * m = 256), i.e. every structural fault (a stabiliser not rescaled when the maximum grows, a
     * block folded twice or missed, the denominator taken from the wrong column, a mask off by one)
     * as these move outputs by O(1)·max|v| on these inputs. It cannot tell a slightly less accurate
     * arithmetic (e.g. a float prefix instead of a double one) from this one; the measured maxima
     * are far under the bound (the worst-case chain is rarely realised).
     */
    @Test
    void floatOutputsAreWithinTheStatedBoundOfTheDoublePath() {
        int[][] dm = {{16, 64}, {64, 256}};
        int[] lengths = {1, B - 1, B, B + 1, 1000, 4096};
        for (int[] c : dm) {
            int d = c[0];
            int m = c[1];
            PerformerAttention[] atts = {performer(new PositiveFeatures(), d, m, 500 + d),
                performer(new HyperbolicFeatures(), d, m, 600 + d)};
            for (int a = 0; a < atts.length; a++) {
                PerformerAttention att = atts[a];
                String id = a == 0 ? "positive" : "hyperbolic";
                for (int len : lengths) {
                    FloatMatrix q = data(len, d, 0.0, 501);
                    FloatMatrix k = data(len, d, 1.0, 502);
                    FloatMatrix v = data(len, 5, 0.0, 503);
                    double eps = Math.max(featureError(att, Side.QUERY, q), featureError(att, Side.KEY, k));
                    int n = m + 2 * B + 8;
                    double gamma = n * U / (1 - n * U);
                    double eta = (1 + eps) * (1 + eps) * (1 + gamma) - 1;
                    double bound = 2 * eta / (1 - eta);
                    double bi = scaledError(att.bidirectional(q, k, v, null),
                            att.bidirectional(q.toDouble(), k.toDouble(), v.toDouble(), null), v);
                    double ca = scaledError(att.causal(q, k, v, null),
                            att.causal(q.toDouble(), k.toDouble(), v.toDouble(), null), v);
                    assertThat(bi).as("bidirectional %s d = %d, m = %d, L = %d", id, d, m, len).isLessThanOrEqualTo(bound);
                    assertThat(ca).as("causal %s d = %d, m = %d, L = %d", id, d, m, len).isLessThanOrEqualTo(bound);
                }
            }
        }
    }

    @Test
    @Timeout(300)
    void floatOutputsAreBitIdenticalForOneTwoAndThreeThreadsAtEveryBlockBoundary() {
        PerformerAttention att = performer(new PositiveFeatures(), 8, 32, 510);
        for (int len : new int[] {1, 2, B - 1, B, B + 1, 2 * B + 1, 1000, 3000}) {
            FloatMatrix q = data(len, 8, 0.0, 511);
            FloatMatrix k = data(len, 8, 2.0, 512);
            FloatMatrix v = data(len, 5, 0.0, 513);
            FloatMatrix causal = withThreads(1, () -> att.causal(q, k, v, null));
            FloatMatrix bi = withThreads(1, () -> att.bidirectional(q, k, v, null));
            for (int threads : new int[] {2, 3}) {
                for (int run = 0; run < 3; run++) { // the tasks interleave differently from run to run
                    assertThat(withThreads(threads, () -> att.causal(q, k, v, null)).data())
                            .as("causal L = %d, %d threads", len, threads).isEqualTo(causal.data());
                    assertThat(withThreads(threads, () -> att.bidirectional(q, k, v, null)).data())
                            .as("bidirectional L = %d, %d threads", len, threads).isEqualTo(bi.data());
                }
            }
            FloatMatrix into = FloatMatrix.zeros(len, 5);
            assertThat(withThreads(2, () -> att.causal(q, k, v, into))).isSameAs(into).isEqualTo(causal);
        }
    }

    @Test
    @Timeout(120)
    void aStalledFloatBlockIsFoldedInByTheNextTaskWithTheSameBits() {
        int len = 20 * B + 9;
        DrawnFeatures inner = PerformerAttentionTest.draw(new PositiveFeatures(), 8, 32, 520);
        FloatMatrix q = data(len, 8, 0.0, 521);
        FloatMatrix k = data(len, 8, 1.0, 522);
        FloatMatrix v = data(len, 3, 0.0, 523);
        double scale = 0.5;
        k.set(5 * B, 0, 0.8125f); // block 5's first key: its scaled first entry is the marker
        FloatMatrix one = withThreads(1, () -> new PerformerAttention(inner, scale).causal(q, k, v, null));
        for (int threads : new int[] {2, 3}) {
            var calls = new java.util.concurrent.atomic.AtomicInteger();
            var helped = new java.util.concurrent.CountDownLatch(1);
            PerformerAttention att = new PerformerAttention(
                    PerformerCausalScanTest.stallingOnce(inner, 0.8125 * scale, calls, helped), scale);
            FloatMatrix many = withThreads(threads, () -> att.causal(q, k, v, null));
            assertThat(calls.get()).as("%d threads", threads).isGreaterThanOrEqualTo(2);
            assertThat(helped.getCount()).isZero();
            assertThat(many.data()).as("%d threads", threads).isEqualTo(one.data());
        }
    }

    @Test
    void aHugeLaterKeyChangesNoEarlierFloatOutputNotEvenInTheSameBlock() {
        PerformerAttention att = new PerformerAttention(PerformerCausalScanTest.exponentialFeatures(8, 32, 530), 0.5);
        int len = 700;
        FloatMatrix q = data(len, 8, 0.0, 531);
        FloatMatrix k = data(len, 8, 0.0, 532);
        FloatMatrix v = data(len, 4, 0.0, 533);
        Matrix huge = Matrix.gaussian(1, 8, 1.0, 530).scaled(100.0); // 100·a_0: c ≈ 0.5·100·|a_0|² ≈ 400
        for (int threads : new int[] {1, 2}) {
            FloatMatrix before = withThreads(threads, () -> att.causal(q, k, v, null));
            for (int t0 : new int[] {0, 10, B - 2, B - 1, 3 * B + 20, 600}) {
                FloatMatrix k2 = k.copy();
                FloatMatrix v2 = v.copy();
                for (int j = 0; j < 8; j++) {
                    k2.set(t0 + 1, j, (float) huge.get(0, j));
                }
                for (int t = t0 + 2; t < len; t++) {
                    for (int j = 0; j < 8; j++) {
                        k2.set(t, j, -3.0f * k.get(t, j));
                    }
                    for (int j = 0; j < 4; j++) {
                        v2.set(t, j, 1e3f * v.get(t, j));
                    }
                }
                FloatMatrix after = withThreads(threads, () -> att.causal(q, k2, v2, null));
                for (int t = 0; t <= t0; t++) {
                    assertThat(after.row(t)).as("t0 = %d, row %d, %d threads", t0, t, threads).isEqualTo(before.row(t));
                }
                // the huge key takes (almost) all of row t0 + 1's attention
                for (int j = 0; j < 4; j++) {
                    assertThat((double) after.get(t0 + 1, j))
                            .isCloseTo(v.get(t0 + 1, j), org.assertj.core.data.Offset.offset(1e-5));
                }
                for (float x : after.data()) {
                    assertThat(x).isFinite();
                }
            }
        }
    }

    @Test
    void theFloatPathChecksItsInputsLikeTheDoublePath() {
        PerformerAttention att = performer(new PositiveFeatures(), 4, 8, 540);
        FloatMatrix q = data(10, 4, 0.0, 541);
        FloatMatrix v = data(10, 2, 0.0, 542);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> att.causal(q, data(9, 4, 0.0, 1), data(9, 2, 0.0, 1), null))
                .isInstanceOf(org.rf4j.api.DimensionMismatchException.class).hasMessageContaining("as many queries as keys");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> att.bidirectional(q, q, data(9, 2, 0.0, 1), null))
                .isInstanceOf(org.rf4j.api.DimensionMismatchException.class).hasMessageContaining("one value per key");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> att.bidirectional(data(3, 5, 0.0, 1), q, v, null))
                .isInstanceOf(org.rf4j.api.DimensionMismatchException.class).hasMessageContaining("queries Q");
        FloatMatrix bad = q.copy();
        bad.set(3, 2, Float.NaN);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> att.causal(q, bad, v, null))
                .isInstanceOf(org.rf4j.api.InvalidInputException.class).hasMessageContaining("keys K");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> att.bidirectional(q, q, v, FloatMatrix.zeros(10, 3)))
                .isInstanceOf(org.rf4j.api.DimensionMismatchException.class).hasMessageContaining("attention output");
    }
}
