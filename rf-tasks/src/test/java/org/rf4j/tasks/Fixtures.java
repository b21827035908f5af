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
package org.rf4j.tasks;

import org.rf4j.api.Spec;
import org.rf4j.api.mechanism.Estimator;
import org.rf4j.spi.MechanismKind;
import org.rf4j.spi.MechanismRegistry;

/** Shared test helpers: the registry of built-in mechanisms and estimator specs. */
final class Fixtures {
    static final MechanismRegistry REGISTRY = MechanismRegistry.discover();

    private Fixtures() {
    }

    static Spec spec(String coupling, String features, int m) {
        return Spec.of("random-features", "coupling", Spec.of(coupling), "features", Spec.of(features), "m", m);
    }

    static Estimator estimator(String coupling, String features, int m) {
        return REGISTRY.create(MechanismKind.ESTIMATOR, "test", spec(coupling, features, m));
    }

    static double mean(double[] v) {
        double s = 0;
        for (double x : v) {
            s += x;
        }
        return s / v.length;
    }

    /** Standard error of the mean. */
    static double se(double[] v) {
        double mu = mean(v);
        double s = 0;
        for (double x : v) {
            s += (x - mu) * (x - mu);
        }
        return Math.sqrt(s / (v.length - 1) / v.length);
    }

    /** A front-door configuration over the test registry. */
    static org.rf4j.RandomFeatures rf(String coupling, String features) {
        return org.rf4j.RandomFeatures.defaultConfig().registry(REGISTRY).coupling(coupling).features(features);
    }
}
