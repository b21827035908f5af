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
package org.rf4j.hybrid;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.rf4j.api.DimensionMismatchException;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Matrix;
import org.rf4j.api.Spec;
import org.rf4j.api.kernel.SoftmaxKernel;
import org.rf4j.api.mechanism.DrawnFeatures;
import org.rf4j.api.mechanism.DrawnLambda;
import org.rf4j.api.mechanism.EstimatorRequest;
import org.rf4j.api.mechanism.LambdaRequest;
import org.rf4j.api.mechanism.Side;
import org.rf4j.api.random.Seeds;
import org.rf4j.spi.MechanismKind;

/**
 * {@link DrawnHybridFeatures} as its Javadoc defines it (HRF Lemma 2.3): the feature count, the blocks in
 * their documented order with the scalar weights and the sign of Ψ⁴ on the query side, a reused
 * output buffer, the partition-of-unity form of Def. H.2, and its dimension checks.
 */
class HybridFeaturesTest {
    private static final Matrix ROWS = Matrix.of(new double[][] {{0.3, -0.2, 0.5}, {-0.4, 0.1, 0.2}, {0.0, 0.6, -0.3}});

    private static DrawnFeatures base(String features, int m, int d, long seed) {
        return Fixtures.estimator(Fixtures.rf(features, m)).draw(new EstimatorRequest(SoftmaxKernel.INSTANCE, d, seed))
                .features();
    }

    private static DrawnLambda lambda(Spec spec, int d, long seed) {
        return Fixtures.REGISTRY.create(MechanismKind.LAMBDA_ESTIMATOR, "lambda", spec)
                .draw(new LambdaRequest(d, Seeds.generator(seed)));
    }

    /** The row-major product ρ ⊗ φ of two rows, times f. */
    private static double[] outer(double[] rho, double[] phi, double f) {
        double[] o = new double[rho.length * phi.length];
        for (int i = 0; i < rho.length; i++) {
            for (int j = 0; j < phi.length; j++) {
                o[i * phi.length + j] = f * rho[i] * phi[j];
            }
        }
        return o;
    }

    private static double[] scaled(double[] v, double f) {
        return Arrays.stream(v).map(t -> f * t).toArray();
    }

    private static double[] concat(double[]... parts) {
        return Arrays.stream(parts).flatMapToDouble(Arrays::stream).toArray();
    }

    /**
     * Three bases, a Gaussian λ (a = 0: no Ψ¹ block) and an angular λ (a = ½): every row of the query
     * and key maps is exactly the documented concatenation, including a batch mapped into a reused
     * output buffer that holds stale values.
     */
    @Test
    void featuresAreTheDocumentedBlocksWithWeightsOnTheQuerySide() {
        List<DrawnFeatures> b = List.of(base("trigonometric", 3, 3, 1), base("positive", 2, 3, 2),
                base("hyperbolic", 4, 3, 3));
        List<DrawnLambda> l = List.of(lambda(Spec.of("gaussian", "n", 2L), 3, 4), lambda(Spec.of("angular", "n", 3L), 3, 5));
        DrawnHybridFeatures h = new DrawnHybridFeatures(b, l);
        assertThat(h.isPartitionOfUnity()).isFalse();
        assertThat(h.bases()).isEqualTo(b);
        assertThat(h.lambdas()).isEqualTo(l);
        assertThat(h.positive()).isFalse();
        assertThat(h.inputDimension()).isEqualTo(3);
        int w0 = b.get(0).outputDimension();
        int w1 = b.get(1).outputDimension();
        int w2 = b.get(2).outputDimension();
        int n0 = l.get(0).outputDimension();
        int n1 = l.get(1).outputDimension();
        double a1 = l.get(1).constant();
        assertThat(l.get(0).constant()).isEqualTo(0.0);
        assertThat(a1).isEqualTo(0.5);
        assertThat(h.outputDimension()).isEqualTo(n0 * w0 + (w1 + n1 * w1) + w2 + (n0 + n1) * w2);
        for (Side side : Side.values()) {
            boolean q = side == Side.QUERY;
            Matrix stale = Matrix.zeros(ROWS.rows(), h.outputDimension());
            Arrays.fill(stale.data(), Double.NaN);
            Matrix out = h.map(side, ROWS, stale);
            for (int i = 0; i < ROWS.rows(); i++) {
                double[] x = ROWS.row(i);
                double[] r0 = l.get(0).map(side, x);
                double[] r1 = l.get(1).map(side, x);
                double[] f0 = b.get(0).map(side, x);
                double[] f1 = b.get(1).map(side, x);
                double[] f2 = b.get(2).map(side, x);
                double[] expected = concat(outer(r0, f0, 1), scaled(f1, q ? a1 : 1), outer(r1, f1, 1),
                        scaled(f2, q ? 1 - a1 : 1), outer(r0, f2, q ? -1 : 1), outer(r1, f2, q ? -1 : 1));
                double[] got = out.row(i);
                assertThat(got.length).isEqualTo(expected.length);
                for (int j = 0; j < got.length; j++) {
                    assertThat(got[j]).as("%s row %d column %d", side, i, j).isCloseTo(expected[j], within(1e-14));
                }
            }
        }
        // no rows: an empty map of the full width
        Matrix none = h.map(Side.QUERY, Matrix.zeros(0, 3), null);
        assertThat(none.rows()).isZero();
        assertThat(none.cols()).isEqualTo(h.outputDimension());
    }

    /**
     * λ constants summing to 1 (two angular λs, a = ½ each): the last base's Ψ³ block has weight 0 and is
     * left out, so the width is Σ(mₖ + nₖmₖ) + Σnₖ·m_last; the linearisation still equals Eq. 8.
     */
    @Test
    void aZeroLastWeightDropsTheThirdBlock() {
        List<DrawnFeatures> b = List.of(base("trigonometric", 2, 3, 6), base("hyperbolic", 3, 3, 7), base("positive", 4, 3, 8));
        List<DrawnLambda> l = List.of(lambda(Spec.of("angular", "n", 2L), 3, 9), lambda(Spec.of("angular", "n", 3L), 3, 10));
        DrawnHybridFeatures h = new DrawnHybridFeatures(b, l);
        int w0 = b.get(0).outputDimension();
        int w1 = b.get(1).outputDimension();
        int w2 = b.get(2).outputDimension();
        assertThat(h.outputDimension()).isEqualTo(w0 + 2 * w0 + w1 + 3 * w1 + (2 + 3) * w2);
        Matrix q = h.map(Side.QUERY, ROWS, null);
        Matrix k = h.map(Side.KEY, ROWS, null);
        for (int i = 0; i < ROWS.rows(); i++) {
            for (int j = 0; j < ROWS.rows(); j++) {
                double lin = 0;
                for (int c = 0; c < h.outputDimension(); c++) {
                    lin += q.get(i, c) * k.get(j, c);
                }
                double direct = h.directEstimate(ROWS.row(i), ROWS.row(j));
                assertThat(lin).isCloseTo(direct, within(1e-12 * (1 + Math.abs(direct))));
            }
        }
    }

    /**
     * Def. H.2: with cluster indicators of a partition, Σₖ λₖ SMₖ is the base of the one pair (x, y)
     * falls in; the linearised map (an indicator of 0 writes zeros, also into a stale buffer) and the
     * direct evaluation both give exactly that base's estimate.
     */
    @Test
    void partitionOfUnityIsTheBaseOfThePairTheInputsFallIn() {
        Matrix qc = Matrix.of(new double[][] {{0.5, 0, 0}, {-0.5, 0, 0}});
        Matrix kc = Matrix.of(new double[][] {{0, 0.5, 0}});
        List<DrawnFeatures> b = List.of(base("positive", 3, 3, 11), base("hyperbolic", 2, 3, 12));
        List<DrawnLambda> l = List.of(new ClusterLambda(qc, kc, 0, 0).draw(new LambdaRequest(3, Seeds.generator(1))),
                new ClusterLambda(qc, kc, 1, 0).draw(new LambdaRequest(3, Seeds.generator(1))));
        DrawnHybridFeatures h = DrawnHybridFeatures.partitionOfUnity(b, l);
        assertThat(h.isPartitionOfUnity()).isTrue();
        assertThat(h.outputDimension()).isEqualTo(b.get(0).outputDimension() + b.get(1).outputDimension());
        Matrix stale = Matrix.zeros(ROWS.rows(), h.outputDimension());
        Arrays.fill(stale.data(), 7.0);
        Matrix q = h.map(Side.QUERY, ROWS, stale);
        Matrix k = h.map(Side.KEY, ROWS, null);
        for (int i = 0; i < ROWS.rows(); i++) {
            double[] x = ROWS.row(i);
            int pair = x[0] >= 0 ? 0 : 1;   // nearest of (±0.5, 0, 0)
            for (int j = 0; j < ROWS.rows(); j++) {
                double[] y = ROWS.row(j);
                double expected = dot(b.get(pair).map(Side.QUERY, x), b.get(pair).map(Side.KEY, y));
                double lin = 0;
                for (int c = 0; c < h.outputDimension(); c++) {
                    lin += q.get(i, c) * k.get(j, c);
                }
                assertThat(lin).isCloseTo(expected, within(1e-12 * (1 + Math.abs(expected))));
                assertThat(h.directEstimate(x, y)).isCloseTo(expected, within(1e-12 * (1 + Math.abs(expected))));
            }
        }
        assertThatThrownBy(() -> DrawnHybridFeatures.partitionOfUnity(List.of(), List.of()))
                .isInstanceOf(DimensionMismatchException.class).hasMessageContaining("as many bases as");
    }

    private static double dot(double[] a, double[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * b[i];
        }
        return s;
    }

    /** Every base and λ must take the inputs of base 0: a mismatch is refused naming the part. */
    @Test
    void partsOfDifferentInputDimensionsAreRefused() {
        DrawnFeatures b3 = base("trigonometric", 2, 3, 1);
        DrawnFeatures b2 = base("trigonometric", 2, 2, 1);
        DrawnLambda l3 = lambda(Spec.of("angular", "n", 2L), 3, 1);
        DrawnLambda l2 = lambda(Spec.of("angular", "n", 2L), 2, 1);
        assertThatThrownBy(() -> new DrawnHybridFeatures(List.of(b3, b2, b3), List.of(l3, l3)))
                .isInstanceOf(DimensionMismatchException.class).hasMessageContaining("base 1").hasMessageContaining("2");
        assertThatThrownBy(() -> new DrawnHybridFeatures(List.of(b3, b3), List.of(l2)))
                .isInstanceOf(DimensionMismatchException.class).hasMessageContaining("λ 0");
        assertThatThrownBy(() -> new DrawnHybridFeatures(List.of(b3, b2), List.of(l3)))
                .isInstanceOf(DimensionMismatchException.class).hasMessageContaining("base 1");
        assertThatThrownBy(() -> new DrawnHybridFeatures(List.of(b3), List.of(l3)))
                .isInstanceOf(DimensionMismatchException.class).hasMessageContaining("one more base than");
    }

    /** The width limit is the largest array (2³¹ − 9 features), checked before anything is allocated. */
    @Test
    void widthUpToTheLargestArrayIsAcceptedAndOneMoreRefused() {
        assertThat(new DrawnHybridFeatures(List.of(wide(Integer.MAX_VALUE - 8)), List.of()).outputDimension())
                .isEqualTo(Integer.MAX_VALUE - 8);
        assertThatThrownBy(() -> new DrawnHybridFeatures(List.of(wide(Integer.MAX_VALUE - 7)), List.of()))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("2147483640 features");
    }

    /** A base that only reports its size (never mapped). */
    private static DrawnFeatures wide(int width) {
        return new DrawnFeatures() {
            @Override
            public int inputDimension() {
                return 2;
            }

            @Override
            public int outputDimension() {
                return width;
            }

            @Override
            public boolean positive() {
                return false;
            }

            @Override
            public Matrix map(Side side, Matrix x, Matrix out) {
                throw new UnsupportedOperationException();
            }
        };
    }
    /** λ features mapped into a caller's buffer fill and return that buffer (not a fresh matrix). */
    @Test
    void lambdaFeaturesFillTheGivenBuffer() {
        DrawnLambda l = lambda(Spec.of("angular", "n", 4L), 3, 13);
        assertThat(l.positive()).isFalse();
        for (Side side : Side.values()) {
            Matrix buffer = Matrix.zeros(ROWS.rows(), l.outputDimension());
            Arrays.fill(buffer.data(), Double.NaN);
            Matrix got = l.map(side, ROWS, buffer);
            assertThat(got).isSameAs(buffer);
            assertThat(buffer.data()).containsExactly(l.map(side, ROWS, null).data());
        }
    }
}
