package org.rf4j.testkit;

import org.rf4j.api.Spec;
import org.rf4j.api.mechanism.Coupling;
import org.rf4j.api.mechanism.Estimator;
import org.rf4j.api.mechanism.FeatureMap;
import org.rf4j.api.mechanism.LambdaEstimator;
import org.rf4j.api.mechanism.SamplingPolicy;
import org.rf4j.spi.MechanismProvider;
import org.rf4j.spi.MechanismRegistry;

/** Registry helpers for the contracts. */
final class Registries {
    private Registries() {
    }

    static MechanismRegistry with(MechanismProvider<?> provider) {
        return MechanismRegistry.builder().loadDiscovered().add(provider, "under-test").build();
    }

    static Spec specOf(Object mechanism) {
        if (mechanism instanceof Coupling c) {
            return c.spec();
        }
        if (mechanism instanceof FeatureMap f) {
            return f.spec();
        }
        if (mechanism instanceof LambdaEstimator l) {
            return l.spec();
        }
        if (mechanism instanceof SamplingPolicy s) {
            return s.spec();
        }
        if (mechanism instanceof Estimator e) {
            return e.spec();
        }
        throw new AssertionError("not a mechanism: " + mechanism);
    }
}
