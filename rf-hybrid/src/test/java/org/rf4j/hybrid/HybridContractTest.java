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

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Nested;
import org.rf4j.api.Spec;
import org.rf4j.spi.EstimatorProvider;
import org.rf4j.spi.LambdaEstimatorProvider;
import org.rf4j.spi.MechanismRegistry;
import org.rf4j.testkit.EstimatorContract;
import org.rf4j.testkit.LambdaEstimatorContract;
import org.rf4j.testkit.Specs;

/**
 * The test kit's provider contracts for every rf-hybrid provider. The discovered registry (which
 * holds these providers) is built once and shared, instead of once per draw.
 */
class HybridContractTest {
    private static Spec rf(String features, long m) {
        return Specs.randomFeatures("iid", features, m);
    }

    @Nested
    class AngularHybrid extends EstimatorContract {
        @Override
        protected EstimatorProvider provider() {
            return new HybridEstimator.Provider();
        }

        @Override
        protected MechanismRegistry registry() {
            return Fixtures.REGISTRY;
        }

        @Override
        protected Map<String, Object> parameters() {
            return Map.of("base", List.of(rf("hyperbolic", 32), rf("trigonometric", 32)), "lambdas",
                    List.of(Spec.of("angular", "n", 8L, "coupling", Spec.of("iid"))), "shareProjections", false);
        }

        @Override
        protected int trials() {
            return 6000;
        }
    }

    @Nested
    class SharedGaussianHybrid extends EstimatorContract {
        @Override
        protected EstimatorProvider provider() {
            return new HybridEstimator.Provider();
        }

        @Override
        protected MechanismRegistry registry() {
            return Fixtures.REGISTRY;
        }

        @Override
        protected Map<String, Object> parameters() {
            return Map.of("base", List.of(rf("hyperbolic", 32), rf("trigonometric", 32)), "lambdas",
                    List.of(Spec.of("bipolar-gaussian", "sigma", 1.0, "r", 1.0, "n", 16L)), "shareProjections", true);
        }

        @Override
        protected int trials() {
            return 6000;
        }
    }

    @Nested
    class ClusteringHybrid extends EstimatorContract {
        @Override
        protected EstimatorProvider provider() {
            return new ClusteringHybridEstimator.Provider();
        }

        @Override
        protected MechanismRegistry registry() {
            return Fixtures.REGISTRY;
        }

        @Override
        protected Map<String, Object> parameters() {
            return Map.of("queryClusters", 1L, "keyClusters", 1L, "m", 16L, "matrix", "complex-diagonal");
        }

        @Override
        protected int trials() {
            return 2000;
        }
    }

    @Nested
    class Angular extends LambdaEstimatorContract {
        @Override
        protected LambdaEstimatorProvider provider() {
            return new AngularLambda.Provider();
        }

        @Override
        protected MechanismRegistry registry() {
            return Fixtures.REGISTRY;
        }

        @Override
        protected Map<String, Object> parameters() {
            return Map.of("n", 32L);
        }
    }

    @Nested
    class Gaussian extends LambdaEstimatorContract {
        @Override
        protected LambdaEstimatorProvider provider() {
            return new GaussianLambda.Provider();
        }

        @Override
        protected MechanismRegistry registry() {
            return Fixtures.REGISTRY;
        }
    }

    @Nested
    class BipolarGaussian extends LambdaEstimatorContract {
        @Override
        protected LambdaEstimatorProvider provider() {
            return new BipolarGaussianLambda.Provider();
        }

        @Override
        protected MechanismRegistry registry() {
            return Fixtures.REGISTRY;
        }
    }

    @Nested
    class Cluster extends LambdaEstimatorContract {
        @Override
        protected LambdaEstimatorProvider provider() {
            return new ClusterLambda.Provider();
        }

        @Override
        protected MechanismRegistry registry() {
            return Fixtures.REGISTRY;
        }

        @Override
        protected Map<String, Object> parameters() {
            return Map.of("queryCentres", List.of(0.3, 0.1, 0.0, 0.2, -0.1, 0.4, -0.3, 0.0, 0.1, -0.2, 0.2, 0.0),
                    "keyCentres", List.of(0.1, 0.1, 0.1, 0.1, 0.1, 0.1), "dimension", 6L, "queryCluster", 1L);
        }
    }
}
