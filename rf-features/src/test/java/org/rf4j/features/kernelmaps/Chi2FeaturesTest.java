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
package org.rf4j.features.kernelmaps;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;
import org.rf4j.api.InvalidInputException;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Matrix;
import org.rf4j.api.SparseMatrix;
import org.rf4j.api.mechanism.Side;
import org.rf4j.testkit.MonteCarlo;
import org.rf4j.theory.ExactKernels;
import org.rf4j.theory.ShiftInvariantTheory;

/**
 * The χ² maps. The additive map reproduces scikit-learn 1.2.1's {@code AdditiveChi2Sampler} (values
 * printed by it, to 1e-12 relative) and approaches the exact kernel as the sampling refines. The
 * skewed map is unbiased for the skewed χ² kernel (4,000 maps of m = 32, the tolerance of 4.5
 * standard errors at most 5% of k) with the random-Fourier MSE of the log-differences.
 */
class Chi2FeaturesTest {
    private static final Matrix X = Matrix.of(new double[][] {{0.0, 0.25, 3.0, 1e-3}, {2.5, 0.0, 0.5, 16.0}});

    @Test
    void additiveMatchesScikitLearn() {
        assertClose(new AdditiveChi2Features(4, 1).transform(X), new double[][] {
            {0.0, 0.4472135954999579, 1.5491933384829668, 0.0282842712474619},
            {1.4142135623730951, 0.0, 0.6324555320336759, 3.5777087639996634},
        });
        assertClose(new AdditiveChi2Features(4, 2).transform(X), new double[][] {
            {0.0, 0.3535533905932738, 1.224744871391589, 0.022360679774997897, 0.0, 0.24280938352033396,
                0.9325805171493341, -0.018997838293302715, 0.0, -0.20168739948016595, 0.5708800443601446,
                0.006133429344168534},
            {1.118033988749895, 0.0, 0.5, 2.8284271247461903, 0.8952324484945733, 0.0, 0.41985319973842744,
                0.46326388185456235, 0.4414758221107672, 0.0, -0.15163013664373406, 2.482332697521271},
        });
        assertClose(new AdditiveChi2Features(4, 3).transform(X), new double[][] {
            {0.0, 0.31622776601683794, 1.0954451150103324, 0.02, 0.0, 0.2758920563194469, 1.017360284673664,
                -0.01907179288095349, 0.0, -0.17087056583324836, 0.4782637089189276, -0.007584156138912286, 0.0,
                0.07993401143320161, 0.3965290170203385, 0.008248432920966445, 0.0, -0.16062496603573834,
                0.4785840045742313, 0.00779247444265672},
            {1.0, 0.0, 0.4472135954999579, 2.5298221281347035, 0.9580619010491752, 0.0, 0.44141323544900773,
                1.1566544648258554, 0.3677623741514533, 0.0, -0.12562129432199556, 2.3242619855628672,
                0.4216333947099266, 0.0, 0.21571092971440592, -0.8655199755743413, 0.3796360618319026, 0.0,
                -0.1335980785689571, 1.144999576130948},
        });
        assertClose(new AdditiveChi2Features(4, 4, 0.3).transform(X), new double[][] {
            {0.0, 0.27386127875258304, 0.9486832980505138, 0.017320508075688773, 0.0, 0.2914170852853388,
                1.0441718317137607, -0.009686666535132228, 0.0, -0.1287043216859981, 0.35716918408198783,
                -0.017667013655526802, 0.0, 0.14212715944730206, 0.577819594204677, -0.00717609526048954, 0.0,
                -0.15596199414795386, 0.4476782252992934, 0.011251699831449484, 0.0, 0.042230618184994385,
                0.25326511457729395, 0.008392860210637123, 0.0, -0.12611111951613088, 0.38484549714519684,
                0.0005564672463844652},
            {0.8660254037844386, 0.0, 0.3872983346207417, 2.1908902300206643, 0.9695934860503116, 0.0,
                0.44082458928586793, 1.716633296728078, 0.2734514069763709, 0.0, -0.0930114052934178,
                1.8837325196649417, 0.5689385259555626, 0.0, 0.2729729035009253, -0.1563549793693717,
                0.34864263135073403, 0.0, -0.12055845095473385, 1.6808053417873756, 0.2854813936016467, 0.0,
                0.15265603183542586, -0.8493962233519968, 0.308828058450407, 0.0, -0.10986817146043118,
                0.6407200548920542},
        });
    }

    /**
     * The map's inner product is a quadrature of {@code √(ab)∫sech(πλ)cos(λ ln(a/b))dλ}: with a fine
     * interval and enough steps it reaches the exact kernel (here to 1e-6 relative); scikit-learn's
     * default intervals for 1, 2, 3 steps come closer step by step.
     */
    @Test
    void additiveApproachesTheExactKernel() {
        double[] x = {0.3, 1.2, 0.0, 4.0, 0.7};
        double[] y = {0.5, 0.9, 2.0, 3.1, 0.1};
        double k = ExactKernels.additiveChi2(x, y);
        assertThat(KernelMapMonteCarlo.estimate(new AdditiveChi2Features(5, 120, 0.05), x, y))
                .isCloseTo(k, within(1e-6 * k));
        // scikit-learn's defaults are coarse quadratures: each step is closer (19%, 9.6%, 4.6% low here, as in scikit-learn)
        double[] u = {0.3, 1.2, 4.0};
        double[] v = {0.5, 0.9, 3.1};
        double exact = ExactKernels.additiveChi2(u, v);
        double previous = Double.POSITIVE_INFINITY;
        for (int steps = 1; steps <= 3; steps++) {
            double error = Math.abs(KernelMapMonteCarlo.estimate(new AdditiveChi2Features(3, steps), u, v) - exact);
            assertThat(error).as("steps %d", steps).isLessThan(previous);
            previous = error;
        }
        assertThat(previous).isLessThan(0.05 * exact);
    }

    @Test
    void skewedIsUnbiasedWithTheRandomFourierMse() {
        double c = 0.5;
        double[][][] pairs = {
            {{0.3, 1.2, 0.0, 4.0}, {0.5, 0.9, 2.0, 3.1}},
            {{0.0, 0.1, 0.0, 0.2}, {0.05, 0.0, 0.3, 0.2}},
        };
        int m = 32;
        for (double[][] p : pairs) {
            double k = ExactKernels.skewedChi2(c, p[0], p[1]);
            // k at twice the log-difference: Π sech(Δ_i), Δ_i = ln(x_i + c) − ln(y_i + c)
            double k2 = 1;
            for (int i = 0; i < 4; i++) {
                k2 /= Math.cosh(Math.log(p[0][i] + c) - Math.log(p[1][i] + c));
            }
            MonteCarlo.Estimates e = KernelMapMonteCarlo.run(4000, 31, k, p[0], p[1],
                    seed -> new SkewedChi2Features(4, m, c, seed));
            e.assertUnbiased(k, 0.05);
            e.assertMse(ShiftInvariantTheory.randomFourierMse(k, k2, m));
        }
    }

    @Test
    void skewedIsTheCosineOfTheLogProjection() {
        SkewedChi2Features f = new SkewedChi2Features(3, 4, 0.25, 5);
        double[] x = {0.0, 1.5, 0.2};
        double[] phi = f.transform(Matrix.row(x)).data();
        Matrix w = f.weights();
        double[] b = f.phases();
        for (int j = 0; j < 4; j++) {
            double z = b[j];
            for (int i = 0; i < 3; i++) {
                z += w.get(j, i) * Math.log(x[i] + 0.25);
            }
            assertThat(phi[j]).isCloseTo(Math.sqrt(2.0 / 4) * Math.cos(z), within(1e-13));
        }
        assertThat(new SkewedChi2Features(3, 4, 0.25, 5).transform(Matrix.row(x)).data()).isEqualTo(phi);
    }

    @Test
    void negativeEntriesAreRefusedNamingRowAndColumn() {
        Matrix bad = Matrix.of(new double[][] {{0.0, 1.0, 2.0}, {0.5, -0.25, 1.0}});
        assertThatThrownBy(() -> new AdditiveChi2Features(3, 2).transform(bad))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("feature-map input row 2, column 2 (1-based): entry -0.25 is not allowed for the chi2 "
                        + "kernel; allowed: a number >= 0 (a histogram count or frequency)");
        // skewed χ²: entries down to (not including) −c are allowed
        assertThat(new SkewedChi2Features(3, 8, 0.5, 1).transform(bad).rows()).isEqualTo(2);
        SkewedChi2Features s = new SkewedChi2Features(3, 8, 0.25, 1);
        assertThatThrownBy(() -> s.transform(Matrix.of(new double[][] {{0.0, 1.0, 2.0}, {0.5, 1.0, -0.25}})))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("row 2, column 3 (1-based): entry -0.25 is not allowed for the skewed-chi2 kernel")
                .hasMessageContaining("allowed: a number > -skewedness = -0.25");
    }

    /**
     * A sparse batch is mapped a few dense rows at a time (one row per chunk at 2²⁰ columns); a bad
     * entry is still named by its row in the whole batch, and the features equal the dense twin's.
     */
    @Test
    void sparseInputIsCheckedAndMappedAsItsDenseTwin() {
        int wide = 1 << 20;
        SparseMatrix bad = SparseMatrix.builder(wide).add(5, 1.0).endRow().add(7, 2.0).endRow()
                .add(wide - 1, -3.0).endRow().build();
        assertThatThrownBy(() -> new AdditiveChi2Features(wide, 1).map(Side.QUERY, bad, null))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("feature-map input row 3, column 1048576 (1-based): entry -3.0");
        SparseMatrix good = SparseMatrix.fromDense(X);
        AdditiveChi2Features f = new AdditiveChi2Features(4, 3);
        assertThat(f.map(Side.QUERY, good, null)).isEqualTo(f.transform(X));
    }

    @Test
    void refusesBadParameters() {
        assertThatThrownBy(() -> new AdditiveChi2Features(3, 4)).isInstanceOf(InvalidParameterException.class)
                .hasMessageContaining("'sampleInterval'").hasMessageContaining("sampleSteps = 4");
        assertThatThrownBy(() -> new AdditiveChi2Features(3, 0)).isInstanceOf(InvalidParameterException.class)
                .hasMessageContaining("'sampleSteps' = 0");
        assertThatThrownBy(() -> new AdditiveChi2Features(3, 2, 0.0)).isInstanceOf(InvalidParameterException.class)
                .hasMessageContaining("'sampleInterval' = 0.0");
        assertThatThrownBy(() -> new SkewedChi2Features(3, 8, -1, 1)).isInstanceOf(InvalidParameterException.class)
                .hasMessageContaining("'skewedness' = -1.0");
    }

    private static void assertClose(Matrix actual, double[][] expected) {
        assertThat(actual.rows()).isEqualTo(expected.length);
        assertThat(actual.cols()).isEqualTo(expected[0].length);
        for (int i = 0; i < expected.length; i++) {
            for (int j = 0; j < expected[i].length; j++) {
                assertThat(actual.get(i, j)).as("(%d, %d)", i, j)
                        .isCloseTo(expected[i][j], within(1e-12 * Math.max(1e-3, Math.abs(expected[i][j]))));
            }
        }
    }
}
