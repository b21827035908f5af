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
package org.rf4j.features;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.rf4j.api.DimensionMismatchException;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Matrix;
import org.rf4j.api.Spec;
import org.rf4j.api.kernel.KernelKind;
import org.rf4j.api.mechanism.DrawnFeatures;
import org.rf4j.api.mechanism.FeatureMap;
import org.rf4j.api.mechanism.FeatureRequest;
import org.rf4j.api.mechanism.PointQuery;
import org.rf4j.api.mechanism.DenseProjection;
import org.rf4j.api.mechanism.Projection;
import org.rf4j.api.mechanism.ProjectionFeatureMap;
import org.rf4j.api.mechanism.SamplingPolicy;
import org.rf4j.api.mechanism.Side;
import org.rf4j.api.random.Seeds;
import org.rf4j.spi.MechanismKind;
import org.rf4j.spi.MechanismRegistry;
import org.rf4j.theory.HybridTheory;

/**
 * The complex exponential map's transforms (HRF Eq. 14–16) checked by exact identities rather than
 * by Monte Carlo: the key side is M = (Aᵀ)⁻¹, so {@code AᵀM = I} and {@code (Ax)ᵀ(My) = xᵀy} (complex
 * bilinear, no conjugation) for every full A, including ones whose elimination has to swap rows;
 * App. H.2's closed-form A solves {@code A r_q + A⁻¹ r_k = 0} coordinate-wise; and the argument
 * checks at their boundaries. The unbiasedness contract cannot see a wrong inverse of a nearly
 * diagonal A (its bias is then below the Monte Carlo resolution); these identities see any wrong
 * entry.
 */
class ComplexExponentialFeaturesTest {

    /** Column i of one side's transform: the image of the unit vector e_i, as {re, im}. */
    private static double[][] image(ComplexExponentialFeatures f, Side side, int d, int i) {
        double[] e = new double[d];
        e[i] = 1;
        return f.transformVector(side, e);
    }

    /** Asserts AᵀM = I: Σ_k A_{ki} M_{kj} = δ_ij (complex, unconjugated) to the given tolerance. */
    private static void assertInverseTranspose(ComplexExponentialFeatures f, int d, double tol) {
        for (int i = 0; i < d; i++) {
            double[][] a = image(f, Side.QUERY, d, i);
            for (int j = 0; j < d; j++) {
                double[][] m = image(f, Side.KEY, d, j);
                double re = 0;
                double im = 0;
                for (int k = 0; k < d; k++) {
                    re += a[0][k] * m[0][k] - a[1][k] * m[1][k];
                    im += a[0][k] * m[1][k] + a[1][k] * m[0][k];
                }
                assertThat(re).as("Re (AᵀM)_%d%d", i, j).isCloseTo(i == j ? 1 : 0, within(tol));
                assertThat(im).as("Im (AᵀM)_%d%d", i, j).isCloseTo(0, within(tol));
            }
        }
    }

    private static double[] gaussian(RandomGenerator r, int n) {
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = r.nextGaussian();
        }
        return v;
    }

    @Test
    void fullKeyTransformIsTheInverseTransposeIncludingRowSwaps() {
        int d = 4;
        RandomGenerator r = Seeds.generator(17);
        double[] gre = gaussian(r, d * d);
        double[] gim = gaussian(r, d * d);
        // a cyclic shift with complex weights: every diagonal entry is 0, so every column needs a swap
        double[] pre = new double[d * d];
        double[] pim = new double[d * d];
        for (int i = 0; i < d; i++) {
            pre[i * d + (i + 1) % d] = 1 + 0.5 * i;
            pim[i * d + (i + 1) % d] = 0.25 * (i - 1);
            pre[i * d + (i + 2) % d] = 0.1;
        }
        for (double[][] a : new double[][][] {{gre, gim}, {pre, pim}}) {
            ComplexExponentialFeatures f = ComplexExponentialFeatures.full(Matrix.wrap(d, d, a[0]), Matrix.wrap(d, d, a[1]));
            assertThat(f.isDiagonal()).isFalse();
            // the query side is A itself (row-major): A e_i is column i
            for (int i = 0; i < d; i++) {
                double[][] col = image(f, Side.QUERY, d, i);
                for (int k = 0; k < d; k++) {
                    assertThat(col[0][k]).isEqualTo(a[0][k * d + i]);
                    assertThat(col[1][k]).isEqualTo(a[1][k * d + i]);
                }
            }
            assertInverseTranspose(f, d, 1e-12);
            // (Ax)ᵀ(My) = xᵀy for arbitrary vectors (the identity behind Lemma 2.4's unbiasedness)
            double[] x = gaussian(r, d);
            double[] y = gaussian(r, d);
            double[][] u = f.transformVector(Side.QUERY, x);
            double[][] v = f.transformVector(Side.KEY, y);
            double re = 0;
            double im = 0;
            double dot = 0;
            for (int k = 0; k < d; k++) {
                re += u[0][k] * v[0][k] - u[1][k] * v[1][k];
                im += u[0][k] * v[1][k] + u[1][k] * v[0][k];
                dot += x[k] * y[k];
            }
            assertThat(re).isCloseTo(dot, within(1e-12));
            assertThat(im).isCloseTo(0, within(1e-12));
            assertThatThrownBy(() -> f.diagonalEntries(d)).isInstanceOf(IllegalStateException.class);
        }
    }

    @Test
    void singularityIsJudgedRelativeToTheLargestEntry() {
        // a tiny but well-conditioned A is invertible, with M scaled up by the same factor
        double[] re = {1e-20, 2e-20, 0, 3e-20};
        double[] im = {0, 0, 1e-20, 0};
        ComplexExponentialFeatures tiny = ComplexExponentialFeatures.full(Matrix.wrap(2, 2, re), Matrix.wrap(2, 2, im));
        double[][] m = image(tiny, Side.KEY, 2, 0);
        // A = 1e-20·[[1, 2], [i, 3]], det = 1e-40·(3 − 2i); M = (Aᵀ)⁻¹ = 1e20/(3 − 2i)·[[3, −i], [−2, 1]]
        double den = 13; // |3 − 2i|²
        assertThat(m[0][0]).isCloseTo(1e20 * 9 / den, within(1e20 * 1e-14));
        assertThat(m[1][0]).isCloseTo(1e20 * 6 / den, within(1e20 * 1e-14));
        assertThat(m[0][1]).isCloseTo(-1e20 * 6 / den, within(1e20 * 1e-14));
        assertThat(m[1][1]).isCloseTo(-1e20 * 4 / den, within(1e20 * 1e-14));
        assertInverseTranspose(tiny, 2, 1e-12);
        // a pivot of 1e-13 of the largest entry is refused, 1e-11 is not
        assertThatThrownBy(() -> ComplexExponentialFeatures.full(Matrix.wrap(2, 2, new double[] {1, 0, 0, 1e-13}),
                Matrix.zeros(2, 2))).isInstanceOf(InvalidParameterException.class).hasMessageContaining("singular");
        assertInverseTranspose(ComplexExponentialFeatures.full(Matrix.wrap(2, 2, new double[] {1, 0, 0, 1e-11}),
                Matrix.zeros(2, 2)), 2, 1e-12);
        // the largest entry need not be in the first row: a 1e-13 pivot against a 1 in row 2 is refused,
        // for real and for imaginary A
        assertThatThrownBy(() -> ComplexExponentialFeatures.full(Matrix.wrap(2, 2, new double[] {1e-13, 0, 0, 1}),
                Matrix.zeros(2, 2))).isInstanceOf(InvalidParameterException.class).hasMessageContaining("singular");
        assertThatThrownBy(() -> ComplexExponentialFeatures.full(Matrix.zeros(2, 2),
                Matrix.wrap(2, 2, new double[] {1e-13, 0, 0, 1}))).isInstanceOf(InvalidParameterException.class)
                .hasMessageContaining("singular");
        // rows proportional by a complex factor (1 + i): rank one
        assertThatThrownBy(() -> ComplexExponentialFeatures.full(Matrix.wrap(2, 2, new double[] {1, 2, 1, 2}),
                Matrix.wrap(2, 2, new double[] {0, 0, 1, 2}))).isInstanceOf(InvalidParameterException.class)
                .hasMessageContaining("matrixRe");
        assertThatThrownBy(() -> ComplexExponentialFeatures.full(Matrix.zeros(2, 3), Matrix.zeros(2, 3)))
                .isInstanceOf(DimensionMismatchException.class);
    }

    @Test
    void diagonalTransformsAreAAndItsReciprocal() {
        ComplexExponentialFeatures f = ComplexExponentialFeatures.diagonal(new double[] {2, -0.5, 0}, new double[] {1, 0, 3});
        double[] x = {1.5, -2, 0.7};
        double[][] q = f.transformVector(Side.QUERY, x);
        double[][] k = f.transformVector(Side.KEY, x);
        double[][] expectedQ = {{3, 1, 0}, {1.5, 0, 2.1}};
        // x / (2 + i) = x(2 − i)/5, x / (−0.5) = −2x, x / (3i) = −ix/3
        double[][] expectedK = {{1.5 * 2 / 5, 4, 0}, {-1.5 / 5, 0, -0.7 / 3}};
        for (int c = 0; c < 2; c++) {
            for (int i = 0; i < 3; i++) {
                assertThat(q[c][i]).isCloseTo(expectedQ[c][i], within(1e-15));
                assertThat(k[c][i]).isCloseTo(expectedK[c][i], within(1e-15));
            }
        }
        assertThat(f.diagonalEntries(3)).isDeepEqualTo(new double[][] {{2, -0.5, 0}, {1, 0, 3}});
        assertThat(f.isDiagonal()).isTrue();
        assertThat(f.complex()).isTrue();
        assertThat(f.positive()).isFalse();
        assertThat(f.blocks()).isEqualTo(2);
        // a multiple of I (one entry) in any dimension
        ComplexExponentialFeatures scalar = ComplexExponentialFeatures.diagonal(new double[] {0.5}, new double[] {-2});
        assertThat(scalar.diagonalEntries(4)).isDeepEqualTo(new double[][] {{0.5, 0.5, 0.5, 0.5}, {-2, -2, -2, -2}});
        // the size of A must match the input
        assertThatThrownBy(() -> f.transformVector(Side.QUERY, new double[4])).isInstanceOf(DimensionMismatchException.class)
                .hasMessageContaining("diagonalRe");
        ComplexExponentialFeatures full = ComplexExponentialFeatures.full(Matrix.wrap(2, 2, new double[] {1, 0, 0, 1}),
                Matrix.zeros(2, 2));
        assertThatThrownBy(() -> full.transformVector(Side.QUERY, new double[3])).isInstanceOf(DimensionMismatchException.class)
                .hasMessageContaining("matrixRe").hasMessageContaining("d² = 9");
    }

    @Test
    void diagonalEntriesMustBeFiniteAndNonZero() {
        assertThatThrownBy(() -> ComplexExponentialFeatures.diagonal(new double[] {1, Double.NaN}, new double[] {0, 0}))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("diagonalRe[1]");
        assertThatThrownBy(() -> ComplexExponentialFeatures.diagonal(new double[] {1, 1}, new double[] {Double.POSITIVE_INFINITY, 0}))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("diagonalIm[0]");
        assertThatThrownBy(() -> ComplexExponentialFeatures.diagonal(new double[] {1, 0}, new double[] {0, 0}))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("diagonalRe[1]");
        assertThatThrownBy(() -> ComplexExponentialFeatures.diagonal(new double[] {1, 2}, new double[] {0}))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("diagonalIm");
        assertThatThrownBy(() -> ComplexExponentialFeatures.diagonal(new double[0], new double[0]))
                .isInstanceOf(InvalidParameterException.class);
        // a zero real part alone (A = iI: the trigonometric estimator) or a zero imaginary part alone is fine
        assertThat(ComplexExponentialFeatures.diagonal(new double[] {0}, new double[] {1}).diagonalEntries(1))
                .isDeepEqualTo(new double[][] {{0}, {1}});
        assertThat(ComplexExponentialFeatures.diagonal(new double[] {-1}, new double[] {0}).diagonalEntries(1))
                .isDeepEqualTo(new double[][] {{-1}, {0}});
    }

    /**
     * App. H.2: with rq·rk ≠ 0 and no clamping the complex A makes A rq + A⁻¹ rk = 0 in every
     * coordinate (Eq. 85–87), the real one has aₖ = √|rk/rq| (Eq. 88); the edge cases take the
     * documented values and moduli are clamped to [1/large, large].
     */
    @Test
    void centreFormulaSolvesAppendixH2AndHandlesItsEdgeCases() {
        double large = 100;
        double[] rq = {1, -2, 0, 0, 3, 1e-9, 1, 0.5};
        double[] rk = {4, 0.5, 0, 2, 0, 5, 1e-9, -0.125};
        double[][] c = ComplexExponentialFeatures.forCentres(rq, rk, true, large).diagonalEntries(rq.length);
        double[][] expected = {
            {0, 0.5, 1, large, 1 / large, 0, 0, 0.5},
            {2, 0, 1, 0, 1 / large, large, 1 / large, 0}};
        for (int k = 0; k < rq.length; k++) {
            assertThat(c[0][k]).as("Re a_%d", k).isCloseTo(expected[0][k], within(1e-15));
            assertThat(c[1][k]).as("Im a_%d", k).isCloseTo(expected[1][k], within(1e-15));
        }
        // A rq + A⁻¹ rk = 0 where neither centre coordinate is 0 and no modulus is clamped (k = 0, 1, 7)
        ComplexExponentialFeatures a = ComplexExponentialFeatures.forCentres(rq, rk, true, large);
        double[][] u = a.transformVector(Side.QUERY, rq);
        double[][] v = a.transformVector(Side.KEY, rk);
        for (int k : new int[] {0, 1, 7}) {
            assertThat(u[0][k] + v[0][k]).as("Re, k = %d", k).isCloseTo(0, within(1e-15));
            assertThat(u[1][k] + v[1][k]).as("Im, k = %d", k).isCloseTo(0, within(1e-15));
        }
        double[][] real = ComplexExponentialFeatures.forCentres(rq, rk, false, large).diagonalEntries(rq.length);
        double[] expectedReal = {2, 0.5, 1, large, 1 / large, large, 1 / large, 0.5};
        for (int k = 0; k < rq.length; k++) {
            assertThat(real[0][k]).as("a_%d", k).isCloseTo(expectedReal[k], within(1e-15));
            assertThat(real[1][k]).isEqualTo(0.0);
        }
        assertThatThrownBy(() -> ComplexExponentialFeatures.forCentres(new double[2], new double[3], true, large))
                .isInstanceOf(DimensionMismatchException.class);
        for (double bad : new double[] {1.0, 0.5, Double.POSITIVE_INFINITY, Double.NaN}) {
            assertThatThrownBy(() -> ComplexExponentialFeatures.forCentres(rq, rk, true, bad)).as("large = %s", bad)
                    .isInstanceOf(InvalidParameterException.class).hasMessageContaining("large");
        }
        assertThat(ComplexExponentialFeatures.forCentres(new double[] {1}, new double[] {1}, true, Math.nextUp(1.0))
                .diagonalEntries(1)[1][0]).isEqualTo(1.0);
    }

    /**
     * The closed-form MSE is HRF's complex exponential MSE at (Ax, My), times e^{−|x|²−|y|²} for the
     * Gaussian kernel; it is defined only for iid projections drawn without a sampling policy.
     */
    @Test
    void theoryMseIsTheClosedFormOnlyForPlainIidProjections() {
        ComplexExponentialFeatures f = ComplexExponentialFeatures.diagonal(new double[] {0.8, 0.3}, new double[] {0.4, -0.6});
        double[] x = {0.3, -0.2};
        double[] y = {0.1, 0.4};
        double[][] u = f.transformVector(Side.QUERY, x);
        double[][] v = f.transformVector(Side.KEY, y);
        double softmax = HybridTheory.complexExponentialMse(u[0], u[1], v[0], v[1], 7);
        FeatureMapTestSupport.TestIidCoupling iid = new FeatureMapTestSupport.TestIidCoupling();
        assertThat(f.theoryMse(new PointQuery(KernelKind.SOFTMAX, 7, iid, null, x, y)).orElseThrow())
                .isEqualTo(softmax);
        assertThat(f.theoryMse(new PointQuery(KernelKind.GAUSSIAN, 7, iid, null, x, y)).orElseThrow())
                .isCloseTo(softmax * Math.exp(-(0.09 + 0.04 + 0.01 + 0.16)), within(1e-15 * softmax));
        assertThat(f.theoryMse(new PointQuery(KernelKind.SOFTMAX, 7, new FeatureMapTestSupport.TestOrthogonalCoupling(),
                null, x, y))).isEmpty();
        SamplingPolicy policy = new SamplingPolicy() {
            @Override
            public Spec spec() {
                return Spec.of("test-policy");
            }

            @Override
            public Projection adapt(Projection standard, ProjectionFeatureMap map, FeatureRequest request) {
                return standard;
            }
        };
        assertThat(f.theoryMse(new PointQuery(KernelKind.SOFTMAX, 7, iid, policy, x, y))).isEmpty();
    }

    /** A batch of rows is mapped row by row: the same features as each row alone, for diagonal and full A. */
    @Test
    void batchesAreMappedRowByRow() {
        double[] re = {1, 0.2, 0, -0.3, 0.9, 0.1, 0.2, 0, 1.1};
        double[] im = {0.1, 0, 0.4, 0, -0.2, 0, 0.3, 0.1, 0};
        for (FeatureMap map : new FeatureMap[] {
            ComplexExponentialFeatures.diagonal(new double[] {0.9, 0.5, 1.2}, new double[] {0.3, -0.4, 0.1}),
            ComplexExponentialFeatures.full(Matrix.wrap(3, 3, re), Matrix.wrap(3, 3, im))}) {
            DrawnFeatures drawn = map.draw(new FeatureRequest(KernelKind.SOFTMAX, 3, 5,
                    new FeatureMapTestSupport.TestIidCoupling(), null, Seeds.generator(3)));
            Matrix batch = Matrix.of(new double[][] {{0.3, -0.1, 0.2}, {-0.4, 0.5, 0.1}, {0.2, 0.2, -0.3}});
            for (Side side : Side.values()) {
                Matrix all = drawn.map(side, batch, null);
                for (int row = 0; row < 3; row++) {
                    Matrix one = drawn.map(side, Matrix.row(batch.row(row)), null);
                    double[] a = all.row(row);
                    double[] b = one.row(0);
                    for (int j = 0; j < a.length; j++) {
                        assertThat(a[j]).as("%s row %d feature %d", side, row, j).isCloseTo(b[j], within(1e-14 * Math.abs(b[j])));
                    }
                }
            }
        }
    }

    /**
     * HRF Eq. 14–16 written out for one row and known projections: query feature j is
     * m^{-1/2}·e^{−(Ax)²/2 + ωⱼᵀAx} (complex, (u)² = Σ uₖ² unconjugated), laid out [Re | Im]; the key
     * side uses M = A⁻¹ (diagonal A) and is laid out [Re | −Im]; the Gaussian target multiplies each
     * row by e^{−|x|²/2}. Every feature of every row of a batch is checked, so a map that returns
     * zeros, mixes rows, or drops the (Ax)² term is seen.
     */
    @Test
    void featuresAreEquationFourteenWrittenOut() {
        double[] are = {0.8, 0.3};
        double[] aim = {0.4, -0.6};
        ComplexExponentialFeatures f = ComplexExponentialFeatures.diagonal(are, aim);
        double[][] w = {{0.5, -1.0}, {1.2, 0.3}, {-0.7, 0.9}};
        Projection p = new DenseProjection(Matrix.of(w));
        double[][] rows = {{0.3, -0.2}, {-0.5, 0.4}};
        for (KernelKind target : KernelKind.values()) {
            DrawnFeatures drawn = f.bind(p, new FeatureRequest(target, 2, 3, new FeatureMapTestSupport.TestIidCoupling(),
                    null, Seeds.generator(1)));
            assertThat(drawn.outputDimension()).isEqualTo(6);
            assertThat(drawn.positive()).isFalse();
            for (Side side : Side.values()) {
                Matrix out = drawn.map(side, Matrix.of(rows), null);
                for (int r = 0; r < rows.length; r++) {
                    double[] x = rows[r];
                    // u = Ax (query) or A⁻¹x (key), complex
                    double[] ur = new double[2];
                    double[] ui = new double[2];
                    for (int k = 0; k < 2; k++) {
                        double m2 = are[k] * are[k] + aim[k] * aim[k];
                        double tr = side == Side.QUERY ? are[k] : are[k] / m2;
                        double ti = side == Side.QUERY ? aim[k] : -aim[k] / m2;
                        ur[k] = tr * x[k];
                        ui[k] = ti * x[k];
                    }
                    double sqRe = ur[0] * ur[0] - ui[0] * ui[0] + ur[1] * ur[1] - ui[1] * ui[1];
                    double sqIm = 2 * (ur[0] * ui[0] + ur[1] * ui[1]);
                    double rowLog = target == KernelKind.GAUSSIAN ? -0.5 * (x[0] * x[0] + x[1] * x[1]) : 0;
                    for (int j = 0; j < 3; j++) {
                        double er = -0.5 * sqRe + w[j][0] * ur[0] + w[j][1] * ur[1] + rowLog;
                        double ei = -0.5 * sqIm + w[j][0] * ui[0] + w[j][1] * ui[1];
                        double mag = Math.exp(er) / Math.sqrt(3);
                        double re = mag * Math.cos(ei);
                        double im = (side == Side.QUERY ? 1 : -1) * mag * Math.sin(ei);
                        assertThat(out.get(r, j)).as("%s %s row %d Re %d", target, side, r, j).isCloseTo(re, within(1e-14));
                        assertThat(out.get(r, 3 + j)).as("%s %s row %d Im %d", target, side, r, j).isCloseTo(im, within(1e-14));
                    }
                }
            }
        }
    }

    /** The provider's parameter forms: diagonal or full, either part alone, and its refusals. */
    @Test
    void providerBuildsEachParameterFormAndNamesTheBadOne() {
        MechanismRegistry registry = MechanismRegistry.discover();
        java.util.function.Function<Spec, ComplexExponentialFeatures> build = s -> (ComplexExponentialFeatures) registry
                .create(MechanismKind.FEATURE_MAP, "features", s);
        assertThat(build.apply(Spec.of(ComplexExponentialFeatures.ID)).diagonalEntries(2))
                .isDeepEqualTo(new double[][] {{1, 1}, {0, 0}});
        assertThat(build.apply(Spec.of(ComplexExponentialFeatures.ID, "diagonalIm", new double[] {2, -1})).diagonalEntries(2))
                .isDeepEqualTo(new double[][] {{0, 0}, {2, -1}});
        assertThat(build.apply(Spec.of(ComplexExponentialFeatures.ID, "diagonalRe", new double[] {2, -1})).diagonalEntries(2))
                .isDeepEqualTo(new double[][] {{2, -1}, {0, 0}});
        // A = i·[[1, 2], [0, 1]] from matrixIm alone: Aᵀ·M = I
        ComplexExponentialFeatures imOnly = build.apply(Spec.of(ComplexExponentialFeatures.ID, "matrixIm",
                new double[] {1, 2, 0, 1}));
        assertThat(imOnly.isDiagonal()).isFalse();
        assertInverseTranspose(imOnly, 2, 1e-14);
        assertThat(image(imOnly, Side.QUERY, 2, 1)).isDeepEqualTo(new double[][] {{0, 0}, {2, 1}});
        ComplexExponentialFeatures reOnly = build.apply(Spec.of(ComplexExponentialFeatures.ID, "matrixRe",
                new double[] {1, 2, 0, 1}));
        assertThat(image(reOnly, Side.QUERY, 2, 1)).isDeepEqualTo(new double[][] {{2, 1}, {0, 0}});
        assertThatThrownBy(() -> build.apply(Spec.of(ComplexExponentialFeatures.ID, "diagonalRe", new double[] {1},
                "matrixRe", new double[] {1}))).isInstanceOf(InvalidParameterException.class).hasMessageContaining("either");
        assertThatThrownBy(() -> build.apply(Spec.of(ComplexExponentialFeatures.ID, "diagonalIm", new double[] {1},
                "matrixIm", new double[] {1}))).isInstanceOf(InvalidParameterException.class).hasMessageContaining("either");
        assertThatThrownBy(() -> build.apply(Spec.of(ComplexExponentialFeatures.ID, "matrixRe", new double[] {1, 2, 3})))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("features.matrixRe")
                .hasMessageContaining("square");
        assertThatThrownBy(() -> build.apply(Spec.of(ComplexExponentialFeatures.ID, "matrixIm", new double[] {1, 2, 3})))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("features.matrixIm");
        assertThatThrownBy(() -> build.apply(Spec.of(ComplexExponentialFeatures.ID, "matrixRe", new double[] {1, 0, 0, 1},
                "matrixIm", new double[9]))).isInstanceOf(InvalidParameterException.class)
                .hasMessageContaining("features.matrixIm");
        // errors from the factories are re-keyed under the config path
        // the factory's message "parameter 'matrixRe': A is singular …" becomes "parameter 'features.matrixRe': A is …"
        assertThatThrownBy(() -> build.apply(Spec.of(ComplexExponentialFeatures.ID, "matrixRe", new double[] {1, 2, 2, 4})))
                .isInstanceOf(InvalidParameterException.class).hasMessageStartingWith("parameter 'features.matrixRe': A is singular")
                .hasMessageNotContaining("parameter 'matrixRe'");
        assertThatThrownBy(() -> build.apply(Spec.of(ComplexExponentialFeatures.ID, "diagonalRe", new double[] {1, 0})))
                .isInstanceOf(InvalidParameterException.class)
                .hasMessageStartingWith("parameter 'features.diagonalRe[1]': value = 0.0 is not allowed");
    }
}
