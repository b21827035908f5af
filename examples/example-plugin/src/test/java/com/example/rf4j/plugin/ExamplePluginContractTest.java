package com.example.rf4j.plugin;

import org.junit.jupiter.api.Nested;
import org.rf4j.spi.CouplingProvider;
import org.rf4j.spi.FeatureMapProvider;
import org.rf4j.spi.LambdaEstimatorProvider;
import org.rf4j.testkit.CouplingContract;
import org.rf4j.testkit.FeatureMapContract;
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
    class Constant extends LambdaEstimatorContract {
        @Override
        protected LambdaEstimatorProvider provider() {
            return new ConstantLambda.Provider();
        }
    }
}
