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
package org.rf4j.kernels;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.rf4j.RandomFeatureMap;
import org.rf4j.RandomFeatures;
import org.rf4j.api.InvalidInputException;
import org.rf4j.api.RfException;
import org.rf4j.testkit.MonteCarlo;
import org.rf4j.theory.ExactKernels;

/**
 * The arc-cosine, polynomial and χ² kernels through the front door: for each (kernel, map) the
 * mean of {@value #SEEDS} seeds' estimates {@code φ(x)ᵀφ(y)} (m = {@value #M}, d = 4) lies within
 * {@link MonteCarlo#Z} standard errors of the exact kernel, and each check can detect a relative
 * bias of {@value #POWER} ({@code Z·SE ≤ 0.1·k}); the deterministic χ² sampler converges to the exact
 * value; a config naming no map gets the kernel's default map; refusals are one line.
 */
class NonStationaryKernelsTest {
    static final int SEEDS = 4000;
    static final double POWER = 0.1;
    static final int D = 4;
    static final int M = 16;
    static final double[] X = {0.3, 0.2, 0.5, 0.1};
    static final double[] Y = {0.4, 0.3, 0.1, 0.6};

    static Stream<Arguments> accepted() {
        return Stream.of(
                Arguments.of("arc-cosine", Map.of("order", 0), "arc-cosine"),
                Arguments.of("arc-cosine", Map.of("order", 1), "arc-cosine"),
                Arguments.of("arc-cosine", Map.of("order", 2), "arc-cosine"),
                Arguments.of("polynomial", Map.of("gamma", 1.0, "coef0", 1.0, "degree", 3), "tensor-sketch"),
                Arguments.of("polynomial", Map.of("gamma", 2.0, "coef0", 0.0, "degree", 2), "tensor-sketch"),
                Arguments.of("polynomial", Map.of("gamma", 1.0, "coef0", 1.0, "degree", 3), "random-maclaurin"),
                Arguments.of("skewed-chi2", Map.of("skewedness", 0.5), "skewed-chi2-sampler"));
    }

    static RandomFeatureMap map(String kernel, Map<String, ?> p, String features) {
        return RandomFeatures.of(kernel, p).features(features).m(M).seed(1).fit(D);
    }

    @ParameterizedTest(name = "{0} {1} {2}")
    @MethodSource("accepted")
    void everyMapIsUnbiasedForItsKernel(String kernel, Map<String, Object> p, String features) {
        RandomFeatureMap phi = map(kernel, p, features);
        double exact = phi.kernel().value(X, Y);
        double[] e = new double[SEEDS];
        for (int s = 0; s < SEEDS; s++) {
            e[s] = phi.withSeed(1000 + s).estimate(X, Y);
        }
        MonteCarlo.summarize(e).assertMeanMatches(exact, POWER, kernel + p + " " + features);
        // the front door reports the map's closed-form MSE, and it matches (tolerance at most half of it)
        MonteCarlo.assertMseMatches(e, exact, phi.theoryMse(X, Y).orElseThrow(), 0.5, kernel + p + " " + features);
        assertThat(phi.monteCarloOnly()).isEmpty();
    }

    @Test
    void theExactValuesAreExactKernels() {
        assertThat(RandomFeatures.arcCosine(2).fit(D).kernel().value(X, Y)).isEqualTo(ExactKernels.arcCosine(2, X, Y));
        assertThat(RandomFeatures.polynomial(0.5, 1.0, 3).fit(D).kernel().value(X, Y))
                .isEqualTo(ExactKernels.polynomial(0.5, 1.0, 3, X, Y));
        assertThat(RandomFeatures.chi2().fit(D).kernel().value(X, Y)).isEqualTo(ExactKernels.additiveChi2(X, Y));
        assertThat(RandomFeatures.skewedChi2(0.5).fit(D).kernel().value(X, Y))
                .isEqualTo(ExactKernels.skewedChi2(0.5, X, Y));
    }

    @Test
    void theChi2SamplerConvergesToTheExactKernel() {
        double exact = ExactKernels.additiveChi2(X, Y);
        double fine = RandomFeatures.chi2().features("additive-chi2-sampler",
                Map.of("sampleSteps", 120, "sampleInterval", 0.05)).fit(D).estimate(X, Y);
        assertThat(fine).isCloseTo(exact, org.assertj.core.data.Offset.offset(1e-6 * exact));
        // scikit-learn's default (2 steps, L = 0.5) is a coarse quadrature: within 15 % here
        RandomFeatureMap coarse = RandomFeatures.chi2().fit(D);
        assertThat(coarse.outputDimension()).isEqualTo(D * 3);
        assertThat(coarse.estimate(X, Y)).isCloseTo(exact, org.assertj.core.data.Offset.offset(0.15 * exact));
    }

    @Test
    void aConfigNamingNoMapGetsTheKernelsDefaultMap() {
        assertThat(RandomFeatures.arcCosine(1).fit(D).toConfig()).contains("\"arc-cosine\"");
        assertThat(RandomFeatures.polynomial(1.0, 1.0, 3).fit(D).toConfig()).contains("\"tensor-sketch\"");
        assertThat(RandomFeatures.chi2().fit(D).toConfig()).contains("\"additive-chi2-sampler\"");
        assertThat(RandomFeatures.skewedChi2(1.0).fit(D).toConfig()).contains("\"skewed-chi2-sampler\"");
        assertThat(RandomFeatures.of("polynomial", Map.of("degree", 3)).kernel())
                .isEqualTo(RandomFeatures.polynomial(1.0, 0.0, 3).kernel());
        RandomFeatureMap phi = RandomFeatures.polynomial(1.0, 1.0, 3).m(32).seed(9).fit(D);
        assertThat(RandomFeatures.fromConfig(phi.toConfig()).fit(D).transform(new double[][] {X, Y}))
                .isEqualTo(phi.transform(new double[][] {X, Y}));
    }

    @Test
    void aNegativeChi2EntryIsRefusedNamingItsRowAndColumn() {
        RandomFeatureMap phi = RandomFeatures.chi2().fit(D);
        assertThatThrownBy(() -> phi.transform(new double[][] {X, {0.1, 0.2, -0.3, 0.4}}))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("row 2, column 3")
                .hasMessageContaining("-0.3");
    }

    static Stream<Arguments> refused() {
        return Stream.of(
                Arguments.of("polynomial", "trigonometric", "iid",
                        "kernel 'polynomial' (dot-product) with feature map 'trigonometric': the map needs a shift-invariant"),
                Arguments.of("arc-cosine", "positive", "iid", "kernel 'arc-cosine' (arc-cosine) with feature map 'positive'"),
                Arguments.of("chi2", "skewed-chi2-sampler", "iid",
                        "with feature map 'skewed-chi2-sampler': the map needs the skewed chi2 kernel"),
                Arguments.of("gaussian", "tensor-sketch", "iid",
                        "kernel 'gaussian' (shift-invariant isotropic, Gaussian scale mixture) with feature map 'tensor-sketch'"),
                Arguments.of("polynomial", "tensor-sketch", "orthogonal",
                        "features 'tensor-sketch' accepts (it needs independent draws: 'iid')"),
                Arguments.of("arc-cosine", "arc-cosine", "simplex",
                        "features 'arc-cosine' accepts (it needs independent draws: 'iid')"));
    }

    @ParameterizedTest(name = "{0} {1} {2}")
    @MethodSource("refused")
    void everyRefusedCombinationIsRefusedInOneLine(String kernel, String features, String coupling, String message) {
        RandomFeatures r = RandomFeatures.of(kernel, Map.of()).features(features).coupling(coupling).m(M);
        assertThatThrownBy(r::estimator).isInstanceOf(RfException.class).hasMessageContaining(message)
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }
}
