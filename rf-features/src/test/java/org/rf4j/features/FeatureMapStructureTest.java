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

import java.util.List;
import java.util.Map;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.rf4j.api.InvalidInputException;
import org.rf4j.api.Matrix;
import org.rf4j.api.Spec;
import org.rf4j.api.kernel.KernelKind;
import org.rf4j.api.mechanism.Coupling;
import org.rf4j.api.mechanism.DataSample;
import org.rf4j.api.mechanism.DenseProjection;
import org.rf4j.api.mechanism.DrawnFeatures;
import org.rf4j.api.mechanism.FeatureMap;
import org.rf4j.api.mechanism.FeatureRequest;
import org.rf4j.api.mechanism.FitData;
import org.rf4j.api.mechanism.Projection;
import org.rf4j.api.mechanism.Side;
import org.rf4j.api.random.Seeds;
import org.rf4j.theory.GeneralizedFeatureTheory;
import org.rf4j.theory.special.Complex;



/**
 * Structure of the drawn maps that the Monte Carlo contracts cannot see: the stabilised batch map
 * is the plain map rescaled row by row (ψᵢ·e^{cᵢ} = φᵢ, with the default path dividing by the row's
 * largest feature), the positive map refuses rows whose features overflow, {@code positive()} agrees
 * with the signs of the features, and a fitted GERF uses the Eq. 8 statistics of its data.
 */
class FeatureMapStructureTest {
    private static final int D = 4;
    private static final int M = 16;

    private static List<FeatureMap> maps() {
        return List.of(new TrigonometricFeatures(), new PositiveFeatures(), new HyperbolicFeatures(),
                new GerfFeatures(Complex.of(-0.05, 0), 1), new GerfFeatures(Complex.of(-0.05, 0.1), 1),
                new GerfFeatures(Complex.of(0.02, 0), -1), new OprfFeatures(0.7));
    }

    private static Matrix batch(int n, double scale, long seed) {
        RandomGenerator r = Seeds.generator(seed);
        Matrix x = Matrix.zeros(n, D);
        for (int i = 0; i < x.data().length; i++) {
            x.data()[i] = scale * r.nextGaussian() * (1 + (i / D) % 3);
        }
        return x;
    }

    private static DrawnFeatures draw(FeatureMap map, KernelKind kind, Coupling c, long seed) {
        return map.draw(new FeatureRequest(kind, D, M, c, null, Seeds.generator(seed)));
    }

    @Test
    void stabilisedMapIsThePlainMapRescaledRowByRow() {
        Matrix x = batch(25, 0.4, 1);
        for (FeatureMap map : maps()) {
            for (KernelKind kind : KernelKind.values()) {
                DrawnFeatures f = draw(map, kind, new FeatureMapTestSupport.TestIidCoupling(), 2);
                Matrix plain = f.map(Side.QUERY, x, null);
                double[] c = new double[x.rows()];
                java.util.Arrays.fill(c, Double.NaN);
                Matrix stab = f.mapStabilized(Side.QUERY, x, null, c);
                int w = plain.cols();
                for (int i = 0; i < x.rows(); i++) {
                    double rowMax = 0;
                    for (int j = 0; j < w; j++) {
                        rowMax = Math.max(rowMax, Math.abs(plain.get(i, j)));
                    }
                    assertThat(c[i]).as("%s %s row %d log scale", map, kind, i).isFinite();
                    double e = Math.exp(c[i]);
                    for (int j = 0; j < w; j++) {
                        assertThat(stab.get(i, j) * e).as("%s %s ψ·e^c = φ at (%d, %d)", map, kind, i, j)
                                .isCloseTo(plain.get(i, j), within(1e-12 * rowMax));
                    }
                }
            }
        }
    }

    /**
     * The default stabiliser divides each row by its largest absolute feature, so every stabilised
     * trigonometric row peaks at exactly the column scale 1/√m, whatever the row's own scale.
     */
    @Test
    void defaultStabiliserNormalisesEveryRowToItsLargestFeature() {
        Matrix x = batch(25, 2.0, 3);
        for (KernelKind kind : KernelKind.values()) {
            DrawnFeatures f = draw(new TrigonometricFeatures(), kind, new FeatureMapTestSupport.TestIidCoupling(), 4);
            double[] c = new double[x.rows()];
            Matrix stab = f.mapStabilized(Side.KEY, x, null, c);
            for (int i = 0; i < x.rows(); i++) {
                double mx = 0;
                for (int j = 0; j < stab.cols(); j++) {
                    mx = Math.max(mx, Math.abs(stab.get(i, j)));
                }
                assertThat(mx).as("%s row %d peak", kind, i).isCloseTo(1 / Math.sqrt(M), within(1e-15));
            }
        }
    }

    /**
     * exp(wᵀx − |x|²/2) overflows for |w| = 50 along x = 50·e₁ (exponent 1250): the positive map
     * refuses the row naming it rather than returning +∞; the stabilised map is finite there.
     */
    @Test
    void positiveFeaturesRefuseAnOverflowingRowAndStabiliseIt() {
        Matrix w = Matrix.zeros(M, D);
        for (int j = 0; j < M; j++) {
            w.set(j, j % D, j == 0 ? 50.0 : 0.5);
        }
        Matrix x = batch(3, 0.3, 5);
        x.set(1, 0, 50.0);
        x.set(1, 1, 0);
        x.set(1, 2, 0);
        x.set(1, 3, 0);
        DrawnFeatures f = new PositiveFeatures().draw(new FeatureRequest(KernelKind.SOFTMAX, D, M, new FeatureMapTestSupport.FixedCoupling(w),
                null, Seeds.generator(1)));
        assertThatThrownBy(() -> f.map(Side.QUERY, x, null)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("row 2 (1-based)").hasMessageContaining("overflows");
        double[] c = new double[3];
        Matrix s = f.mapStabilized(Side.QUERY, x, null, c);
        for (double v : s.data()) {
            assertThat(v).isFinite().isGreaterThanOrEqualTo(0.0);
        }
        assertThat(c[1]).isCloseTo(2500 - 1250.0, within(1e-9));
    }

    /** {@code positive()} of the map and of its draws agrees with the signs of the features. */
    @Test
    void positiveFlagsAgreeWithTheFeatures() {
        Matrix x = batch(40, 0.8, 6);
        for (FeatureMap map : maps()) {
            DrawnFeatures f = draw(map, KernelKind.GAUSSIAN, new FeatureMapTestSupport.TestIidCoupling(), 7);
            Matrix phi = f.map(Side.QUERY, x, null);
            boolean allNonNegative = true;
            for (double v : phi.data()) {
                allNonNegative &= v >= 0;
            }
            assertThat(f.positive()).as("%s drawn positive()", map).isEqualTo(allNonNegative);
            assertThat(map.positive()).as("%s positive()", map).isEqualTo(allNonNegative);
        }
        assertThat(GerfFeatures.fitted().positive()).as("a fitted GERF may turn out complex").isFalse();
    }

    /**
     * A fitted GERF minimises Eq. 6 at the Eq. 8 averages: |x|² + |y|² averaged as mean|x|² + mean|y|²
     * (query and key with different mean norms, so a difference instead of the sum shows), and
     * |x ± y|² averaged over all pairs; configured data is kept and used when the draw brings none.
     */
    @Test
    void fittedGerfUsesTheDataAverages() {
        Matrix q = batch(30, 0.3, 8);
        Matrix k = batch(20, 0.6, 9);
        DataSample sample = new DataSample(q, k);
        double qq = 0;
        for (int i = 0; i < q.rows(); i++) {
            for (int l = 0; l < D; l++) {
                qq += q.get(i, l) * q.get(i, l);
            }
        }
        qq /= q.rows();
        double kk = 0;
        for (int i = 0; i < k.rows(); i++) {
            for (int l = 0; l < D; l++) {
                kk += k.get(i, l) * k.get(i, l);
            }
        }
        kk /= k.rows();
        double plus = 0;
        double minus = 0;
        for (int i = 0; i < q.rows(); i++) {
            for (int j = 0; j < k.rows(); j++) {
                for (int l = 0; l < D; l++) {
                    double a = q.get(i, l);
                    double b = k.get(j, l);
                    plus += (a + b) * (a + b);
                    minus += (a - b) * (a - b);
                }
            }
        }
        plus /= q.rows() * (double) k.rows();
        minus /= q.rows() * (double) k.rows();
        GeneralizedFeatureTheory.GerfParameters expected = GeneralizedFeatureTheory.optimalGerf(D, qq + kk, plus, minus);
        GeneralizedFeatureTheory.GerfParameters got = FeatureMapTestSupport.fitted(GerfFeatures.fitted(), sample).parameters();
        assertThat(got.s()).isEqualTo(expected.s());
        assertThat(got.a().re()).isCloseTo(expected.a().re(), within(1e-9));
        assertThat(got.a().im()).isCloseTo(expected.a().im(), within(1e-9));

        // a configured data file reaches the map at its fit stage (times dataScale), and wins over shared data
        GerfFeatures configured = new GerfFeatures(Complex.ZERO, 1, true, 0.5, Spec.of(GerfFeatures.ID));
        FitData fd = new FitData(org.rf4j.api.kernel.Kernel.gaussian(1), DataSample.pair(new double[D], new double[D]),
                Map.of("estimator.features.data", sample.query().scaled(2.0)), "estimator.features", 0L);
        DataSample symmetric = DataSample.symmetric(sample.query());
        GerfFeatures fromFile = (GerfFeatures) configured.fit(fd);
        assertThat(fromFile.parameters()).isEqualTo(FeatureMapTestSupport.fitted(GerfFeatures.fitted(), symmetric).parameters());
        assertThatThrownBy(() -> GerfFeatures.fitted().parameters())
                .isInstanceOf(org.rf4j.api.mechanism.NotFittedException.class).hasMessageContaining("feature map 'gerf' is not fitted");
    }
}
