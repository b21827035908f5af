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
package org.rf4j.api.kernel;

import org.apiguardian.api.API;

/**
 * An arc-cosine kernel of order n (Cho &amp; Saul, "Kernel Methods for Deep Learning"):
 * {@code k_n(x, y) = (1/π)‖x‖ⁿ‖y‖ⁿJ_n(θ)}, estimated by the step (n = 0), ReLU (1) or squared-ReLU (2)
 * features of Gaussian projections.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.2")
public interface ArcCosine extends KernelCapability {
    /** The order n. */
    int arcCosineOrder();

    @Override
    default String familyName() {
        return "arc-cosine";
    }
}
