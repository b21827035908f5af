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

import java.util.Objects;
import java.util.random.RandomGenerator;
import org.rf4j.api.Checks;
import org.rf4j.api.kernel.KernelKind;
import org.apiguardian.api.API;

/**
 * Everything a {@link FeatureMap} needs to draw its features. It carries no data: a data-driven map
 * is fitted first ({@link FeatureMap#fit(FitData, int)}), and drawing one that still
 * {@link Mechanism#needsFit() needs fitting} is refused ({@link NotFittedException}).
 *
 * @param target   the unit kernel the features must estimate
 * @param d        input dimension
 * @param m        number of projections (random features before any per-projection blocks)
 * @param coupling how the projections are drawn jointly
 * @param sampling importance-sampling policy, or null for the standard distribution
 * @param rng      the generator the draw consumes
 * @param projectionBudget the most memory, in bytes, the m×d projection may hold (8·m·d bytes);
 *                 above it an iid projection is generated on the fly ({@link GeneratedProjection})
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public record FeatureRequest(KernelKind target, int d, int m, Coupling coupling, SamplingPolicy sampling,
        RandomGenerator rng, long projectionBudget) {
    /**
     * The default projection memory budget: 256 MiB (an m×d projection of up to 2²⁵ doubles, e.g.
     * m = 128 at d = 2¹⁸, is stored). Part of every config's meaning: changing it would change the
     * features of the configs that do not set a budget.
     */
    public static final long DEFAULT_PROJECTION_BUDGET = 256L << 20;

    public FeatureRequest {
        if (projectionBudget < 1) {
            throw new org.rf4j.api.InvalidParameterException("projectionBudget", projectionBudget,
                    "a positive number of bytes");
        }
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(coupling, "coupling");
        Objects.requireNonNull(rng, "rng");
        Checks.positive("d", d);
        Checks.positive("m", m);
    }

    /** A request with the {@link #DEFAULT_PROJECTION_BUDGET default projection budget}. */
    public FeatureRequest(KernelKind target, int d, int m, Coupling coupling, SamplingPolicy sampling,
            RandomGenerator rng) {
        this(target, d, m, coupling, sampling, rng, DEFAULT_PROJECTION_BUDGET);
    }

    /** True if the m×d projection (8·m·d bytes) fits {@link #projectionBudget()}, so it may be stored. */
    public boolean projectionFits() {
        return 8L * m * d <= projectionBudget;
    }
}
