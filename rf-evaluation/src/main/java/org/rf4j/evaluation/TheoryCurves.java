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

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.function.IntFunction;
import org.rf4j.api.kernel.Kernel;
import org.rf4j.api.mechanism.Estimator;
import org.apiguardian.api.API;

/**
 * Closed-form curves from {@link Estimator#theoryMse}: MSE against the feature count m at a
 * fixed pair, against the angle θ or the length r of equal-length inputs (HRF Fig. 1/2/5 settings) and the MSE ratio
 * to a reference against v = |x + y| (SimRF Fig. 6). Points without a closed form have NaN.
 */
@API(status = API.Status.INTERNAL, since = "0.1")
public final class TheoryCurves {
    private TheoryCurves() {
    }

    /**
     * One curve point.
     *
     * @param x      the swept value (m, θ or v)
     * @param kernel the exact kernel value at the pair (NaN for ratios)
     * @param value  the closed-form MSE (or MSE ratio), NaN where unknown
     */
    public record Point(double x, double kernel, double value) {
        /** {@code √MSE / K}: the relative root-mean-square error (NaN for ratios). */
        public double relativeRmse() {
            return Math.sqrt(value) / Math.abs(kernel);
        }
    }

    /** MSE at (x, y) for each feature count; {@code estimators} builds the estimator for an m. */
    public static List<Point> versusFeatureCount(IntFunction<Estimator> estimators, Kernel kernel, double[] x,
            double[] y, int[] ms) {
        Objects.requireNonNull(estimators, "estimators");
        double k = kernel.value(x, y);
        List<Point> out = new ArrayList<>();
        for (int m : ms) {
            out.add(new Point(m, k, value(PointwiseStudy.pairTheory(estimators.apply(m), kernel, x, y))));
        }
        return out;
    }

    /** MSE against θ for equal-length inputs of length r ({@link PointwiseStudy#equalLengthPair}). */
    public static List<Point> versusAngle(Estimator estimator, Kernel kernel, int d, double r, double[] thetas) {
        List<Point> out = new ArrayList<>();
        for (double t : thetas) {
            double[][] p = PointwiseStudy.equalLengthPair(d, r, t);
            out.add(new Point(t, kernel.value(p[0], p[1]),
                    value(PointwiseStudy.pairTheory(estimator, kernel, p[0], p[1]))));
        }
        return out;
    }

    /** MSE against the common length r of equal-length inputs at angle θ (HRF Fig. 5 setting). */
    public static List<Point> versusLength(Estimator estimator, Kernel kernel, int d, double theta, double[] lengths) {
        List<Point> out = new ArrayList<>();
        for (double r : lengths) {
            double[][] p = PointwiseStudy.equalLengthPair(d, r, theta);
            out.add(new Point(r, kernel.value(p[0], p[1]),
                    value(PointwiseStudy.pairTheory(estimator, kernel, p[0], p[1]))));
        }
        return out;
    }

    /** MSE ratio estimator/reference against v = |x + y| ({@link PointwiseStudy#pairWithSum}). */
    public static List<Point> ratioVersusV(Estimator estimator, Estimator reference, Kernel kernel, int d,
            double[] vs) {
        List<Point> out = new ArrayList<>();
        for (double v : vs) {
            double[][] p = PointwiseStudy.pairWithSum(d, v);
            double a = value(PointwiseStudy.pairTheory(estimator, kernel, p[0], p[1]));
            double b = value(PointwiseStudy.pairTheory(reference, kernel, p[0], p[1]));
            out.add(new Point(v, Double.NaN, a / b));
        }
        return out;
    }

    /** Evenly spaced values {@code from + k(to − from)/(n − 1)}, k = 0..n−1. */
    public static double[] grid(double from, double to, int n) {
        if (n < 2) {
            return new double[] {from};
        }
        double[] g = new double[n];
        for (int k = 0; k < n; k++) {
            g[k] = from + k * (to - from) / (n - 1);
        }
        return g;
    }

    private static double value(OptionalDouble v) {
        return v.orElse(Double.NaN);
    }
}
