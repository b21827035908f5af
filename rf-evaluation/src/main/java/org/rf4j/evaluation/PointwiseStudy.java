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
import org.rf4j.api.Checks;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.kernel.Kernel;
import org.rf4j.api.mechanism.DataSample;
import org.rf4j.api.mechanism.Estimator;
import org.rf4j.api.mechanism.EstimatorRequest;
import org.rf4j.api.mechanism.DrawnEstimator;
import org.rf4j.api.random.Seeds;
import org.apiguardian.api.API;

/**
 * Pointwise estimation studies, Monte Carlo beside the closed forms.
 *
 * <ul>
 *   <li>{@link #versusAngle} and {@link #versusLength}: equal-length inputs
 *       {@code x = r·e₁}, {@code y = r(cos θ·e₁ + sin θ·e₂)} (HRF Fig. 2 and Fig. 5: MSE and relative
 *       error against the angle θ for fixed length r, and against r for fixed θ).</li>
 *   <li>{@link #ratioVersusV}: the MSE ratio of an estimator to a reference as a function of
 *       {@code v = |x + y|} (SimRF Fig. 6, where the ratio of PRF MSEs depends on the inputs only
 *       through v). Inputs are {@code x = (v/2)e₁ + w}, {@code y = (v/2)e₁ − w} with a fixed
 *       {@code w = ½e₂} orthogonal to e₁.</li>
 * </ul>
 * Each Monte Carlo point draws {@code trials} independent estimators with seeds
 * {@code Seeds.derive(seed, t)}; the MSE's standard error is the standard error of the mean of
 * the squared errors.
 */
@API(status = API.Status.INTERNAL, since = "0.1")
public final class PointwiseStudy {
    private PointwiseStudy() {
    }

    /**
     * One point of a curve.
     *
     * @param parameter      the swept value (θ, r or v)
     * @param exact          the exact kernel value (for a ratio: NaN)
     * @param mse            the Monte Carlo MSE (for a ratio: the MSE ratio)
     * @param mseSe          its standard error
     * @param relativeError  the Monte Carlo mean of {@code |K̂ − K|/K} (for a ratio: NaN)
     * @param theory         the closed-form MSE (or ratio), NaN where unknown
     */
    public record Point(double parameter, double exact, double mse, double mseSe, double relativeError, double theory) {
        /** The closed-form value, if known. */
        public OptionalDouble theoryValue() {
            return Double.isNaN(theory) ? OptionalDouble.empty() : OptionalDouble.of(theory);
        }
    }

    /** The equal-length pair {@code x = r·e₁}, {@code y = r(cos θ·e₁ + sin θ·e₂)} in d ≥ 2 dimensions. */
    public static double[][] equalLengthPair(int d, double r, double theta) {
        if (d < 2) {
            throw new InvalidParameterException("d", d, "an integer >= 2 (two orthogonal directions are needed)");
        }
        Checks.finite("r", r);
        Checks.finite("theta", theta);
        double[] x = new double[d];
        double[] y = new double[d];
        x[0] = r;
        y[0] = r * Math.cos(theta);
        y[1] = r * Math.sin(theta);
        return new double[][] {x, y};
    }

    /** The pair {@code x = (v/2)e₁ + ½e₂}, {@code y = (v/2)e₁ − ½e₂}, so {@code |x + y| = v}. */
    public static double[][] pairWithSum(int d, double v) {
        if (d < 2) {
            throw new InvalidParameterException("d", d, "an integer >= 2 (two orthogonal directions are needed)");
        }
        if (!(v >= 0) || Double.isInfinite(v)) {
            throw new InvalidParameterException("v", v, "a finite number >= 0");
        }
        double[] x = new double[d];
        double[] y = new double[d];
        x[0] = v / 2;
        y[0] = v / 2;
        x[1] = 0.5;
        y[1] = -0.5;
        return new double[][] {x, y};
    }

    /** MSE and relative error against θ for equal-length inputs of length r (HRF Fig. 2). */
    public static List<Point> versusAngle(Estimator estimator, Kernel kernel, int d, double r, double[] thetas,
            int trials, long seed) {
        List<Point> out = new ArrayList<>();
        for (int k = 0; k < thetas.length; k++) {
            double[][] p = equalLengthPair(d, r, thetas[k]);
            out.add(point(estimator, kernel, thetas[k], p[0], p[1], trials, Seeds.derive(seed, k)));
        }
        return out;
    }

    /** MSE and relative error against r for equal-length inputs at angle θ (HRF Fig. 5). */
    public static List<Point> versusLength(Estimator estimator, Kernel kernel, int d, double theta, double[] lengths,
            int trials, long seed) {
        List<Point> out = new ArrayList<>();
        for (int k = 0; k < lengths.length; k++) {
            double[][] p = equalLengthPair(d, lengths[k], theta);
            out.add(point(estimator, kernel, lengths[k], p[0], p[1], trials, Seeds.derive(seed, k)));
        }
        return out;
    }

    /**
     * MSE(estimator)/MSE(reference) against v = |x + y| (SimRF Fig. 6). Both estimators are drawn
     * with the same trial seeds; the ratio's standard error is the delta-method one for a ratio
     * of two means. The theory column is the ratio of the closed forms where both exist.
     */
    public static List<Point> ratioVersusV(Estimator estimator, Estimator reference, Kernel kernel, int d,
            double[] vs, int trials, long seed) {
        List<Point> out = new ArrayList<>();
        for (int k = 0; k < vs.length; k++) {
            double[][] p = pairWithSum(d, vs[k]);
            long s = Seeds.derive(seed, k);
            double[] a = squaredErrors(estimator, kernel, p[0], p[1], trials, s);
            double[] b = squaredErrors(reference, kernel, p[0], p[1], trials, s);
            double ma = mean(a);
            double mb = mean(b);
            double ratio = ma / mb;
            double se = RatioOfMeans.standardError(a, b, trials, ratio, mb);
            OptionalDouble ta = pairTheory(estimator, kernel, p[0], p[1]);
            OptionalDouble tb = pairTheory(reference, kernel, p[0], p[1]);
            double th = ta.isPresent() && tb.isPresent() ? ta.getAsDouble() / tb.getAsDouble() : Double.NaN;
            out.add(new Point(vs[k], Double.NaN, ratio, se, Double.NaN, th));
        }
        return out;
    }

    /** One Monte Carlo point at (x, y). */
    public static Point point(Estimator estimator, Kernel kernel, double parameter, double[] x, double[] y, int trials,
            long seed) {
        Objects.requireNonNull(estimator, "estimator");
        double exact = kernel.value(x, y);
        double[] sq = squaredErrors(estimator, kernel, x, y, trials, seed);
        double mse = mean(sq);
        double var = 0;
        for (double e : sq) {
            var += (e - mse) * (e - mse);
        }
        double se = trials > 1 ? Math.sqrt(var / (trials - 1) / trials) : Double.NaN;
        double rel = 0;
        for (double e : sq) {
            rel += Math.sqrt(e) / Math.abs(exact);
        }
        OptionalDouble th = pairTheory(estimator, kernel, x, y);
        return new Point(parameter, exact, mse, se, rel / trials, th.orElse(Double.NaN));
    }

    /**
     * The closed-form MSE at (x, y) of the estimator fitted to the pair (x, y) when it is data-driven
     * (its pairwise optimum); empty where no closed form is known.
     */
    static OptionalDouble pairTheory(Estimator estimator, Kernel kernel, double[] x, double[] y) {
        return estimator.fitIfNeeded(kernel, DataSample.pair(x, y), 0).theoryMse(kernel, x, y);
    }

    /**
     * The squared errors of {@code trials} independent draws at (x, y); a data-driven estimator is
     * fitted to the pair (x, y) before each draw, with the draw's seed (its pairwise optimum).
     */
    static double[] squaredErrors(Estimator estimator, Kernel kernel, double[] x, double[] y, int trials, long seed) {
        Checks.positive("trials", trials);
        double exact = kernel.value(x, y);
        DataSample data = DataSample.pair(x, y);
        double[] sq = new double[trials];
        for (int t = 0; t < trials; t++) {
            long s = Seeds.derive(seed, t);
            DrawnEstimator e = estimator.fitIfNeeded(kernel, data, s).draw(new EstimatorRequest(kernel, x.length, s));
            double err = e.estimate(x, y) - exact;
            sq[t] = err * err;
        }
        return sq;
    }

    private static double mean(double[] v) {
        double s = 0;
        for (double t : v) {
            s += t;
        }
        return s / v.length;
    }
}
