package org.rf4j.features;

import org.rf4j.spi.FeatureMapProvider;
import org.rf4j.testkit.FeatureMapContract;

class RandomFourierFeaturesContractTest extends FeatureMapContract {
    @Override
    protected FeatureMapProvider provider() {
        return new RandomFourierFeatures.Provider();
    }
}
