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
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.rf4j.api.Spec;
import org.rf4j.api.kernel.GaussianKernel;
import org.rf4j.api.kernel.Kernel;
import org.rf4j.api.kernel.SoftmaxKernel;
import org.rf4j.api.mechanism.Estimator;
import org.rf4j.api.mechanism.EstimatorRequest;
import org.rf4j.api.mechanism.LambdaEstimator;
import org.rf4j.api.mechanism.LambdaRequest;
import org.rf4j.api.random.Seeds;
import org.rf4j.spi.MechanismKind;
import org.rf4j.testkit.MonteCarlo;
import org.rf4j.theory.HybridTheory;
import org.rf4j.theory.Vectors;

/**
 * Monte Carlo checks (fixed seeds, tolerances of 4 standard errors) of every HRF estimator against
 * its closed form: unbiasedness and MSE.
 */
class HybridMonteCarloTest {
    private static final int TRIALS = 4000;
    private static final double[] X = {0.45, -0.3, 0.25};
    private static final double[] Y = {-0.1, 0.35, 0.5};
    /** Inputs with |x|² − |y|² = 1.25, where variants I and II differ by several standard errors. */
    private static final double[] XV = {0.9, 0.7, 0.6};
    private static final double[] YV = {-0.6, 0.2, 0.1};

    private static MonteCarlo.Estimates run(Estimator e, Kernel kernel, double[] x, double[] y, long seed) {
        double exact = kernel.kind().value(scaled(x, kernel), scaled(y, kernel));
        return MonteCarlo.run(TRIALS, exact,
                t -> e.draw(new EstimatorRequest(kernel, x.length, Seeds.derive(seed, t))).estimate(x, y));
    }

    private static double[] scaled(double[] v, Kernel k) {
        double[] r = v.clone();
        for (int i = 0; i < r.length; i++) {
            r[i] *= k.inputScale();
        }
        return r;
    }

    private static void check(Spec spec, Kernel kernel, double[] x, double[] y, long seed) {
        Estimator e = Fixtures.estimator(spec);
        double theory = e.theoryMse(kernel, x, y).orElseThrow();
        MonteCarlo.Estimates mc = run(e, kernel, x, y, seed);
        mc.assertUnbiased(kernel.kind().value(scaled(x, kernel), scaled(y, kernel)));
        mc.assertMse(theory);
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void angularHybridMatchesTheoremD1(boolean shared) {
        Spec spec = Fixtures.angularHybrid(6, 4, shared);
        Estimator e = Fixtures.estimator(spec);
        double theory = e.theoryMse(SoftmaxKernel.INSTANCE, XV, YV).orElseThrow();
        assertThat(theory).isCloseTo(HybridTheory.angularHybridMse(XV, YV, 6, 4, shared), within(1e-12 * theory));
        MonteCarlo.Estimates mc = run(e, SoftmaxKernel.INSTANCE, XV, YV, 11);
        mc.assertUnbiased(Math.exp(Vectors.dot(XV, YV)));
        mc.assertMse(theory);
        // the test discriminates between the variants (Eq. 45 vs Eq. 46)
        double other = HybridTheory.angularHybridMse(XV, YV, 6, 4, !shared);
        assertThat(Math.abs(other - theory)).isGreaterThan(3 * mc.mseStdErr());
    }

    /** Eq. 47 (equal norms) as corrected matches the Monte Carlo MSE; the printed coefficient does not. */
    @Test
    void correctedEq47MatchesMonteCarloAndThePrintedOneDoesNot() {
        double r = 0.6;
        double theta = 2.0;
        double[] x = Fixtures.polar(3, r, 0);
        double[] y = Fixtures.polar(3, r, theta);
        Estimator e = Fixtures.estimator(Fixtures.angularHybrid(4, 2, false));
        MonteCarlo.Estimates mc = run(e, SoftmaxKernel.INSTANCE, x, y, 19);
        mc.assertMse(HybridTheory.angularHybridMseEqualNorm(theta, r, 4, 2));
        assertThat(Math.abs(mc.mse() - HybridTheory.angularHybridMseEqualNormAsPrinted(theta, r, 4, 2)))
                .isGreaterThan(6 * mc.mseStdErr());
    }

    @Test
    void angularHybridOnTheGaussianKernel() {
        check(Fixtures.angularHybrid(5, 3, false), new GaussianKernel(1.3), new double[] {0.6, -0.4, 0.2},
                new double[] {-0.3, 0.5, 0.7}, 12);
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void normalisedBipolarGaussianHybridMatchesTheoremF1(boolean shared) {
        double r = 1.2;
        Spec lambda = Spec.of("bipolar-gaussian", "sigma", 0.6, "r", r, "n", 64L);
        Spec spec = Fixtures.hybrid(List.of(Fixtures.rf("hyperbolic", 5), Fixtures.rf("trigonometric", 5)),
                List.of(lambda), shared);
        Estimator e = Fixtures.estimator(spec);
        double theory = e.theoryMse(SoftmaxKernel.INSTANCE, XV, YV).orElseThrow();
        assertThat(theory).isCloseTo(HybridTheory.gaussianHybridMse(XV, YV, 5, 64, 0.6, r, shared), within(1e-12 * theory));
        MonteCarlo.Estimates mc = run(e, SoftmaxKernel.INSTANCE, XV, YV, 13);
        mc.assertUnbiased(Math.exp(Vectors.dot(XV, YV)));
        mc.assertMse(theory);
        // Theorem F.1's "shared projections leave the MSE unchanged" is false for unequal norms
        double other = HybridTheory.gaussianHybridMse(XV, YV, 5, 64, 0.6, r, !shared);
        assertThat(Math.abs(other - theory)).isGreaterThan(3 * mc.mseStdErr());
    }

    @Test
    void gaussianLambdaHybridOfEq20() {
        Spec lambda = Spec.of("gaussian", "scale", 0.8, "diagonal", List.of(-1.0), "n", 4L);
        Spec spec = Fixtures.hybrid(List.of(Fixtures.rf("trigonometric", 6), Fixtures.rf("hyperbolic", 6)),
                List.of(lambda), false);
        check(spec, SoftmaxKernel.INSTANCE, X, Y, 14);
    }

    @Test
    void threeBasesTwoLambdas() {
        Spec spec = Fixtures.hybrid(
                List.of(Fixtures.rf("trigonometric", 4), Fixtures.rf("positive", 4), Fixtures.rf("hyperbolic", 4)),
                List.of(Spec.of("gaussian", "scale", 1.0, "matrix", List.of(-1.0, 0.0, 0.0, 0.0, -1.0, 0.2, 0.0, 0.0, -1.0),
                        "n", 3L, "features", Spec.of("positive")), Spec.of("angular", "n", 5L)), false);
        check(spec, SoftmaxKernel.INSTANCE, X, Y, 15);
    }

    @Test
    void nestedAngularHybridInsideTheBipolarGaussianLambda() {
        Spec nested = Fixtures.angularHybrid(3, 2, false);
        Spec lambda = Spec.of("bipolar-gaussian", "sigma", 0.8, "r", 0.6, "estimator", nested);
        Spec spec = Fixtures.hybrid(List.of(Fixtures.rf("hyperbolic", 4), Fixtures.rf("trigonometric", 4)),
                List.of(lambda), false);
        check(spec, SoftmaxKernel.INSTANCE, X, Y, 16);
    }

    @Test
    void complexExponentialMatchesItsClosedForm() {
        Spec diag = Spec.of("complex-exponential", "diagonalRe", List.of(0.8, 0.3, -1.1), "diagonalIm",
                List.of(0.4, 0.9, 0.2));
        Spec full = Spec.of("complex-exponential", "matrixRe", List.of(0.9, 0.2, 0.0, -0.1, 0.7, 0.3, 0.2, 0.0, 1.1),
                "matrixIm", List.of(0.1, 0.0, 0.4, 0.3, 0.2, 0.0, 0.0, -0.5, 0.1));
        for (Spec f : List.of(diag, full)) {
            Spec spec = Spec.of("random-features", "coupling", Spec.of("iid"), "features", f, "m", 4L);
            check(spec, SoftmaxKernel.INSTANCE, X, Y, 17);
            check(spec, new GaussianKernel(0.9), X, Y, 18);
        }
    }

    @Test
    void complexExponentialWithIdentityAndITimesIdentityIsPositiveAndTrigonometric() {
        Kernel k = SoftmaxKernel.INSTANCE;
        Spec identity = Spec.of("random-features", "features", Spec.of("complex-exponential"), "m", 7L);
        Spec iI = Spec.of("random-features", "features",
                Spec.of("complex-exponential", "diagonalRe", List.of(0.0), "diagonalIm", List.of(1.0)), "m", 7L);
        for (long seed = 0; seed < 5; seed++) {
            EstimatorRequest r = new EstimatorRequest(k, 3, seed);
            double pos = Fixtures.estimator(Fixtures.rf("positive", 7)).draw(r).estimate(X, Y);
            double trig = Fixtures.estimator(Fixtures.rf("trigonometric", 7)).draw(r).estimate(X, Y);
            assertThat(Fixtures.estimator(identity).draw(r).estimate(X, Y)).isCloseTo(pos, within(1e-12 * Math.abs(pos)));
            assertThat(Fixtures.estimator(iI).draw(r).estimate(X, Y)).isCloseTo(trig, within(1e-12 * Math.abs(trig) + 1e-14));
        }
    }

    @Test
    void angularLambdaMomentsAreLemma32() {
        LambdaEstimator l = Fixtures.REGISTRY.create(MechanismKind.LAMBDA_ESTIMATOR, "lambda",
                Spec.of("angular", "n", 3L));
        double theta = HybridTheory.angle(X, Y);
        LambdaFeaturesCheck.moments(l, X, Y, theta / Math.PI, HybridTheory.angularLambdaSecondMoment(theta, 3), 21);
    }

    @Test
    void bipolarGaussianLambdaMomentsAreEq72() {
        LambdaEstimator l = Fixtures.REGISTRY.create(MechanismKind.LAMBDA_ESTIMATOR, "lambda",
                Spec.of("bipolar-gaussian", "sigma", 1.2, "r", 0.7, "n", 2L));
        double d2 = Vectors.squaredNormOfSum(X, Y, -1);
        LambdaFeaturesCheck.moments(l, X, Y, HybridTheory.bipolarGaussianLambda(d2, 1.2, 0.7),
                HybridTheory.bipolarGaussianLambdaSecondMoment(d2, 1.2, 0.7, 2), 22);
        double second = l.secondMoment(X, Y).orElseThrow();
        assertThat(second).isCloseTo(HybridTheory.bipolarGaussianLambdaSecondMoment(d2, 1.2, 0.7, 2), within(1e-12));
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void angularHybridVarianceVanishesAtZeroAndPi(boolean shared) {
        Estimator e = Fixtures.estimator(Fixtures.angularHybrid(4, 3, shared));
        double r = 1.4;
        double[] x = Fixtures.polar(3, r, 0.7);
        double[] minusX = {-x[0], -x[1], -x[2]};
        for (long seed = 0; seed < 200; seed++) {
            var k = e.draw(new EstimatorRequest(SoftmaxKernel.INSTANCE, 3, seed));
            assertThat(k.estimate(x, x)).isCloseTo(Math.exp(r * r), within(1e-12 * Math.exp(r * r)));
            assertThat(k.estimate(x, minusX)).isCloseTo(Math.exp(-r * r), within(1e-12 * Math.exp(-r * r)));
        }
        assertThat(e.theoryMse(SoftmaxKernel.INSTANCE, x, x).orElseThrow()).isCloseTo(0.0, within(1e-20));
        assertThat(e.theoryMse(SoftmaxKernel.INSTANCE, x, minusX).orElseThrow()).isCloseTo(0.0, within(1e-20));
    }

    @Test
    void nestedAngularLambdaMakesTheGaussianHybridExactAtZeroAndPi() {
        double r = 0.9;
        Spec lambda = Spec.of("bipolar-gaussian", "sigma", 1.0, "r", r, "estimator", Fixtures.angularHybrid(3, 2, false));
        Estimator e = Fixtures.estimator(Fixtures.hybrid(
                List.of(Fixtures.rf("hyperbolic", 4), Fixtures.rf("trigonometric", 4)), List.of(lambda), false));
        double[] x = Fixtures.polar(3, r, 1.1);
        double[] minusX = {-x[0], -x[1], -x[2]};
        for (long seed = 0; seed < 100; seed++) {
            var k = e.draw(new EstimatorRequest(SoftmaxKernel.INSTANCE, 3, seed));
            assertThat(k.estimate(x, x)).isCloseTo(Math.exp(r * r), within(1e-12 * Math.exp(r * r)));
            assertThat(k.estimate(x, minusX)).isCloseTo(Math.exp(-r * r), within(1e-12 * Math.exp(-r * r)));
        }
    }

    @Test
    void linearisedFeaturesEqualTheDirectEq8Evaluation() {
        List<Spec> specs = List.of(Fixtures.angularHybrid(5, 4, false), Fixtures.angularHybrid(5, 4, true),
                Fixtures.hybrid(List.of(Fixtures.rf("hyperbolic", 3), Fixtures.rf("trigonometric", 3)),
                        List.of(Spec.of("bipolar-gaussian", "sigma", 0.7, "r", 0.8, "estimator",
                                Fixtures.angularHybrid(2, 3, false))), false),
                Fixtures.hybrid(List.of(Spec.of("random-features", "features", Spec.of("complex-exponential",
                        "diagonalRe", List.of(0.5), "diagonalIm", List.of(0.7)), "m", 4L), Fixtures.rf("positive", 3),
                        Fixtures.rf("trigonometric", 5)),
                        List.of(Spec.of("gaussian", "n", 3L), Spec.of("angular", "n", 2L)), false));
        RandomGenerator g = Seeds.generator(99);
        for (Spec s : specs) {
            HybridEstimator h = (HybridEstimator) Fixtures.estimator(s);
            for (int t = 0; t < 20; t++) {
                DrawnHybridFeatures f = h.drawFeatures(new EstimatorRequest(SoftmaxKernel.INSTANCE, 3, t));
                double[] x = {g.nextGaussian() * 0.5, g.nextGaussian() * 0.5, g.nextGaussian() * 0.5};
                double[] y = {g.nextGaussian() * 0.5, g.nextGaussian() * 0.5, g.nextGaussian() * 0.5};
                double lin = new org.rf4j.api.mechanism.DrawnEstimator(SoftmaxKernel.INSTANCE, f).estimate(x, y);
                double direct = f.directEstimate(x, y);
                assertThat(lin).as("%s", s.toPlain()).isCloseTo(direct, within(1e-12 * (1 + Math.abs(direct))));
            }
        }
    }

    /** λ-estimator moment checks. */
    static final class LambdaFeaturesCheck {
        private LambdaFeaturesCheck() {
        }

        static void moments(LambdaEstimator l, double[] x, double[] y, double mean, double second, long seed) {
            // λ draws are cheap; 4× the trials give the mean check power at n = 2 (high variance)
            MonteCarlo.Estimates mc = MonteCarlo.run(4 * TRIALS, 0.0, t -> {
                var f = (DrawnLinearLambdaFeatures) l.draw(new LambdaRequest(x.length, Seeds.generator(seed, t)));
                return f.estimate(x, y);
            });
            mc.assertUnbiased(mean);
            assertThat(l.value(x, y)).isCloseTo(mean, within(1e-12));
            // mse about 0 is E[λ̂²]
            mc.assertMse(second);
        }
    }
}
