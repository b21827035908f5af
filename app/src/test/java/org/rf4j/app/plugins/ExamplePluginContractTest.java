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
package org.rf4j.app.plugins;

import org.junit.jupiter.api.Nested;
import org.rf4j.spi.CouplingProvider;
import org.rf4j.spi.FeatureMapProvider;
import org.rf4j.spi.LambdaEstimatorProvider;
import org.rf4j.spi.MechanismKind;
import org.rf4j.spi.MechanismRegistry;
import org.rf4j.testkit.CouplingContract;
import org.rf4j.testkit.FeatureMapContract;
import org.rf4j.testkit.LambdaEstimatorContract;

/**
 * The contract test kit, run over the example plugin's providers exactly as a plugin author would
 * run it: each nested class supplies only the provider, here the one the registry loaded from the
 * plugin JAR in the plugins directory (its own class loader: these tests run on the class path),
 * not a class compiled with this test. The registry the contracts build with is that same
 * registry (built-ins plus the plugin), discovered once rather than per call.
 */
class ExamplePluginContractTest {

    @Nested
    class AntitheticCoupling extends CouplingContract {
        @Override
        protected CouplingProvider provider() {
            return ExamplePlugin.provider(MechanismKind.COUPLING, "antithetic");
        }

        @Override
        protected MechanismRegistry registry() {
            return ExamplePlugin.registry();
        }
    }

    @Nested
    class RandomPhaseFeatures extends FeatureMapContract {
        @Override
        protected FeatureMapProvider provider() {
            return ExamplePlugin.provider(MechanismKind.FEATURE_MAP, "random-phase");
        }

        @Override
        protected MechanismRegistry registry() {
            return ExamplePlugin.registry();
        }
    }

    @Nested
    class ConstantLambda extends LambdaEstimatorContract {
        @Override
        protected LambdaEstimatorProvider provider() {
            return ExamplePlugin.provider(MechanismKind.LAMBDA_ESTIMATOR, "constant");
        }

        @Override
        protected MechanismRegistry registry() {
            return ExamplePlugin.registry();
        }
    }
}
