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
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.rf4j.attention.PerformerAttentionTest.maxRelativeDifference;
import static org.rf4j.attention.PerformerAttentionTest.performer;

import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.rf4j.api.Matrix;
import org.rf4j.api.linalg.Parallelism;
import org.rf4j.api.mechanism.DrawnFeatures;
import org.rf4j.api.mechanism.Side;
import org.rf4j.features.HyperbolicFeatures;
import org.rf4j.features.PositiveFeatures;

/** The parallel chained scan of {@link PerformerAttention#causal}. */
class PerformerCausalScanTest {
    private static final int B = PerformerAttention.CAUSAL_BLOCK;
    private static final int[] LENGTHS = {1, 2, B - 1, B, B + 1, 2 * B + 1, 1023, 1024, 1025, 3000};

    static <T> T withThreads(int threads, Supplier<T> body) {
        int before = Parallelism.defaults().threads();
        Parallelism.setDefault(threads);
        try {
            return body.get();
        } finally {
            Parallelism.setDefault(before);
        }
    }

    /**
     * An independent serial reference: one position at a time, {@code S ← e^{C_old − C}S +
     * e^{c_t − C}ψ(k_t)[v_t, 1]} with C the running maximum of the key stabilisers, then
     * {@code out_t = ψ(q_t)ᵀS[:, :d_v] / ψ(q_t)ᵀS[:, d_v]} (zero if that is ≤ the floor).
     */
    static Matrix serialReference(PerformerAttention att, Matrix q, Matrix k, Matrix v) {
        DrawnFeatures f = att.features();
        int len = q.rows();
        int mf = f.outputDimension();
        int dv = v.cols();
        double[] cq = new double[len];
        double[] ck = new double[len];
        Matrix fq = f.mapStabilized(Side.QUERY, q.scaled(att.inputScale()), null, cq);
        Matrix fk = f.mapStabilized(Side.KEY, k.scaled(att.inputScale()), null, ck);
        double[][] state = new double[mf][dv + 1];
        double running = Double.NEGATIVE_INFINITY;
        Matrix out = Matrix.zeros(len, dv);
        for (int t = 0; t < len; t++) {
            double next = Math.max(running, ck[t]);
            double rescale = running == Double.NEGATIVE_INFINITY ? 0.0 : Math.exp(running - next);
            double weight = Math.exp(ck[t] - next);
            running = next;
            for (int i = 0; i < mf; i++) {
                for (int j = 0; j <= dv; j++) {
                    double value = j < dv ? v.get(t, j) : 1.0;
                    state[i][j] = rescale * state[i][j] + weight * fk.get(t, i) * value;
                }
            }
            double[] num = new double[dv + 1];
            for (int i = 0; i < mf; i++) {
                for (int j = 0; j <= dv; j++) {
                    num[j] += fq.get(t, i) * state[i][j];
                }
            }
            if (num[dv] > PerformerAttention.DENOMINATOR_FLOOR) {
                for (int j = 0; j < dv; j++) {
                    out.set(t, j, num[j] / num[dv]);
                }
            }
        }
        return out;
    }

    /**
     * φ_j(x) = exp(a_jᵀx) with Gaussian a_j, stabilised by c(x) = max_j a_jᵀx: positive, and a key of
     * large norm along a_0 gets a stabiliser far above every other key's (hundreds), so a
     * stabiliser that looked ahead would underflow every earlier weight.
     */
    static DrawnFeatures exponentialFeatures(int d, int m, long seed) {
        Matrix a = Matrix.gaussian(m, d, 1.0, seed);
        return new DrawnFeatures() {
            @Override
            public int inputDimension() {
                return d;
            }

            @Override
            public int outputDimension() {
                return m;
            }

            @Override
            public boolean positive() {
                return true;
            }

            @Override
            public Matrix map(Side side, Matrix x, Matrix out) {
                double[] c = new double[x.rows()];
                Matrix o = mapStabilized(side, x, out, c);
                for (int i = 0; i < x.rows(); i++) {
                    for (int j = 0; j < m; j++) {
                        o.set(i, j, o.get(i, j) * Math.exp(c[i]));
                    }
                }
                return o;
            }

            @Override
            public Matrix mapStabilized(Side side, Matrix x, Matrix out, double[] logScale) {
                Matrix o = Matrix.requireShape(out, x.rows(), m, "features");
                double[] z = new double[m];
                for (int i = 0; i < x.rows(); i++) {
                    double mx = Double.NEGATIVE_INFINITY;
                    for (int j = 0; j < m; j++) {
                        double s = 0;
                        for (int l = 0; l < d; l++) {
                            s += a.get(j, l) * x.get(i, l);
                        }
                        z[j] = s;
                        mx = Math.max(mx, s);
                    }
                    for (int j = 0; j < m; j++) {
                        o.set(i, j, Math.exp(z[j] - mx));
                    }
                    logScale[i] = mx;
                }
                return o;
            }
        };
    }

    @Test
    @Timeout(300) // a deadlock in the chain fails the test instead of hanging the build
    void causalIsBitIdenticalForOneTwoAndThreeThreadsAtEveryBlockBoundary() {
        PerformerAttention att = performer(new PositiveFeatures(), 8, 32, 50);
        for (int len : LENGTHS) {
            Matrix q = Matrix.gaussian(len, 8, 1.0, 51);
            Matrix k = Matrix.gaussian(len, 8, 1.0, 52);
            Matrix v = Matrix.gaussian(len, 5, 1.0, 53);
            Matrix one = withThreads(1, () -> att.causal(q, k, v, null));
            for (int threads : new int[] {2, 3}) {
                // several runs: the interleaving of the tasks differs from run to run
                for (int run = 0; run < 3; run++) {
                    Matrix many = withThreads(threads, () -> att.causal(q, k, v, null));
                    assertThat(many.data()).as("L = %d, %d threads", len, threads).isEqualTo(one.data());
                }
            }
            // an output matrix passed in gives the same bits as a fresh one
            Matrix into = Matrix.zeros(len, 5);
            assertThat(withThreads(2, () -> att.causal(q, k, v, into))).isSameAs(into).isEqualTo(one);
        }
    }

    @Test
    void causalAgreesWithTheOnePositionAtATimeSerialScanAtEveryBlockBoundary() {
        PerformerAttention[] maps = {performer(new PositiveFeatures(), 8, 24, 60),
            performer(new HyperbolicFeatures(), 8, 24, 61), new PerformerAttention(exponentialFeatures(8, 24, 62), 0.5)};
        String[] ids = {"positive", "hyperbolic", "exponential"};
        for (int a = 0; a < maps.length; a++) {
            PerformerAttention att = maps[a];
            String id = ids[a];
            for (int len : LENGTHS) {
                // keys of growing norm: the running maximum of the stabiliser grows in many blocks
                Matrix q = Matrix.gaussian(len, 8, 1.0, 63);
                Matrix k = Matrix.gaussian(len, 8, 1.0, 64);
                for (int t = 0; t < len; t++) {
                    for (int j = 0; j < 8; j++) {
                        k.set(t, j, k.get(t, j) * (0.5 + 2.5 * t / len));
                    }
                }
                Matrix v = Matrix.gaussian(len, 3, 1.0, 65);
                Matrix fast = withThreads(2, () -> att.causal(q, k, v, null));
                assertThat(maxRelativeDifference(fast, serialReference(att, q, k, v)))
                        .as("%s, L = %d", id, len).isLessThan(1e-12);
            }
        }
    }

    @Test
    void aHugeLaterKeyChangesNoEarlierOutputNotEvenInTheSameBlock() {
        DrawnFeatures f = exponentialFeatures(8, 32, 70);
        PerformerAttention att = new PerformerAttention(f, 0.5);
        int len = 700;
        Matrix q = Matrix.gaussian(len, 8, 1.0, 71);
        Matrix k = Matrix.gaussian(len, 8, 1.0, 72);
        Matrix v = Matrix.gaussian(len, 4, 1.0, 73);
        Matrix huge = Matrix.gaussian(1, 8, 1.0, 70).scaled(100.0); // 100·a_0: c ≈ 0.5·100·|a_0|² ≈ 400
        for (int threads : new int[] {1, 2}) {
            Matrix before = withThreads(threads, () -> att.causal(q, k, v, null));
            // t0 + 1 in the same block as t0, the first of the next block, and across many blocks
            for (int t0 : new int[] {0, 10, B - 2, B - 1, 3 * B + 20, 600}) {
                Matrix k2 = k.copy();
                Matrix v2 = v.copy();
                for (int j = 0; j < 8; j++) {
                    k2.set(t0 + 1, j, huge.get(0, j));
                }
                for (int t = t0 + 2; t < len; t++) {
                    for (int j = 0; j < 8; j++) {
                        k2.set(t, j, -3.0 * k.get(t, j));
                    }
                    for (int j = 0; j < 4; j++) {
                        v2.set(t, j, 1e3 * v.get(t, j));
                    }
                }
                Matrix after = withThreads(threads, () -> att.causal(q, k2, v2, null));
                for (int t = 0; t <= t0; t++) {
                    assertThat(after.row(t)).as("t0 = %d, row %d, %d threads", t0, t, threads).isEqualTo(before.row(t));
                }
                // the huge key takes (almost) all of row t0 + 1's attention
                assertThat(after.row(t0 + 1)).as("t0 = %d", t0).isNotEqualTo(before.row(t0 + 1));
                for (int j = 0; j < 4; j++) {
                    assertThat(after.get(t0 + 1, j)).isCloseTo(v.get(t0 + 1, j), org.assertj.core.data.Offset.offset(1e-9));
                }
                for (double x : after.data()) {
                    assertThat(x).isFinite();
                }
            }
        }
    }

    /** Constant features: every key weighs the same, so out_t is the mean of v_0 … v_t. */
    private static DrawnFeatures constantFeatures(boolean zeroOddQueries, int failAtKeyBlock) {
        return new DrawnFeatures() {
            @Override
            public int inputDimension() {
                return 2;
            }

            @Override
            public int outputDimension() {
                return 3;
            }

            @Override
            public boolean positive() {
                return true;
            }

            @Override
            public Matrix map(Side side, Matrix x, Matrix out) {
                Matrix o = Matrix.requireShape(out, x.rows(), 3, "features");
                for (int i = 0; i < x.rows(); i++) {
                    if (side == Side.KEY && x.get(i, 0) == failAtKeyBlock) {
                        throw new IllegalStateException("feature map failed at key marker " + failAtKeyBlock);
                    }
                    // the query's position is its first coordinate
                    boolean zero = zeroOddQueries && side == Side.QUERY && ((long) x.get(i, 0)) % 2 == 1;
                    for (int j = 0; j < 3; j++) {
                        o.set(i, j, zero ? 0.0 : 1.0 + j);
                    }
                }
                return o;
            }
        };
    }

    @Test
    void theZeroDenominatorGuardAndThePrefixHoldAcrossBlocksForEveryThreadCount() {
        PerformerAttention att = new PerformerAttention(constantFeatures(true, -1), 1.0);
        int len = 5 * B + 7;
        Matrix q = Matrix.zeros(len, 2);
        for (int t = 0; t < len; t++) {
            q.set(t, 0, t);
        }
        Matrix v = Matrix.gaussian(len, 2, 1.0, 80);
        Matrix one = withThreads(1, () -> att.causal(q, q, v, null));
        double[] sum = new double[2];
        for (int t = 0; t < len; t++) {
            for (int j = 0; j < 2; j++) {
                sum[j] += v.get(t, j);
                if (t % 2 == 1) {
                    assertThat(one.get(t, j)).as("row %d", t).isEqualTo(0.0);
                } else {
                    assertThat(one.get(t, j)).as("row %d", t)
                            .isCloseTo(sum[j] / (t + 1), org.assertj.core.data.Offset.offset(1e-12));
                }
            }
        }
        assertThat(withThreads(3, () -> att.causal(q, q, v, null))).isEqualTo(one);
    }

    @Test
    @Timeout(60)
    void aFailingBlockFailsTheCallWithItsOwnExceptionInsteadOfHangingItsSuccessors() {
        int len = 40 * B;
        Matrix x = Matrix.zeros(len, 2);
        int failing = 5 * B + 3;
        x.set(failing, 0, 7.0);
        PerformerAttention att = new PerformerAttention(constantFeatures(false, 7), 1.0);
        Matrix v = Matrix.gaussian(len, 2, 1.0, 81);
        for (int threads : new int[] {1, 2, 3}) {
            assertThatThrownBy(() -> withThreads(threads, () -> att.causal(x, x, v, null)))
                    .as("%d threads", threads).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("key marker 7");
        }
        // and the pool is still usable afterwards
        Matrix ok = withThreads(2, () -> att.causal(Matrix.zeros(len, 2), Matrix.zeros(len, 2), v, null));
        assertThat(ok.get(len - 1, 0)).isFinite();
    }

    /**
     * Delegates to {@code inner}; the first key batch whose first entry is {@code marker} stalls
     * (like a descheduled thread) until a second task maps the same batch, or 10 s pass; in
     * either precision.
     */
    static DrawnFeatures stallingOnce(DrawnFeatures inner, double marker, java.util.concurrent.atomic.AtomicInteger calls,
            java.util.concurrent.CountDownLatch helped) {
        return new DrawnFeatures() {
            @Override
            public int inputDimension() {
                return inner.inputDimension();
            }

            @Override
            public int outputDimension() {
                return inner.outputDimension();
            }

            @Override
            public boolean positive() {
                return true;
            }

            @Override
            public Matrix map(Side side, Matrix x, Matrix out) {
                return inner.map(side, x, out);
            }

            @Override
            public Matrix mapStabilized(Side side, Matrix x, Matrix out, double[] logScale) {
                stall(side, x.get(0, 0));
                return inner.mapStabilized(side, x, out, logScale);
            }

            @Override
            public org.rf4j.api.FloatMatrix mapStabilizedFloat(Side side, org.rf4j.api.FloatMatrix x,
                    org.rf4j.api.FloatMatrix out, double[] logScale) {
                stall(side, x.get(0, 0));
                return inner.mapStabilizedFloat(side, x, out, logScale);
            }

            private void stall(Side side, double first) {
                if (side == Side.KEY && first == marker) {
                    if (calls.incrementAndGet() == 1) {
                        try {
                            helped.await(10, java.util.concurrent.TimeUnit.SECONDS);
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                    } else {
                        helped.countDown();
                    }
                }
            }
        };
    }

    @Test
    @Timeout(120)
    void aStalledBlockIsFoldedInByTheNextTaskWithTheSameBits() {
        int len = 20 * B + 9;
        DrawnFeatures inner = PerformerAttentionTest.draw(new PositiveFeatures(), 8, 32, 85);
        Matrix q = Matrix.gaussian(len, 8, 1.0, 86);
        Matrix k = Matrix.gaussian(len, 8, 1.0, 87);
        Matrix v = Matrix.gaussian(len, 3, 1.0, 88);
        double scale = 0.5;
        k.set(5 * B, 0, 0.8125); // block 5's first key: its scaled first entry is the marker
        Matrix one = withThreads(1, () -> new PerformerAttention(inner, scale).causal(q, k, v, null));
        for (int threads : new int[] {2, 3}) {
            var calls = new java.util.concurrent.atomic.AtomicInteger();
            var helped = new java.util.concurrent.CountDownLatch(1);
            PerformerAttention att = new PerformerAttention(stallingOnce(inner, 0.8125 * scale, calls, helped), scale);
            Matrix many = withThreads(threads, () -> att.causal(q, k, v, null));
            // block 5's owner stalled until another task had recomputed block 5 and folded it in
            assertThat(calls.get()).as("%d threads", threads).isGreaterThanOrEqualTo(2);
            assertThat(helped.getCount()).isZero();
            assertThat(many.data()).as("%d threads", threads).isEqualTo(one.data());
        }
    }

    @Test
    void causalAgainstExactSoftmaxAttentionImprovesWithMoreFeatures() {
        int len = 300;
        int d = 16;
        Matrix q = Matrix.gaussian(len, d, 0.5, 90);
        Matrix k = Matrix.gaussian(len, d, 0.5, 91);
        Matrix v = Matrix.gaussian(len, 4, 1.0, 92);
        Matrix exact = ExactAttention.causal(q, k, v, null);
        double small = 0;
        double large = 0;
        for (int s = 0; s < 4; s++) {
            small += rms(performer(new PositiveFeatures(), d, 16, 300 + s).causal(q, k, v, null), exact);
            large += rms(performer(new PositiveFeatures(), d, 1024, 400 + s).causal(q, k, v, null), exact);
        }
        // O(m^{-1/2}): 64× the features should cut the error ~8×; require 3×
        assertThat(large).isLessThan(small / 3);
        assertThat(large / 4).isLessThan(0.05);
    }

    private static double rms(Matrix a, Matrix b) {
        double s = 0;
        for (int i = 0; i < a.data().length; i++) {
            double e = a.data()[i] - b.data()[i];
            s += e * e;
        }
        return Math.sqrt(s / a.data().length);
    }
}
