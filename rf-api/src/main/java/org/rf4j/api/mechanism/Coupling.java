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

import java.util.random.RandomGenerator;
import org.apiguardian.api.API;

/**
 * How the projection vectors are drawn jointly. Every coupling's vectors are each marginally
 * {@code N(0, I_d)} (that is what keeps every estimator built on them unbiased); couplings
 * differ in how the vectors depend on each other (iid, orthogonal, simplex, ...).
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public interface Coupling extends Mechanism {


    /**
     * Draws m projection vectors in dimension d.
     *
     * @throws org.rf4j.api.InvalidParameterException if m ≤ 0 or d is below {@link #minimumDimension()}
     */
    Projection draw(int m, int d, RandomGenerator rng);

    /** The smallest input dimension this coupling supports. */
    default int minimumDimension() {
        return 1;
    }

    /** True if the vectors are mutually independent (the {@code iid} coupling). */
    default boolean independent() {
        return jointLaw() == JointLaw.INDEPENDENT;
    }

    /**
     * The joint law of the vectors, for closed-form theory ({@link JointLaw#OTHER} unless a coupling
     * draws exactly one of the known laws).
     */
    default JointLaw jointLaw() {
        return JointLaw.OTHER;
    }

    /**
     * Why this coupling cannot draw projections for {@code kernel}, as one line naming both, or empty
     * when it can; asked when a config is read. A coupling that sets directions jointly keeps the
     * spectral law only for an {@linkplain org.rf4j.api.kernel.Isotropic isotropic} kernel (whose
     * norms then come from its radial law); an independent coupling serves every kernel.
     */
    default java.util.Optional<String> refusal(org.rf4j.api.kernel.Kernel kernel) {
        if (kernel.unitKind().isPresent() || independent()
                || kernel.capability(org.rf4j.api.kernel.Isotropic.class).isPresent()) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(KernelRefusals.of(kernel, "coupling", spec().id(),
                "the coupling sets the projections' directions jointly, which keeps the spectral law only for an"
                        + " isotropic kernel; use coupling 'iid'"));
    }
}
