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
 * A shift-invariant kernel that depends on {@code |x − y|} only: its spectral law is a uniform
 * direction times an independent norm from the kernel's radial law. A coupling sets the directions
 * (orthogonal, simplex, structured, quasi-Monte Carlo) and each norm comes from this radial law,
 * so every coupling that is unbiased for the Gaussian kernel stays unbiased for this kernel.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.2")
public interface Isotropic extends ShiftInvariant {
    /** The unit kernel at distance r ≥ 0 (after the input scale). */
    double radialValue(double r);

    /**
     * {@code r[i] = radialValue(r[i])} in place for {@code from ≤ i < to}: the radial profile over a
     * block of distances. Kernels with a closed form override it with a vectorised one.
     */
    default void radialValues(double[] r, int from, int to) {
        for (int i = from; i < to; i++) {
            r[i] = radialValue(r[i]);
        }
    }

    /**
     * The Euclidean distance {@code |x − y|₂}, for an isotropic kernel's exact value:
     * {@code unitValue(x, y) = radialValue(distance(x, y))}.
     */
    static double distance(double[] x, double[] y) {
        org.rf4j.api.Checks.sameLength("y", x.length, y.length);
        double s = 0;
        for (int i = 0; i < x.length; i++) {
            double t = x[i] - y[i];
            s += t * t;
        }
        return Math.sqrt(s);
    }

    /** One draw of the norm of a spectral vector in dimension d. */
    double radialNorm(int d, RandomGenerator rng);

    /**
     * The factors that turn m Gaussian-marginal projections (of squared norms {@code squaredNorms},
     * asked for only if needed) into draws of this kernel's spectral law with the same directions:
     * {@code ρ_j/|w_j|} with ρ_j from the radial law, drawn in order j = 0…m−1.
     */
    default double[] rowScales(int m, int d, java.util.function.Supplier<double[]> squaredNorms,
            RandomGenerator rng) {
        double[] sq = squaredNorms.get();
        double[] s = new double[m];
        for (int j = 0; j < m; j++) {
            double rho = radialNorm(d, rng);
            s[j] = sq[j] > 0 ? rho / Math.sqrt(sq[j]) : 0.0;
        }
        return s;
    }

    /** A uniform direction (d Gaussians, normalised), then the radial norm. */
    @Override
    default void spectralVector(RandomGenerator rng, double[] out) {
        double sq = 0;
        for (int i = 0; i < out.length; i++) {
            out[i] = rng.nextGaussian();
            sq += out[i] * out[i];
        }
        double f = radialNorm(out.length, rng) / Math.sqrt(sq);
        for (int i = 0; i < out.length; i++) {
            out[i] *= f;
        }
    }

    @Override
    default String familyName() {
        return "shift-invariant isotropic";
    }
}
