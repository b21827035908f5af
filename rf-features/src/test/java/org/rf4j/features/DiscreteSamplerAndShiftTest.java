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
import org.rf4j.api.InvalidInputException;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Matrix;
import org.rf4j.api.kernel.Kernel;
import org.rf4j.api.mechanism.DataSample;
import org.rf4j.api.mechanism.FitData;
import org.rf4j.api.random.Seeds;
import org.rf4j.theory.special.Gamma;

/**
 * The pieces of the discretely induced maps (CRT Sec. 3.2) that the unbiasedness tests reach only
 * weakly: the Poisson sampler against its exact law, ln k! beyond its table against ln Γ(k + 1), the
 * fitted shift of the plus variants over many rows, the argument checks, and the overflow limit.
 */
class DiscreteSamplerAndShiftTest {

    private static double logPoisson(int k, double lambda) {
        return -lambda + k * Math.log(lambda) - Gamma.logGamma(k + 1.0);
    }

    /** Counts of n Poisson(λ) draws by value, the last cell holding every k ≥ 4λ + 40. */
    private static long[] counts(double lambda, int n, long seed) {
        RandomGenerator r = Seeds.generator(seed);
        int top = (int) (4 * lambda + 40);
        long[] count = new long[top + 1];
        for (int i = 0; i < n; i++) {
            long k = FeatureMapSupport.poisson(r, lambda);
            assertThat(k).isNotNegative();
            count[(int) Math.min(k, top)]++;
        }
        return count;
    }

    /**
     * Pearson's χ² of the counts against the exact pmf (cells with an expected count of at least 20,
     * the rest pooled), as a z-score (χ² − df)/√(2df).
     */
    private static double chiSquareZ(long[] count, double lambda, int n) {
        int top = count.length - 1;
        double chi = 0;
        int df = 0;
        double pooledExpected = 0;
        double pooledObserved = count[top];
        for (int k = 0; k < top; k++) {
            double e = n * Math.exp(logPoisson(k, lambda));
            if (e >= 20) {
                chi += (count[k] - e) * (count[k] - e) / e;
                df++;
            } else {
                pooledExpected += e;
                pooledObserved += count[k];
            }
        }
        pooledExpected = Math.max(pooledExpected, 1e-9);
        chi += (pooledObserved - pooledExpected) * (pooledObserved - pooledExpected) / pooledExpected;
        return (chi - df) / Math.sqrt(2.0 * df);
    }

    /**
     * λ = 10 is the first λ drawn by transformed rejection (PTRS), λ = 3.5 is drawn by multiplying
     * uniforms. With these seeds the sampler gives |z| &lt; 1; a wrong constant in the PTRS hat
     * (1/α with b + 3.4, v_r with b + 2) or a rejected k = 0 gives z ≈ 9–15 at n = 2·10⁶ (checked
     * on those mutants), so the bound 4 separates them. k = 0 at λ = 10 (P = e^{−10}) comes only from
     * PTRS's slow path: 91 ± 9.5 zeros expected, a sampler that never returns 0 is 9.5 SE off.
     */
    @Test
    void poissonSamplerHasTheExactLawOnBothSidesOfItsSwitch() {
        int n = 2_000_000;
        long[] ptrs = counts(10, n, 41);
        assertThat(chiSquareZ(ptrs, 10, n)).as("PTRS at λ = 10").isLessThan(4);
        double expectedZeros = n * Math.exp(-10);
        assertThat((double) ptrs[0]).isCloseTo(expectedZeros, within(5 * Math.sqrt(expectedZeros)));
        assertThat(chiSquareZ(counts(3.5, 200_000, 42), 3.5, 200_000)).as("Knuth at λ = 3.5").isLessThan(4);
    }

    @Test
    void logFactorialBeyondTheTableIsLogGamma() {
        for (long k : new long[] {1023, 1024, 1025, 2000, 123_456, 10_000_000_000L}) {
            double ref = Gamma.logGamma(k + 1.0);
            assertThat(FeatureMapSupport.logFactorial(k)).as("ln %d!", k).isCloseTo(ref, within(3e-15 * ref));
        }
        assertThat(FeatureMapSupport.logFactorial(0)).isEqualTo(0.0);
        assertThat(FeatureMapSupport.logFactorial(5)).isCloseTo(Math.log(120), within(1e-15));
        assertThatThrownBy(() -> FeatureMapSupport.logFactorial(-1)).isInstanceOf(IllegalArgumentException.class);
    }

    /**
     * The feature limit keeps every estimate Σ_j φ_j(x)φ_j(y) of width w finite: two features at the
     * limit multiply to e^{MAX_LOG}/w, so 2·limit + ln w = MAX_LOG; a feature exactly at the limit is
     * allowed, one ulp above it is not.
     */
    @Test
    void featureLimitLeavesRoomForTheSumOfWidthProducts() {
        for (int w : new int[] {1, 7, 1000}) {
            assertThat(2 * FeatureMapSupport.logLimit(w) + Math.log(w)).isCloseTo(FeatureMapSupport.MAX_LOG, within(1e-12));
        }
        assertThat(FeatureMapSupport.logLimit(0)).isEqualTo(0.5 * FeatureMapSupport.MAX_LOG);
        double limit = FeatureMapSupport.logLimit(64);
        FeatureMapSupport.checkLog(limit, limit, 0, 1.0, "test");
        assertThatThrownBy(() -> FeatureMapSupport.checkLog(Math.nextUp(limit), limit, 3, 1.0, "test"))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("row 4 (1-based)");
        assertThatThrownBy(() -> FeatureMapSupport.checkLog(Double.NaN, limit, 0, 1.0, "test"))
                .isInstanceOf(InvalidInputException.class);
    }

    /** The fitted shift is, per coordinate, the minimum over every query and key row, minus ε. */
    @Test
    void fittedShiftIsTheCoordinateMinimumOverAllRowsOfBothSides() {
        Matrix q = Matrix.of(new double[][] {{0.5, 2.0, -1.0}, {0.1, 3.0, 4.0}, {0.9, -0.7, 2.0}});
        Matrix k = Matrix.of(new double[][] {{1.5, 0.3, 0.0}, {-0.2, 1.0, 5.0}});
        DataSample data = new DataSample(q, k);
        for (DiscretelyInducedFeatures map : new DiscretelyInducedFeatures[] {
            new PoissonFeatures(true, null, null, 0.05), new GeometricFeatures(true, 0.3, null, 0.05)}) {
            assertThat(map.plus()).isTrue();
            double[] c = FeatureMapTestSupport.fitted(map, data).fitted(3).shift();
            assertThat(c[0]).isCloseTo(-0.2 - 0.05, within(1e-15));
            assertThat(c[1]).isCloseTo(-0.7 - 0.05, within(1e-15));
            assertThat(c[2]).isCloseTo(-1.0 - 0.05, within(1e-15));
        }
        assertThat(new PoissonFeatures(false, 0.5, null, 0.05).plus()).isFalse();
        assertThat(new PoissonFeatures(false, 0.5, null, 0.05).fitted(3).shift()).isNull();
    }

    /** A plus variant's input must lie strictly above the shift: a coordinate equal to it is refused. */
    @Test
    void plusVariantRefusesAnInputOnItsShift() {
        DiscretelyInducedFeatures map = new PoissonFeatures(true, 0.4, new double[] {-1, -2}, 0.05);
        org.rf4j.api.mechanism.DrawnFeatures f = map.draw(new org.rf4j.api.mechanism.FeatureRequest(
                org.rf4j.api.kernel.KernelKind.GAUSSIAN, 2, 8, new FeatureMapTestSupport.TestIidCoupling(), null,
                Seeds.generator(5)));
        for (double v : f.map(org.rf4j.api.mechanism.Side.QUERY, Matrix.of(new double[][] {{Math.nextUp(-1.0), 0}}), null).data()) {
            assertThat(v).isPositive();
        }
        assertThatThrownBy(() -> f.map(org.rf4j.api.mechanism.Side.QUERY, Matrix.of(new double[][] {{0, 0}, {-1, 0}}), null))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("row 2, column 1 (1-based)");
    }

    @Test
    void explicitShiftAndMarginAreChecked() {
        DiscretelyInducedFeatures ok = new PoissonFeatures(true, 0.4, new double[] {-1, -2}, 0.05);
        assertThat(ok.fitted(2).shift()).containsExactly(-1, -2);
        assertThatThrownBy(() -> ok.fitted(3)).isInstanceOf(DimensionMismatchException.class).hasMessageContaining("shift");
        assertThatThrownBy(() -> new PoissonFeatures(true, 0.4, new double[] {-1, Double.NaN}, 0.05).fitted(2))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("shift[1]");
        // ε: any finite positive margin, down to the smallest double
        new GeometricFeatures(true, null, null, Double.MIN_VALUE);
        for (double bad : new double[] {0.0, -1e-3, Double.POSITIVE_INFINITY, Double.NaN}) {
            assertThatThrownBy(() -> new GeometricFeatures(true, null, null, bad)).as("ε = %s", bad)
                    .isInstanceOf(InvalidParameterException.class).hasMessageContaining("epsilon");
        }
        // an explicit shift but no λ and no data: the missing value named is λ (the shift's length sets d)
        assertThatThrownBy(() -> new PoissonFeatures(true, null, new double[] {-1, -2}, 0.05)
                .fit(FitData.of(Kernel.gaussian(1), null))).isInstanceOf(InvalidParameterException.class)
                .hasMessageContaining("lambda");
    }

    @Test
    void mapsAreEqualExactlyWhenTheyAreTheSameMechanismWithTheSameSpec() {
        DiscretelyInducedFeatures a = new PoissonFeatures(false, 0.3, null, 0.05);
        assertThat(a).isEqualTo(new PoissonFeatures(false, 0.3, null, 0.05));
        assertThat(a.hashCode()).isEqualTo(new PoissonFeatures(false, 0.3, null, 0.05).hashCode());
        assertThat(a.hashCode()).isEqualTo(a.spec().hashCode());
        assertThat(a).isNotEqualTo(new PoissonFeatures(false, 0.4, null, 0.05));
        assertThat(a).isNotEqualTo(new PoissonFeatures(true, 0.3, null, 0.05));
        assertThat(a).isNotEqualTo(new GeometricFeatures(false, 0.3, null, 0.05));
        assertThat(a).isNotEqualTo(a.spec());
        assertThat(a.toString()).isEqualTo(a.spec().toString()).contains("poisson");
    }

    /** p ∈ (0, 1) and λ ∈ (0, ∞), at their exact ends; each variant has its own id and description. */
    @Test
    void distributionParametersAndIdsAtTheirBoundaries() {
        new GeometricFeatures(false, Double.MIN_VALUE, null, 0.05);
        new GeometricFeatures(false, Math.nextDown(1.0), null, 0.05);
        new PoissonFeatures(false, Double.MIN_VALUE, null, 0.05);
        for (double bad : new double[] {0.0, 1.0, -0.1, Double.NaN}) {
            assertThatThrownBy(() -> new GeometricFeatures(true, bad, null, 0.05)).as("p = %s", bad)
                    .isInstanceOf(InvalidParameterException.class).hasMessageContaining("p");
        }
        for (double bad : new double[] {0.0, -1.0, Double.POSITIVE_INFINITY, Double.NaN}) {
            assertThatThrownBy(() -> new PoissonFeatures(false, bad, null, 0.05)).as("λ = %s", bad)
                    .isInstanceOf(InvalidParameterException.class).hasMessageContaining("lambda");
        }
        assertThat(new GeometricFeatures(false, 0.5, null, 0.05).id()).isEqualTo("geometric");
        assertThat(new GeometricFeatures(true, 0.5, null, 0.05).id()).isEqualTo("geometric-plus");
        assertThat(new GeometricFeatures(true, 0.5, null, 0.05).spec().id()).isEqualTo("geometric-plus");
        assertThat(new PoissonFeatures(false, 0.5, null, 0.05).id()).isEqualTo("poisson");
        assertThat(new PoissonFeatures(true, 0.5, null, 0.05).id()).isEqualTo("poisson-plus");
        // the fit stage's message for a missing p names what p is
        assertThatThrownBy(() -> new GeometricFeatures(false, null, null, 0.05)
                .fit(org.rf4j.api.mechanism.FitData.of(org.rf4j.api.kernel.Kernel.softmax(), null)))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("geometric parameter p")
                .hasMessageContaining("'geometric'");
    }
}
