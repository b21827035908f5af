package org.rf4j.sampling;

import org.rf4j.spi.SamplingPolicyProvider;
import org.rf4j.testkit.SamplingPolicyContract;

/** The test kit's provider and sampling-policy contract for {@code standard}. */
class StandardSamplingContractTest extends SamplingPolicyContract {
    @Override
    protected SamplingPolicyProvider provider() {
        return new StandardSampling.Provider();
    }
}
