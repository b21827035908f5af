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

import org.rf4j.api.kernel.KernelKind;
import org.apiguardian.api.API;

/**
 * A question to the theory: what MSE should m features of a map have at (x, y)?
 *
 * @param kind     the unit kernel estimated
 * @param m        number of projections
 * @param coupling the coupling the projections are drawn with
 * @param sampling sampling policy, or null
 * @param x        query, already scaled by the kernel's input scale
 * @param y        key, already scaled
 *
 * <p>A data-driven map answers for its fitted values: fit it first (its {@code fit} hook).
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public record PointQuery(KernelKind kind, int m, Coupling coupling, SamplingPolicy sampling, double[] x, double[] y) {
}
