package org.rf4j.api.mechanism;

import java.util.random.RandomGenerator;
import org.rf4j.api.Checks;

/**
 * What a {@link LambdaEstimator} needs to draw itself.
 *
 * @param d    input dimension
 * @param data query/key samples (scaled), or null
 * @param rng  the generator the draw consumes
 */
public record LambdaRequest(int d, DataSample data, RandomGenerator rng) {
    public LambdaRequest {
        Checks.positive("d", d);
    }
}
