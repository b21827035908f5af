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
package org.rf4j.api.random;

import java.util.random.RandomGenerator;
import org.rf4j.api.InvalidParameterException;
import org.apiguardian.api.API;

/**
 * Exact sampling of the χ_k distribution (the norm of a standard Gaussian vector in R^k) in O(1):
 * {@code χ_k = sqrt(2·G)} with {@code G ~ Gamma(k/2, 1)} drawn by {@link GammaDistribution}
 * (Marsaglia &amp; Tsang's squeeze-rejection method; for k = 1 the shape-boosting identity
 * {@code Gamma(a) = Gamma(a+1)·U^{1/a}}).
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class ChiDistribution {
    private ChiDistribution() {
    }

    /** One draw of χ_k. */
    public static double sample(int k, RandomGenerator rng) {
        if (k < 1) {
            throw new InvalidParameterException("k", k, "an integer >= 1 (degrees of freedom)");
        }
        return Math.sqrt(2 * GammaDistribution.sample(0.5 * k, rng));
    }

    /** Fills {@code out[offset .. offset+n)} with χ_k draws. */
    public static void fill(int k, RandomGenerator rng, double[] out, int offset, int n) {
        for (int i = 0; i < n; i++) {
            out[offset + i] = sample(k, rng);
        }
    }
}
