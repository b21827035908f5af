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
package org.rf4j.evaluation;

import org.rf4j.api.Spec;
import org.rf4j.api.mechanism.Estimator;
import org.rf4j.spi.MechanismKind;
import org.rf4j.spi.MechanismRegistry;
import org.rf4j.testkit.MonteCarlo;
import org.rf4j.testkit.Specs;

/** Shared test helpers: the registry of built-in mechanisms and estimator specs. */
final class Fixtures {
    static final MechanismRegistry REGISTRY = MechanismRegistry.discover();

    private Fixtures() {
    }

    static Spec spec(String coupling, String features, int m) {
        return Specs.randomFeatures(coupling, features, m);
    }

    static Estimator estimator(String coupling, String features, int m) {
        return REGISTRY.create(MechanismKind.ESTIMATOR, "test", spec(coupling, features, m));
    }

    static double mean(double[] v) {
        return MonteCarlo.summarize(v).mean();
    }

    /** Standard error of the mean. */
    static double se(double[] v) {
        return MonteCarlo.summarize(v).standardError();
    }

    /** A front-door configuration over the test registry. */
    static org.rf4j.RandomFeatures rf(String coupling, String features) {
        return org.rf4j.RandomFeatures.defaultConfig().registry(REGISTRY).coupling(coupling).features(features);
    }
}
