package org.rf4j.spi;

import org.rf4j.api.mechanism.Estimator;

/** Provides a {@link Estimator}; see {@link MechanismProvider} for the contract. */
public interface EstimatorProvider extends MechanismProvider<Estimator> {
    @Override
    default MechanismKind<Estimator> kind() {
        return MechanismKind.ESTIMATOR;
    }
}
