package org.rf4j.sampling;

import org.rf4j.spi.SamplingPolicyProvider;
import org.rf4j.testkit.SamplingPolicyContract;

/** The test kit's provider and sampling-policy contract for {@code optimal}, plus hyperbolic features. */
class OptimalSamplingContractTest extends SamplingPolicyContract {
    @Override
    protected SamplingPolicyProvider provider() {
        return new OptimalSampling.Provider();
    }

    @Override
    protected String[] featureMaps() {
        return new String[] {"positive", "trigonometric", "hyperbolic"};
    }
}
