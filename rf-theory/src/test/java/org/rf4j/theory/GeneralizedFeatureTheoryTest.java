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
package org.rf4j.theory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.kernel.KernelKind;
import org.rf4j.theory.special.Complex;

/**
 * Every CRT closed form checked against an independent computation: quadrature for GERF (Eq. 6),
 * direct series summation for Poisson (Eq. 11) and geometric (Eq. 13), numerical minimisation for
 * the optimal parameters (Eq. 7, λ*, p*), and Figure 1 (right).
 */
class GeneralizedFeatureTheoryTest {

    private static double[] vec(long seed, int d, double scale) {
        SplittableRandom r = new SplittableRandom(seed);
        double[] v = new double[d];
        for (int i = 0; i < d; i++) {
            v[i] = scale * (2 * r.nextDouble() - 1);
        }
        return v;
    }

    /**
     * E_w[exp(k·(2A w² + B w v))] for w ~ N(0, 1) by the trapezoid rule (spectrally accurate for these
     * Gaussian-type integrands); {@code abs} integrates the modulus instead.
     */
    private static Complex quad(Complex a, Complex b, double v, boolean abs) {
        int n = 40001;
        double lim = 40;
        double h = 2 * lim / (n - 1);
        Complex acc = Complex.ZERO;
        for (int i = 0; i < n; i++) {
            double w = -lim + i * h;
            Complex e = a.times(4 * w * w).plus(b.times(2 * w * v)).plus(-0.5 * w * w);
            if (abs) {
                e = Complex.real(e.re());
            }
            acc = acc.plus(e.exp());
        }
        return acc.times(h / Math.sqrt(2 * Math.PI));
    }

    static Stream<Arguments> gerfCases() {
        return Stream.of(
                Arguments.of(0.05, 0.3, 1, 1), Arguments.of(0.05, 0.3, -1, 3),
                Arguments.of(-0.2, 0.5, 1, 3), Arguments.of(-0.2, 0.5, -1, 1),
                Arguments.of(0.1, -0.4, 1, 2), Arguments.of(0.1, -0.4, -1, 5),
                Arguments.of(-1.0, 2.0, 1, 3), Arguments.of(-1.0, 2.0, -1, 3),
                Arguments.of(-0.3, 0.0, 1, 4), Arguments.of(0.0, 0.0, -1, 2));
    }

    @ParameterizedTest
    @MethodSource("gerfCases")
    void gerfVarianceMatchesQuadrature(double re, double im, int s, int d) {
        Complex a = Complex.of(re, im);
        double[] x = vec(11 + d, d, 0.6);
        double[] y = vec(97 + d, d, 0.6);
        Complex b = GeneralizedFeatureTheory.gerfB(a, s);
        // E(f1 f2)^2 = D^4 e^{2C(|x|²+|y|²)} Π_l E exp(4Aw² + 2B w v_l); E|f1 f2|^2 likewise with moduli
        double sq = Vectors.squaredNorm(x) + Vectors.squaredNorm(y);
        Complex oneMinus4a = Complex.ONE.minus(a.times(4));
        Complex e2 = oneMinus4a.pow(d).times(Math.exp(2 * GeneralizedFeatureTheory.gerfC(s) * sq));
        double e3 = Math.pow(oneMinus4a.abs(), d) * Math.exp(2 * GeneralizedFeatureTheory.gerfC(s) * sq);
        for (int l = 0; l < d; l++) {
            double v = x[l] + s * y[l];
            e2 = e2.times(quad(a, b, v, false));
            e3 *= quad(a, b, v, true).re();
        }
        double k2 = Math.exp(-Vectors.squaredNormOfSum(x, y, -1));
        double expected = 0.5 * (e2.re() + e3) - k2;
        assertThat(GeneralizedFeatureTheory.gerfVariance(a, s, x, y)).isCloseTo(expected, within(1e-9 * Math.abs(expected)));
    }

    @Test
    void gerfSpecialCasesAreTheSec22Variances() {
        double[] x = vec(1, 6, 0.5);
        double[] y = vec(2, 6, 0.5);
        assertThat(GeneralizedFeatureTheory.gerfVariance(Complex.ZERO, -1, x, y))
                .isCloseTo(GeneralizedFeatureTheory.trigonometricVariance(x, y), within(1e-14));
        assertThat(GeneralizedFeatureTheory.gerfVariance(Complex.ZERO, 1, x, y))
                .isCloseTo(GeneralizedFeatureTheory.positiveVariance(x, y), within(1e-13 * GeneralizedFeatureTheory.positiveVariance(x, y)));
        // Sec. 2.2 values agree with BaseFeatureTheory (m = 1, Gaussian kernel)
        assertThat(GeneralizedFeatureTheory.trigonometricVariance(x, y))
                .isCloseTo(BaseFeatureTheory.trigonometricMse(KernelKind.GAUSSIAN, x, y, 1), within(1e-15));
        double pos = BaseFeatureTheory.positiveMse(KernelKind.GAUSSIAN, x, y, 1);
        assertThat(GeneralizedFeatureTheory.positiveVariance(x, y)).isCloseTo(pos, within(1e-13 * pos));
        // B = i for trig, B = 1, C = -1 for positive (Sec. 3.1)
        assertThat(GeneralizedFeatureTheory.gerfB(Complex.ZERO, -1)).isEqualTo(Complex.I);
        assertThat(GeneralizedFeatureTheory.gerfB(Complex.ZERO, 1)).isEqualTo(Complex.ONE);
        assertThat(GeneralizedFeatureTheory.gerfC(1)).isEqualTo(-1.0);
    }

    @Test
    void badGerfParametersAreRejected() {
        assertThatThrownBy(() -> GeneralizedFeatureTheory.requireGerfParameters(Complex.real(0.25), 1))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("Re(1 - 4A) > 0");
        assertThatThrownBy(() -> GeneralizedFeatureTheory.requireGerfParameters(Complex.ZERO, 0))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("-1 or +1");
        assertThatThrownBy(() -> GeneralizedFeatureTheory.gerfVariance(Complex.of(0.15, 1), 1, new double[] {1}, new double[] {1}))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("Re(1 - 8A) > 0");
    }

    @Test
    void rhoStarMatchesEq7AndMinimisesTheVariance() {
        for (int d : new int[] {1, 4, 16, 64}) {
            for (double v2 : new double[] {0.01, 0.5, 3, 20, 100}) {
                double printed = (Math.sqrt(Math.pow(2 * v2 + d, 2) + 8 * d * v2) - 2 * v2 - d) / (4 * v2);
                double rho = GeneralizedFeatureTheory.rhoStar(v2, d);
                assertThat(rho).isCloseTo(printed, within(1e-9)).isBetween(0.0, 1.0);
                // |x + y|² = v2 with x = y along e1
                double[] x = new double[d];
                x[0] = Math.sqrt(v2) / 2;
                double aStar = GeneralizedFeatureTheory.oprfA(rho);
                assertThat(aStar).isNegative();
                double best = GeneralizedFeatureTheory.gerfLogVariance(Complex.real(aStar), 1, x, x);
                for (double delta : new double[] {-0.05, -0.01, -1e-3, 1e-3, 0.01, 0.05}) {
                    double a = aStar + delta * (1 - 8 * aStar) / 8;   // stay inside Re(1 − 8A) > 0
                    assertThat(GeneralizedFeatureTheory.gerfLogVariance(Complex.real(a), 1, x, x))
                            .as("d=%d |x+y|²=%s delta=%s", d, v2, delta).isGreaterThan(best);
                }
            }
        }
        assertThat(GeneralizedFeatureTheory.rhoStar(0, 8)).isEqualTo(1.0);
        assertThat(GeneralizedFeatureTheory.oprfA(1.0)).isEqualTo(0.0);
    }

    @Test
    void figure1RightOprfBeatsPositiveByMoreThanE60() {
        double mu = GeneralizedFeatureTheory.logOprfToPositiveVarianceRatio(100, 64);
        assertThat(mu).isLessThan(-60).isGreaterThan(-62.5);
        // the same value from the general log-variance formula at a concrete pair with |x + y|² = 100
        double[] x = new double[64];
        x[0] = 5;
        double a = GeneralizedFeatureTheory.optimalPositiveA(100, 64);
        double logOprf = GeneralizedFeatureTheory.gerfLogVariance(Complex.real(a), 1, x, x);
        double logPos = GeneralizedFeatureTheory.gerfLogVariance(Complex.ZERO, 1, x, x);
        assertThat(logOprf - logPos).isCloseTo(mu, within(1e-9));
        // μ decreases with |x + y|² and is 0 at |x + y|² → 0 (OPRF = PosRF there)
        assertThat(GeneralizedFeatureTheory.logOprfToPositiveVarianceRatio(1e-6, 64)).isCloseTo(0, within(1e-6));
        assertThat(GeneralizedFeatureTheory.logOprfToPositiveVarianceRatio(10, 64)).isGreaterThan(mu);
    }

    @Test
    void poissonVarianceMatchesSeriesAndLambdaStarMinimises() {
        double[] x = vec(5, 3, 0.9);
        double[] y = vec(6, 3, 0.9);
        int d = 3;
        for (double lambda : new double[] {0.1, 0.7, 2.5}) {
            // E[(f(x)f(y))²] = e^{2λd − |x|² − |y|²} Π_l Σ_k e^{−λ}λ^k/k! (x_l y_l/λ)^{2k}
            double log = 2 * lambda * d - Vectors.squaredNorm(x) - Vectors.squaredNorm(y);
            for (int l = 0; l < d; l++) {
                double t = x[l] * y[l] / lambda;
                double sum = 0;
                double pk = Math.exp(-lambda);
                double pow = 1;
                for (int k = 0; k < 200; k++) {
                    sum += pk * pow;
                    pk *= lambda / (k + 1);
                    pow *= t * t;
                }
                log += Math.log(sum);
            }
            assertThat(GeneralizedFeatureTheory.poissonLogSecondMoment(lambda, x, y)).isCloseTo(log, within(1e-12 * Math.abs(log)));
        }
        double stat = 0;
        for (int l = 0; l < d; l++) {
            stat += x[l] * x[l] * y[l] * y[l];
        }
        double star = GeneralizedFeatureTheory.poissonLambdaStar(stat, d);
        double best = GeneralizedFeatureTheory.poissonVariance(star, x, y);
        for (double f : new double[] {0.9, 0.99, 1.01, 1.1}) {
            assertThat(GeneralizedFeatureTheory.poissonVariance(star * f, x, y)).isGreaterThan(best);
        }
    }

    @Test
    void geometricVarianceMatchesSeriesAndOptimalPMinimises() {
        double[] x = vec(7, 4, 1.2);
        double[] y = vec(8, 4, 1.2);
        int d = 4;
        for (double p : new double[] {0.2, 0.5, 0.9}) {
            // E[(f(x)f(y))²] = p^{−2d} e^{−|x|²−|y|²} Π_l Σ_k p(1−p)^k (x_l y_l)^{2k}(1−p)^{−2k}/(k!)²
            double log = -2 * d * Math.log(p) - Vectors.squaredNorm(x) - Vectors.squaredNorm(y);
            for (int l = 0; l < d; l++) {
                double q = x[l] * x[l] * y[l] * y[l] / (1 - p);
                double sum = 0;
                double term = p;
                for (int k = 0; k < 200; k++) {
                    sum += term;
                    term *= q / ((k + 1.0) * (k + 1.0));
                }
                log += Math.log(sum);
            }
            assertThat(GeneralizedFeatureTheory.geometricLogSecondMoment(p, x, y)).isCloseTo(log, within(1e-12 * Math.abs(log)));
        }
        double[] a = new double[d];
        for (int l = 0; l < d; l++) {
            a[l] = Math.abs(x[l] * y[l]);
        }
        double pStar = GeneralizedFeatureTheory.geometricOptimalP(a);
        double best = GeneralizedFeatureTheory.geometricLogObjective(pStar, a);
        for (int i = 1; i < 1000; i++) {
            assertThat(GeneralizedFeatureTheory.geometricLogObjective(i / 1000.0, a)).isGreaterThanOrEqualTo(best - 1e-12);
        }
        assertThat(GeneralizedFeatureTheory.geometricOptimalP(new double[] {0, 0})).isGreaterThan(1 - 1e-11);
        // large statistics: p* from the stationarity condition, log-space I0 keeps it finite
        double pBig = GeneralizedFeatureTheory.geometricOptimalP(new double[] {400, 900});
        assertThat(pBig).isBetween(1e-12, 1.0);
        assertThat(GeneralizedFeatureTheory.geometricLogObjective(pBig, new double[] {400, 900})).isFinite();
    }

    @Test
    void tailBoundIsHoeffdingWithTheMaximalProduct() {
        double[] x = vec(3, 4, 0.5);
        double[] y = vec(4, 4, 0.5);
        double a = GeneralizedFeatureTheory.optimalPositiveA(Vectors.squaredNormOfSum(x, y, 1), 4);
        // Z_max is attained at ω* = −B(x + y)/(4A) and bounds Z elsewhere
        double b = Math.sqrt(1 - 4 * a);
        double logMax = GeneralizedFeatureTheory.logMaxProduct(a, x, y, 4);
        double[] w = new double[4];
        double ww = 0;
        double wv = 0;
        for (int l = 0; l < 4; l++) {
            w[l] = -b * (x[l] + y[l]) / (4 * a);
            ww += w[l] * w[l];
            wv += w[l] * (x[l] + y[l]);
        }
        double logZ = 0.5 * 4 * Math.log(1 - 4 * a) + 2 * a * ww + b * wv - Vectors.squaredNorm(x) - Vectors.squaredNorm(y);
        assertThat(logZ).isCloseTo(logMax, within(1e-12));
        double eps = 0.05;
        double p100 = GeneralizedFeatureTheory.tailBound(a, x, y, 100, eps);
        double p10000 = GeneralizedFeatureTheory.tailBound(a, x, y, 10000, eps);
        assertThat(p100).isBetween(0.0, 1.0);
        assertThat(p10000).isLessThan(p100);
        double zmax = Math.exp(logMax);
        assertThat(p10000).isCloseTo(Math.min(1, 2 * Math.exp(-2 * 10000 * eps * eps / (zmax * zmax))), within(1e-15));
        assertThat(GeneralizedFeatureTheory.tailBoundAsPrinted(a, x, y, 10000, eps)).isBetween(0.0, 1.0);
        assertThatThrownBy(() -> GeneralizedFeatureTheory.tailBound(0.1, x, y, 10, eps)).isInstanceOf(InvalidParameterException.class);
    }

    @Test
    void featureCountOfTheorem43() {
        double a = -0.1;
        double m1 = GeneralizedFeatureTheory.logFeatureCount(a, 16, 1.0, 0.1);
        double m2 = GeneralizedFeatureTheory.logFeatureCount(a, 16, 1.0, 0.01);
        assertThat(m1).isFinite();
        assertThat(m2).isGreaterThan(m1 + Math.log(100) - 1e-9);
        assertThat(GeneralizedFeatureTheory.featureCount(a, 16, 1.0, 0.1)).isEqualTo(Math.ceil(Math.exp(m1)));
        assertThat(GeneralizedFeatureTheory.logFeatureCount(a, 16, 2.0, 0.1)).isGreaterThan(m1);
    }

    /** One OPRF-type product Z = D² e^{2A|ω|² + Bωᵀ(x+y) − |x|² − |y|²} for ω ~ N(0, I). */
    private static double product(double a, double[] x, double[] y, java.util.random.RandomGenerator r) {
        int d = x.length;
        double b = Math.sqrt(1 - 4 * a);
        double ww = 0;
        double wv = 0;
        for (int l = 0; l < d; l++) {
            double w = r.nextGaussian();
            ww += w * w;
            wv += w * (x[l] + y[l]);
        }
        return Math.exp(0.5 * d * Math.log1p(-4 * a) + 2 * a * ww + b * wv - Vectors.squaredNorm(x)
                - Vectors.squaredNorm(y));
    }

    @Test
    void chernoffBoundOfTheorem42() {
        double[] x = {0.4, -0.3, 0.2};
        double[] y = {0.1, 0.5, 0.3};
        double a = GeneralizedFeatureTheory.optimalPositiveA(Vectors.squaredNormOfSum(x, y, 1), 3);
        double k = KernelKind.GAUSSIAN.value(x, y);
        assertThat(GeneralizedFeatureTheory.logProductMoment(a, x, y, 1)).isCloseTo(Math.log(k), within(1e-14));
        assertThat(GeneralizedFeatureTheory.logProductMoment(a, x, y, 2))
                .isCloseTo(GeneralizedFeatureTheory.gerfLogSecondMoment(Complex.real(a), 1, x, y), within(1e-13));
        // ψ(θ) against Monte Carlo
        SplittableRandom r = new SplittableRandom(17);
        int n = 200_000;
        double theta = 3.0;
        double sum = 0;
        double sum2 = 0;
        double[] z = new double[n];
        for (int i = 0; i < n; i++) {
            z[i] = product(a, x, y, r);
            double e = Math.exp(theta * z[i]);
            sum += e;
            sum2 += e * e;
        }
        double mean = sum / n;
        double se = Math.sqrt((sum2 / n - mean * mean) / n);
        assertThat(Math.abs(mean - Math.exp(GeneralizedFeatureTheory.logMomentGeneratingFunction(a, x, y, theta))))
                .isLessThan(4 * se);
        // Chernoff with the optimal θ is at least as tight as one-sided Hoeffding, and holds empirically
        int m = 40;
        double eps = 0.25;
        double chernoff = GeneralizedFeatureTheory.orthogonalTailBound(a, x, y, m, eps);
        assertThat(GeneralizedFeatureTheory.legendreTransform(a, x, y, k + eps)).isPositive();
        assertThat(chernoff).isBetween(0.0, 1.0).isLessThanOrEqualTo(GeneralizedFeatureTheory.tailBound(a, x, y, m, eps) / 2 + 1e-12);
        int trials = n / m;
        int hits = 0;
        for (int t = 0; t < trials; t++) {
            double acc = 0;
            for (int j = 0; j < m; j++) {
                acc += z[t * m + j];
            }
            if (acc / m - k >= eps) {
                hits++;
            }
        }
        double freq = hits / (double) trials;
        assertThat(freq).isLessThanOrEqualTo(chernoff + 4 * Math.sqrt(chernoff * (1 - chernoff) / trials) + 1e-12);
        assertThat(GeneralizedFeatureTheory.legendreTransform(a, x, y, k)).isZero();
        assertThat(GeneralizedFeatureTheory.legendreTransform(a, x, y, Math.exp(GeneralizedFeatureTheory.logMaxProduct(a, x, y, 3)) * 1.01))
                .isEqualTo(Double.POSITIVE_INFINITY);
    }

    @Test
    void optimalGerfIsALocalMinimumOfEq6AndBeatsOprf() {
        for (int d : new int[] {2, 16, 64}) {
            for (double scale : new double[] {0.2, 0.5, 1.0}) {
                double[] x = vec(200 + d, d, scale);
                double[] y = vec(300 + d, d, scale);
                double sq = Vectors.squaredNorm(x) + Vectors.squaredNorm(y);
                double vp = Vectors.squaredNormOfSum(x, y, 1);
                double vm = Vectors.squaredNormOfSum(x, y, -1);
                GeneralizedFeatureTheory.GerfParameters p = GeneralizedFeatureTheory.optimalGerf(d, sq, vp, vm);
                double best = GeneralizedFeatureTheory.gerfLogSecondMoment(p.a(), p.s(), x, y);
                double oprf = GeneralizedFeatureTheory.gerfLogSecondMoment(Complex.real(GeneralizedFeatureTheory.optimalPositiveA(vp, d)), 1, x, y);
                assertThat(best).isLessThanOrEqualTo(oprf + 1e-12);
                assertThat(best).isLessThanOrEqualTo(GeneralizedFeatureTheory.gerfLogSecondMoment(Complex.ZERO, -1, x, y) + 1e-12);
                for (double dr : new double[] {-1e-3, 0, 1e-3}) {
                    for (double di : new double[] {-1e-3, 0, 1e-3}) {
                        Complex a = p.a().plus(Complex.of(dr, di));
                        if (GeneralizedFeatureTheory.gerfVarianceFinite(a)) {
                            assertThat(GeneralizedFeatureTheory.gerfLogSecondMoment(a, p.s(), x, y))
                                    .as("d=%d scale=%s %s", d, scale, p).isGreaterThanOrEqualTo(best - 1e-9);
                        }
                    }
                }
            }
        }
    }

    /**
     * {@link GeneralizedFeatureTheory#coupledGerfMse} against two independent derivations: with
     * orthogonal blocks it equals {@link GeneralizedFeatureTheory#orthogonalGerfMse} (₁F₁ pair moment)
     * for every A; at A = 0 with simplex blocks it equals SimRF's {@link CouplingTheory#positiveMse}
     * (conformity series); with IID it is Eq. 6 over m. Detects any relative difference above 1e-9.
     */
    @Test
    void coupledGerfMseAgreesWithBothDerivations() {
        for (int d : new int[] {3, 8, 64}) {
            for (double scale : new double[] {0.05, 0.3, 1.2}) {
                double[] x = vec(91 + d, d, scale);
                double[] y = vec(92 + d, d, scale);
                for (int m : new int[] {2, d, 2 * d + 3}) {
                    for (double a : new double[] {0.0, -0.03, -0.4}) {
                        double orth = GeneralizedFeatureTheory.coupledGerfMse(KernelKind.GAUSSIAN, a, x, y, m,
                                CouplingTheory.Geometry.ORTHOGONAL);
                        double ref = GeneralizedFeatureTheory.orthogonalGerfMse(KernelKind.GAUSSIAN, a, x, y, m);
                        assertThat(orth).as("orthogonal d=%d scale=%s m=%d A=%s", d, scale, m, a)
                                .isCloseTo(ref, within(1e-9 * ref + 1e-300));
                        double iid = GeneralizedFeatureTheory.coupledGerfMse(KernelKind.SOFTMAX, a, x, y, m,
                                CouplingTheory.Geometry.IID);
                        assertThat(iid).isCloseTo(GeneralizedFeatureTheory.gerfMse(KernelKind.SOFTMAX, Complex.real(a), 1,
                                x, y, m), within(1e-12 * iid));
                    }
                    double simplex = GeneralizedFeatureTheory.coupledGerfMse(KernelKind.SOFTMAX, 0.0, x, y, m,
                            CouplingTheory.Geometry.SIMPLEX);
                    double sim = CouplingTheory.positiveMse(KernelKind.SOFTMAX, x, y, m, CouplingTheory.Geometry.SIMPLEX);
                    assertThat(simplex).as("simplex d=%d scale=%s m=%d", d, scale, m).isCloseTo(sim, within(1e-9 * sim));
                }
            }
        }
    }

    /**
     * Coupled OPRF at large |x + y|² (Iris in kernel coordinates has |x + y|² ≈ 60, where positive RFs'
     * variance is ~e^{60} times OPRF's): the simplex MSE must stay between 0 and the orthogonal one,
     * which stays below iid. The earlier evaluation {@code MSE_0 + (Var_A − Var_0)/m} subtracted two
     * numbers of size e^{120} and returned ~1e19 times the iid MSE here (this test fails on it: kept
     * below as {@code oldEvaluation} and checked to be wrong, so the test shows what it catches).
     */
    @Test
    void coupledOprfAtLargeNormsHasNoCancellation() {
        double[] x = {2.6, 1.8, 2.0, 0.7};
        double[] y = {2.4, 1.6, 1.8, 0.6};
        int m = 128;
        double v2 = Vectors.squaredNormOfSum(x, y, 1);
        assertThat(v2).isGreaterThan(50);
        double a = GeneralizedFeatureTheory.optimalPositiveA(v2, 4);
        double iid = GeneralizedFeatureTheory.gerfMse(KernelKind.GAUSSIAN, Complex.real(a), 1, x, y, m);
        double orth = GeneralizedFeatureTheory.coupledGerfMse(KernelKind.GAUSSIAN, a, x, y, m,
                CouplingTheory.Geometry.ORTHOGONAL);
        double simplex = GeneralizedFeatureTheory.coupledGerfMse(KernelKind.GAUSSIAN, a, x, y, m,
                CouplingTheory.Geometry.SIMPLEX);
        assertThat(orth).isPositive().isLessThan(iid);
        assertThat(simplex).isPositive().isLessThanOrEqualTo(orth);
        // iid and simplex differ only by the covariance term, bounded by (d − 1)/m · K² (gap ≤ e^{v²})
        double k2 = Math.exp(-Vectors.squaredNormOfSum(x, y, -1));
        assertThat(iid - simplex).isLessThanOrEqualTo(3.0 / m * k2 * (1 + 1e-9));
        double oldEvaluation = CouplingTheory.positiveMse(KernelKind.GAUSSIAN, x, y, m, CouplingTheory.Geometry.SIMPLEX)
                + GeneralizedFeatureTheory.gerfMse(KernelKind.GAUSSIAN, Complex.real(a), 1, x, y, m)
                - GeneralizedFeatureTheory.gerfMse(KernelKind.GAUSSIAN, Complex.ZERO, 1, x, y, m);
        assertThat(Math.abs(oldEvaluation - simplex)).as("the old evaluation is rounding noise here")
                .isGreaterThan(1e6 * iid);
    }
}
