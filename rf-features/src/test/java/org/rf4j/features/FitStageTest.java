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

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.random.RandomGenerator;
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
import org.rf4j.api.random.Seeds;
import org.rf4j.spi.MechanismKind;
import org.rf4j.spi.MechanismRegistry;
import org.rf4j.theory.GeneralizedFeatureTheory;


/**
 * The fit stage: configured → {@code fit(FitData)} → fitted (fitted values in the spec, kernel
 * coordinates) → draw. A fitted spec rebuilt through the registry draws bit-identical features
 * with no data, and they equal what the old path (data handed to the draw) gives — so the fitted
 * values are computed in the same coordinates. A fit in the wrong coordinates (e.g. unscaled data)
 * changes ρ*, λ*, p* or the shift and the features differ in every entry, so these tests detect it.
 */
class FitStageTest {
    private static final MechanismRegistry REGISTRY = MechanismRegistry.discover();
    private static final Kernel KERNEL = Kernel.gaussian(1.7);
    private static final int D = 4;

    private static DataSample data() {
        RandomGenerator r = Seeds.generator(5);
        Matrix q = Matrix.zeros(40, D);
        Matrix k = Matrix.zeros(30, D);
        for (Matrix m : List.of(q, k)) {
            for (int i = 0; i < m.data().length; i++) {
                m.data()[i] = 0.6 * r.nextGaussian() + 0.2;
            }
        }
        return new DataSample(q, k);
    }

    private static Estimator estimator(Spec features) {
        return REGISTRY.create(MechanismKind.ESTIMATOR, "estimator",
                Spec.of("random-features", "features", features, "m", 24));
    }

    private static Matrix features(DrawnEstimator e, Matrix x) {
        return e.features(org.rf4j.api.mechanism.Side.QUERY, x, null);
    }

    @Test
    void fittedSpecsRoundTripWithoutDataAndUnfittedDrawsAreRefused() {
        DataSample data = data();
        Matrix x = data.query().rowRange(0, 5);
        for (Spec f : List.of(Spec.of("oprf"), Spec.of("gerf", "fit", true), Spec.of("poisson"),
                Spec.of("poisson-plus"), Spec.of("geometric"), Spec.of("geometric-plus"))) {
            Estimator configured = estimator(f);
            assertThat(configured.needsFit()).as("%s needs a fit", f.id()).isTrue();
            Estimator fitted = configured.fit(FitData.of(KERNEL, data));
            assertThat(fitted.needsFit()).as("%s fitted", f.id()).isFalse();
            Spec written = fitted.spec();
            assertThat(((Spec) written.get("features")).parameters()).as("%s fitted spec", f.id()).doesNotContainKey("data");
            Estimator rebuilt = REGISTRY.create(MechanismKind.ESTIMATOR, "estimator", written);
            assertThat(rebuilt.needsFit()).isFalse();
            assertThat(rebuilt.spec()).isEqualTo(written);
            DrawnEstimator a = rebuilt.draw(KERNEL, D, 99);
            DrawnEstimator b = fitted.draw(new EstimatorRequest(KERNEL, D, 99));
            assertThat(features(a, x).data()).as("%s: rebuilt fitted spec vs the fitted estimator", f.id())
                    .containsExactly(features(b, x).data());
            assertThatThrownBy(() -> configured.draw(new EstimatorRequest(KERNEL, D, 99))).as("%s: drawing never fits", f.id())
                    .isInstanceOf(org.rf4j.api.mechanism.NotFittedException.class).hasMessageContaining("'" + f.id() + "'")
                    .hasMessageContaining("call fit first");
            assertThat(rebuilt.fit(FitData.of(KERNEL, null))).as("a fitted estimator has nothing left to fit")
                    .isSameAs(rebuilt);
        }
    }

    @Test
    void oprfRhoIsFittedOnceInKernelCoordinates() {
        DataSample data = data();
        Estimator fitted = estimator(Spec.of("oprf")).fit(FitData.of(KERNEL, data));
        double rho = ((Number) ((Spec) fitted.spec().get("features")).get("rho")).doubleValue();
        double expected = GeneralizedFeatureTheory.rhoStar(
                data.scaled(KERNEL.inputScale()).statistics().meanPairSquaredNorm(1), D);
        assertThat(rho).isEqualTo(expected);
    }

    @Test
    void ownDataOfAMechanismWinsOverTheSharedData() {
        DataSample shared = data();
        DataSample own = DataSample.symmetric(shared.key().scaled(3.0));
        FitData fd = new FitData(KERNEL, shared, Map.of("estimator.features.data", own.key()), "estimator", 0L);
        Spec viaOwn = (Spec) estimator(Spec.of("oprf")).fit(fd).spec().get("features");
        Spec viaOwnOnly = (Spec) estimator(Spec.of("oprf")).fit(FitData.of(KERNEL, own)).spec().get("features");
        assertThat(viaOwn).isEqualTo(viaOwnOnly);
    }

    @Test
    void mechanismsWithNothingToFitReturnThemselvesAndMissingDataIsNamed() {
        Estimator plain = estimator(Spec.of("positive"));
        assertThat(plain.needsFit()).isFalse();
        assertThat(plain.fit(FitData.of(KERNEL, null))).isSameAs(plain);
        assertThatThrownBy(() -> estimator(Spec.of("oprf")).fit(FitData.of(KERNEL, null)))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("oprf").hasMessageContaining("rho")
                .hasMessageContaining("fit");
    }
}
