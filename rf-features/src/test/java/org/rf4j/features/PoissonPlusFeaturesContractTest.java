package org.rf4j.features;

import java.util.Collections;
import java.util.Map;
import org.rf4j.spi.FeatureMapProvider;
import org.rf4j.testkit.FeatureMapContract;

/**
 * The test kit's feature-map contract for {@code poisson-plus} (CRT Sec. 3.2.3), with an explicit
 * shift below every test input (the contract maps a cloud around its data pair, which a shift
 * fitted on the pair alone does not cover; such inputs are refused by design).
 */
class PoissonPlusFeaturesContractTest extends FeatureMapContract {
    @Override
    protected FeatureMapProvider provider() {
        return new PoissonFeatures.PlusProvider();
    }

    @Override
    protected Map<String, Object> parameters() {
        return Map.of("shift", Collections.nCopies(dimension(), -1.0));
    }

    /** Half the kit's default: enough for the SE-derived checks to be able to fail, half the CPU. */
    @Override
    protected int trials() {
        return 20000;
    }
}
