package org.rf4j.features;

import org.rf4j.spi.FeatureMapProvider;
import org.rf4j.testkit.FeatureMapContract;

/** The test kit's feature-map contract for {@code OprfFeatures.Provider} (CRT). */
class OprfFeaturesContractTest extends FeatureMapContract {
    @Override
    protected FeatureMapProvider provider() {
        return new OprfFeatures.Provider();
    }

    /** Half the kit's default: enough for the SE-derived checks to be able to fail, half the CPU. */
    @Override
    protected int trials() {
        return 20000;
    }
}
