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
package org.rf4j.sampling;

import java.util.OptionalDouble;
import org.rf4j.api.mechanism.ParameterlessMechanism;
import org.rf4j.api.mechanism.FeatureRequest;
import org.rf4j.api.mechanism.PointQuery;
import org.rf4j.api.mechanism.Projection;
import org.rf4j.api.mechanism.ProjectionFeatureMap;
import org.rf4j.api.mechanism.SamplingPolicy;
import org.rf4j.spi.AbstractProvider;
import org.rf4j.spi.SamplingPolicyProvider;
import org.apiguardian.api.API;

/**
 * The {@code standard} policy: ω ~ Ω = N(0, I) exactly as the coupling drew it, weight 1 (Sernau
 * et al. Eq. 1, i.e. Eq. 2 with Ψ = Ω). {@link #adapt} is the identity, so the drawn features are
 * bit-identical to drawing without a policy; its MSE is the feature map's own closed form.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class StandardSampling extends ParameterlessMechanism implements SamplingPolicy {
    /** The provider id. */
    public static final String ID = "standard";

    public StandardSampling() {
        super(ID);
    }

    @Override
    public Projection adapt(Projection standard, ProjectionFeatureMap map, FeatureRequest request) {
        return standard;
    }

    /** The map's own closed form (asked without a sampling policy, which is what this policy is). */
    @Override
    public OptionalDouble theoryMse(PointQuery query, ProjectionFeatureMap map) {
        return map.theoryMse(new PointQuery(query.kind(), query.m(), query.coupling(), null, query.x(), query.y()));
    }

    /** The {@code standard} provider. */
    public static final class Provider extends AbstractProvider<SamplingPolicy> implements SamplingPolicyProvider {
        public Provider() {
            super(ID,
                    "projections from the standard distribution N(0, I), weight 1 (Sernau et al. Eq. 1)",
                    (parameters, context) -> new StandardSampling());
        }
    }
}
