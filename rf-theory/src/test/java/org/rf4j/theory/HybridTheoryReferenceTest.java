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

import java.util.function.DoubleBinaryOperator;
import java.util.function.DoubleUnaryOperator;
import org.junit.jupiter.api.Test;
import org.rf4j.api.kernel.KernelKind;

/**
 * The HRF closed forms of {@link HybridTheory} against references that do not share their
 * algebra: Gaussian expectations of the estimators themselves by quadrature (one- and
 * two-dimensional projections), exact binomial sums for the angular λ̂, and exact enumeration of
 * small discrete laws for the mixing formulas (Theorem 3.1, Eq. 8). No Monte Carlo: every
 * reference is accurate to round-off, so each check resolves any change of a term.
 */
class HybridTheoryReferenceTest {
    private static final double[] X = {0.4, -0.3, 0.5};
    private static final double[] Y = {-0.2, 0.6, 0.1};
    /** Two-dimensional points with unequal norms and no special angle. */
    private static final double[] X2 = {0.45, -0.3};
    private static final double[] Y2 = {0.2, 0.55};
    /**
     * Gaussian expectations by the trapezoidal rule on [−14, 14] with step 1/20: for an integrand
     * e^{−t²/2}·(entire function of moderate growth) it converges geometrically (error
     * ~ e^{−2π²/h²}), so the references are exact to round-off (~1e-15 relative).
     */
    private static final double[] NODES = new double[561];
    private static final double[] WEIGHTS = new double[561];

    static {
        for (int i = 0; i < NODES.length; i++) {
            NODES[i] = -14 + i / 20.0;
            WEIGHTS[i] = Math.exp(-0.5 * NODES[i] * NODES[i]) / 20.0 / Math.sqrt(2 * Math.PI);
        }
    }

    /** E f(g) for g ~ N(0, 1). */
    private static double gauss(DoubleUnaryOperator f) {
        double s = 0;
        for (int i = 0; i < NODES.length; i++) {
            s += WEIGHTS[i] * f.applyAsDouble(NODES[i]);
        }
        return s;
    }

    /** E f(g₁, g₂) for g ~ N(0, I₂) (product rule). */
    private static double gauss2(DoubleBinaryOperator f) {
        double s = 0;
        for (int i = 0; i < NODES.length; i++) {
            for (int j = 0; j < NODES.length; j++) {
                s += WEIGHTS[i] * WEIGHTS[j] * f.applyAsDouble(NODES[i], NODES[j]);
            }
        }
        return s;
    }

    private static double norm(double[] a) {
        return Math.sqrt(Vectors.squaredNorm(a));
    }

    @Test
    void baseEstimatorMsesAreTheVariancesOfTheEstimatorsThemselves() {
        // One projection w; only wᵀ(x ∓ y) ~ N(0, |x ∓ y|²) enters. m features average m iid copies.
        int m = 7;
        double s = Vectors.squaredNorm(X) + Vectors.squaredNorm(Y);
        double sm = Math.exp(Vectors.dot(X, Y));
        double z = norm(new double[] {X[0] - Y[0], X[1] - Y[1], X[2] - Y[2]});
        double v = norm(new double[] {X[0] + Y[0], X[1] + Y[1], X[2] + Y[2]});
        DoubleUnaryOperator trig = g -> Math.exp(s / 2) * Math.cos(g * z);
        DoubleUnaryOperator hyp = g -> Math.exp(-s / 2) * Math.cosh(g * v);
        DoubleUnaryOperator pos = g -> Math.exp(g * v - s / 2);
        for (DoubleUnaryOperator f : new DoubleUnaryOperator[] {trig, hyp, pos}) {
            assertThat(gauss(f)).as("unbiased for SM").isCloseTo(sm, within(1e-13 * sm));
        }
        double varTrig = gauss(g -> trig.applyAsDouble(g) * trig.applyAsDouble(g)) - sm * sm;
        double varHyp = gauss(g -> hyp.applyAsDouble(g) * hyp.applyAsDouble(g)) - sm * sm;
        double varPos = gauss(g -> pos.applyAsDouble(g) * pos.applyAsDouble(g)) - sm * sm;
        double tol = 1e-12 * sm * sm;
        assertThat(HybridTheory.lemma22TrigonometricMse(X, Y, m)).isCloseTo(varTrig / m, within(tol));
        assertThat(HybridTheory.lemma22PositiveMse(X, Y, m)).isCloseTo(varHyp / m, within(tol));
        assertThat(BaseFeatureTheory.trigonometricMse(KernelKind.SOFTMAX, X, Y, m)).isCloseTo(varTrig / m, within(tol));
        assertThat(BaseFeatureTheory.hyperbolicMse(KernelKind.SOFTMAX, X, Y, m)).isCloseTo(varHyp / m, within(tol));
        assertThat(BaseFeatureTheory.positiveMse(KernelKind.SOFTMAX, X, Y, m)).isCloseTo(varPos / m, within(tol));
        // the Gaussian kernel is SM·e^{−s/2}: the estimators and their MSE scale by e^{−s/2}, e^{−s}
        double g = Math.exp(-s);
        assertThat(BaseFeatureTheory.trigonometricMse(KernelKind.GAUSSIAN, X, Y, m)).isCloseTo(g * varTrig / m, within(g * tol));
        assertThat(BaseFeatureTheory.hyperbolicMse(KernelKind.GAUSSIAN, X, Y, m)).isCloseTo(g * varHyp / m, within(g * tol));
        assertThat(BaseFeatureTheory.positiveMse(KernelKind.GAUSSIAN, X, Y, m)).isCloseTo(g * varPos / m, within(g * tol));
    }

    @Test
    void angularLambdaMomentsAreTheBinomialSums() {
        // λ̂ₙ = K/n with K ~ Bin(n, θ/π) (n sign comparisons, Eq. 19).
        for (int n : new int[] {1, 2, 3, 7}) {
            for (double theta : new double[] {0.4, 1.9, 3.0}) {
                double p = theta / Math.PI;
                double l2 = 0;
                double ml2 = 0;
                double cross = 0;
                for (int k = 0; k <= n; k++) {
                    double pk = binomial(n, k) * Math.pow(p, k) * Math.pow(1 - p, n - k);
                    double l = (double) k / n;
                    l2 += pk * l * l;
                    ml2 += pk * (1 - l) * (1 - l);
                    cross += pk * l * (1 - l);
                }
                assertThat(HybridTheory.angularLambdaSecondMoment(theta, n)).as("E λ̂², n=%s θ=%s", n, theta)
                        .isCloseTo(l2, within(1e-14));
                assertThat(HybridTheory.angularOneMinusLambdaSecondMoment(theta, n)).as("E (1−λ̂)²")
                        .isCloseTo(ml2, within(1e-14));
                assertThat(HybridTheory.angularLambdaCross(theta, n)).as("E λ̂(1−λ̂)").isCloseTo(cross, within(1e-14));
            }
        }
    }

    private static double binomial(int n, int k) {
        double c = 1;
        for (int i = 1; i <= k; i++) {
            c = c * (n - k + i) / i;
        }
        return c;
    }

    @Test
    void bipolarGaussianLambdaMomentsAreThoseOfTheTrigonometricEstimate() {
        // Eq. 69–70: λ̂ = (1 − (1/n) Σ cos(σ gᵢ |x−y|))/ρ with ρ = 1 − e^{−2σ²r²}, gᵢ ~ N(0, 1) iid.
        double sigma = 0.8;
        double r = 0.9;
        double deltaSq = Vectors.squaredNormOfSum(X, Y, -1);
        double delta = Math.sqrt(deltaSq);
        double rho = 1 - Math.exp(-2 * sigma * sigma * r * r);
        assertThat(HybridTheory.bipolarGaussianRho(sigma, r)).isCloseTo(rho, within(1e-15));
        double meanCos = gauss(g -> Math.cos(sigma * g * delta));
        double varCos = gauss(g -> Math.cos(sigma * g * delta) * Math.cos(sigma * g * delta)) - meanCos * meanCos;
        double mean = (1 - meanCos) / rho;
        assertThat(HybridTheory.bipolarGaussianLambda(deltaSq, sigma, r)).isCloseTo(mean, within(1e-13));
        for (int n : new int[] {1, 4}) {
            double var = varCos / (n * rho * rho);
            assertThat(HybridTheory.bipolarGaussianLambdaSecondMoment(deltaSq, sigma, r, n))
                    .isCloseTo(mean * mean + var, within(1e-13));
            assertThat(HybridTheory.bipolarGaussianOneMinusLambdaSecondMoment(deltaSq, sigma, r, n))
                    .isCloseTo((1 - mean) * (1 - mean) + var, within(1e-13));
        }
    }

    @Test
    void theorem31IsTheMseOfAnExactlyEnumeratedMixture() {
        // λ̂ ∈ {0.2, 0.9} equally likely, independent of the errors (a, b) of A and B, which take
        // (1, 3), (−1, −3), (2, −1), (−2, 1) equally likely: E a = E b = 0, E a² = 2.5, E b² = 5,
        // Cov(a, b) = 0.5. The estimate λ̂A + (1 − λ̂)B has error λ̂a + (1 − λ̂)b.
        double[] lambdas = {0.2, 0.9};
        double[][] errors = {{1, 3}, {-1, -3}, {2, -1}, {-2, 1}};
        double mse = 0;
        for (double l : lambdas) {
            for (double[] e : errors) {
                double err = l * e[0] + (1 - l) * e[1];
                mse += err * err / 8;
            }
        }
        double mean = 0.55;
        double second = (0.04 + 0.81) / 2;
        assertThat(HybridTheory.bipolarMse(mean, second, 2.5, 5.0, 0.5)).isCloseTo(mse, within(1e-14));
    }

    @Test
    void generalHybridMseIsTheMseOfAnExactlyEnumeratedTwoLambdaMixture() {
        // p = 2: λ̂₁ ∈ {0.1, 0.7}, λ̂₂ ∈ {0.3, −0.2} independent; three independent unbiased bases with
        // errors ±1, ±2, ±3 (MSE 1, 4, 9). Estimate Σ wₖAₖ with w = (λ̂₁, λ̂₂, 1 − λ̂₁ − λ̂₂).
        double[] l1 = {0.1, 0.7};
        double[] l2 = {0.3, -0.2};
        double mse = 0;
        for (double a : l1) {
            for (double b : l2) {
                for (int s1 = -1; s1 <= 1; s1 += 2) {
                    for (int s2 = -1; s2 <= 1; s2 += 2) {
                        for (int s3 = -1; s3 <= 1; s3 += 2) {
                            double err = a * s1 + b * 2 * s2 + (1 - a - b) * 3 * s3;
                            mse += err * err / 32;
                        }
                    }
                }
            }
        }
        double[] means = {0.4, 0.05};
        double[] seconds = {(0.01 + 0.49) / 2, (0.09 + 0.04) / 2};
        assertThat(HybridTheory.hybridMse(means, seconds, new double[] {1, 4, 9})).isCloseTo(mse, within(1e-14));
        assertThatThrownBy(() -> HybridTheory.hybridMse(means, new double[] {0.1}, new double[] {1, 4, 9}))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> HybridTheory.hybridMse(means, seconds, new double[] {1, 4}))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void sharedProjectionCovarianceIsTheCovarianceOfTheTwoEstimators() {
        // Shared ω ∈ R²: H = e^{−s/2} cosh(ωᵀ(x+y)) and T = e^{s/2} cos(ωᵀ(x−y)) both estimate SM;
        // m shared projections divide the covariance by m. For the Gaussian kernel both carry e^{−s/2}.
        int m = 3;
        double s = Vectors.squaredNorm(X2) + Vectors.squaredNorm(Y2);
        double sm = Math.exp(Vectors.dot(X2, Y2));
        double[] v = {X2[0] + Y2[0], X2[1] + Y2[1]};
        double[] z = {X2[0] - Y2[0], X2[1] - Y2[1]};
        double cov = gauss2((a, b) -> Math.exp(-s / 2) * Math.cosh(a * v[0] + b * v[1])
                * Math.exp(s / 2) * Math.cos(a * z[0] + b * z[1])) - sm * sm;
        assertThat(cov).as("the covariance is not zero for unequal norms").isLessThan(-1e-3);
        assertThat(HybridTheory.sharedBipolarCovariance(KernelKind.SOFTMAX, X2, Y2, m)).isCloseTo(cov / m, within(1e-12));
        assertThat(HybridTheory.sharedBipolarCovariance(KernelKind.GAUSSIAN, X2, Y2, m))
                .isCloseTo(Math.exp(-s) * cov / m, within(1e-12));
    }

    @Test
    void hybridMsesAreTheorem31WithTheirOwnLambdaMoments() {
        int m = 5;
        int n = 3;
        double theta = HybridTheory.angle(X2, Y2);
        double pos = HybridTheory.lemma22PositiveMse(X2, Y2, m);
        double trig = HybridTheory.lemma22TrigonometricMse(X2, Y2, m);
        double cov = HybridTheory.sharedBipolarCovariance(KernelKind.SOFTMAX, X2, Y2, m);
        double l = theta / Math.PI;
        double l2 = HybridTheory.angularLambdaSecondMoment(theta, n);
        for (boolean shared : new boolean[] {false, true}) {
            double expected = HybridTheory.bipolarMse(l, l2, pos, trig, shared ? cov : 0);
            assertThat(HybridTheory.angularHybridMse(X2, Y2, m, n, shared)).as("angular, shared=%s", shared)
                    .isCloseTo(expected, within(1e-13 * expected));
        }
        double sigma = 0.7;
        double r = 0.8;
        double d2 = Vectors.squaredNormOfSum(X2, Y2, -1);
        double g = HybridTheory.bipolarGaussianLambda(d2, sigma, r);
        double g2 = HybridTheory.bipolarGaussianLambdaSecondMoment(d2, sigma, r, n);
        for (boolean shared : new boolean[] {false, true}) {
            double expected = HybridTheory.bipolarMse(g, g2, pos, trig, shared ? cov : 0);
            assertThat(HybridTheory.gaussianHybridMse(X2, Y2, m, n, sigma, r, shared)).as("Gaussian, shared=%s", shared)
                    .isCloseTo(expected, within(1e-13 * expected));
        }
    }

    @Test
    void complexExponentialMseIsTheVarianceOfTheRealPartByQuadrature() {
        // Generic complex u, v ∈ C²: one feature is Re(c e^{ωᵀz}), c = e^{−(uᵀu + vᵀv)/2}, z = u + v.
        double[] uRe = {0.3, -0.25};
        double[] uIm = {0.2, 0.35};
        double[] vRe = {-0.1, 0.4};
        double[] vIm = {0.3, -0.15};
        double cRe = -0.5 * (sq(uRe) - sq(uIm) + sq(vRe) - sq(vIm));
        double cIm = -(Vectors.dot(uRe, uIm) + Vectors.dot(vRe, vIm));
        double[] zRe = {uRe[0] + vRe[0], uRe[1] + vRe[1]};
        double[] zIm = {uIm[0] + vIm[0], uIm[1] + vIm[1]};
        DoubleBinaryOperator f = (a, b) -> Math.exp(cRe + a * zRe[0] + b * zRe[1]) * Math.cos(cIm + a * zIm[0] + b * zIm[1]);
        double mean = gauss2(f);
        double var = gauss2((a, b) -> f.applyAsDouble(a, b) * f.applyAsDouble(a, b)) - mean * mean;
        assertThat(var).isGreaterThan(1e-2);
        assertThat(HybridTheory.complexExponentialMse(uRe, uIm, vRe, vIm, 4)).isCloseTo(var / 4, within(1e-12));
    }

    private static double sq(double[] a) {
        return Vectors.squaredNorm(a);
    }

    @Test
    void maxRelativeErrorIsTheMaximumOverAFineGrid() {
        // Reference: the largest value on 2·10⁶ + 1 equally spaced angles (error ~ f''·h²/8 ≈ 1e-13
        // relative); the method's own 4000-point grid alone is off by ~1e-8, so the golden-section
        // refinement is resolved too. r = 3, n = 1 and r = 1.5, n = 4 have interior maxima off π/2.
        for (double[] c : new double[][] {{3.0, 1, 1}, {1.5, 16, 4}}) {
            double r = c[0];
            int m = (int) c[1];
            int n = (int) c[2];
            int grid = 2_000_000;
            double ref = 0;
            for (int i = 0; i <= grid; i++) {
                ref = Math.max(ref, HybridTheory.angularHybridRelativeError(Math.PI * i / grid, r, m, n));
            }
            assertThat(HybridTheory.angularHybridMaxRelativeError(r, m, n)).as("r=%s n=%s", r, n)
                    .isCloseTo(ref, within(1e-11 * ref));
        }
    }

    @Test
    void theorem35ClosedFormsAtOneSgnFeature() {
        // W(r) = e^{2r²} − e^{−2r²} = 2 sinh(2r²); at n = 1 the corrected bound is W/√(2m)·(√π r)^{−1/2}
        // and the printed one W/(r√(2m))·π^{−1/4}; the limit slope is W/√(2πmn).
        for (double r : new double[] {0.5, 1.0, 2.5}) {
            double w = 2 * Math.sinh(2 * r * r);
            assertThat(HybridTheory.w(r)).isCloseTo(w, within(1e-14 * w));
            assertThat(HybridTheory.baseMaxRelativeError(r, 8)).isCloseTo(w / 4, within(1e-14 * w));
            assertThat(HybridTheory.theorem35Bound(r, 2, 1)).isCloseTo(w / 2 / Math.sqrt(Math.sqrt(Math.PI) * r), within(1e-14 * w));
            assertThat(HybridTheory.theorem35BoundAsPrinted(r, 2, 1)).isCloseTo(w / (2 * r) * Math.pow(Math.PI, -0.25), within(1e-14 * w));
            assertThat(HybridTheory.theorem35LimitSlope(r, 2, 3)).isCloseTo(w / Math.sqrt(12 * Math.PI), within(1e-14 * w));
        }
        // large n: the bound tends to W/√(2m)·1/(√π r) (the sgn features become exact)
        double r = 1.7;
        double w = HybridTheory.w(r);
        assertThat(HybridTheory.theorem35Bound(r, 2, 1 << 30)).isCloseTo(w / 2 / (Math.sqrt(Math.PI) * r), within(1e-8 * w));
        assertThat(HybridTheory.theorem35BoundAsPrinted(r, 2, 1 << 30)).isCloseTo(w / 2 / (Math.sqrt(Math.PI) * r), within(1e-8 * w));
    }

    @Test
    void angleIsInZeroToPiAndZeroForAZeroVector() {
        double[] x = {0.1, 0.2, 0.3};
        assertThat(HybridTheory.angle(x, new double[] {2, 4, 6})).isCloseTo(0.0, within(1e-7));
        assertThat(HybridTheory.angle(x, new double[] {-0.3, -0.6, -0.9})).isCloseTo(Math.PI, within(1e-7));
        assertThat(HybridTheory.angle(new double[] {1, 0}, new double[] {3, 3})).isCloseTo(Math.PI / 4, within(1e-15));
        assertThat(HybridTheory.angle(new double[] {1, 0}, new double[] {-3, 3})).isCloseTo(3 * Math.PI / 4, within(1e-15));
        assertThat(HybridTheory.angle(new double[3], x)).isEqualTo(0.0);
        assertThat(HybridTheory.angle(x, new double[3])).isEqualTo(0.0);
    }

    /**
     * The misprinted Eq. 47 differs from the corrected one only in its second coefficient:
     * printed − corrected = (E[λ̂(1−λ̂)] − E[(1−λ̂)²])·e^{2r²}(1 − e^{−4r² sin²(θ/2)})²/(2m), with both
     * coefficients checked against binomial sums above.
     */
    @Test
    void printedEq47HasTheCrossMomentAsItsSecondCoefficient() {
        for (double[] c : new double[][] {{0.3, 1.2, 4, 2}, {1.7, 0.8, 10, 1}, {2.9, 1.5, 3, 8}}) {
            double theta = c[0];
            double r = c[1];
            int m = (int) c[2];
            int n = (int) c[3];
            double b = 1 - Math.exp(-4 * r * r * Math.sin(theta / 2) * Math.sin(theta / 2));
            double trig = Math.exp(2 * r * r) * b * b / (2.0 * m);
            double expected = HybridTheory.angularHybridMseEqualNorm(theta, r, m, n)
                    + (HybridTheory.angularLambdaCross(theta, n) - HybridTheory.angularOneMinusLambdaSecondMoment(theta, n)) * trig;
            assertThat(HybridTheory.angularHybridMseEqualNormAsPrinted(theta, r, m, n)).as("θ=%s r=%s", theta, r)
                    .isCloseTo(expected, within(1e-12 * Math.abs(expected)));
        }
    }
}
