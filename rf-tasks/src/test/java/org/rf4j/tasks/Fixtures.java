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
        return (Estimator) REGISTRY.create(MechanismKind.ESTIMATOR, "test", spec(coupling, features, m));
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
