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

import java.util.Map;
import org.junit.jupiter.api.Nested;
import org.rf4j.api.Spec;
import org.rf4j.spi.EstimatorProvider;
import org.rf4j.testkit.EstimatorContract;

/** The contract over the built-in base maps, each with the iid coupling. */
class RandomFeaturesEstimatorContractTest {

    abstract static class Base extends EstimatorContract {
        @Override
        protected EstimatorProvider provider() {
            return new RandomFeaturesEstimator.Provider();
        }
    }

    @Nested
    class Positive extends Base {
        @Override
        protected Map<String, Object> parameters() {
            return Map.of("features", Spec.of("positive"), "m", 32L);
        }
    }

    @Nested
    class Trigonometric extends Base {
        @Override
        protected Map<String, Object> parameters() {
            return Map.of("features", Spec.of("trigonometric"), "m", 32L);
        }
    }

    @Nested
    class Hyperbolic extends Base {
        @Override
        protected Map<String, Object> parameters() {
            return Map.of("features", Spec.of("hyperbolic"), "m", 32L);
        }
    }
}
