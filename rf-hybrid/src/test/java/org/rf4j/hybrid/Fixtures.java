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

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongToDoubleFunction;
import org.rf4j.api.Matrix;
import org.rf4j.api.Spec;
import org.rf4j.api.mechanism.Estimator;
import org.rf4j.spi.MechanismKind;
import org.rf4j.spi.MechanismRegistry;
import org.rf4j.testkit.MonteCarlo;



/** Shared registry, spec builders and Monte Carlo statistics for the HRF tests. */
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
        return Spec.of("random-features", "coupling", Spec.of("iid"), "features", Spec.of(features), "m", (long) m);
    }

    static Spec hybrid(List<Spec> bases, List<Spec> lambdas, boolean shared) {
        return Spec.of("hybrid", "base", bases, "lambdas", lambdas, "shareProjections", shared);
    }

    static Spec angularHybrid(int m, int n, boolean shared) {
        return hybrid(List.of(rf("hyperbolic", m), rf("trigonometric", m)), List.of(Spec.of("angular", "n", (long) n)),
                shared);
    }

    /** Mean, its SE, mean squared error about {@code exact}, and that mean's SE. */
    /**
     * Monte Carlo summary. The assertions follow the test kit's rule ({@link MonteCarlo#Z} standard
     * errors) and, like the kit, also assert their own power: a tolerance wider than a fixed share of
     * the target could not catch a wrong estimator or a wrong closed form.
     */
    record Mc(double mean, double meanSe, double mse, double mseSe) {
        void assertUnbiased(double exact) {
            assertUnbiased(exact, 0.05);
        }

        /** With the largest bias (relative to {@code exact}) the check must be able to detect. */
        void assertUnbiased(double exact, double relativePower) {
            new MonteCarlo.Summary(mean, meanSe, 0).assertMeanMatches(exact, relativePower, "hybrid estimate");
        }

        void assertMse(double theory) {
            new MonteCarlo.Summary(mse, mseSe, 0).assertMeanMatches(theory, 0.5, "hybrid MSE");
        }
    }

    static Mc monteCarlo(int trials, double exact, LongToDoubleFunction estimate) {
        double s = 0;
        double s2 = 0;
        double e2 = 0;
        double e4 = 0;
        for (long t = 0; t < trials; t++) {
            double v = estimate.applyAsDouble(t);
            s += v;
            s2 += v * v;
            double e = (v - exact) * (v - exact);
            e2 += e;
            e4 += e * e;
        }
        double mean = s / trials;
        double var = Math.max(0, s2 / trials - mean * mean);
        double mse = e2 / trials;
        double varE = Math.max(0, e4 / trials - mse * mse);
        return new Mc(mean, Math.sqrt(var / trials), mse, Math.sqrt(varE / trials));
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
