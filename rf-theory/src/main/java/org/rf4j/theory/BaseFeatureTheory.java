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
package org.rf4j.theory;

import org.rf4j.api.kernel.KernelKind;
import org.apiguardian.api.API;

/**
 * MSE of the base estimators with m iid projections: trigonometric (Rahimi–Recht, sin/cos pairs),
 * positive (FAVOR+) and hyperbolic (positive ±) random features; HRF paper Lemma 2.2 and CRT
 * paper Sec. 2.2.
 *
 * <p>Derivations (z = x − y, v = x + y, one projection w ~ N(0, I)):
 * <ul>
 *   <li>trig: {@code cos(wᵀz)} estimates K; {@code Var = (1 + e^{−2|z|²})/2 − e^{−|z|²} = (1 − e^{−|z|²})²/2}.</li>
 *   <li>positive: {@code e^{wᵀv − (|x|²+|y|²)/2}} estimates SM;
 *       {@code Var = e^{2|v|² − |x|² − |y|²} − SM² = SM²(e^{|v|²} − 1)}.</li>
 *   <li>hyperbolic: {@code cosh(wᵀv) e^{−(|x|²+|y|²)/2}} estimates SM;
 *       {@code Var = e^{−|x|²−|y|²}(e^{|v|²} − 1)²/2}.</li>
 * </ul>
 * An estimate of one kernel converts to the other by the deterministic factor
 * {@code e^{∓(|x|²+|y|²)/2}}, so its MSE converts by the square of that factor. With m iid
 * projections the MSE is Var/m. Lemma 2.2 of the HRF paper states the same values.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class BaseFeatureTheory {
    private BaseFeatureTheory() {
    }

    /** MSE of m trigonometric features (sin/cos pairs) estimating {@code kind} at (x, y). */
    public static double trigonometricMse(KernelKind kind, double[] x, double[] y, int m) {
        double z2 = Vectors.squaredNormOfSum(x, y, -1);
        double t = -Math.expm1(-z2);
        double var = 0.5 * t * t;
        return convert(var, KernelKind.GAUSSIAN, kind, x, y) / m;
    }

    /** MSE of m positive (FAVOR+) features estimating {@code kind} at (x, y). */
    public static double positiveMse(KernelKind kind, double[] x, double[] y, int m) {
        double v2 = Vectors.squaredNormOfSum(x, y, 1);
        double logSm2 = 2 * Vectors.dot(x, y);
        double var = Math.exp(logSm2) * Math.expm1(v2);
        return convert(var, KernelKind.SOFTMAX, kind, x, y) / m;
    }

    /** MSE of m hyperbolic (positive ±) features estimating {@code kind} at (x, y). */
    public static double hyperbolicMse(KernelKind kind, double[] x, double[] y, int m) {
        double v2 = Vectors.squaredNormOfSum(x, y, 1);
        double e = Math.expm1(v2);
        double var = 0.5 * Math.exp(-Vectors.squaredNorm(x) - Vectors.squaredNorm(y)) * e * e;
        return convert(var, KernelKind.SOFTMAX, kind, x, y) / m;
    }

    /** Converts a variance of an estimator of {@code from} into one of {@code to}. */
    public static double convert(double variance, KernelKind from, KernelKind to, double[] x, double[] y) {
        if (from == to) {
            return variance;
        }
        double s = Vectors.squaredNorm(x) + Vectors.squaredNorm(y);
        return variance * Math.exp(to == KernelKind.SOFTMAX ? s : -s);
    }
}
