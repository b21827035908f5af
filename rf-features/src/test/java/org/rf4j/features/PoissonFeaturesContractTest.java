package org.rf4j.features;

import org.rf4j.spi.FeatureMapProvider;
import org.rf4j.testkit.FeatureMapContract;

/** The test kit's feature-map contract for {@code PoissonFeatures.Provider} (CRT). */
class PoissonFeaturesContractTest extends FeatureMapContract {
    @Override
    protected FeatureMapProvider provider() {
        return new PoissonFeatures.Provider();
    }

    /** Half the kit's default: enough for the SE-derived checks to be able to fail, half the CPU. */
    @Override
    protected int trials() {
        return 20000;
    }
}
