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
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rf4j.api.DimensionMismatchException;
import org.rf4j.api.InvalidInputException;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Matrix;
import org.rf4j.api.RfException;
import org.rf4j.api.Spec;
import org.rf4j.api.kernel.GaussianKernel;
import org.rf4j.api.kernel.SoftmaxKernel;
import org.rf4j.api.mechanism.Estimator;
import org.rf4j.api.mechanism.EstimatorRequest;
import org.rf4j.api.mechanism.FeatureMap;
import org.rf4j.api.mechanism.LambdaEstimator;
import org.rf4j.spi.MechanismKind;

/** Config round trips (spec → mechanism → spec → mechanism → same spec) and rejected configs. */
class HybridConfigTest {
    private static void roundTrip(MechanismKind<?> kind, Spec spec) {
        Spec full = Fixtures.REGISTRY.create(kind, "x", spec).spec();
        assertThat(Fixtures.REGISTRY.create(kind, "x", full).spec()).isEqualTo(full);
        assertThat(full.id()).isEqualTo(spec.id());
    }

    @Test
    void hybridsRoundTrip() {
        roundTrip(MechanismKind.ESTIMATOR, Fixtures.angularHybrid(8, 8, false));
        roundTrip(MechanismKind.ESTIMATOR, Fixtures.angularHybrid(8, 8, true));
        roundTrip(MechanismKind.ESTIMATOR, Fixtures.hybrid(List.of(Fixtures.rf("hyperbolic", 4), Fixtures.rf("trigonometric", 4)),
                List.of(Spec.of("bipolar-gaussian", "sigma", 0.5, "r", 1.0, "estimator", Fixtures.angularHybrid(2, 2, false))),
                false));
        roundTrip(MechanismKind.ESTIMATOR, Spec.of("clustering-hybrid", "m", 8L, "lambda", "gaussian", "pairs", 2L));
        roundTrip(MechanismKind.LAMBDA_ESTIMATOR, Spec.of("gaussian", "matrix", List.of(1.0, 0.0, 0.0, 1.0)));
        roundTrip(MechanismKind.LAMBDA_ESTIMATOR, Spec.of("cluster", "queryCentres", List.of(1.0, 0.0, 0.0, 1.0),
                "keyCentres", List.of(0.5, 0.5), "dimension", 2L, "queryCluster", 1L));
        roundTrip(MechanismKind.FEATURE_MAP, Spec.of("complex-exponential", "diagonalIm", List.of(1.0)));
        roundTrip(MechanismKind.FEATURE_MAP, Spec.of("complex-exponential", "matrixRe", List.of(1.0, 2.0, 3.0, 4.0)));
    }

    @Test
    void roundTrippedHybridDrawsTheSameFeatures() {
        Estimator a = Fixtures.estimator(Fixtures.angularHybrid(4, 3, false));
        Estimator b = Fixtures.estimator(a.spec());
        EstimatorRequest r = new EstimatorRequest(new GaussianKernel(2.0), 3, 9);
        Matrix x = Matrix.of(new double[][] {{0.1, 0.2, 0.3}, {-0.4, 0.5, 0.0}});
        assertThat(a.draw(r).gram(x, x)).isEqualTo(b.draw(r).gram(x, x));
    }

    @Test
    void mismatchedBaseAndLambdaCountsAreRejected() {
        Spec bad = Fixtures.hybrid(List.of(Fixtures.rf("hyperbolic", 4), Fixtures.rf("trigonometric", 4)),
                List.of(Spec.of("angular"), Spec.of("angular")), false);
        assertThatThrownBy(() -> Fixtures.estimator(bad)).isInstanceOf(InvalidParameterException.class)
                .hasMessageContaining("estimator.lambdas").hasMessageContaining("base.size() − 1 = 1");
    }

    @Test
    void badConfigsAreRejectedWithKeyValueAndAllowed() {
        assertThatThrownBy(() -> Fixtures.estimator(Fixtures.hybrid(List.of(Fixtures.rf("hyperbolic", 4),
                Fixtures.rf("trigonometric", 4)), List.of(Spec.of("anglar")), false)))
                .isInstanceOf(RfException.class).hasMessageContaining("anglar");
        assertThatThrownBy(() -> Fixtures.estimator(Fixtures.hybrid(List.of(Fixtures.rf("hyperbolic", 4),
                Fixtures.rf("trigonometric", 5)), List.of(Spec.of("angular")), true)))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("estimator.base[1]")
                .hasMessageContaining("m = 4");
        assertThatThrownBy(() -> Fixtures.estimator(Fixtures.angularHybrid(4, 0, false)))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("lambdas[0].n");
        assertThatThrownBy(() -> Fixtures.REGISTRY.create(MechanismKind.FEATURE_MAP, "features",
                Spec.of("complex-exponential", "diagonalRe", List.of(1.0, 0.0), "diagonalIm", List.of(0.0, 0.0))))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("features.diagonalRe[1]")
                .hasMessageContaining("singular");
        assertThatThrownBy(() -> Fixtures.REGISTRY.create(MechanismKind.FEATURE_MAP, "features",
                Spec.of("complex-exponential", "matrixRe", List.of(1.0, 2.0, 2.0, 4.0))))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("features.matrixRe")
                .hasMessageContaining("singular");
        assertThatThrownBy(() -> Fixtures.REGISTRY.create(MechanismKind.FEATURE_MAP, "features",
                Spec.of("complex-exponential", "matrixRe", List.of(1.0, 2.0, 2.0))))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("d²");
        assertThatThrownBy(() -> Fixtures.REGISTRY.create(MechanismKind.LAMBDA_ESTIMATOR, "lambda",
                Spec.of("cluster", "queryCentres", List.of(1.0, 0.0), "keyCentres", List.of(0.5, 0.5), "dimension", 2L,
                        "queryCluster", 3L)))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("lambda.queryCluster")
                .hasMessageContaining("[0, 0]");
        assertThatThrownBy(() -> Fixtures.estimator(Spec.of("clustering-hybrid", "matrix", "full")))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("real-diagonal");
        assertThatThrownBy(() -> Fixtures.estimator(Spec.of("clustering-hybrid", "queryData", "q.csv")))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("estimator.keyData");
    }

    @Test
    void badInputsAreRejectedAtDrawOrEstimate() {
        Estimator e = Fixtures.estimator(Spec.of("random-features", "features",
                Spec.of("complex-exponential", "diagonalRe", List.of(1.0, 2.0), "diagonalIm", List.of(0.0, 1.0)), "m", 4L));
        assertThatThrownBy(() -> e.draw(new EstimatorRequest(SoftmaxKernel.INSTANCE, 3, 1)))
                .isInstanceOf(DimensionMismatchException.class).hasMessageContaining("diagonalRe")
                .hasMessageContaining("input dimension is 3");
        Estimator h = Fixtures.estimator(Fixtures.angularHybrid(4, 3, false));
        var k = h.draw(new EstimatorRequest(SoftmaxKernel.INSTANCE, 3, 1));
        assertThatThrownBy(() -> k.estimate(new double[] {0, Double.NaN, 0}, new double[] {0, 0, 0}))
                .isInstanceOf(RfException.class);
        assertThatThrownBy(() -> k.estimate(new double[] {0, 0}, new double[] {0, 0, 0}))
                .isInstanceOf(DimensionMismatchException.class);
        Estimator c = Fixtures.estimator(Spec.of("clustering-hybrid"));
        assertThatThrownBy(() -> c.draw(new EstimatorRequest(SoftmaxKernel.INSTANCE, 3, 1)))
                .isInstanceOf(org.rf4j.api.mechanism.NotFittedException.class)
                .hasMessageContaining("estimator 'clustering-hybrid' is not fitted").hasMessageContaining("call fit first");
        assertThatThrownBy(() -> c.fit(org.rf4j.api.mechanism.FitData.of(SoftmaxKernel.INSTANCE, null)))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("queryData");
        Estimator big = Fixtures.estimator(Spec.of("clustering-hybrid", "queryClusters", 5L));
        var tiny = new org.rf4j.api.mechanism.DataSample(Matrix.of(new double[][] {{0, 1}, {1, 0}}),
                Matrix.of(new double[][] {{0, 1}, {1, 0}}));
        assertThatThrownBy(() -> big.fitIfNeeded(SoftmaxKernel.INSTANCE, tiny, 1))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("estimator.queryClusters");
    }
}
