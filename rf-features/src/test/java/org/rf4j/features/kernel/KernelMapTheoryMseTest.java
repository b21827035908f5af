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
package org.rf4j.features.kernel;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.rf4j.api.Spec;
import org.rf4j.api.kernel.Kernel;
import org.rf4j.api.mechanism.Estimator;
import org.rf4j.api.random.Seeds;
import org.rf4j.spi.MechanismKind;
import org.rf4j.testkit.MonteCarlo;

/**
 * The {@code random-features} estimator's {@code theoryMse} for the arc-cosine, polynomial and skewed
 * χ² maps, checked end to end through the configured estimator (the spec a config names): 4,000
 * draws per case, trial t with seed {@code Seeds.derive(root, t)}; the empirical MSE must match the
 * closed form within {@link MonteCarlo#Z} = 4.5 of its standard errors, and that tolerance must be at
 * most half the closed form ({@link MonteCarlo.Estimates#assertMse}), so a closed form off by a factor
 * 1.5 or more (for example one that drops a term or a factor 1/m) is caught. The mean must match the
 * exact kernel within 4.5 standard errors, a tolerance of at most 10% of {@code √(k(x,x)k(y,y))}. The
 * pairs have xᵀy of either sign and no zero entry, and m is small enough that every term of the
 * variance matters.
 */
class KernelMapTheoryMseTest {
    static final double[] X = {0.9, 0.2, 0.4, 1.1};
    static final double[] Y = {0.5, 0.3, 0.1, 0.8};
    static final double[] Z = {-0.7, 0.6, 0.2, -0.3};
    static final int TRIALS = 4000;

    static Stream<Arguments> cases() {
        return Stream.of(
                Arguments.of("arc-cosine", Map.of("order", 0), "arc-cosine", 32),
                Arguments.of("arc-cosine", Map.of("order", 1), "arc-cosine", 32),
                Arguments.of("arc-cosine", Map.of("order", 2), "arc-cosine", 32),
                Arguments.of("polynomial", Map.of("gamma", 0.5, "coef0", 1.0, "degree", 3), "tensor-sketch", 16),
                Arguments.of("polynomial", Map.of("gamma", 0.5, "coef0", 1.0, "degree", 3), "tensor-sketch", 15),
                Arguments.of("polynomial", Map.of("gamma", 0.5, "coef0", 0.0, "degree", 2), "tensor-sketch", 16),
                Arguments.of("polynomial", Map.of("gamma", 0.5, "coef0", 1.0, "degree", 3), "random-maclaurin", 32),
                Arguments.of("polynomial", Map.of("gamma", 0.5, "coef0", 0.0, "degree", 2), "random-maclaurin", 32),
                Arguments.of("skewed-chi2", Map.of("skewedness", 0.5), "skewed-chi2-sampler", 32));
    }

    static Estimator estimator(String features, int m) {
        return NonStationaryKernelsTest.REGISTRY.create(MechanismKind.ESTIMATOR, "estimator",
                Spec.of("random-features", "coupling", Spec.of("iid"), "features", Spec.of(features), "m", m));
    }

    @ParameterizedTest(name = "{0} {1} {2} m = {3}")
    @MethodSource("cases")
    void theClosedFormMatchesTheMonteCarloMse(String id, Map<String, Object> p, String features, int m) {
        Kernel kernel = NonStationaryKernelsTest.kernel(id, p);
        Estimator e = estimator(features, m);
        for (double[] y : id.equals("skewed-chi2") ? new double[][] {Y} : new double[][] {Y, Z}) {
            double exact = kernel.value(X, y);
            double theory = e.theoryMse(kernel, X, y).orElseThrow();
            assertThat(theory).isPositive();
            long root = 17L * m + id.hashCode();
            MonteCarlo.Estimates mc = MonteCarlo.run(TRIALS, exact,
                    t -> e.draw(kernel, X.length, Seeds.derive(root, t)).estimate(X, y));
            // unbiased, to a detectable bias of 10% of √(k(x,x)k(y,y)), which bounds |k(x, y)|
            double scale = Math.sqrt(kernel.value(X, X) * kernel.value(y, y));
            assertThat(MonteCarlo.Z * mc.meanStdErr()).isLessThanOrEqualTo(0.1 * scale);
            assertThat(Math.abs(mc.mean() - exact)).isLessThanOrEqualTo(MonteCarlo.Z * mc.meanStdErr());
            mc.assertMse(theory);
        }
    }

    /** Where the map has no closed form there is none, and a kernel the map refuses gets none. */
    @Test
    void mapsWithoutAClosedFormReportNone() {
        Kernel chi2 = NonStationaryKernelsTest.kernel("chi2", Map.of());
        assertThat(estimator("additive-chi2-sampler", 8).theoryMse(chi2, Y, Y)).isEmpty();
        Kernel poly = NonStationaryKernelsTest.kernel("polynomial", Map.of());
        assertThat(((org.rf4j.api.mechanism.ExactKernelFeatureMap) NonStationaryKernelsTest.map("arc-cosine"))
                .theoryMse(poly, X, Y, 8)).isEmpty();
        assertThat(estimator("tensor-sketch", 8).monteCarloOnly(poly)).isEmpty();
    }
}
