package org.rf4j.spi;

import org.rf4j.api.mechanism.FeatureMap;

/** Provides a {@link FeatureMap}; see {@link MechanismProvider} for the contract. */
public interface FeatureMapProvider extends MechanismProvider<FeatureMap> {
    @Override
    default MechanismKind<FeatureMap> kind() {
        return MechanismKind.FEATURE_MAP;
    }
}
