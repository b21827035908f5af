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

import java.util.List;
import org.rf4j.api.kernel.Kernel;
import org.rf4j.api.mechanism.Coupling;
import org.rf4j.api.mechanism.Estimator;
import org.rf4j.api.mechanism.FeatureMap;
import org.rf4j.api.mechanism.LambdaEstimator;
import org.rf4j.api.mechanism.Mechanism;
import org.rf4j.api.mechanism.SamplingPolicy;
import org.apiguardian.api.API;

/**
 * The kinds of mechanism a provider can contribute, each typed by the mechanism interface its
 * providers create, so that {@link MechanismRegistry#create} and {@link BuildContext#create}
 * return that type without a cast. The constants are the only instances.
 *
 * @param <T> the mechanism interface of this kind
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class MechanismKind<T extends Mechanism> {
    public static final MechanismKind<Kernel> KERNEL =
            new MechanismKind<>("kernel", KernelProvider.class, Kernel.class);
    public static final MechanismKind<Coupling> COUPLING =
            new MechanismKind<>("coupling", CouplingProvider.class, Coupling.class);
    public static final MechanismKind<FeatureMap> FEATURE_MAP =
            new MechanismKind<>("features", FeatureMapProvider.class, FeatureMap.class);
    public static final MechanismKind<LambdaEstimator> LAMBDA_ESTIMATOR =
            new MechanismKind<>("lambda", LambdaEstimatorProvider.class, LambdaEstimator.class);
    public static final MechanismKind<SamplingPolicy> SAMPLING_POLICY =
            new MechanismKind<>("sampling", SamplingPolicyProvider.class, SamplingPolicy.class);
    public static final MechanismKind<Estimator> ESTIMATOR =
            new MechanismKind<>("estimator", EstimatorProvider.class, Estimator.class);

    private static final List<MechanismKind<?>> VALUES =
            List.of(KERNEL, COUPLING, FEATURE_MAP, LAMBDA_ESTIMATOR, SAMPLING_POLICY, ESTIMATOR);

    private final String label;
    private final Class<? extends MechanismProvider<T>> providerType;
    private final Class<T> mechanismType;

    private MechanismKind(String label, Class<? extends MechanismProvider<T>> providerType, Class<T> mechanismType) {
        this.label = label;
        this.providerType = providerType;
        this.mechanismType = mechanismType;
    }

    /** Every kind, in a fixed order (kernel, coupling, features, lambda, sampling, estimator). */
    public static List<MechanismKind<?>> values() {
        return VALUES;
    }

    /** The short name used in messages, config keys and {@code rf4j mechanisms}. */
    public String label() {
        return label;
    }

    /** The provider interface of this kind (the {@link java.util.ServiceLoader} service type). */
    public Class<? extends MechanismProvider<T>> providerType() {
        return providerType;
    }

    /** The mechanism interface providers of this kind create. */
    public Class<T> mechanismType() {
        return mechanismType;
    }

    /** The constant's name ({@code KERNEL}, {@code COUPLING}, ...). */
    public String name() {
        return switch (label) {
            case "kernel" -> "KERNEL";
            case "coupling" -> "COUPLING";
            case "features" -> "FEATURE_MAP";
            case "lambda" -> "LAMBDA_ESTIMATOR";
            case "sampling" -> "SAMPLING_POLICY";
            default -> "ESTIMATOR";
        };
    }

    @Override
    public String toString() {
        return name();
    }
}
