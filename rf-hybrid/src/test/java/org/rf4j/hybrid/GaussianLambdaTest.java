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
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rf4j.api.DimensionMismatchException;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Spec;
import org.rf4j.api.mechanism.LambdaEstimator;
import org.rf4j.spi.MechanismKind;

/**
 * The Gaussian λ of HRF Eq. 20 (with the App. H.2 diagonal P) in closed form: its value is
 * {@code exp(−|Px + My|²/(2c²))} for every way of giving P and M, and with n iid trigonometric
 * features its second moment is {@code λ² + (1 − λ²)²/(2n)} (the trigonometric MSE of the unit
 * Gaussian kernel at u = Px/c, v = −My/c, where e^{−|u−v|²} = λ²). The contract's unbiasedness
 * check cannot see a wrong P, M or c: value and features would be wrong together.
 */
class GaussianLambdaTest {
    private static final double[] X = {0.4, -0.3, 0.5};
    private static final double[] Y = {-0.2, 0.6, 0.1};

    private static LambdaEstimator lambda(Object... kv) {
        Object[] all = new Object[kv.length + 2];
        all[0] = "n";
        all[1] = 4L;
        System.arraycopy(kv, 0, all, 2, kv.length);
        return Fixtures.REGISTRY.create(MechanismKind.LAMBDA_ESTIMATOR, "lambda", Spec.of("gaussian", all));
    }

    /** exp(−|P x + M y|²/(2c²)) with P, M diagonal (length 3) or M full (my = M y given). */
    private static double expected(double[] p, double[] my, double c) {
        double s = 0;
        for (int i = 0; i < 3; i++) {
            double t = p[i] * X[i] + my[i];
            s += t * t;
        }
        return Math.exp(-s / (2 * c * c));
    }

    private static double[] diag(double[] m) {
        return new double[] {m[0] * Y[0], m[1] * Y[1], m[2] * Y[2]};
    }

    private static void check(LambdaEstimator l, double value) {
        assertThat(l.value(X, Y)).isCloseTo(value, within(1e-15));
        assertThat(l.secondMoment(X, Y).orElseThrow())
                .isCloseTo(value * value + (1 - value * value) * (1 - value * value) / 8, within(1e-14));
    }

    @Test
    void valueAndSecondMomentForEveryFormOfPAndM() {
        double[] one = {1, 1, 1};
        // default: P = I, M = −I, c = 1 → exp(−|x − y|²/2)
        check(lambda(), expected(one, diag(new double[] {-1, -1, -1}), 1));
        // width c
        check(lambda("scale", 1.7), expected(one, diag(new double[] {-1, -1, -1}), 1.7));
        // scalar and per-coordinate diagonals of M and P
        check(lambda("diagonal", List.of(0.5), "scale", 0.9), expected(one, diag(new double[] {0.5, 0.5, 0.5}), 0.9));
        check(lambda("diagonal", List.of(2.0, -1.0, 0.5), "queryDiagonal", List.of(0.3, 1.5, -2.0)),
                expected(new double[] {0.3, 1.5, -2.0}, diag(new double[] {2.0, -1.0, 0.5}), 1));
        check(lambda("queryDiagonal", List.of(1.4), "scale", 1.3),
                expected(new double[] {1.4, 1.4, 1.4}, diag(new double[] {-1, -1, -1}), 1.3));
        // full M (row-major)
        double[][] m = {{1, 2, 0}, {0, -1, 3}, {0.5, 0, 1}};
        double[] my = new double[3];
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                my[i] += m[i][j] * Y[j];
            }
        }
        check(lambda("matrix", List.of(1.0, 2.0, 0.0, 0.0, -1.0, 3.0, 0.5, 0.0, 1.0), "scale", 2.0),
                expected(one, my, 2.0));
    }

    @Test
    void parametersOfTheWrongSizeAreRejectedNamingThem() {
        double[] x2 = {0.1, 0.2};
        assertThatThrownBy(() -> lambda("diagonal", List.of(1.0, 2.0, 3.0)).value(x2, x2))
                .isInstanceOf(DimensionMismatchException.class).hasMessageContaining("'diagonal'");
        assertThatThrownBy(() -> lambda("queryDiagonal", List.of(1.0, 2.0, 3.0)).value(x2, x2))
                .isInstanceOf(DimensionMismatchException.class).hasMessageContaining("'queryDiagonal'");
        assertThatThrownBy(() -> lambda("matrix", List.of(1.0, 0.0, 0.0, 1.0)).value(X, Y))
                .isInstanceOf(DimensionMismatchException.class).hasMessageContaining("'matrix'");
        assertThatThrownBy(() -> lambda("matrix", List.of(1.0, 0.0, 0.0)))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("matrix");
        assertThatThrownBy(() -> lambda("matrix", List.of(1.0), "diagonal", List.of(1.0)))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("matrix");
        assertThatThrownBy(() -> lambda("diagonal", List.of()))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("diagonal");
        // accepted sizes: 1 or d entries
        assertThat(lambda("diagonal", List.of(1.0, 2.0), "queryDiagonal", List.of(1.0, 2.0)).value(x2, x2)).isPositive();
    }
    /**
     * Checks that the provider's bounds do not reach: the direct constructor refuses c = 0; a draw or a
     * second moment for inputs of another dimension is refused; a full M of the wrong size names d²;
     * and where the λ feature map has no closed form (a Givens coupling) the second moment is unknown.
     */
    @Test
    void directConstructionAndDimensionChecks() {
        org.rf4j.api.mechanism.FeatureMap trig = Fixtures.REGISTRY.create(MechanismKind.FEATURE_MAP, "features",
                Spec.of("trigonometric"));
        org.rf4j.api.mechanism.Coupling iid = Fixtures.REGISTRY.create(MechanismKind.COUPLING, "coupling", Spec.of("iid"));
        assertThatThrownBy(() -> new GaussianLambda(Spec.of("gaussian"), trig, iid, 4, 0.0, null, null, null))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("'scale'");
        LambdaEstimator three = lambda("diagonal", List.of(1.0, 2.0, 3.0));
        assertThatThrownBy(() -> three.draw(new org.rf4j.api.mechanism.LambdaRequest(2, org.rf4j.api.random.Seeds.generator(1)))).isInstanceOf(DimensionMismatchException.class)
                .hasMessageContaining("'diagonal'");
        assertThatThrownBy(() -> three.secondMoment(new double[] {0.1, 0.2}, new double[] {0.3, 0.4}))
                .isInstanceOf(DimensionMismatchException.class).hasMessageContaining("'diagonal'");
        assertThatThrownBy(() -> lambda("matrix", List.of(1.0, 0.0, 0.0, 1.0)).value(X, Y))
                .hasMessageContaining("d² = 9");
        assertThat(lambda("coupling", Spec.of("givens")).secondMoment(X, Y)).isEmpty();
        // the dimension is checked even where no closed form exists
        assertThatThrownBy(() -> lambda("diagonal", List.of(1.0, 2.0, 3.0), "coupling", Spec.of("givens"))
                .secondMoment(new double[] {0.1, 0.2}, new double[] {0.3, 0.4}))
                .isInstanceOf(DimensionMismatchException.class).hasMessageContaining("'diagonal'");
    }
    /**
     * The normalised bipolar λ (Eq. 67–70) needs ρ = 1 − e^{−2σ²r²} > 0 (r = 0 gives ρ = 0, a division by
     * zero in a = 1/ρ), and has no second moment when its nested estimator has no closed form.
     */
    @Test
    void bipolarGaussianLambdaNeedsAPositiveRhoAndANestedClosedForm() {
        org.rf4j.api.mechanism.Estimator trig = Fixtures.estimator(Fixtures.rf("trigonometric", 4));
        assertThatThrownBy(() -> new BipolarGaussianLambda(Spec.of("bipolar-gaussian"), 1.0, 0.0, trig))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("'r'");
        assertThat(new BipolarGaussianLambda(Spec.of("bipolar-gaussian"), 1.0, 0.5, trig).secondMoment(X, Y)).isPresent();
        LambdaEstimator givens = Fixtures.REGISTRY.create(MechanismKind.LAMBDA_ESTIMATOR, "lambda",
                Spec.of("bipolar-gaussian", "sigma", 1.0, "r", 1.0, "estimator", Spec.of("random-features", "coupling",
                        Spec.of("givens"), "features", Spec.of("trigonometric"), "m", 4L)));
        assertThat(givens.secondMoment(X, Y)).isEmpty();
    }
}
