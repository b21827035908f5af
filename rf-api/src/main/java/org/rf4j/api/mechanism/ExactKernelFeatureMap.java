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

/**
 * A feature map built from the kernel's exact value alone (such as Nyström's), so it serves every
 * kernel: it is drawn with the kernel itself, not only with a unit kind.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.2")
public interface ExactKernelFeatureMap extends FeatureMap {
    /** Draws the features of {@code kernel} (inputs in its coordinates, after its input scale). */
    DrawnFeatures draw(Kernel kernel, FeatureRequest request);

    /**
     * The closed-form MSE of {@code φ(x)ᵀφ(y)} for {@code kernel} with m features drawn independently
     * (x, y after the kernel's input scale), where the map has one; empty otherwise.
     */
    default java.util.OptionalDouble theoryMse(Kernel kernel, double[] xs, double[] ys, int m) {
        return java.util.OptionalDouble.empty();
    }

    /** Every kernel: only the exact value is used. */
    @Override
    default java.util.Optional<String> refusal(Kernel kernel) {
        return java.util.Optional.empty();
    }
}
