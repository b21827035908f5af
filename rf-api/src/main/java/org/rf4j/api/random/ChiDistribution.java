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
 * {@code χ_k = sqrt(2·G)} with {@code G ~ Gamma(k/2, 1)} drawn by Marsaglia &amp; Tsang's
 * squeeze-rejection method (shape ≥ 1; for k = 1 the shape-boosting identity
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
        double a = 0.5 * k;
        double g;
        if (a >= 1) {
            g = gamma(a, rng);
        } else {
            double u = rng.nextDouble();
            while (u == 0) {
                u = rng.nextDouble();
            }
            g = gamma(a + 1, rng) * Math.pow(u, 1 / a);
        }
        return Math.sqrt(2 * g);
    }

    /** Fills {@code out[offset .. offset+n)} with χ_k draws. */
    public static void fill(int k, RandomGenerator rng, double[] out, int offset, int n) {
        for (int i = 0; i < n; i++) {
            out[offset + i] = sample(k, rng);
        }
    }

    private static double gamma(double a, RandomGenerator rng) {
        double d = a - 1.0 / 3;
        double c = 1 / Math.sqrt(9 * d);
        while (true) {
            double x = rng.nextGaussian();
            double v = 1 + c * x;
            if (v <= 0) {
                continue;
            }
            v = v * v * v;
            double u = rng.nextDouble();
            double x2 = x * x;
            if (u < 1 - 0.0331 * x2 * x2) {
                return d * v;
            }
            if (u > 0 && Math.log(u) < 0.5 * x2 + d * (1 - v + Math.log(v))) {
                return d * v;
            }
        }
    }
}
