/*
 * Copyright 2026 The rf4j developers
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package org.rf4j.spi;

import org.rf4j.api.Spec;
import org.rf4j.api.mechanism.Coupling;
import org.rf4j.api.mechanism.Estimator;
import org.rf4j.api.mechanism.FeatureMap;
import org.rf4j.api.mechanism.LambdaEstimator;
import org.rf4j.api.mechanism.Mechanism;
import org.rf4j.api.mechanism.SamplingPolicy;
import org.apiguardian.api.API;

/**
 * What a provider may use while creating its mechanism: the registry, to build nested mechanisms
 * (a hybrid's base estimators, an estimator's coupling). A narrow view, not the whole application.
 * Providers read no files: a data file a config names (a {@link ParameterType#DATA_FILE} parameter)
 * is read by the config loader and reaches the mechanism at its fit stage
 * ({@link org.rf4j.api.mechanism.FitData#file(String)}).
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public interface BuildContext {

    /**
     * Creates a nested mechanism of a kind from its spec; {@code path} locates it in messages
     * (e.g. {@code estimator.base[1].coupling}).
     *
     * @return the mechanism, of the kind's type
     * @throws UnknownMechanismException if no provider of the kind has the spec's id
     * @throws org.rf4j.api.InvalidParameterException if the spec's parameters are invalid
     */
    <T extends Mechanism> T create(MechanismKind<T> kind, String path, Spec spec);

    default Coupling coupling(String path, Spec spec) {
        return create(MechanismKind.COUPLING, path, spec);
    }

    default FeatureMap featureMap(String path, Spec spec) {
        return create(MechanismKind.FEATURE_MAP, path, spec);
    }

    default LambdaEstimator lambdaEstimator(String path, Spec spec) {
        return create(MechanismKind.LAMBDA_ESTIMATOR, path, spec);
    }

    default SamplingPolicy samplingPolicy(String path, Spec spec) {
        return create(MechanismKind.SAMPLING_POLICY, path, spec);
    }

    default Estimator estimator(String path, Spec spec) {
        return create(MechanismKind.ESTIMATOR, path, spec);
    }
}
