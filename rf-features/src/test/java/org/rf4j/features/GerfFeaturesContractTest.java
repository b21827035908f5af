package org.rf4j.features;

import java.util.Map;
import org.rf4j.spi.FeatureMapProvider;
import org.rf4j.testkit.FeatureMapContract;

/** The test kit's feature-map contract for {@code GerfFeatures.Provider} (CRT). */
class GerfFeaturesContractTest extends FeatureMapContract {
    @Override
    protected FeatureMapProvider provider() {
        return new GerfFeatures.Provider();
    }

    @Override
    protected Map<String, Object> parameters() {
        return Map.of("a", -0.1, "aImag", 0.2, "s", -1L);
    }

    /** Half the kit's default: enough for the SE-derived checks to be able to fail, half the CPU. */
    @Override
    protected int trials() {
        return 20000;
    }
}
