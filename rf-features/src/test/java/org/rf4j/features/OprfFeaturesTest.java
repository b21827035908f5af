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

import java.util.Map;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Matrix;
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
import org.rf4j.theory.Vectors;
import org.rf4j.theory.special.Complex;


/** OPRF (CRT Theorem 3.3, Eq. 7–8) and FAVOR++ (Theorem 4.1). */
class OprfFeaturesTest {
    private static final Coupling IID = new FeatureMapTestSupport.TestIidCoupling();

    @Test
    void pairwiseOptimumIsUnbiasedWithTheClosedFormVariance() {
        for (int d : new int[] {2, 8, 32}) {
            RandomGenerator r = Seeds.generator(d);
            // |x|² ≈ 0.64·√d up to d = 8, then held at the d = 8 value: with |x|² growing like √d, d = 32 could
            // resolve only a 25% bias; at the same |x|² it resolves 10%
            int dn = Math.min(d, 8);
            double scale = 0.8 / Math.sqrt(Math.sqrt(dn)) * Math.sqrt(dn / (double) d);
            double[] x = FeatureMapTestSupport.vector(r, d, scale);
            double[] y = FeatureMapTestSupport.vector(r, d, scale);
            DataSample pair = DataSample.pair(x, y);
            OprfFeatures map = new OprfFeatures();
            double a = FeatureMapTestSupport.fitted(map, pair).a();
            assertThat(a).isCloseTo(GeneralizedFeatureTheory.optimalPositiveA(Vectors.squaredNormOfSum(x, y, 1), d), within(1e-15))
                    .isNegative();
            for (KernelKind kind : KernelKind.values()) {
                double[] z = FeatureMapTestSupport.products(map, kind, x, y, 200_000, 77 + d, pair);
                double theory = FeatureMapTestSupport.fitted(map, pair).theoryMse(new PointQuery(kind, 1, IID, null, x, y)).orElseThrow();
                // d ≤ 8 resolve a 5% bias and a 50% variance error; d = 32 a 10% bias and a variance off by a
                // factor 2.5 (its relative noise is larger at the same |x|²)
                boolean weak = d > 8;
                FeatureMapTestSupport.assertMatches(z, kind.value(x, y), theory, weak ? 0.1 : 0.05, weak ? 1.5 : 0.5,
                        "oprf d=" + d + " " + kind);
                // lower than positive RFs' variance (Theorem 3.3: A* minimises over real A, A = 0 included)
                assertThat(theory).isLessThanOrEqualTo(GeneralizedFeatureTheory.gerfMse(kind, Complex.ZERO, 1, x, y, 1));
            }
        }
    }

    @Test
    void aStarMinimisesTheMonteCarloVarianceToo() {
        // the closed-form minimiser is checked in GeneralizedFeatureTheoryTest; here the drawn features agree:
        // MC variance at A* is below the MC variance at A*/3 and 3A* by more than their SEs
        int d = 8;
        RandomGenerator r = Seeds.generator(42);
        double[] x = FeatureMapTestSupport.vector(r, d, 0.3);
        double[] y = x.clone();
        double aStar = GeneralizedFeatureTheory.optimalPositiveA(Vectors.squaredNormOfSum(x, y, 1), d);
        double k = KernelKind.GAUSSIAN.value(x, y);
        FeatureMapTestSupport.Stats best = FeatureMapTestSupport.stats(FeatureMapTestSupport.products(
                new GerfFeatures(Complex.real(aStar), 1), KernelKind.GAUSSIAN, x, y, 100_000, 5, null), k);
        for (double f : new double[] {1.0 / 3, 3.0}) {
            FeatureMapTestSupport.Stats other = FeatureMapTestSupport.stats(FeatureMapTestSupport.products(
                    new GerfFeatures(Complex.real(aStar * f), 1), KernelKind.GAUSSIAN, x, y, 100_000, 5, null), k);
            assertThat(other.meanSquaredError() - best.meanSquaredError())
                    .isGreaterThan(4 * Math.hypot(other.mseSe(), best.mseSe()));
        }
    }

    @Test
    void featuresArePositiveAndBounded() {
        int d = 16;
        int m = 4000;
        RandomGenerator r = Seeds.generator(9);
        Matrix data = Matrix.zeros(50, d);
        for (int i = 0; i < data.data().length; i++) {
            data.data()[i] = 0.5 * r.nextGaussian();
        }
        DataSample sample = DataSample.symmetric(data);
        OprfFeatures map = new OprfFeatures();
        double a = FeatureMapTestSupport.fitted(map, sample).a();
        assertThat(a).isNegative();
        DrawnFeatures f = FeatureMapTestSupport.fitted(map, sample).draw(new FeatureRequest(KernelKind.GAUSSIAN, d, m, IID,
                null, Seeds.generator(3)));
        assertThat(f.positive()).isTrue();
        for (int i = 0; i < 50; i++) {
            double[] x = FeatureMapTestSupport.vector(r, d, 1.0);
            double sq = Vectors.squaredNorm(x);
            // f(ω, x) = D e^{A|ω|² + Bωᵀx − |x|²} ≤ D e^{−|x|²/(4A)} (maximum at ω = −Bx/(2A)), times 1/√m
            double bound = Math.exp(d / 4.0 * Math.log1p(-4 * a) - sq / (4 * a)) / Math.sqrt(m);
            for (double v : f.map(Side.QUERY, x)) {
                assertThat(v).isPositive().isLessThanOrEqualTo(bound * (1 + 1e-12));
            }
        }
    }

    @Test
    void dataStatisticsAreTheAllPairsAverageOfEq8() {
        int d = 5;
        RandomGenerator r = Seeds.generator(10);
        Matrix q = Matrix.zeros(30, d);
        Matrix k = Matrix.zeros(20, d);
        for (int i = 0; i < q.data().length; i++) {
            q.data()[i] = r.nextGaussian() + 0.3;
        }
        for (int i = 0; i < k.data().length; i++) {
            k.data()[i] = 0.5 * r.nextGaussian();
        }
        double brute = 0;
        for (int i = 0; i < 30; i++) {
            for (int j = 0; j < 20; j++) {
                brute += Vectors.squaredNormOfSum(q.row(i), k.row(j), 1);
            }
        }
        brute /= 600;
        DataSample s = new DataSample(q, k);
        assertThat(FeatureMapTestSupport.fitted(new OprfFeatures(), s).rho())
                .isCloseTo(GeneralizedFeatureTheory.rhoStar(brute, d), within(1e-12));
        // explicit rho wins over data
        assertThat(FeatureMapTestSupport.fitted(new OprfFeatures(0.4), s).rho()).isEqualTo(0.4);
    }

    @Test
    void dataFileAndExplicitParametersThroughConfig() {
        Matrix file = Matrix.of(new double[][] {{1, 0, 0}, {0, 1, 0}, {0.5, 0.5, 0.5}});
        MechanismRegistry reg = MechanismRegistry.builder().add(new OprfFeatures.Provider(), "test")
                .add(new RandomFeaturesEstimator.Provider(), "test").add(new org.rf4j.couplings.IidCoupling.Provider(), "test")
                .build();
        Spec oprfSpec = new Spec("oprf", Map.of("data", "train.csv", "dataScale", 0.5));
        // the registry names the file for the config loader; the map itself reads nothing
        Spec estSpec = Spec.of("random-features", "features", oprfSpec, "m", 16L);
        assertThat(reg.dataFiles(MechanismKind.ESTIMATOR, "estimator", estSpec))
                .containsExactly(Map.entry("estimator.features.data", "train.csv"));
        OprfFeatures fromFile = (OprfFeatures) reg.create(MechanismKind.FEATURE_MAP, "features", oprfSpec);
        assertThat(fromFile.needsFit()).isTrue();
        // fitted through an estimator, the file's rows (times dataScale) are divided by the bandwidth and
        // win over the shared data
        double sigma = 2.0;
        org.rf4j.api.kernel.Kernel kernel = org.rf4j.api.kernel.Kernel.gaussian(sigma);
        org.rf4j.api.mechanism.Estimator est = reg.create(MechanismKind.ESTIMATOR, "estimator", estSpec);
        org.rf4j.api.mechanism.FitData fd = org.rf4j.api.mechanism.FitData.of(kernel,
                DataSample.pair(new double[] {9, 9, 9}, new double[] {9, 9, 9}), Map.of("estimator.features.data", file), 0L);
        Spec fitted = (Spec) est.fit(fd).spec().get("features");
        double expected = GeneralizedFeatureTheory.rhoStar(
                DataSample.symmetric(file.scaled(0.5 / sigma)).statistics().meanPairSquaredNorm(1), 3);
        assertThat(((Number) fitted.get("rho")).doubleValue()).isCloseTo(expected, within(1e-15));
        assertThat(fitted.parameters()).doesNotContainKey("data");
        // planted fault: a map that ignored its own file would fit to the shared (9, 9, 9) pair instead
        double shared = GeneralizedFeatureTheory.rhoStar(DataSample.pair(new double[] {4.5, 4.5, 4.5},
                new double[] {4.5, 4.5, 4.5}).statistics().meanPairSquaredNorm(1), 3);
        assertThat(expected).isNotCloseTo(shared, within(1e-3));
        FeatureMap explicit = reg.create(MechanismKind.FEATURE_MAP, "features", new Spec("oprf",
                Map.of("rho", 0.25)));
        assertThat(((OprfFeatures) explicit).a()).isEqualTo(GeneralizedFeatureTheory.oprfA(0.25));
        assertThat(reg.create(MechanismKind.FEATURE_MAP, "features", explicit.spec())).isEqualTo(explicit);
        assertThatThrownBy(() -> reg.create(MechanismKind.FEATURE_MAP, "features", new Spec("oprf", Map.of("rho", 1.5))))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("features.rho");
        assertThatThrownBy(() -> reg.create(MechanismKind.FEATURE_MAP, "features", new Spec("oprf", Map.of("rho", 0))))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("features.rho");
    }

    @Test
    void estimateFlowUsesThePairwiseOptimumInKernelCoordinates() {
        // what `rf4j estimate` does: data = the (x, y) pair, unscaled; the estimator scales by 1/σ
        double[] x = {0.8, -0.4, 1.2, 0.1};
        double[] y = {0.5, 0.3, 0.9, -0.6};
        double sigma = 2.0;
        org.rf4j.api.kernel.GaussianKernel kernel = new org.rf4j.api.kernel.GaussianKernel(sigma);
        RandomFeaturesEstimator est = new RandomFeaturesEstimator(Spec.of("random-features"), IID, new OprfFeatures(),
                null, 64);
        double[] xs = x.clone();
        double[] ys = y.clone();
        for (int l = 0; l < 4; l++) {
            xs[l] /= sigma;
            ys[l] /= sigma;
        }
        double a = GeneralizedFeatureTheory.optimalPositiveA(Vectors.squaredNormOfSum(xs, ys, 1), 4);
        assertThat(est.fitIfNeeded(kernel, DataSample.pair(x, y), 5).theoryMse(kernel, x, y).orElseThrow())
                .isCloseTo(GeneralizedFeatureTheory.gerfMse(KernelKind.GAUSSIAN, Complex.real(a), 1, xs, ys, 64), within(1e-15));
        org.rf4j.api.mechanism.DrawnEstimator k = est.fitIfNeeded(kernel, DataSample.pair(x, y), 5)
                .draw(new org.rf4j.api.mechanism.EstimatorRequest(kernel, 4, 5));
        assertThat(k.estimate(x, y)).isPositive().isFinite();
        assertThat(k.features().positive()).isTrue();
    }

    /** Drawing never fits: an unfitted map is refused in one line saying to fit first; the fit stage names 'rho' and 'data'. */
    @Test
    void withoutDataOrRhoDrawingFailsClearly() {
        FeatureRequest req = new FeatureRequest(KernelKind.SOFTMAX, 4, 8, IID, null, Seeds.generator(1));
        assertThatThrownBy(() -> new OprfFeatures().draw(req)).isInstanceOf(org.rf4j.api.mechanism.NotFittedException.class)
                .hasMessageContaining("feature map 'oprf' is not fitted").hasMessageContaining("call fit first")
                .hasMessageNotContaining("\n");
        assertThatThrownBy(() -> new OprfFeatures().theoryMse(new PointQuery(KernelKind.SOFTMAX, 8, IID, null,
                new double[4], new double[4]))).isInstanceOf(org.rf4j.api.mechanism.NotFittedException.class);
        assertThatThrownBy(() -> new OprfFeatures().fit(org.rf4j.api.mechanism.FitData.of(
                org.rf4j.api.kernel.Kernel.softmax(), null))).isInstanceOf(InvalidParameterException.class)
                .hasMessageContaining("'rho'").hasMessageContaining("'data'").hasMessageContaining("Theorem 3.3");
    }

    /**
     * Theorem 4.1 (FAVOR++): orthogonal projections reduce OPRF's variance for every d. One
     * orthogonal block (m = d) and a block and a half (m = 3d/2 + 1); the iid variance is the closed
     * form Var/m, the orthogonal one is measured over independent draws and matches the exact
     * orthogonal MSE ({@link GeneralizedFeatureTheory#orthogonalGerfMse}); the gap to iid must exceed 4 SE.
     */
    @Test
    void orthogonalCouplingReducesTheVarianceForEveryD() {
        for (int d : new int[] {2, 4, 8, 16}) {
            RandomGenerator r = Seeds.generator(100 + d);
            double[] x = FeatureMapTestSupport.vector(r, d, 0.3 / Math.sqrt(Math.sqrt(d)));
            double[] y = FeatureMapTestSupport.vector(r, d, 0.3 / Math.sqrt(Math.sqrt(d)));
            DataSample pair = DataSample.pair(x, y);
            OprfFeatures map = new OprfFeatures();
            double a = FeatureMapTestSupport.fitted(map, pair).a();
            double k = KernelKind.GAUSSIAN.value(x, y);
            Coupling orthogonal = new FeatureMapTestSupport.TestOrthogonalCoupling();
            for (int m : new int[] {d, 3 * d / 2 + 1}) {
                int trials = 6000;
                double[] iid = new double[trials];
                double[] ort = new double[trials];
                RandomGenerator g = Seeds.generator(7 * d + m);
                for (int t = 0; t < trials; t++) {
                    ort[t] = estimate(map, orthogonal, x, y, m, pair, g);
                    iid[t] = estimate(map, IID, x, y, m, pair, g);
                }
                double theoryIid = FeatureMapTestSupport.fitted(map, pair).theoryMse(new PointQuery(KernelKind.GAUSSIAN, m, IID, null, x, y))
                        .orElseThrow();
                double theoryOrt = FeatureMapTestSupport.fitted(map, pair).theoryMse(new PointQuery(KernelKind.GAUSSIAN, m, orthogonal, null, x, y))
                        .orElseThrow();
                assertThat(theoryOrt).isEqualTo(GeneralizedFeatureTheory.orthogonalGerfMse(KernelKind.GAUSSIAN, a, x, y, m))
                        .isLessThan(theoryIid);
                FeatureMapTestSupport.Stats so = FeatureMapTestSupport.stats(ort, k);
                FeatureMapTestSupport.Stats si = FeatureMapTestSupport.stats(iid, k);
                assertThat(Math.abs(so.mean() - k)).isLessThan(4 * so.meanSe());
                assertThat(Math.abs(si.meanSquaredError() - theoryIid)).as("iid d=%d m=%d", d, m)
                        .isLessThan(4 * si.mseSe());
                assertThat(Math.abs(so.meanSquaredError() - theoryOrt)).as("orthogonal d=%d m=%d: MC %s vs %s", d, m,
                        so.meanSquaredError(), theoryOrt).isLessThan(4 * so.mseSe());
                assertThat(theoryIid - so.meanSquaredError()).as("d=%d m=%d: orthogonal %s vs iid %s", d, m,
                        so.meanSquaredError(), theoryIid).isGreaterThan(4 * so.mseSe());
            }
        }
    }

    /**
     * The real {@code orthogonal} and {@code simplex} couplings (rf-couplings, through the registry):
     * at A = 0 the exact orthogonal MSE equals rf-couplings' independent derivation for positive RFs,
     * and OPRF's Monte Carlo MSE matches theoryMse under both couplings (FAVOR++ and "OPRF × SimRF").
     */
    @Test
    void realCouplingsMatchTheClosedForms() {
        MechanismRegistry reg = MechanismRegistry.discover();
        int d = 4;
        RandomGenerator r = Seeds.generator(404);
        double[] x = FeatureMapTestSupport.vector(r, d, 0.3);
        double[] y = FeatureMapTestSupport.vector(r, d, 0.3);
        for (int m : new int[] {3, 4, 6}) {
            double mine = GeneralizedFeatureTheory.orthogonalGerfMse(KernelKind.GAUSSIAN, 0.0, x, y, m);
            double theirs = org.rf4j.theory.CouplingTheory.positiveMse(KernelKind.GAUSSIAN, x, y, m,
                    org.rf4j.theory.CouplingTheory.Geometry.ORTHOGONAL);
            assertThat(mine).as("m=%d", m).isCloseTo(theirs, within(1e-10 * theirs));
        }
        DataSample pair = DataSample.pair(x, y);
        double k = KernelKind.GAUSSIAN.value(x, y);
        OprfFeatures map = new OprfFeatures();
        for (String id : new String[] {"orthogonal", "simplex"}) {
            Coupling c = reg.coupling("coupling", Spec.of(id));
            int m = 6;
            double theory = FeatureMapTestSupport.fitted(map, pair).theoryMse(new PointQuery(KernelKind.GAUSSIAN, m, c, null, x, y)).orElseThrow();
            double iid = FeatureMapTestSupport.fitted(map, pair).theoryMse(new PointQuery(KernelKind.GAUSSIAN, m, IID, null, x, y)).orElseThrow();
            assertThat(theory).as(id).isLessThan(iid);
            RandomGenerator g = Seeds.generator(id.hashCode());
            double[] est = new double[6000];
            for (int t = 0; t < est.length; t++) {
                est[t] = estimate(map, c, x, y, m, pair, g);
            }
            FeatureMapTestSupport.Stats st = FeatureMapTestSupport.stats(est, k);
            assertThat(Math.abs(st.mean() - k)).as(id).isLessThan(4 * st.meanSe());
            assertThat(Math.abs(st.meanSquaredError() - theory)).as("%s: MC %s vs %s", id, st.meanSquaredError(), theory)
                    .isLessThan(4 * st.mseSe());
        }
    }

    /**
     * At large |x + y|² (Iris-like norms in kernel coordinates) the simplex closed form stays below
     * the orthogonal one and iid's: the earlier {@code MSE_0 + (Var_A − Var_0)/m} evaluation returned
     * rounding noise ~1e19 times iid's here (planted back, this test fails).
     */
    @Test
    void simplexClosedFormHasNoCancellationAtLargeNorms() {
        MechanismRegistry reg = MechanismRegistry.discover();
        double[] x = {2.6, 1.8, 2.0, 0.7};
        double[] y = {2.4, 1.6, 1.8, 0.6};
        DataSample pair = DataSample.pair(x, y);
        OprfFeatures map = new OprfFeatures();
        int m = 128;
        double iid = FeatureMapTestSupport.fitted(map, pair).theoryMse(new PointQuery(KernelKind.GAUSSIAN, m, IID, null, x, y)).orElseThrow();
        double orth = FeatureMapTestSupport.fitted(map, pair).theoryMse(new PointQuery(KernelKind.GAUSSIAN, m, reg.coupling("coupling",
                Spec.of("orthogonal")), null, x, y)).orElseThrow();
        double simplex = FeatureMapTestSupport.fitted(map, pair).theoryMse(new PointQuery(KernelKind.GAUSSIAN, m, reg.coupling("coupling",
                Spec.of("simplex")), null, x, y)).orElseThrow();
        assertThat(orth).isPositive().isLessThan(iid);
        assertThat(simplex).isPositive().isLessThanOrEqualTo(orth);
    }

    @Test
    void orthogonalPairCovarianceIsFreeOfA() {
        // the exact orthogonal MSE differs between A values only through the iid variance term
        double[] x = {0.3, -0.2, 0.5};
        double[] y = {0.1, 0.4, 0.2};
        for (int m : new int[] {2, 3, 7}) {
            for (double a : new double[] {-0.3, -0.05}) {
                double diff = GeneralizedFeatureTheory.orthogonalGerfMse(KernelKind.GAUSSIAN, a, x, y, m)
                        - GeneralizedFeatureTheory.orthogonalGerfMse(KernelKind.GAUSSIAN, 0.0, x, y, m);
                double expected = (GeneralizedFeatureTheory.gerfVariance(Complex.real(a), 1, x, y)
                        - GeneralizedFeatureTheory.gerfVariance(Complex.ZERO, 1, x, y)) / m;
                assertThat(diff).isCloseTo(expected, within(1e-12));
            }
        }
    }

    private static double estimate(FeatureMap map, Coupling c, double[] x, double[] y, int m, DataSample data,
            RandomGenerator g) {
        DrawnFeatures f = FeatureMapTestSupport.fitted(map, data).draw(new FeatureRequest(KernelKind.GAUSSIAN, x.length, m, c, null, g));
        double[] a = f.map(Side.QUERY, x);
        double[] b = f.map(Side.KEY, y);
        double acc = 0;
        for (int i = 0; i < a.length; i++) {
            acc += a[i] * b[i];
        }
        return acc;
    }
}
