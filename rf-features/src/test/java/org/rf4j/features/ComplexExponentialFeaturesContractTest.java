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

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Nested;
import org.rf4j.spi.FeatureMapProvider;
import org.rf4j.spi.MechanismRegistry;
import org.rf4j.testkit.FeatureMapContract;

/** The feature-map contract for complex exponential maps (HRF Eq. 14–16): A = I, complex diagonal, full complex. */
class ComplexExponentialFeaturesContractTest {
    /** Built once (the provider is discovered), not once per draw. */
    private static final MechanismRegistry REGISTRY = MechanismRegistry.builder().loadDiscovered().build();

    abstract static class Base extends FeatureMapContract {
        @Override
        protected FeatureMapProvider provider() {
            return new ComplexExponentialFeatures.Provider();
        }

        @Override
        protected MechanismRegistry registry() {
            return REGISTRY;
        }
    }

    @Nested
    class Identity extends Base {
    }

    @Nested
    class ComplexDiagonal extends Base {
        @Override
        protected Map<String, Object> parameters() {
            return Map.of("diagonalRe", List.of(0.8, 0.3, -1.1, 0.5, 1.0, 0.2), "diagonalIm",
                    List.of(0.4, 0.9, 0.2, -0.6, 0.0, 1.1));
        }
    }

    @Nested
    class FullComplex extends Base {
        @Override
        protected Map<String, Object> parameters() {
            double[] re = new double[36];
            double[] im = new double[36];
            for (int i = 0; i < 6; i++) {
                re[i * 6 + i] = 1.0;
                im[i * 6 + (i + 1) % 6] = 0.3;
                re[i * 6 + (i + 2) % 6] = -0.2;
            }
            return Map.of("matrixRe", toList(re), "matrixIm", toList(im));
        }
    }

    private static List<Double> toList(double[] a) {
        return java.util.Arrays.stream(a).boxed().toList();
    }
}
