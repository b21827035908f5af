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
package org.rf4j.hybrid;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.rf4j.api.Matrix;
import org.rf4j.api.Spec;
import org.rf4j.api.mechanism.Estimator;
import org.rf4j.spi.MechanismKind;
import org.rf4j.spi.MechanismRegistry;
import org.rf4j.testkit.Specs;

/** Shared registry and spec builders for the HRF tests (Monte Carlo statistics: the kit's {@code MonteCarlo}). */
final class Fixtures {
    /** In-memory "files" the registry's data reader serves. */
    static final Map<String, Matrix> FILES = new HashMap<>();

    static final MechanismRegistry REGISTRY = MechanismRegistry.builder().loadDiscovered().build();

    /**
     * The estimator of a spec fitted as the config loader would: its data files served from
     * {@link #FILES}, else the shared data; the fit stage's random choices from {@code seed}.
     */
    static org.rf4j.api.mechanism.Estimator fitted(org.rf4j.api.Spec spec, org.rf4j.api.kernel.Kernel kernel,
            org.rf4j.api.mechanism.DataSample data, long seed) {
        return REGISTRY.create(MechanismKind.ESTIMATOR, "estimator", spec)
                .fit(org.rf4j.testkit.ConfigFiles.fitData(REGISTRY, spec, kernel, data, seed, FILES));
    }

    private Fixtures() {
    }

    static Estimator estimator(Spec spec) {
        return REGISTRY.create(MechanismKind.ESTIMATOR, "estimator", spec);
    }

    static Spec rf(String features, int m) {
        return Specs.randomFeatures("iid", features, m);
    }

    static Spec hybrid(List<Spec> bases, List<Spec> lambdas, boolean shared) {
        return Spec.of("hybrid", "base", bases, "lambdas", lambdas, "shareProjections", shared);
    }

    static Spec angularHybrid(int m, int n, boolean shared) {
        return hybrid(List.of(rf("hyperbolic", m), rf("trigonometric", m)), List.of(Spec.of("angular", "n", (long) n)),
                shared);
    }

    static double[] vector(double... v) {
        return v;
    }

    /** A vector of norm r at angle θ from (1, 0, ..., 0) in the first two coordinates. */
    static double[] polar(int d, double r, double theta) {
        double[] v = new double[d];
        v[0] = r * Math.cos(theta);
        v[1] = r * Math.sin(theta);
        return v;
    }
}
