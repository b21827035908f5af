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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.rf4j.api.InvalidInputException;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Spec;
import org.rf4j.api.kernel.KernelKind;
import org.rf4j.api.mechanism.Coupling;
import org.rf4j.api.mechanism.DataSample;
import org.rf4j.api.mechanism.DrawnFeatures;
import org.rf4j.api.mechanism.FeatureMap;
import org.rf4j.api.mechanism.FeatureRequest;
import org.rf4j.api.mechanism.PointQuery;
import org.rf4j.api.mechanism.Side;
import org.rf4j.api.random.Seeds;
import org.rf4j.spi.MechanismKind;
import org.rf4j.spi.MechanismRegistry;
import org.rf4j.theory.GeneralizedFeatureTheory;


/** Poisson and geometric RFs and their positive variants (CRT Sec. 3.2, Eq. 9–14, Theorems 3.4–3.5). */
class DiscretelyInducedFeaturesTest {
    private static final Coupling IID = new FeatureMapTestSupport.TestIidCoupling();
    private static final int N = 150_000;

    private static double[][] pair(long seed, int d, double scale) {
        RandomGenerator r = Seeds.generator(seed);
        return new double[][] {FeatureMapTestSupport.vector(r, d, scale), FeatureMapTestSupport.vector(r, d, scale)};
    }

    private static void check(FeatureMap map, KernelKind kind, double[] x, double[] y, DataSample data, long seed,
            double expectedVariance) {
        double[] z = FeatureMapTestSupport.products(map, kind, x, y, N, seed, data);
        double theory = FeatureMapTestSupport.fitted(map, data).theoryMse(new PointQuery(kind, 1, IID, null, x, y)).orElseThrow();
        assertThat(theory).isCloseTo(expectedVariance, within(1e-12 * expectedVariance));
        // discretely induced features are very noisy away from their optimal parameter (Theorems 3.4/3.5),
        // so the points are small enough (|x|, |y| ≈ 0.5√d fitted, 0.4√d and 0.35√d at an explicit parameter) that
        // 1.5·10⁵ draws resolve a bias of 10% of the kernel value in every case (the kit's power rule
        // fails the test otherwise); the variance check resolves a factor 2.5
        FeatureMapTestSupport.assertMatches(z, kind.value(x, y), theory, 0.1, 1.5, map.spec() + " " + kind);
    }

    @Test
    void poissonIsUnbiasedWithTheTheorem34Variance() {
        for (int d : new int[] {2, 5}) {
            double[][] p = pair(d, d, 0.5);
            double[] x = p[0];
            double[] y = p[1];
            DataSample data = DataSample.pair(x, y);
            // fitted λ* (pairwise optimum)
            PoissonFeatures fitted = new PoissonFeatures(false, null, null, 1e-3);
            double stat = 0;
            for (int l = 0; l < d; l++) {
                stat += x[l] * x[l] * y[l] * y[l];
            }
            double lambda = Math.sqrt(stat / d);
            assertThat(FeatureMapTestSupport.fitted(fitted, data).fitted(d).parameter()).isCloseTo(lambda, within(1e-15));
            check(fitted, KernelKind.GAUSSIAN, x, y, data, 11 + d, GeneralizedFeatureTheory.poissonVariance(lambda, x, y));
            // explicit λ, softmax target
            PoissonFeatures explicit = new PoissonFeatures(false, 0.3, null, 1e-3);
            double[][] q = pair(60 + d, d, 0.4);
            x = q[0];
            y = q[1];
            double var = GeneralizedFeatureTheory.poissonVariance(0.3, x, y) * Math.exp(FeatureMapTestSupport.sq(x) + FeatureMapTestSupport.sq(y));
            check(explicit, KernelKind.SOFTMAX, x, y, null, 13 + d, var);
        }
    }

    @Test
    void geometricIsUnbiasedWithTheTheorem35Variance() {
        for (int d : new int[] {2, 4}) {
            double[][] p = pair(20 + d, d, 0.5);
            double[] x = p[0];
            double[] y = p[1];
            DataSample data = DataSample.pair(x, y);
            GeometricFeatures fitted = new GeometricFeatures(false, null, null, 1e-3);
            double[] abs = new double[d];
            for (int l = 0; l < d; l++) {
                abs[l] = Math.abs(x[l] * y[l]);
            }
            double pStar = GeneralizedFeatureTheory.geometricOptimalP(abs);
            assertThat(FeatureMapTestSupport.fitted(fitted, data).fitted(d).parameter()).isEqualTo(pStar);
            check(fitted, KernelKind.GAUSSIAN, x, y, data, 31 + d, GeneralizedFeatureTheory.geometricVariance(pStar, x, y));
            GeometricFeatures explicit = new GeometricFeatures(false, 0.8, null, 1e-3);
            double[][] q = pair(70 + d, d, 0.35);
            x = q[0];
            y = q[1];
            double var = GeneralizedFeatureTheory.geometricVariance(0.8, x, y) * Math.exp(FeatureMapTestSupport.sq(x) + FeatureMapTestSupport.sq(y));
            check(explicit, KernelKind.SOFTMAX, x, y, null, 37 + d, var);
        }
    }

    @Test
    void plusVariantsArePositiveAndUnbiased() {
        int d = 3;
        double[][] p = pair(50, d, 0.6);
        double[] x = p[0];
        double[] y = p[1];
        DataSample data = DataSample.pair(x, y);
        for (DiscretelyInducedFeatures map : List.of(new PoissonFeatures(true, null, null, 0.05),
                new GeometricFeatures(true, null, null, 0.05))) {
            DiscretelyInducedFeatures.Fit fit = FeatureMapTestSupport.fitted(map, data).fitted(d);
            double[] xh = x.clone();
            double[] yh = y.clone();
            for (int l = 0; l < d; l++) {
                assertThat(fit.shift()[l]).isCloseTo(Math.min(x[l], y[l]) - 0.05, within(1e-15));
                xh[l] -= fit.shift()[l];
                yh[l] -= fit.shift()[l];
            }
            double var = map instanceof PoissonFeatures ? GeneralizedFeatureTheory.poissonVariance(fit.parameter(), xh, yh)
                    : GeneralizedFeatureTheory.geometricVariance(fit.parameter(), xh, yh);
            check(map, KernelKind.GAUSSIAN, x, y, data, 60, var);
            DrawnFeatures f = FeatureMapTestSupport.fitted(map, data).draw(new FeatureRequest(KernelKind.SOFTMAX, d, 500, IID,
                    null, Seeds.generator(2)));
            assertThat(f.positive()).isTrue();
            for (double v : f.map(Side.QUERY, x)) {
                assertThat(v).isPositive();
            }
            for (double v : f.map(Side.KEY, y)) {
                assertThat(v).isPositive();
            }
            // an input not above the shift is refused (its features would not be positive)
            double[] below = x.clone();
            below[1] = fit.shift()[1] - 1;
            assertThatThrownBy(() -> f.map(Side.QUERY, below)).isInstanceOf(InvalidInputException.class)
                    .hasMessageContaining("column 2 (1-based)").hasMessageContaining("shift");
        }
        // the non-plus maps are not positive on mixed-sign inputs
        DrawnFeatures f = new PoissonFeatures(false, 1.0, null, 1e-3).draw(new FeatureRequest(
                KernelKind.GAUSSIAN, 2, 400, IID, null, Seeds.generator(3)));
        assertThat(f.positive()).isFalse();
        assertThat(java.util.Arrays.stream(f.map(Side.QUERY, new double[] {-0.5, 0.7})).anyMatch(v -> v < 0)).isTrue();
        // a zero coordinate gives exact zeros where ω_l > 0 and no NaN
        for (double v : f.map(Side.QUERY, new double[] {0.0, 0.7})) {
            assertThat(v).isFinite();
        }
    }

    @Test
    void nonIndependentCouplingsAreRefusedListingTheOnesThatFit() {
        Coupling orthogonal = new FeatureMapTestSupport.TestOrthogonalCoupling();
        for (FeatureMap map : List.of(new PoissonFeatures(false, 0.5, null, 1e-3),
                new GeometricFeatures(true, 0.5, new double[] {-1, -1}, 1e-3))) {
            assertThat(map.accepts(orthogonal)).isFalse();
            assertThat(map.accepts(IID)).isTrue();
            FeatureRequest req = new FeatureRequest(KernelKind.GAUSSIAN, 2, 8, orthogonal, null, Seeds.generator(1));
            assertThatThrownBy(() -> map.draw(req)).isInstanceOf(InvalidParameterException.class)
                    .hasMessageContaining("'orthogonal'").hasMessageContaining("[iid]");
            assertThatThrownBy(() -> new RandomFeaturesEstimator(Spec.of("random-features"), orthogonal, map, null, 8))
                    .isInstanceOf(InvalidParameterException.class).hasMessageContaining("iid");
            assertThat(map.theoryMse(new PointQuery(KernelKind.GAUSSIAN, 8, orthogonal, null, new double[] {1, 1},
                    new double[] {1, 1}))).isEmpty();
        }
    }

    @Test
    void missingDataAndBadParametersFailClearly() {
        FeatureRequest req = new FeatureRequest(KernelKind.GAUSSIAN, 3, 8, IID, null, Seeds.generator(1));
        // drawing never fits: an unfitted map is refused, naming it and what it fits
        assertThatThrownBy(() -> new PoissonFeatures(false, null, null, 1e-3).draw(req))
                .isInstanceOf(org.rf4j.api.mechanism.NotFittedException.class).hasMessageContaining("feature map 'poisson' is not fitted")
                .hasMessageContaining("'lambda'").hasMessageContaining("call fit first");
        assertThatThrownBy(() -> new GeometricFeatures(false, null, null, 1e-3).draw(req))
                .isInstanceOf(org.rf4j.api.mechanism.NotFittedException.class).hasMessageContaining("'geometric'").hasMessageContaining("'p'");
        assertThatThrownBy(() -> new GeometricFeatures(true, 0.5, null, 1e-3).draw(req))
                .isInstanceOf(org.rf4j.api.mechanism.NotFittedException.class).hasMessageContaining("'geometric-plus'").hasMessageContaining("shift");
        // the fit stage without data names the parameter and the theorem
        assertThatThrownBy(() -> new PoissonFeatures(false, null, null, 1e-3).fit(org.rf4j.api.mechanism.FitData.of(
                org.rf4j.api.kernel.Kernel.softmax(), null))).isInstanceOf(InvalidParameterException.class)
                .hasMessageContaining("'lambda'").hasMessageContaining("Theorem 3.4");
        MechanismRegistry reg = MechanismRegistry.builder().add(new PoissonFeatures.Provider(), "t")
                .add(new PoissonFeatures.PlusProvider(), "t").add(new GeometricFeatures.Provider(), "t")
                .add(new GeometricFeatures.PlusProvider(), "t").build();
        assertThatThrownBy(() -> reg.create(MechanismKind.FEATURE_MAP, "features", new Spec("poisson",
                Map.of("lambda", -1)))).isInstanceOf(InvalidParameterException.class)
                .hasMessageContaining("features.lambda");
        assertThatThrownBy(() -> reg.create(MechanismKind.FEATURE_MAP, "features", new Spec("geometric",
                Map.of("p", 1.0)))).isInstanceOf(InvalidParameterException.class).hasMessageContaining("features.p");
        assertThatThrownBy(() -> reg.create(MechanismKind.FEATURE_MAP, "features", new Spec("poisson",
                Map.of("shift", List.of(1.0))))).isInstanceOf(InvalidParameterException.class)
                .hasMessageContaining("shift");
        FeatureMap plus = reg.create(MechanismKind.FEATURE_MAP, "features", new Spec("geometric-plus",
                Map.of("p", 0.3, "shift", List.of(-1.0, -2.0))));
        assertThat(plus.positive()).isTrue();
        assertThat(reg.create(MechanismKind.FEATURE_MAP, "features", plus.spec())).isEqualTo(plus);
        // wrong shift length
        assertThatThrownBy(() -> plus.draw(req)).hasMessageContaining("shift").hasMessageContaining("dimension 3");
        assertThat(new PoissonFeatures(true, 0.2, new double[] {0, 0}, 1e-3).spec())
                .isEqualTo(reg.validate(MechanismKind.FEATURE_MAP, "", new Spec("poisson-plus",
                        Map.of("lambda", 0.2, "shift", List.of(0.0, 0.0)))).spec());
    }

    @Test
    void hugeCoordinatesAreRefusedNamingTheNorm() {
        DrawnFeatures f = new PoissonFeatures(false, 5.0, null, 1e-3).draw(new FeatureRequest(
                KernelKind.SOFTMAX, 2, 64, IID, null, Seeds.generator(4)));
        assertThatThrownBy(() -> f.map(Side.QUERY, new double[] {1e100, 1e100}))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("squared norm");
        // Gaussian target: the same input underflows to exact zeros, never NaN
        DrawnFeatures g = new PoissonFeatures(false, 5.0, null, 1e-3).draw(new FeatureRequest(
                KernelKind.GAUSSIAN, 2, 64, IID, null, Seeds.generator(4)));
        for (double v : g.map(Side.QUERY, new double[] {1e100, -1e100})) {
            assertThat(v).isEqualTo(0.0);
        }
    }

    @ParameterizedTest
    @ValueSource(doubles = {0.3, 4.0, 25.0, 400.0})
    void poissonSamplerHasTheRightMomentsAndMode(double lambda) {
        RandomGenerator r = Seeds.generator(Double.doubleToLongBits(lambda));
        int n = 200_000;
        double sum = 0;
        double sum2 = 0;
        long mode = (long) Math.floor(lambda);
        int atMode = 0;
        for (int i = 0; i < n; i++) {
            long k = FeatureMapSupport.poisson(r, lambda);
            sum += k;
            sum2 += (double) k * k;
            if (k == mode) {
                atMode++;
            }
        }
        double mean = sum / n;
        double var = sum2 / n - mean * mean;
        assertThat(Math.abs(mean - lambda)).isLessThan(4 * Math.sqrt(lambda / n));
        // Var of the sample variance ≈ (μ4 − σ⁴)/n with μ4 = λ(1 + 3λ) for Poisson
        assertThat(Math.abs(var - lambda)).isLessThan(4 * Math.sqrt((lambda * (1 + 3 * lambda) - lambda * lambda) / n));
        double pMode = Math.exp(-lambda + mode * Math.log(lambda) - FeatureMapSupport.logFactorial(mode));
        assertThat(Math.abs(atMode / (double) n - pMode)).isLessThan(4 * Math.sqrt(pMode * (1 - pMode) / n));
    }

    @Test
    void geometricSamplerAndLogFactorial() {
        RandomGenerator r = Seeds.generator(1);
        double p = 0.3;
        int n = 200_000;
        double sum = 0;
        int zeros = 0;
        for (int i = 0; i < n; i++) {
            long k = FeatureMapSupport.geometric(r, p);
            sum += k;
            if (k == 0) {
                zeros++;
            }
        }
        double mean = (1 - p) / p;
        assertThat(Math.abs(sum / n - mean)).isLessThan(4 * Math.sqrt((1 - p) / (p * p) / n));
        assertThat(Math.abs(zeros / (double) n - p)).isLessThan(4 * Math.sqrt(p * (1 - p) / n));
        // ln k! below and above the table boundary agree with the sum of logs
        double acc = 0;
        for (int k = 1; k <= 3000; k++) {
            acc += Math.log(k);
            if (k >= 1000) {
                assertThat(FeatureMapSupport.logFactorial(k)).isCloseTo(acc, within(1e-12 * acc));
            }
        }
        assertThat(FeatureMapSupport.logFactorial(0)).isEqualTo(0.0);
        assertThat(FeatureMapSupport.logFactorial(10)).isCloseTo(Math.log(3628800), within(1e-14));
    }

    @Test
    void providersAreDiscoverable() {
        MechanismRegistry reg = MechanismRegistry.discover();
        assertThat(reg.ids(MechanismKind.FEATURE_MAP)).contains("gerf", "oprf", "poisson", "poisson-plus", "geometric",
                "geometric-plus");
    }
}
