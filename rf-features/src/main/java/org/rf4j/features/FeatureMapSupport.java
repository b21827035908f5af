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

import java.util.Optional;
import java.util.random.RandomGenerator;
import org.rf4j.api.DimensionMismatchException;
import org.rf4j.api.InvalidInputException;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Matrix;
import org.rf4j.api.mechanism.DataSample;
import org.rf4j.api.mechanism.FitData;
import org.rf4j.spi.Param;

/**
 * Shared machinery of the Chefs' Random Tables maps (GERF, OPRF, Poisson, geometric): the overflow
 * guard, log-factorials, the discrete samplers and the resolution of data-driven parameters.
 *
 * <p><b>Overflow guard.</b> Exponential features are computed in log space; a feature whose log
 * exceeds {@code (709 − ln W)/2} (W the feature dimension) is refused with an error naming the row
 * and its squared norm. Below that bound every product of a query and a key feature is at most
 * {@code e^{709}/W}, so every estimate {@code K̂ = φ₁(x)ᵀφ₂(y)} is finite: a map either returns a
 * finite, correct estimate or refuses. Underflow to 0 is not an error (it is the correctly rounded
 * feature).
 */
final class FeatureMapSupport {
    /** The largest natural log of a finite double is ≈ 709.78; keep a margin. */
    static final double MAX_LOG = 709.0;

    private static final int FACTORIAL_TABLE = 1024;
    private static final double[] LOG_FACTORIAL = new double[FACTORIAL_TABLE];
    private static final double HALF_LOG_2PI = 0.5 * Math.log(2.0 * Math.PI);

    static {
        double acc = 0;
        for (int k = 1; k < FACTORIAL_TABLE; k++) {
            acc += Math.log(k);
            LOG_FACTORIAL[k] = acc;
        }
    }

    private FeatureMapSupport() {
    }

    /** The largest allowed log of one feature for a map of output dimension {@code width}. */
    static double logLimit(int width) {
        return 0.5 * (MAX_LOG - Math.log(Math.max(1, width)));
    }

    /**
     * The float path's {@link #logLimit}: the largest log of a feature for which every float estimate
     * {@code φ₁(x)ᵀφ₂(y)} over {@code width} features stays a finite float, {@code ½(ln FLT_MAX − ln width)}.
     */
    static double logLimitFloat(int width) {
        return 0.5 * (Math.log(Float.MAX_VALUE) - Math.log(Math.max(1, width)));
    }

    /** Throws if a feature's log exceeds the limit. */
    static void checkLog(double logValue, double limit, int row, double sqNorm, String id) {
        if (logValue > limit || Double.isNaN(logValue)) {
            throw org.rf4j.api.RowNormException.atRow(row, Math.sqrt(sqNorm), "has squared norm " + sqNorm
                    + " (after bandwidth scaling); its '" + id + "' feature exp(" + logValue + ") exceeds exp(" + limit
                    + "), the largest value for which every estimate φ₁(x)ᵀφ₂(y) stays finite. Use a larger bandwidth"
                    + " or smaller inputs");
        }
    }

    /** ln k! (table below 1024, Stirling series with three correction terms above: error < 1e-16 relative). */
    static double logFactorial(long k) {
        if (k < 0) {
            throw new IllegalArgumentException("k = " + k + " < 0");
        }
        if (k < FACTORIAL_TABLE) {
            return LOG_FACTORIAL[(int) k];
        }
        double n = k;
        double inv = 1.0 / n;
        double inv2 = inv * inv;
        return n * Math.log(n) - n + HALF_LOG_2PI + 0.5 * Math.log(n)
                + inv * (1.0 / 12 - inv2 * (1.0 / 360 - inv2 / 1260));
    }

    /**
     * A Poisson(λ) variate. λ &lt; 10: multiplication of uniforms (Knuth); λ ≥ 10: Hörmann's
     * transformed rejection with squeeze (PTRS, 1993), O(1) expected uniforms.
     */
    static long poisson(RandomGenerator rng, double lambda) {
        if (lambda < 10.0) {
            double limit = Math.exp(-lambda);
            long k = 0;
            double prod = rng.nextDouble();
            while (prod > limit) {
                k++;
                prod *= rng.nextDouble();
            }
            return k;
        }
        double slam = Math.sqrt(lambda);
        double loglam = Math.log(lambda);
        double b = 0.931 + 2.53 * slam;
        double a = -0.059 + 0.02483 * b;
        double invalpha = 1.1239 + 1.1328 / (b - 3.4);
        double vr = 0.9277 - 3.6224 / (b - 2);
        while (true) {
            double u = rng.nextDouble() - 0.5;
            double v = rng.nextDouble();
            double us = 0.5 - Math.abs(u);
            long k = (long) Math.floor((2 * a / us + b) * u + lambda + 0.43);
            if (us >= 0.07 && v <= vr) {
                return k;
            }
            if (k < 0 || (us < 0.013 && v > us)) {
                continue;
            }
            if (Math.log(v) + Math.log(invalpha) - Math.log(a / (us * us) + b) <= -lambda + k * loglam
                    - logFactorial(k)) {
                return k;
            }
        }
    }

    /** A geometric variate with {@code P(k) = p(1 − p)^k}, k ≥ 0, by inversion. */
    static long geometric(RandomGenerator rng, double p) {
        double u = 1.0 - rng.nextDouble(); // (0, 1]
        return (long) Math.floor(Math.log(u) / Math.log1p(-p));
    }

    // ------------------------------------------------------------------ data-driven parameters

    /** The schema entries shared by data-driven maps: a data file and its scale. */
    static final Param<Optional<String>> DATA = Param.dataFile("data", "data file (CSV, ARFF or .npy; rows are"
            + " vectors) whose statistics fit the parameter, used on both the query and key side; absent: the data the"
            + " estimator is fitted with");

    static final Param<Double> DATA_SCALE = Param.number("dataScale", 1.0, Double.MIN_VALUE, null,
            "extra factor applied to the data file's rows (the estimator already divides them by the"
                    + " kernel bandwidth)");

    /**
     * The rows of the map's own {@code data} file (read by the config loader) times {@code dataScale},
     * as a symmetric sample in the caller's coordinates, or null when the config names no file.
     */
    static DataSample ownData(FitData fit, double dataScale) {
        Matrix m = fit.file(DATA.name());
        return m == null ? null : DataSample.symmetric(m.scaled(dataScale));
    }

    /** The error for a data-driven parameter with neither an explicit value nor data. */
    static InvalidParameterException missing(String id, String parameter, String what) {
        return new InvalidParameterException(parameter, "features '" + id + "' need " + what
                + ", but no value was given and no data is available to fit it. Give '" + parameter
                + "' explicitly, name a data file with 'data', or fit the estimator with data first"
                + " (Estimator.fit(FitData); rf4j estimate fits with the (x, y) pair: the pairwise optimum)");
    }

    /** Requires a finite, non-empty, correctly sized vector. */
    static double[] requireVector(String key, double[] v, int d) {
        if (v.length != d) {
            throw new DimensionMismatchException("parameter '" + key + "' has length " + v.length + " but the inputs have"
                    + " dimension " + d);
        }
        for (int i = 0; i < v.length; i++) {
            if (!Double.isFinite(v[i])) {
                throw new InvalidParameterException(key + "[" + i + "]", v[i], "a finite number");
            }
        }
        return v;
    }
}
