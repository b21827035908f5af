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

import org.junit.jupiter.api.Test;
import org.rf4j.api.DimensionMismatchException;
import org.rf4j.api.InvalidInputException;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Matrix;
import org.rf4j.api.kernel.Kernel;
import org.rf4j.api.kernel.KernelKind;
import org.rf4j.api.linalg.Parallelism;
import org.rf4j.api.mechanism.FeatureMap;
import org.rf4j.api.mechanism.FeatureRequest;
import org.rf4j.api.mechanism.DrawnEstimator;
import org.rf4j.api.mechanism.DrawnFeatures;
import org.rf4j.api.mechanism.Side;
import org.rf4j.api.random.Seeds;
import org.rf4j.couplings.IidCoupling;
import org.rf4j.features.HyperbolicFeatures;
import org.rf4j.features.PositiveFeatures;
import org.rf4j.features.TrigonometricFeatures;

class PerformerAttentionTest {

    static DrawnFeatures draw(FeatureMap map, int d, int m, long seed) {
        return map.draw(new FeatureRequest(KernelKind.SOFTMAX, d, m, new IidCoupling(), null, Seeds.generator(seed)));
    }

    static PerformerAttention performer(FeatureMap map, int d, int m, long seed) {
        return PerformerAttention.of(new DrawnEstimator(Kernel.softmax(), draw(map, d, m, seed)));
    }

    /** The O(L²) evaluation of linear attention with the plain (unstabilised) features. */
    static Matrix direct(PerformerAttention att, Matrix q, Matrix k, Matrix v, boolean causal) {
        double s = att.inputScale();
        Matrix fq = att.features().map(Side.QUERY, q.scaled(s), null);
        Matrix fk = att.features().map(Side.KEY, k.scaled(s), null);
        int w = fq.cols();
        Matrix out = Matrix.zeros(q.rows(), v.cols());
        for (int t = 0; t < q.rows(); t++) {
            double den = 0;
            double[] num = new double[v.cols()];
            int limit = causal ? t + 1 : k.rows();
            for (int u = 0; u < limit; u++) {
                double a = 0;
                for (int j = 0; j < w; j++) {
                    a += fq.get(t, j) * fk.get(u, j);
                }
                den += a;
                for (int c = 0; c < v.cols(); c++) {
                    num[c] += a * v.get(u, c);
                }
            }
            for (int c = 0; c < v.cols(); c++) {
                out.set(t, c, num[c] / den);
            }
        }
        return out;
    }

    static double maxRelativeDifference(Matrix a, Matrix b) {
        double scale = 0;
        double diff = 0;
        for (int i = 0; i < a.data().length; i++) {
            scale = Math.max(scale, Math.abs(b.data()[i]));
            diff = Math.max(diff, Math.abs(a.data()[i] - b.data()[i]));
        }
        return diff / scale;
    }

    @Test
    void causalEqualsTheDirectQuadraticEvaluation() {
        for (FeatureMap map : new FeatureMap[] {new PositiveFeatures(), new HyperbolicFeatures()}) {
            PerformerAttention att = performer(map, 8, 24, 1);
            int len = 200; // three full causal blocks and a partial one
            Matrix q = Matrix.gaussian(len, 8, 1.0, 2);
            Matrix k = Matrix.gaussian(len, 8, 1.0, 3);
            Matrix v = Matrix.gaussian(len, 5, 1.0, 4);
            Matrix fast = att.causal(q, k, v, null);
            assertThat(maxRelativeDifference(fast, direct(att, q, k, v, true))).as(map.spec().id()).isLessThan(1e-12);
        }
    }

    @Test
    void bidirectionalEqualsTheDirectQuadraticEvaluation() {
        PerformerAttention att = performer(new PositiveFeatures(), 6, 16, 5);
        Matrix q = Matrix.gaussian(90, 6, 1.0, 6);
        Matrix k = Matrix.gaussian(1500, 6, 1.0, 7); // a full key block and a partial one
        Matrix v = Matrix.gaussian(1500, 3, 1.0, 8);
        Matrix out = Matrix.zeros(90, 3);
        assertThat(att.bidirectional(q, k, v, out)).isSameAs(out);
        assertThat(maxRelativeDifference(out, direct(att, q, k, v, false))).isLessThan(1e-12);
    }

    private static double rmsError(Matrix a, Matrix b) {
        double s = 0;
        for (int i = 0; i < a.data().length; i++) {
            double e = a.data()[i] - b.data()[i];
            s += e * e;
        }
        return Math.sqrt(s / a.data().length);
    }

    @Test
    void bidirectionalErrorAgainstExactAttentionShrinksWithM() {
        int len = 128;
        int d = 16;
        Matrix q = Matrix.gaussian(len, d, 0.5, 10);
        Matrix k = Matrix.gaussian(len, d, 0.5, 11);
        Matrix v = Matrix.gaussian(len, 4, 1.0, 12);
        Matrix exact = ExactAttention.bidirectional(q, k, v, null);
        int seeds = 6;
        double[] small = new double[seeds];
        double[] large = new double[seeds];
        for (int s = 0; s < seeds; s++) {
            small[s] = rmsError(performer(new PositiveFeatures(), d, 16, 100 + s).bidirectional(q, k, v, null), exact);
            large[s] = rmsError(performer(new PositiveFeatures(), d, 1024, 200 + s).bidirectional(q, k, v, null), exact);
        }
        double ms = mean(small);
        double ml = mean(large);
        // The error is O(m^{-1/2}): 64× the features should cut it ~8×. Require at least 3× beyond
        // three standard errors of each mean.
        assertThat(ml + 3 * se(large, ml)).isLessThan((ms - 3 * se(small, ms)) / 3);
    }

    private static double mean(double[] a) {
        double s = 0;
        for (double x : a) {
            s += x;
        }
        return s / a.length;
    }

    private static double se(double[] a, double mean) {
        double s = 0;
        for (double x : a) {
            s += (x - mean) * (x - mean);
        }
        return Math.sqrt(s / (a.length - 1) / a.length);
    }

    @Test
    void causalOutputsDoNotDependOnFuturePositionsNotEvenThroughTheStabiliser() {
        PerformerAttention att = performer(new PositiveFeatures(), 8, 32, 20);
        int len = 300;
        int t0 = 100; // inside the second causal block
        Matrix q = Matrix.gaussian(len, 8, 1.0, 21);
        Matrix k = Matrix.gaussian(len, 8, 1.0, 22);
        Matrix v = Matrix.gaussian(len, 4, 1.0, 23);
        Matrix before = att.causal(q, k, v, null);
        Matrix k2 = k.copy();
        Matrix v2 = v.copy();
        Matrix q2 = q.copy();
        for (int t = t0 + 1; t < len; t++) {
            for (int j = 0; j < 8; j++) {
                // much larger future keys: a global key maximum would change every earlier row
                k2.set(t, j, 6.0 * k.get(t, j) + 3.0);
                q2.set(t, j, -q.get(t, j));
            }
            for (int j = 0; j < 4; j++) {
                v2.set(t, j, 100 + v.get(t, j));
            }
        }
        Matrix after = att.causal(q2, k2, v2, null);
        for (int t = 0; t <= t0; t++) {
            assertThat(after.row(t)).as("row %d", t).isEqualTo(before.row(t));
        }
        assertThat(after.row(t0 + 1)).isNotEqualTo(before.row(t0 + 1));
    }

    @Test
    void resultsAreBitIdenticalForEveryThreadCount() {
        PerformerAttention att = performer(new HyperbolicFeatures(), 8, 40, 30);
        Matrix q = Matrix.gaussian(700, 8, 1.0, 31);
        Matrix k = Matrix.gaussian(1100, 8, 1.0, 32);
        Matrix v = Matrix.gaussian(1100, 6, 1.0, 33);
        int before = Parallelism.defaults().threads();
        try {
            Parallelism.setDefault(1);
            Matrix b1 = att.bidirectional(q, k, v, null);
            Matrix c1 = att.causal(k, k, v, null);
            Matrix e1 = ExactAttention.causal(k, k, v, null);
            for (int t : new int[] {2, 3}) {
                Parallelism.setDefault(t);
                assertThat(att.bidirectional(q, k, v, null)).isEqualTo(b1);
                assertThat(att.causal(k, k, v, null)).isEqualTo(c1);
                assertThat(ExactAttention.causal(k, k, v, null)).isEqualTo(e1);
            }
        } finally {
            Parallelism.setDefault(before);
        }
    }

    /**
     * The bidirectional key pass is parallel over fixed runs of {@code KEY_RUN} 64-key blocks, each
     * run folded in block order and the runs in run order: the same bits for 1, 2 and 3 threads on
     * either side of a block and of a run boundary and over several waves of runs (25,000 keys are
     * 25 runs: 4 waves on 1 thread, 2 on 2 and 3 threads), with key stabilisers that grow along the
     * keys, and within 1e-12 of the direct sum (a skipped or doubled block is off by far more).
     */
    @Test
    void bidirectionalKeyPassIsBitIdenticalForEveryThreadCountAtBlockBoundaries() {
        PerformerAttention att = performer(new PositiveFeatures(), 8, 32, 34);
        int b = PerformerAttention.CAUSAL_BLOCK;
        int run = PerformerAttention.KEY_RUN * b;
        for (int lk : new int[] {1, b - 1, b, b + 1, 2 * b + 1, run - 1, run, run + 1, 3000, 25_000}) {
            Matrix q = Matrix.gaussian(70, 8, 1.0, 35);
            Matrix k = Matrix.gaussian(lk, 8, 1.0, 36);
            for (int t = 0; t < lk; t++) {
                for (int j = 0; j < 8; j++) {
                    k.set(t, j, k.get(t, j) * (0.5 + 2.0 * t / lk));
                }
            }
            Matrix v = Matrix.gaussian(lk, 3, 1.0, 37);
            Matrix one = PerformerCausalScanTest.withThreads(1, () -> att.bidirectional(q, k, v, null));
            for (int threads : new int[] {2, 3}) {
                for (int rep = 0; rep < 3; rep++) {
                    assertThat(PerformerCausalScanTest.withThreads(threads, () -> att.bidirectional(q, k, v, null)).data())
                            .as("L_k = %d, %d threads", lk, threads).isEqualTo(one.data());
                }
            }
            assertThat(maxRelativeDifference(one, direct(att, q, k, v, false))).as("L_k = %d", lk).isLessThan(1e-12);
        }
    }

    @Test
    void stabilisersKeepHugeScoresFiniteAndOutputsConvexCombinations() {
        // |q|, |k| ≈ 40·√16·d^{-1/4}: unstabilised features exp(wᵀx − |x|²/2) would overflow or vanish.
        PerformerAttention att = performer(new PositiveFeatures(), 16, 64, 40);
        Matrix q = Matrix.gaussian(100, 16, 40.0, 41);
        Matrix k = Matrix.gaussian(100, 16, 40.0, 42);
        Matrix v = Matrix.gaussian(100, 2, 1.0, 43);
        double lo = Math.min(min(v, 0), min(v, 1));
        double hi = Math.max(-min(v.scaled(-1), 0), -min(v.scaled(-1), 1));
        for (Matrix out : new Matrix[] {att.bidirectional(q, k, v, null), att.causal(q, k, v, null)}) {
            for (double x : out.data()) {
                assertThat(x).isFinite().isBetween(lo - 1e-12, hi + 1e-12);
            }
        }
    }

    private static double min(Matrix m, int col) {
        double r = Double.POSITIVE_INFINITY;
        for (int i = 0; i < m.rows(); i++) {
            r = Math.min(r, m.get(i, col));
        }
        return r;
    }

    @Test
    void aVanishingDenominatorGivesAZeroRowNotNaN() {
        DrawnFeatures zeros = new DrawnFeatures() {
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
                    for (int j = 0; j < 3; j++) {
                        o.set(i, j, side == Side.QUERY && i % 2 == 1 ? 0.0 : 1.0);
                    }
                }
                return o;
            }
        };
        PerformerAttention att = new PerformerAttention(zeros, 1.0);
        Matrix q = Matrix.gaussian(4, 2, 1, 1);
        Matrix v = Matrix.gaussian(4, 2, 1, 2);
        Matrix both = att.bidirectional(q, q, v, null);
        Matrix causal = att.causal(q, q, v, null);
        assertThat(both.row(1)).containsExactly(0.0, 0.0);
        assertThat(causal.row(1)).containsExactly(0.0, 0.0);
        assertThat(causal.get(0, 0)).isCloseTo(v.get(0, 0), org.assertj.core.data.Offset.offset(1e-15));
        assertThat(causal.get(0, 1)).isCloseTo(v.get(0, 1), org.assertj.core.data.Offset.offset(1e-15));
        double mean = (v.get(0, 0) + v.get(1, 0) + v.get(2, 0) + v.get(3, 0)) / 4;
        assertThat(both.get(0, 0)).isCloseTo(mean, org.assertj.core.data.Offset.offset(1e-15));
    }

    @Test
    void badInputsAreRejectedWithPreciseMessages() {
        assertThatThrownBy(() -> performer(new TrigonometricFeatures(), 4, 8, 1))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("positive feature map");
        assertThatThrownBy(() -> PerformerAttention.of(new DrawnEstimator(Kernel.gaussian(1.0),
                draw(new PositiveFeatures(), 4, 8, 1)))).isInstanceOf(InvalidParameterException.class)
                .hasMessageContaining("softmax");
        PerformerAttention att = performer(new PositiveFeatures(), 4, 8, 1);
        Matrix q = Matrix.gaussian(10, 4, 1, 1);
        assertThatThrownBy(() -> att.bidirectional(q, q, Matrix.zeros(9, 2), null))
                .isInstanceOf(DimensionMismatchException.class).hasMessageContaining("9 rows");
        assertThatThrownBy(() -> att.causal(q, Matrix.gaussian(11, 4, 1, 2), Matrix.zeros(11, 2), null))
                .isInstanceOf(DimensionMismatchException.class).hasMessageContaining("as many queries as keys");
        assertThatThrownBy(() -> att.bidirectional(Matrix.gaussian(3, 5, 1, 1), q, q, null))
                .isInstanceOf(DimensionMismatchException.class).hasMessageContaining("queries Q");
        Matrix bad = q.copy();
        bad.set(3, 2, Double.NaN);
        assertThatThrownBy(() -> att.causal(q, bad, q, null)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("row 4, column 3 (1-based)");
    }
}
