package org.rf4j.api.mechanism;

import java.util.Objects;
import java.util.random.RandomGenerator;
import org.rf4j.api.Checks;
import org.rf4j.api.kernel.KernelKind;

/**
 * Everything a {@link FeatureMap} needs to draw its features.
 *
 * @param target   the unit kernel the features must estimate
 * @param d        input dimension
 * @param m        number of projections (random features before any per-projection blocks)
 * @param coupling how the projections are drawn jointly
 * @param sampling importance-sampling policy, or null for the standard distribution
 * @param data     query/key samples for data-driven parameters (scaled), or null
 * @param rng      the generator the draw consumes
 */
public record FeatureRequest(KernelKind target, int d, int m, Coupling coupling, SamplingPolicy sampling,
        DataSample data, RandomGenerator rng) {
    public FeatureRequest {
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(coupling, "coupling");
        Objects.requireNonNull(rng, "rng");
        Checks.positive("d", d);
        Checks.positive("m", m);
        if (data != null) {
            Checks.sameLength("data", d, data.dimension());
        }
    }

    /** The data statistics, or null when no data was given. */
    public DataStatistics statistics() {
        return data == null ? null : data.statistics();
    }
}
