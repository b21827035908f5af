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
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Matrix;
import org.rf4j.api.kernel.ArcCosine;
import org.rf4j.api.kernel.DotProduct;
import org.rf4j.api.kernel.Histogram;
import org.rf4j.api.kernel.Kernel;
import org.rf4j.api.kernel.ShiftInvariant;
import org.rf4j.api.mechanism.Coupling;
import org.rf4j.api.mechanism.DrawnFeatures;
import org.rf4j.api.mechanism.FeatureMap;
import org.rf4j.api.mechanism.FeatureRequest;
import org.rf4j.api.mechanism.Side;
import org.rf4j.api.random.Seeds;
import org.rf4j.features.kernelmaps.AdditiveChi2Features;
import org.rf4j.features.kernelmaps.ArcCosineFeatures;
import org.rf4j.features.kernelmaps.RandomMaclaurinFeatures;
import org.rf4j.features.kernelmaps.SkewedChi2Features;
import org.rf4j.features.kernelmaps.TensorSketchFeatures;
import org.rf4j.spi.KernelProvider;
import org.rf4j.spi.MechanismKind;
import org.rf4j.spi.MechanismRegistry;
import org.rf4j.testkit.KernelContract;
import org.rf4j.theory.ExactKernels;

/**
 * The arc-cosine, polynomial and χ² kernels as providers: the kernel contract, their exact values
 * and capabilities, and their maps, which draw exactly the {@code kernelmaps} classes (seed: the
 * request generator's first {@code nextLong()}) and refuse every other kernel in one line.
 */
class NonStationaryKernelsTest {
    static final double[] X = {0.3, 0.2, 0.5, 0.1};
    static final double[] Y = {0.4, 0.3, 0.1, 0.6};
    static final MechanismRegistry REGISTRY = MechanismRegistry.discover();

    @Nested
    class ArcCosineContract extends KernelContract {
        @Override
        protected KernelProvider provider() {
            return new NonStationaryKernels.ArcCosineProvider();
        }
    }

    @Nested
    class PolynomialContract extends KernelContract {
        @Override
        protected KernelProvider provider() {
            return new NonStationaryKernels.PolynomialProvider();
        }

        @Override
        protected Map<String, Object> parameters() {
            return Map.of("gamma", 0.5, "coef0", 1.0, "degree", 3);
        }
    }

    @Nested
    class Chi2Contract extends KernelContract {
        @Override
        protected KernelProvider provider() {
            return new NonStationaryKernels.Chi2Provider();
        }
    }

    @Nested
    class SkewedChi2Contract extends KernelContract {
        @Override
        protected KernelProvider provider() {
            return new NonStationaryKernels.SkewedChi2Provider();
        }
    }

    static Kernel kernel(String id, Map<String, Object> p) {
        org.rf4j.api.Spec spec = org.rf4j.api.Spec.of(id);
        for (var e : p.entrySet()) {
            spec = spec.with(e.getKey(), e.getValue());
        }
        return REGISTRY.create(MechanismKind.KERNEL, "kernel", spec);
    }

    static FeatureMap map(String id) {
        return REGISTRY.create(MechanismKind.FEATURE_MAP, "features", org.rf4j.api.Spec.of(id));
    }

    @Test
    void exactValuesAreExactKernelsAndDefaultsAreScikitLearns() {
        assertThat(kernel("arc-cosine", Map.of("order", 2)).value(X, Y)).isEqualTo(ExactKernels.arcCosine(2, X, Y));
        assertThat(kernel("polynomial", Map.of()).value(X, Y)).isEqualTo(ExactKernels.polynomial(1.0, 0.0, 2, X, Y));
        assertThat(kernel("polynomial", Map.of("gamma", 0.5, "coef0", 2.0, "degree", 3)).value(X, Y))
                .isEqualTo(ExactKernels.polynomial(0.5, 2.0, 3, X, Y));
        assertThat(kernel("chi2", Map.of()).value(X, Y)).isEqualTo(ExactKernels.additiveChi2(X, Y));
        assertThat(kernel("skewed-chi2", Map.of()).value(X, Y)).isEqualTo(ExactKernels.skewedChi2(1.0, X, Y));
        assertThat(kernel("skewed-chi2", Map.of("skewedness", 0.25)).value(X, Y))
                .isEqualTo(ExactKernels.skewedChi2(0.25, X, Y));
        assertThat(kernel("arc-cosine", Map.of()).spec()).isEqualTo(org.rf4j.api.Spec.of("arc-cosine", "order", 1));
    }

    @Test
    void eachKernelStatesItsFamilyAndDefaultMap() {
        Kernel a = kernel("arc-cosine", Map.of());
        Kernel p = kernel("polynomial", Map.of());
        Kernel c = kernel("chi2", Map.of());
        Kernel s = kernel("skewed-chi2", Map.of());
        assertThat(a.capability(ArcCosine.class)).isPresent();
        assertThat(p.capability(DotProduct.class).orElseThrow().maclaurinCoefficients()).containsExactly(0, 0, 1);
        assertThat(c.capability(Histogram.class).orElseThrow().skewedness()).isEmpty();
        assertThat(s.capability(Histogram.class).orElseThrow().skewedness()).hasValue(1.0);
        for (Kernel k : List.of(a, p, c, s)) {
            assertThat(k.capability(ShiftInvariant.class)).isEmpty();
            assertThat(k.unitKind()).isEmpty();
        }
        assertThat(List.of(a, p, c, s).stream().map(Kernel::defaultFeatureMap))
                .containsExactly("arc-cosine", "tensor-sketch", "additive-chi2-sampler", "skewed-chi2-sampler");
        assertThat(List.of(a, p, c, s).stream().map(Kernel::family)).containsExactly("arc-cosine", "dot-product",
                "histogram, additive (chi2)", "histogram, multiplicative (skewed chi2)");
    }

    @Test
    void badKernelParametersAreRefusedNamingTheKey() {
        assertThatThrownBy(() -> kernel("arc-cosine", Map.of("order", 3))).isInstanceOf(RuntimeException.class)
                .hasMessageContaining("order");
        assertThatThrownBy(() -> NonStationaryKernels.polynomial(0.0, 1.0, 2))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("kernel.gamma");
        assertThatThrownBy(() -> NonStationaryKernels.polynomial(1.0, -1.0, 2))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("kernel.coef0");
        assertThatThrownBy(() -> NonStationaryKernels.skewedChi2(0.0))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("kernel.skewedness");
    }

    private static DrawnFeatures draw(FeatureMap f, Kernel k, int d, int m, long seed) {
        FeatureRequest r = new FeatureRequest(org.rf4j.api.kernel.KernelKind.GAUSSIAN, d, m,
                REGISTRY.create(MechanismKind.COUPLING, "coupling", org.rf4j.api.Spec.of("iid")), null,
                Seeds.generator(seed), FeatureRequest.DEFAULT_PROJECTION_BUDGET);
        return ((org.rf4j.api.mechanism.ExactKernelFeatureMap) f).draw(k, r);
    }

    @Test
    void eachMapDrawsItsKernelmapsClassFromTheRequestSeed() {
        Matrix x = Matrix.of(new double[][] {X, Y});
        long s = Seeds.generator(7).nextLong();
        assertThat(draw(map("arc-cosine"), kernel("arc-cosine", Map.of("order", 2)), 4, 16, 7).map(Side.QUERY, x, null))
                .isEqualTo(new ArcCosineFeatures(4, 16, 2, s).transform(x));
        Kernel poly = kernel("polynomial", Map.of("gamma", 0.5, "coef0", 2.0, "degree", 3));
        assertThat(draw(map("tensor-sketch"), poly, 4, 16, 7).map(Side.QUERY, x, null))
                .isEqualTo(new TensorSketchFeatures(4, 16, 0.5, 2.0, 3, s).transform(x));
        assertThat(draw(map("random-maclaurin"), poly, 4, 16, 7).map(Side.QUERY, x, null))
                .isEqualTo(RandomMaclaurinFeatures.forSquaredNorm(4, 16, 0.5, 2.0, 3, 1.0, s).transform(x));
        assertThat(draw(map("additive-chi2-sampler"), kernel("chi2", Map.of()), 4, 16, 7).map(Side.QUERY, x, null))
                .isEqualTo(new AdditiveChi2Features(4, 2).transform(x));
        assertThat(draw(map("skewed-chi2-sampler"), kernel("skewed-chi2", Map.of("skewedness", 0.5)), 4, 16, 7)
                .map(Side.QUERY, x, null)).isEqualTo(new SkewedChi2Features(4, 16, 0.5, s).transform(x));
        assertThat(map("additive-chi2-sampler").outputDimension(64, 4)).isEqualTo(12);
    }

    @Test
    void mapsRefuseOtherKernelsAndOtherMapsRefuseTheseInOneLine() {
        Kernel gauss = Kernel.gaussian(1.0);
        Kernel arc = kernel("arc-cosine", Map.of());
        Kernel poly = kernel("polynomial", Map.of());
        Kernel chi2 = kernel("chi2", Map.of());
        Kernel skewed = kernel("skewed-chi2", Map.of());
        List<Kernel> kernels = List.of(gauss, arc, poly, chi2, skewed);
        Map<String, Kernel> accepts = Map.of("arc-cosine", arc, "tensor-sketch", poly, "random-maclaurin", poly,
                "additive-chi2-sampler", chi2, "skewed-chi2-sampler", skewed);
        for (var e : accepts.entrySet()) {
            FeatureMap f = map(e.getKey());
            for (Kernel k : kernels) {
                if (k == e.getValue()) {
                    assertThat(f.refusal(k)).as(e.getKey()).isEmpty();
                } else {
                    assertThat(f.refusal(k)).as(e.getKey() + " " + k.spec().id()).hasValueSatisfying(why -> {
                        assertThat(why).doesNotContain("\n").contains("kernel '" + k.spec().id() + "'")
                                .contains("feature map '" + e.getKey() + "'").contains("the map needs");
                    });
                }
            }
        }
        for (String other : List.of("trigonometric", "random-fourier", "positive", "hyperbolic", "oprf")) {
            for (Kernel k : List.of(arc, poly, chi2, skewed)) {
                assertThat(map(other).refusal(k)).as(other + " " + k.spec().id())
                        .hasValueSatisfying(why -> assertThat(why).doesNotContain("\n")
                                .contains("kernel '" + k.spec().id() + "'").contains("'" + other + "'"));
            }
        }
        assertThatThrownBy(() -> map("arc-cosine").draw(new FeatureRequest(org.rf4j.api.kernel.KernelKind.GAUSSIAN, 4,
                8, REGISTRY.create(MechanismKind.COUPLING, "coupling", org.rf4j.api.Spec.of("iid")), null,
                Seeds.generator(1), FeatureRequest.DEFAULT_PROJECTION_BUDGET)))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("kernel 'gaussian'")
                .hasMessageContaining("'arc-cosine'");
    }

    @Test
    void theMapsTakeOnlyIndependentDraws() {
        Coupling iid = REGISTRY.create(MechanismKind.COUPLING, "coupling", org.rf4j.api.Spec.of("iid"));
        Coupling orthogonal = REGISTRY.create(MechanismKind.COUPLING, "coupling", org.rf4j.api.Spec.of("orthogonal"));
        for (String id : List.of("arc-cosine", "tensor-sketch", "random-maclaurin", "additive-chi2-sampler",
                "skewed-chi2-sampler")) {
            assertThat(map(id).accepts(iid)).isTrue();
            assertThat(map(id).accepts(orthogonal)).as(id).isFalse();
        }
    }
}
