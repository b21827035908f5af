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

import java.util.random.RandomGenerator;
import org.apiguardian.api.API;

/**
 * A shift-invariant kernel {@code k(x − y)} (on inputs multiplied by {@link Kernel#inputScale()}),
 * with its spectral law: by Bochner's theorem {@code k(Δ) = E[cos(ωᵀΔ)]}. The trigonometric and
 * random-Fourier maps estimate it with projections drawn from that law.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.2")
public interface ShiftInvariant extends KernelCapability {
    /**
     * One draw of the spectral law (of the unit kernel, after the input scale) into {@code out},
     * whose length is the dimension; deterministic in the generator's stream.
     */
    void spectralVector(RandomGenerator rng, double[] out);

    @Override
    default String familyName() {
        return "shift-invariant";
    }
}
