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
 * Exact sampling of the Gamma(a, 1) distribution (shape a, unit scale) in O(1) expected time:
 * Marsaglia &amp; Tsang's squeeze-rejection method ("A simple method for generating gamma
 * variables", 2000) for a ≥ 1; for a &lt; 1 the shape-boosting identity
 * {@code Gamma(a) = Gamma(a+1)·U^{1/a}}, with U drawn first.
 *
 * <p>{@link #logSample} consumes the same random numbers as {@link #sample} and returns the
 * logarithm of the same draw, so that small shapes (where {@code U^{1/a}} underflows) keep a
 * finite, exact value on the log scale.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class GammaDistribution {
    private GammaDistribution() {
    }

    /** One draw of Gamma(shape, 1); {@code shape} must be finite and &gt; 0. */
    public static double sample(double shape, RandomGenerator rng) {
        check(shape);
        if (shape >= 1) {
            return marsagliaTsang(shape, rng);
        }
        double u = positiveUniform(rng);
        return marsagliaTsang(shape + 1, rng) * Math.pow(u, 1 / shape);
    }

    /** The natural logarithm of one draw of Gamma(shape, 1), from the same random numbers as {@link #sample}. */
    public static double logSample(double shape, RandomGenerator rng) {
        check(shape);
        if (shape >= 1) {
            return Math.log(marsagliaTsang(shape, rng));
        }
        double u = positiveUniform(rng);
        return Math.log(marsagliaTsang(shape + 1, rng)) + Math.log(u) / shape;
    }

    private static void check(double shape) {
        if (!(shape > 0) || Double.isInfinite(shape)) {
            throw new InvalidParameterException("shape", shape, "a finite number > 0 (Gamma shape)");
        }
    }

    /** U(0, 1) without 0 (0 would make a log, a power 1/a or a Cauchy draw infinite). */
    static double positiveUniform(RandomGenerator rng) {
        double u = rng.nextDouble();
        while (u == 0) {
            u = rng.nextDouble();
        }
        return u;
    }

    private static double marsagliaTsang(double a, RandomGenerator rng) {
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
