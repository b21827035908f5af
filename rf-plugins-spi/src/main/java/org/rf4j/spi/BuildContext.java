package org.rf4j.spi;

import org.rf4j.api.Matrix;
import org.rf4j.api.Spec;
import org.rf4j.api.mechanism.Coupling;
import org.rf4j.api.mechanism.Estimator;
import org.rf4j.api.mechanism.FeatureMap;
import org.rf4j.api.mechanism.LambdaEstimator;
import org.rf4j.api.mechanism.SamplingPolicy;

/**
 * What a provider may use while creating its mechanism: the registry, to build nested mechanisms
 * (a hybrid's base estimators, an estimator's coupling), and a reader for data files named in
 * the config. A narrow view, not the whole application.
 */
public interface BuildContext {

    /** Creates a nested mechanism of a kind from its spec; {@code path} locates it in messages. */
    Object create(MechanismKind kind, String path, Spec spec);

    default Coupling coupling(String path, Spec spec) {
        return (Coupling) create(MechanismKind.COUPLING, path, spec);
    }

    default FeatureMap featureMap(String path, Spec spec) {
        return (FeatureMap) create(MechanismKind.FEATURE_MAP, path, spec);
    }

    default LambdaEstimator lambdaEstimator(String path, Spec spec) {
        return (LambdaEstimator) create(MechanismKind.LAMBDA_ESTIMATOR, path, spec);
    }

    default SamplingPolicy samplingPolicy(String path, Spec spec) {
        return (SamplingPolicy) create(MechanismKind.SAMPLING_POLICY, path, spec);
    }

    default Estimator estimator(String path, Spec spec) {
        return (Estimator) create(MechanismKind.ESTIMATOR, path, spec);
    }

    /**
     * Reads a numeric data file named in the config (CSV, ARFF or .npy; a label column, if any,
     * dropped), relative to the config file's folder.
     *
     * @param key the config key naming the file, for messages
     */
    Matrix readMatrix(String key, String file);
}
