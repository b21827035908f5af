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
package org.rf4j.api.mechanism;

import java.util.OptionalDouble;
import org.apiguardian.api.API;

/**
 * Where the projections ω are drawn from and with which weights (importance sampling, Sernau
 * et al. Eq. 2): the estimator {@code (1/m) Σ_j (p_Ω(ω_j)/p_Ψ(ω_j)) φ(x, ω_j) φ(y, ω_j)} stays
 * unbiased when the weights are the exact density ratio.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public interface SamplingPolicy extends Mechanism {

    /**
     * Turns a projection drawn with the coupling (each vector marginally N(0, I)) into one drawn
     * from this policy's proposal, carrying the weights {@code p_Ω/p_Ψ}.
     */
    Projection adapt(Projection standard, ProjectionFeatureMap map, FeatureRequest request);

    /**
     * Fits the policy's data-dependent values once (see {@link Estimator#fit}) for the map and
     * coupling it will serve; {@code data} is the view for this policy's config path. The result's
     * spec carries the fitted values. Policies with nothing to fit return themselves.
     */
    default SamplingPolicy fit(FitData data, ProjectionFeatureMap map, Coupling coupling) {
        return this;
    }

    /** The estimator's variance under this policy where known in closed form. */
    default OptionalDouble theoryMse(PointQuery query, ProjectionFeatureMap map) {
        return OptionalDouble.empty();
    }
}
