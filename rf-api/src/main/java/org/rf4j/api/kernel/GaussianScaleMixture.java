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
import org.rf4j.api.random.ChiDistribution;

/**
 * An isotropic kernel that is a scale mixture of Gaussians, {@code k(r) = E_τ[exp(−τr²/2)]}: its
 * spectral law is {@code ω | τ ~ N(0, τ·I)}, so the radial law is {@code χ_d·√τ} and a Gaussian
 * projection becomes a draw of this kernel's law by multiplying it by {@code √τ} (one mixing draw
 * per projection, whatever the coupling set the projection's norm to).
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.2")
public interface GaussianScaleMixture extends Isotropic {
    /** One draw of the mixing precision τ &gt; 0 (of the unit kernel). */
    double mixingPrecision(RandomGenerator rng);

    /** χ_d, then the mixing draw. */
    @Override
    default double radialNorm(int d, RandomGenerator rng) {
        double chi = ChiDistribution.sample(d, rng);
        return chi * Math.sqrt(mixingPrecision(rng));
    }

    /** {@code √τ_j}, one mixing draw per projection in order (the coupling's norms are kept). */
    @Override
    default double[] rowScales(int m, int d, java.util.function.Supplier<double[]> squaredNorms,
            RandomGenerator rng) {
        double[] s = new double[m];
        for (int j = 0; j < m; j++) {
            s[j] = Math.sqrt(mixingPrecision(rng));
        }
        return s;
    }

    @Override
    default String familyName() {
        return "shift-invariant isotropic, Gaussian scale mixture";
    }
}
