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

import org.apiguardian.api.API;

/**
 * The capability of an estimator built from m projections of one coupling mapped by one feature
 * map (optionally through a sampling policy), as the {@code random-features} estimator is. Hybrids
 * ask for it to share one draw of projections between bases (HRF Theorem 3.1, variant II) and to
 * recognise the bipolar pair, instead of depending on a concrete estimator class.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public interface ProjectionEstimator extends Estimator {
    /** How the projections are drawn jointly. */
    Coupling coupling();

    /** The feature map applied to the projections. */
    FeatureMap featureMap();

    /** The importance-sampling policy, or null for the standard distribution. */
    SamplingPolicy sampling();

    /** m, the number of projections. */
    int m();
}
