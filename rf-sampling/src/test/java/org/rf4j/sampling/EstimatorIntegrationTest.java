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
package org.rf4j.sampling;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;
import org.rf4j.api.Matrix;
import org.rf4j.api.Spec;
import org.rf4j.api.kernel.GaussianKernel;
import org.rf4j.api.mechanism.DrawnEstimator;
import org.rf4j.api.mechanism.Estimator;
import org.rf4j.api.mechanism.EstimatorRequest;
import org.rf4j.api.random.Seeds;
import org.rf4j.spi.MechanismKind;
import org.rf4j.spi.MechanismRegistry;
import org.rf4j.testkit.ConfigFiles;
import org.rf4j.theory.BaseFeatureTheory;



/**
 * The config contract end to end: {@code "sampling": {"id": "optimal", "data": "file.csv"}} inside a
 * {@code random-features} estimator with a bandwidth σ ≠ 1 (the file holds raw data, scaled by the
 * estimator): the empirical MSE over seeds matches the policy's {@code theoryMse} (exact for the
 * fitted proposal), which is below the standard policy's.
 */
class EstimatorIntegrationTest {
    private static final Matrix RAW = Fixtures.gaussian(80, new double[] {1.2, -0.6, 0.4}, 0.5, Seeds.generator(61));

    private static Estimator estimator(String featureId, Spec sampling) {
        MechanismRegistry registry = MechanismRegistry.builder().loadDiscovered().build();
        Spec spec = Spec.of("random-features", "features", Spec.of(featureId), "m", 32, "sampling", sampling);
        // fitted as from a config file: the loader serves train.csv, the kernel (σ = 1.5) scales it
        return registry.create(MechanismKind.ESTIMATOR, "estimator", spec).fit(ConfigFiles.fitData(registry, spec,
                new GaussianKernel(1.5), null, 0L, Map.of("train.csv", RAW)));
    }

    @Test
    void empiricalMseMatchesTheoryMseForPositiveAndHyperbolic() {
        GaussianKernel kernel = new GaussianKernel(1.5);
        double[] x = {1.0, -0.4, 0.6};
        double[] y = {1.4, -0.9, 0.2};
        for (String id : new String[] {"positive", "hyperbolic"}) {
            Estimator optimal = estimator(id, Spec.of("optimal", "data", "train.csv"));
            Estimator standard = estimator(id, Spec.of("standard"));
            OptionalDouble theory = optimal.theoryMse(kernel, x, y);
            OptionalDouble theoryStd = standard.theoryMse(kernel, x, y);
            assertThat(theory).isPresent();
            assertThat(theoryStd).isPresent();
            double[] s = {x[0] / 1.5, x[1] / 1.5, x[2] / 1.5};
            double[] t = {y[0] / 1.5, y[1] / 1.5, y[2] / 1.5};
            double base = id.equals("positive") ? BaseFeatureTheory.positiveMse(kernel.kind(), s, t, 32)
                    : BaseFeatureTheory.hyperbolicMse(kernel.kind(), s, t, 32);
            assertThat(theoryStd.getAsDouble()).isCloseTo(base, org.assertj.core.data.Percentage.withPercentage(1e-9));
            assertThat(theory.getAsDouble()).as(id).isLessThan(theoryStd.getAsDouble());
            double exact = kernel.kind().value(s, t);
            int trials = 2000;
            double[] se2 = new double[trials];
            for (int r = 0; r < trials; r++) {
                DrawnEstimator k = optimal.draw(new EstimatorRequest(kernel, 3, Seeds.derive(62, r)));
                double e = k.estimate(x, y) - exact;
                se2[r] = e * e;
            }
            double[] mse = Fixtures.meanAndError(se2);
            assertThat(Math.abs(mse[0] - theory.getAsDouble())).as("%s: empirical MSE %s ± %s vs theory %s", id,
                    mse[0], mse[1], theory.getAsDouble()).isLessThan(4 * mse[1]);
        }
    }
}
