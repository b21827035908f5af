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
package org.rf4j.features;

import java.util.OptionalDouble;
import org.rf4j.api.kernel.Kernel;
import org.rf4j.api.kernel.ShiftInvariant;

/**
 * A map that estimates every shift-invariant kernel from projections of its spectral law, with the
 * iid MSE in closed form from the kernel alone ({@code k(Δ)} and {@code k(2Δ)}).
 */
interface ShiftInvariantTheoryMse extends org.rf4j.api.mechanism.FeatureMap {
    /** The iid MSE at inputs already multiplied by the kernel's input scale. */
    double iidMse(double kDelta, double kTwoDelta, int m);

    default OptionalDouble theoryMse(Kernel kernel, double[] xs, double[] ys, int m) {
        double[] x2 = new double[xs.length];
        double[] y2 = new double[ys.length];
        for (int i = 0; i < xs.length; i++) {
            x2[i] = 2 * xs[i];
            y2[i] = 2 * ys[i];
        }
        return OptionalDouble.of(iidMse(kernel.unitValue(xs, ys), kernel.unitValue(x2, y2), m));
    }

    /** Accepts the Gaussian and softmax kernels and every kernel with a {@link ShiftInvariant} law. */
    @Override
    default java.util.Optional<String> refusal(Kernel kernel) {
        if (kernel.unitKind().isPresent() || kernel.capability(ShiftInvariant.class).isPresent()) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(org.rf4j.api.mechanism.KernelRefusals.of(kernel, "feature map", spec().id(),
                "the map needs a shift-invariant kernel with a spectral law"));
    }
}
