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

import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.rf4j.api.InvalidInputException;
import org.rf4j.api.Matrix;
import org.rf4j.api.kernel.KernelKind;
import org.rf4j.api.linalg.Parallelism;
import org.rf4j.api.mechanism.DenseProjection;
import org.rf4j.api.mechanism.FeatureMap;
import org.rf4j.api.mechanism.FeatureRequest;
import org.rf4j.api.mechanism.Projection;
import org.rf4j.api.mechanism.ProjectionFeatureMap;
import org.rf4j.api.mechanism.DrawnFeatures;
import org.rf4j.api.mechanism.Side;
import org.rf4j.api.random.Seeds;
import org.rf4j.api.mechanism.Coupling;
import org.rf4j.testkit.StandardGaussianCoupling;

/** The parallel, vectorised batch path of the projection feature maps. */
class FeatureHotPathTest {
    /** Independent N(0, I) projections (the test does not depend on rf-couplings' module). */
    private static final Coupling IID = new StandardGaussianCoupling();

    private static final FeatureMap[] MAPS = {new PositiveFeatures(), new TrigonometricFeatures(), new HyperbolicFeatures()};

    private static Matrix gaussian(int n, int d, double std, long seed) {
        RandomGenerator g = Seeds.generator(seed);
        Matrix x = Matrix.zeros(n, d);
        for (int i = 0; i < x.data().length; i++) {
            x.data()[i] = std * g.nextGaussian();
        }
        return x;
    }

    private static DrawnFeatures draw(FeatureMap map, KernelKind kind, int d, int m, long seed) {
        return map.draw(new FeatureRequest(kind, d, m, IID, null, Seeds.generator(seed)));
    }

    /** The textbook formula of each map, evaluated with Math on one row. */
    private static double[] reference(String id, KernelKind kind, Matrix w, double[] weights, double[] x) {
        int m = w.rows();
        double sq = 0;
        for (double v : x) {
            sq += v * v;
        }
        double[] z = new double[m];
        for (int j = 0; j < m; j++) {
            for (int k = 0; k < x.length; k++) {
                z[j] += w.get(j, k) * x[k];
            }
        }
        boolean gauss = kind == KernelKind.GAUSSIAN;
        double[] out;
        switch (id) {
            case "positive" -> {
                out = new double[m];
                for (int j = 0; j < m; j++) {
                    out[j] = Math.exp(z[j] - (gauss ? sq : 0.5 * sq)) / Math.sqrt(m);
                }
            }
            case "hyperbolic" -> {
                out = new double[2 * m];
                for (int j = 0; j < m; j++) {
                    double c = gauss ? sq : 0.5 * sq;
                    out[j] = Math.exp(z[j] - c) / Math.sqrt(2.0 * m);
                    out[m + j] = Math.exp(-z[j] - c) / Math.sqrt(2.0 * m);
                }
            }
            default -> {
                out = new double[2 * m];
                double f = gauss ? 1 : Math.exp(0.5 * sq);
                for (int j = 0; j < m; j++) {
                    out[j] = f * Math.cos(z[j]) / Math.sqrt(m);
                    out[m + j] = f * Math.sin(z[j]) / Math.sqrt(m);
                }
            }
        }
        if (weights != null) {
            for (int j = 0; j < out.length; j++) {
                out[j] *= Math.sqrt(weights[j % m]);
            }
        }
        return out;
    }

    @Test
    void batchFeaturesEqualTheTextbookFormulasForEveryMapKindAndChunkBoundary() {
        int d = 7;
        int m = 37;
        Matrix w = gaussian(m, d, 1.0, 1);
        double[] weights = new double[m];
        for (int j = 0; j < m; j++) {
            weights[j] = 0.5 + j / (double) m;
        }
        for (FeatureMap map : MAPS) {
            for (KernelKind kind : KernelKind.values()) {
                for (double[] wts : new double[][] {null, weights}) {
                    Projection p = new DenseProjection(w, wts);
                    DrawnFeatures rf = ((ProjectionFeatureMap) map).bind(p,
                            new FeatureRequest(kind, d, m, IID, null, Seeds.generator(0)));
                    for (int n : new int[] {1, 63, 64, 65, 200}) {
                        Matrix x = gaussian(n, d, 0.4, n);
                        Matrix f = rf.map(Side.QUERY, x, null);
                        for (int i = 0; i < n; i += 13) {
                            double[] ref = reference(map.spec().id(), kind, w, wts, x.row(i));
                            double[] got = f.row(i);
                            for (int j = 0; j < ref.length; j++) {
                                assertThat(got[j]).as("%s %s n=%d row %d col %d", map.spec().id(), kind, n, i, j)
                                        .isCloseTo(ref[j], org.assertj.core.data.Offset.offset(1e-13 * (1 + Math.abs(ref[j]))));
                            }
                        }
                    }
                }
            }
        }
    }

    @Test
    void featuresAreBitIdenticalForEveryThreadCount() {
        int before = Parallelism.defaults().threads();
        try {
            for (FeatureMap map : MAPS) {
                DrawnFeatures rf = draw(map, KernelKind.SOFTMAX, 16, 70, 3);
                // 3000 rows: above the one-thread threshold (3000 × 70 × (16 + 32) multiply-adds), so threads split the batch
                Matrix x = gaussian(3000, 16, 0.5, 4);
                Parallelism.setDefault(1);
                Matrix one = rf.map(Side.KEY, x, null);
                double[] c1 = new double[3000];
                Matrix s1 = rf.mapStabilized(Side.KEY, x, null, c1);
                for (int t : new int[] {2, 3, 5}) {
                    Parallelism.setDefault(t);
                    assertThat(rf.map(Side.KEY, x, null)).isEqualTo(one);
                    double[] ct = new double[3000];
                    assertThat(rf.mapStabilized(Side.KEY, x, null, ct)).isEqualTo(s1);
                    assertThat(ct).isEqualTo(c1);
                }
            }
        } finally {
            Parallelism.setDefault(before);
        }
    }

    @Test
    void stabilisedFeaturesTimesTheirScaleAreTheFeatures() {
        for (FeatureMap map : new FeatureMap[] {new PositiveFeatures(), new HyperbolicFeatures()}) {
            DrawnFeatures rf = draw(map, KernelKind.GAUSSIAN, 5, 20, 9);
            Matrix x = gaussian(50, 5, 0.7, 10);
            Matrix plain = rf.map(Side.QUERY, x, null);
            double[] c = new double[50];
            Matrix stab = rf.mapStabilized(Side.QUERY, x, null, c);
            for (int i = 0; i < 50; i++) {
                double mx = 0;
                for (int j = 0; j < plain.cols(); j++) {
                    double expected = plain.get(i, j);
                    assertThat(stab.get(i, j) * Math.exp(c[i])).isCloseTo(expected,
                            org.assertj.core.data.Offset.offset(1e-12 * expected));
                    mx = Math.max(mx, stab.get(i, j));
                }
                assertThat(mx).isLessThanOrEqualTo(1.0);
            }
        }
    }

    @Test
    void stabilisedFeaturesKeepRowsWherePlainFeaturesUnderflow() {
        DrawnFeatures rf = draw(new PositiveFeatures(), KernelKind.SOFTMAX, 4, 16, 1);
        Matrix x = gaussian(70, 4, 1.0, 2);
        for (int j = 0; j < 4; j++) {
            x.set(66, j, 40.0 * (j + 1));
        }
        Matrix plain = rf.map(Side.QUERY, x, null);
        for (int j = 0; j < 16; j++) {
            assertThat(plain.get(66, j)).isZero(); // exp(wᵀx − |x|²/2) with |x|²/2 = 24000
        }
        double[] c = new double[70];
        Matrix s = rf.mapStabilized(Side.QUERY, x, null, c);
        double mx = 0;
        for (int j = 0; j < 16; j++) {
            mx = Math.max(mx, s.get(66, j));
        }
        // e^0 times the column scale 1/√16; the scale is folded into the exponent as log(1/4) beside
        // the row's largest exponent (hundreds here), so it carries that value's rounding (< 1e-12)
        assertThat(mx).isCloseTo(0.25, org.assertj.core.data.Offset.offset(0.25 * 4e-12));
        assertThat(c[66]).isLessThan(-10000);
    }

    @Test
    void overflowingRowsAreStillReportedByRow() {
        DrawnFeatures rf = draw(new TrigonometricFeatures(), KernelKind.SOFTMAX, 4, 16, 1);
        Matrix x = gaussian(130, 4, 1.0, 2);
        x.set(97, 1, 40.0); // softmax trig features carry exp(|x|²/2) = exp(800)
        assertThatThrownBy(() -> rf.map(Side.QUERY, x, null)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("row 98 (1-based)").hasMessageContaining("overflows");
    }
}
