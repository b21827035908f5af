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
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Matrix;
import org.rf4j.api.Spec;
import org.rf4j.api.kernel.Kernel;
import org.rf4j.api.mechanism.DataSample;
import org.rf4j.api.mechanism.DrawnEstimator;
import org.rf4j.api.mechanism.Estimator;
import org.rf4j.api.mechanism.EstimatorRequest;
import org.rf4j.api.mechanism.FitData;
import org.rf4j.api.mechanism.Side;
import org.rf4j.api.random.Seeds;
import org.rf4j.spi.MechanismKind;
import org.rf4j.spi.MechanismRegistry;

/**
 * The {@code optimal} policy's fit stage: the proposal is fitted once by {@code Estimator.fit},
 * written into the spec (mean, eigenvalues, eigenvectors in kernel coordinates), and the rebuilt
 * spec draws bit-identical features with no data, equal to the draw with data (which fits the same
 * proposal from the same seed). A proposal fitted in other coordinates or from other data gives
 * other projections, so every entry would differ.
 */
class FitStageTest {
    private static final MechanismRegistry REGISTRY = MechanismRegistry.discover();
    private static final Matrix RAW = Fixtures.gaussian(60, new double[] {1.2, -0.6, 0.4}, 0.5, Seeds.generator(61));

    private static Estimator estimator(String features) {
        return REGISTRY.create(MechanismKind.ESTIMATOR, "estimator", Spec.of("random-features", "features",
                Spec.of(features), "m", 16, "sampling", Spec.of("optimal", "fitSamples", 512, "rounds", 2)));
    }

    @Test
    void fittedProposalRoundTripsWithoutData() {
        Kernel kernel = Kernel.gaussian(1.5);
        DataSample data = DataSample.symmetric(RAW);
        Matrix x = RAW.rowRange(0, 4);
        for (String f : new String[] {"positive", "trigonometric"}) {
            Estimator configured = estimator(f);
            assertThat(configured.needsFit()).isTrue();
            Estimator fitted = configured.fit(FitData.of(kernel, data));
            assertThat(fitted.needsFit()).isFalse();
            Spec sampling = (Spec) fitted.spec().get("sampling");
            assertThat(sampling.parameters()).containsKeys("mean", "eigenvalues", "eigenvectors");
            Estimator rebuilt = REGISTRY.create(MechanismKind.ESTIMATOR, "estimator", fitted.spec());
            assertThat(rebuilt.spec()).isEqualTo(fitted.spec());
            DrawnEstimator a = rebuilt.draw(kernel, 3, 7);
            DrawnEstimator b = fitted.draw(new EstimatorRequest(kernel, 3, 7));
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> configured.draw(new EstimatorRequest(kernel, 3, 7)))
                    .isInstanceOf(org.rf4j.api.mechanism.NotFittedException.class);
            assertThat(a.features(Side.QUERY, x, null).data()).as(f)
                    .containsExactly(b.features(Side.QUERY, x, null).data());
            assertThat(rebuilt.theoryMse(kernel, x.row(0), x.row(1)))
                    .isEqualTo(configured.fitIfNeeded(kernel, data, 0).theoryMse(kernel, x.row(0), x.row(1)));
        }
    }

    @Test
    void fittingWithoutDataNamesThePolicy() {
        assertThatThrownBy(() -> estimator("positive").fit(FitData.of(Kernel.gaussian(1.0), null)))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("estimator.sampling")
                .hasMessageContaining("optimal");
    }
}
