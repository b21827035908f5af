package org.rf4j.spi;

import org.rf4j.api.mechanism.SamplingPolicy;

/** Provides a {@link SamplingPolicy}; see {@link MechanismProvider} for the contract. */
public interface SamplingPolicyProvider extends MechanismProvider<SamplingPolicy> {
    @Override
    default MechanismKind<SamplingPolicy> kind() {
        return MechanismKind.SAMPLING_POLICY;
    }
}
