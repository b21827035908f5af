package org.rf4j.spi;

import org.rf4j.api.mechanism.LambdaEstimator;

/** Provides a {@link LambdaEstimator}; see {@link MechanismProvider} for the contract. */
public interface LambdaEstimatorProvider extends MechanismProvider<LambdaEstimator> {
    @Override
    default MechanismKind<LambdaEstimator> kind() {
        return MechanismKind.LAMBDA_ESTIMATOR;
    }
}
