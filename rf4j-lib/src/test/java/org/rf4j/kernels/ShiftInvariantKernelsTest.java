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

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.rf4j.RandomFeatureMap;
import org.rf4j.RandomFeatures;
import org.rf4j.api.RfException;
import org.rf4j.api.kernel.Isotropic;
import org.rf4j.api.kernel.Kernel;
import org.rf4j.spi.MechanismKind;
import org.rf4j.spi.MechanismRegistry;
import org.rf4j.testkit.MonteCarlo;

/**
 * The shift-invariant kernels through the front door, for every accepted (kernel, map, coupling)
 * combination: the estimate {@code φ(x)ᵀφ(y)} over {@value #SEEDS} seeds is unbiased for the exact
 * kernel (its mean within {@link MonteCarlo#Z} standard errors; each check must be able to detect a
 * relative bias of {@value #POWER}, i.e. {@code Z·SE ≤ 0.1·k}); the iid MSE matches the closed form
 * from the kernel alone; every refused combination is refused with one line naming the kernel, the
 * mechanism and why.
 */
class ShiftInvariantKernelsTest {
    static final int SEEDS = 2000;
    static final double POWER = 0.1;
    static final int D = 4;
    static final int M = 8;

    /** The kernels under test (parameters chosen so that k(x, y) is near 0.5 at the test pair). */
    static List<Map.Entry<String, Map<String, Object>>> kernels() {
        return List.of(
                Map.entry("matern", Map.<String, Object>of("nu", 1.5, "lengthscale", 1.3)),
                Map.entry("matern", Map.<String, Object>of("nu", 0.8, "lengthscale", 1.6)),
                Map.entry("exponential", Map.<String, Object>of("lengthscale", 1.5)),
                Map.entry("rational-quadratic", Map.<String, Object>of("alpha", 0.7, "lengthscale", 1.1)),
                Map.entry("laplacian", Map.<String, Object>of("gamma", 0.35)));
    }

    static List<String> couplings() {
        return MechanismRegistry.discover().ids(MechanismKind.COUPLING).stream().sorted().toList();
    }

    static final double[] X = {0.3, -0.2, 0.5, 0.1};
    static final double[] Y = {-0.4, 0.3, 0.1, 0.6};

    static Stream<Arguments> accepted() {
        List<Arguments> out = new ArrayList<>();
        for (var k : kernels()) {
            boolean isotropic = RandomFeatures.of(k.getKey(), k.getValue()).kernel().capability(Isotropic.class).isPresent();
            for (String map : List.of("trigonometric", "random-fourier")) {
                for (String c : couplings()) {
                    if (isotropic || c.equals("iid")) {
                        out.add(Arguments.of(k.getKey(), k.getValue(), map, c));
                    }
                }
            }
        }
        return out.stream();
    }

    static RandomFeatureMap map(String kernel, Map<String, Object> p, String features, String coupling) {
        return RandomFeatures.of(kernel, p).features(features).coupling(coupling).m(M).seed(1).fit(D);
    }

    static double[] estimates(RandomFeatureMap phi, int seeds) {
        double[] e = new double[seeds];
        for (int s = 0; s < seeds; s++) {
            e[s] = phi.withSeed(1000 + s).estimate(X, Y);
        }
        return e;
    }

    @ParameterizedTest(name = "{0} {1} {2} {3}")
    @MethodSource("accepted")
    void everyAcceptedCombinationIsUnbiased(String kernel, Map<String, Object> p, String features, String coupling) {
        RandomFeatureMap phi = map(kernel, p, features, coupling);
        double exact = phi.kernel().value(X, Y);
        assertThat(exact).as("the test pair's kernel value").isBetween(0.3, 0.8);
        MonteCarlo.summarize(estimates(phi, SEEDS)).assertMeanMatches(exact, POWER,
                kernel + p + " " + features + " " + coupling);
    }

    static Stream<Arguments> iid() {
        List<Arguments> out = new ArrayList<>();
        for (var k : kernels()) {
            for (String map : List.of("trigonometric", "random-fourier")) {
                out.add(Arguments.of(k.getKey(), k.getValue(), map));
            }
        }
        return out.stream();
    }

    /** The iid closed form (a sin/cos pair: (1 + k(2Δ))/2 − k(Δ)²; random Fourier: 1 + k(2Δ)/2 − k(Δ)², over m). */
    @ParameterizedTest(name = "{0} {1} {2}")
    @MethodSource("iid")
    void theIidMseMatchesItsClosedForm(String kernel, Map<String, Object> p, String features) {
        RandomFeatureMap phi = map(kernel, p, features, "iid");
        double exact = phi.kernel().value(X, Y);
        double theory = phi.theoryMse(X, Y).orElseThrow();
        MonteCarlo.assertMseMatches(estimates(phi, 4 * SEEDS), exact, theory, 0.2, kernel + p + " " + features);
    }

    /** Coupled directions with a non-Gaussian radial law: no closed form, and the front door says why. */
    @Test
    void coupledProjectionsOfANonGaussianKernelAreMonteCarloOnly() {
        for (String coupling : new String[] {"orthogonal", "simplex"}) {
            RandomFeatureMap phi = map("matern", Map.of("nu", 1.5, "lengthscale", 2.0), "trigonometric", coupling);
            assertThat(phi.theoryMse(X, Y)).isEmpty();
            assertThat(phi.monteCarloOnly()).hasValueSatisfying(
                    why -> assertThat(why).contains("'" + coupling + "'", "'matern'", "no closed form"));
        }
        assertThat(map("matern", Map.of("nu", 1.5, "lengthscale", 2.0), "trigonometric", "iid").monteCarloOnly()).isEmpty();
        assertThat(RandomFeatures.gaussian(1.0).features("trigonometric").coupling("orthogonal").fit(D).monteCarloOnly())
                .isEmpty();
    }

    @Test
    void theDefaultMapOfAShiftInvariantKernelIsTrigonometricAndTheGaussiansStaysPositive() {
        assertThat(RandomFeatures.matern(1.5, 2.0).fit(D).toConfig()).contains("\"trigonometric\"");
        assertThat(RandomFeatures.gaussian(1.0).fit(D).toConfig()).contains("\"positive\"");
        assertThat(RandomFeatures.of("matern", Map.of("nu", 1.5, "lengthscale", 2.0)).kernel())
                .isEqualTo(RandomFeatures.matern(1.5, 2.0).kernel());
    }

    @Test
    void theExactValueIsScikitLearns() {
        Kernel k = RandomFeatures.matern(1.5, 2.0).kernel();
        double r = Math.sqrt(0.7 * 0.7 + 0.5 * 0.5 + 0.4 * 0.4 + 0.5 * 0.5);
        double z = Math.sqrt(3) * r / 2.0;
        assertThat(k.value(X, Y)).isCloseTo((1 + z) * Math.exp(-z), org.assertj.core.data.Offset.offset(1e-14));
        double l1 = 0.7 + 0.5 + 0.4 + 0.5;
        assertThat(RandomFeatures.laplacian(0.35).kernel().value(X, Y))
                .isCloseTo(Math.exp(-0.35 * l1), org.assertj.core.data.Offset.offset(1e-14));
    }

    static Stream<Arguments> refused() {
        return Stream.of(
                Arguments.of("laplacian", "trigonometric", "orthogonal", null,
                        "kernel 'laplacian' (shift-invariant, product of 1-D laws (not isotropic)) with coupling 'orthogonal':"),
                Arguments.of("laplacian", "random-fourier", "simplex", null, "with coupling 'simplex': the coupling sets"),
                Arguments.of("matern", "positive", "iid", null,
                        "kernel 'matern' (shift-invariant isotropic, Gaussian scale mixture) with feature map 'positive':"
                                + " exponential features"),
                Arguments.of("rational-quadratic", "hyperbolic", "iid", null, "infinite variance when x.y > 0"),
                Arguments.of("exponential", "oprf", "iid", null, "with feature map 'oprf': the map is written for the"
                        + " Gaussian and softmax kernels only"),
                Arguments.of("matern", "trigonometric", "iid", "optimal",
                        "with sampling policy 'optimal': importance sampling reweights Gaussian projections"));
    }

    @ParameterizedTest(name = "{0} {1} {2} {3}")
    @MethodSource("refused")
    void everyRefusedCombinationIsRefusedInOneLineWhenTheConfigIsRead(String kernel, String features, String coupling,
            String sampling, String message) {
        RandomFeatures rf = RandomFeatures.of(kernel, Map.of()).features(features).coupling(coupling).m(M);
        RandomFeatures r = sampling == null ? rf : rf.sampling(sampling);
        assertThatThrownBy(r::estimator).isInstanceOf(RfException.class)
                .hasMessageContaining(message)
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }

    /** The float path (the projection's float product, then the row scales in float) stays within float error of the double path. */
    @ParameterizedTest(name = "{0}")
    @org.junit.jupiter.params.provider.ValueSource(strings = {"orthogonal", "simplex-hd", "iid"})
    void theFloatPathMatchesTheDoublePath(String coupling) {
        RandomFeatureMap phi = map("matern", Map.of("nu", 1.5, "lengthscale", 1.3), "trigonometric", coupling);
        double[][] x = {X, Y};
        float[][] xf = new float[2][D];
        for (int i = 0; i < 2; i++) {
            for (int j = 0; j < D; j++) {
                xf[i][j] = (float) x[i][j];
            }
        }
        double[][] z = phi.transform(x);
        float[][] zf = phi.transform(xf);
        for (int i = 0; i < 2; i++) {
            for (int j = 0; j < z[i].length; j++) {
                assertThat((double) zf[i][j]).isCloseTo(z[i][j], org.assertj.core.data.Offset.offset(1e-5));
            }
        }
    }
}
