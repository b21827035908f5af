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
package org.rf4j.features;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;
import org.rf4j.api.Matrix;
import org.rf4j.api.Spec;
import org.rf4j.api.kernel.GaussianKernel;
import org.rf4j.api.kernel.Kernel;
import org.rf4j.api.kernel.SoftmaxKernel;
import org.rf4j.api.mechanism.Coupling;
import org.rf4j.api.mechanism.DataSample;
import org.rf4j.api.mechanism.Estimator;
import org.rf4j.api.mechanism.EstimatorRequest;
import org.rf4j.api.mechanism.FeatureMap;
import org.rf4j.api.mechanism.DrawnEstimator;
import org.rf4j.spi.MechanismKind;
import org.rf4j.spi.MechanismRegistry;
import org.rf4j.testkit.Specs;

/**
 * Every coupling composes with every feature map that accepts the Gaussian and softmax kernels through config, and the coupling-aware
 * {@code theoryMse} of the positive and trigonometric maps matches Monte Carlo end to end (drawn
 * through the {@code random-features} estimator, with a bandwidth, so input scaling is covered).
 */
class CouplingCompositionTest {
    private static final MechanismRegistry REGISTRY = MechanismRegistry.discover();

    private static Estimator estimator(String coupling, String features, int m) {
        return REGISTRY.create(MechanismKind.ESTIMATOR, "estimator",
                Specs.randomFeatures(coupling, features, m));
    }

    @Test
    void everyCouplingComposesWithEveryFeatureMap() {
        double[] x = {0.3, -0.1, 0.2, 0.4, 0.0, -0.2};
        double[] y = {0.1, 0.2, -0.3, 0.1, 0.2, 0.1};
        for (String c : REGISTRY.ids(MechanismKind.COUPLING)) {
            for (String f : REGISTRY.ids(MechanismKind.FEATURE_MAP)) {
                FeatureMap map = REGISTRY.create(MechanismKind.FEATURE_MAP, "features", Spec.of(f));
                Coupling coupling = REGISTRY.create(MechanismKind.COUPLING, "coupling", Spec.of(c));
                if (!map.accepts(coupling)) {
                    continue; // a map may declare couplings it cannot use; that is reported by the map itself
                }
                Estimator e = estimator(c, f, 11);
                for (Kernel k : List.of(new GaussianKernel(1.5), SoftmaxKernel.INSTANCE)) {
                    if (map.refusal(k).isPresent()) {
                        continue; // a map of another kernel family (arc-cosine, polynomial, chi2) refuses these
                    }
                    // data-driven maps (oprf, poisson, geometric, ...) fit their parameters to the data;
                    // the (x, y) pair is what `rf4j estimate` fits to
                    DrawnEstimator ke = e.fitIfNeeded(k, DataSample.pair(x, y), 42).draw(new EstimatorRequest(k, 6, 42));
                    double est = ke.estimate(x, y);
                    assertTrue(Double.isFinite(est), c + "/" + f + "/" + k + ": " + est);
                    Matrix g = ke.gram(Matrix.of(new double[][] {x, y}), Matrix.of(new double[][] {y}));
                    assertEquals(2, g.rows());
                    assertEquals(est, g.get(0, 0), 1e-12 * Math.max(1, Math.abs(est)), c + "/" + f);
                }
            }
        }
    }

    @Test
    void theoryMseIsAvailableExactlyForTheClosedForms() {
        Kernel k = new GaussianKernel(2.0);
        double[] x = {0.3, -0.1, 0.2};
        double[] y = {0.1, 0.2, -0.3};
        for (String c : REGISTRY.ids(MechanismKind.COUPLING)) {
            OptionalDouble pos = estimator(c, "positive", 5).theoryMse(k, x, y);
            OptionalDouble trig = estimator(c, "trigonometric", 5).theoryMse(k, x, y);
            assertEquals(List.of("iid", "orthogonal", "simplex").contains(c), pos.isPresent(), "positive/" + c);
            assertEquals(List.of("iid", "orthogonal").contains(c), trig.isPresent(), "trigonometric/" + c);
        }
    }

    private static void monteCarlo(String coupling, String features, Kernel k, int m, double[] x, double[] y, int n) {
        Estimator e = estimator(coupling, features, m);
        double theory = e.theoryMse(k, x, y).orElseThrow();
        double exact = k.kind() == org.rf4j.api.kernel.KernelKind.GAUSSIAN
                ? Math.exp(-0.5 * sq(x, y, -1) * k.inputScale() * k.inputScale())
                : Math.exp(dot(x, y) * k.inputScale() * k.inputScale());
        double sum = 0;
        double sum2 = 0;
        for (int s = 0; s < n; s++) {
            double err = e.draw(new EstimatorRequest(k, x.length, 1000 + s)).estimate(x, y) - exact;
            double e2 = err * err;
            sum += e2;
            sum2 += e2 * e2;
        }
        double mean = sum / n;
        double se = Math.sqrt((sum2 / n - mean * mean) / (n - 1));
        assertTrue(Math.abs(mean - theory) < 4 * se,
                coupling + "/" + features + "/" + k + " m=" + m + ": MC " + mean + " ± " + se + " vs theory " + theory);
    }

    private static double dot(double[] a, double[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * b[i];
        }
        return s;
    }

    private static double sq(double[] a, double[] b, double sign) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += (a[i] + sign * b[i]) * (a[i] + sign * b[i]);
        }
        return s;
    }

    @Test
    void couplingAwareTheoryMseMatchesMonteCarloEndToEnd() {
        double[] x = {0.6, -0.2, 0.4, 0.8};
        double[] y = {0.2, 0.4, -0.6, 0.2};
        monteCarlo("simplex", "positive", new GaussianKernel(1.6), 4, x, y, 6000);
        monteCarlo("orthogonal", "positive", SoftmaxKernel.INSTANCE, 6, x, y, 6000);
        monteCarlo("orthogonal", "trigonometric", new GaussianKernel(1.2), 7, x, y, 6000);
    }
}
