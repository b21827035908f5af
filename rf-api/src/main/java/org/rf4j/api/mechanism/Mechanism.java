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

import org.rf4j.api.Spec;
import org.apiguardian.api.API;

/**
 * Every configured mechanism: a kernel, coupling, feature map, λ-coefficient estimator, sampling
 * policy or estimator. A mechanism is an immutable value described completely by its
 * {@link #spec()}: two mechanisms with equal specs behave identically, and building the spec again
 * through the registry yields an equal mechanism.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public interface Mechanism {

    /** The spec that rebuilds this mechanism (its id and every parameter, defaults included). */
    Spec spec();

    /**
     * True when drawing needs data-dependent values that are not yet fitted (e.g. {@code oprf}
     * without {@code rho}). Fitting ({@code fit(FitData)} on the estimator) returns a mechanism for
     * which this is false.
     */
    default boolean needsFit() {
        return false;
    }
}
