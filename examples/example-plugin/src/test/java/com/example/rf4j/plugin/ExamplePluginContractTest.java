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
package com.example.rf4j.plugin;

import org.junit.jupiter.api.Nested;
import org.rf4j.spi.CouplingProvider;
import org.rf4j.spi.FeatureMapProvider;
import org.rf4j.spi.KernelProvider;
import org.rf4j.spi.LambdaEstimatorProvider;
import org.rf4j.testkit.CouplingContract;
import org.rf4j.testkit.FeatureMapContract;
import org.rf4j.testkit.KernelContract;
import org.rf4j.testkit.LambdaEstimatorContract;

/** rf4j's contract tests over this plugin's providers: each nested class supplies only its provider. */
class ExamplePluginContractTest {

    @Nested
    class Antithetic extends CouplingContract {
        @Override
        protected CouplingProvider provider() {
            return new AntitheticCoupling.Provider();
        }
    }

    @Nested
    class RandomPhase extends FeatureMapContract {
        @Override
        protected FeatureMapProvider provider() {
            return new RandomPhaseFeatures.Provider();
        }
    }

    @Nested
    class TwoScaleGaussian extends KernelContract {
        @Override
        protected KernelProvider provider() {
            return new TwoScaleGaussianKernel.Provider();
        }
    }

    @Nested
    class Constant extends LambdaEstimatorContract {
        @Override
        protected LambdaEstimatorProvider provider() {
            return new ConstantLambda.Provider();
        }
    }
}
