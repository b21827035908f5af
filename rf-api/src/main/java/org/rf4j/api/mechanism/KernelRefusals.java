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

import org.rf4j.api.kernel.Kernel;
import org.apiguardian.api.API;

/** The one-line form of a refused (kernel, mechanism) combination. */
@API(status = API.Status.EXPERIMENTAL, since = "0.2")
public final class KernelRefusals {
    private KernelRefusals() {
    }

    /**
     * {@code kernel 'matern' (shift-invariant isotropic) with feature map 'positive': why}.
     *
     * @param what the mechanism's role ({@code feature map}, {@code coupling}, {@code estimator}, …)
     */
    public static String of(Kernel kernel, String what, String id, String why) {
        return "kernel '" + kernel.spec().id() + "' (" + kernel.family() + ") with " + what + " '" + id + "': " + why;
    }
}
