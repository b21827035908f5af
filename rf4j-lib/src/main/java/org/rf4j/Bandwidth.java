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
package org.rf4j;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.random.RandomGenerator;
import org.rf4j.api.InvalidInputException;
import org.rf4j.api.Matrix;
import org.rf4j.api.random.Seeds;
import org.apiguardian.api.API;

/**
 * Length scales taken from the data: a kernel's length-scale parameter (the Gaussian kernel's
 * {@code sigma}) may be given as {@value #MEDIAN} or {@value #SCALE} instead of a number, and is
 * then fitted at the fit stage and written into the fitted config as a number (so drawing never
 * sees the string, and a saved model shows the value used).
 *
 * <ul>
 *   <li>{@value #MEDIAN}: the median of the Euclidean distances ‖x − y‖ over all pairs of rows of a
 *       sample of at most {@value #MEDIAN_SAMPLE} rows: every row when there are at most that many,
 *       else a uniform sample drawn by reservoir sampling (Algorithm R, rows in data order, the
 *       generator {@link Seeds#generator(long, long) Seeds.generator(seed, }{@value #MEDIAN_STREAM}{@code )}
 *       from the config's seed). For an even number of pairs the median is the mean of the two middle
 *       distances (NumPy's convention). The classic median heuristic.</li>
 *   <li>{@value #SCALE}: scikit-learn's {@code gamma='scale'}, {@code γ = 1/(d·Var(X))} with Var(X)
 *       the (population, ddof = 0) variance of every entry of X, for scikit-learn's RBF kernel
 *       {@code exp(−γ‖x − y‖²)}. rf4j's Gaussian kernel is {@code exp(−‖x − y‖²/(2σ²))}, so the same
 *       kernel has {@code σ = √(1/(2γ)) = √(d·Var(X)/2)}. The variance is accumulated over every row
 *       (Welford's update, entries in row-major order).</li>
 * </ul>
 *
 * Both are computed in one streaming pass ({@link Fit#add}), so {@code rf4j transform} on a file and
 * {@code fit(X)} on the same rows in memory give the same bits. Data whose median distance or
 * variance is 0 (a single row, identical rows) gives no length scale and is refused.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class Bandwidth {
    /** The median heuristic's value. */
    public static final String MEDIAN = "median";
    /** scikit-learn's {@code gamma='scale'}. */
    public static final String SCALE = "scale";
    /** The rules a length-scale parameter accepts instead of a number. */
    public static final List<String> RULES = List.of(MEDIAN, SCALE);
    /** Rows of the median heuristic's sample (every pair of them: about 500,000 distances). */
    public static final int MEDIAN_SAMPLE = 1000;
    /** The stream index the reservoir sample's generator derives from the config's seed. */
    public static final long MEDIAN_STREAM = 0x6d656469616eL;

    private Bandwidth() {
    }

    /** The median heuristic on the rows of x (see the class comment). */
    public static double median(Matrix x, long seed) {
        Fit f = new Fit(Map.of("sigma", MEDIAN), seed);
        f.add(x);
        return f.values().get("sigma");
    }

    /** scikit-learn's {@code gamma='scale'} as a Gaussian σ = √(d·Var(X)/2) on the rows of x. */
    public static double scale(Matrix x) {
        Fit f = new Fit(Map.of("sigma", SCALE), 0L);
        f.add(x);
        return f.values().get("sigma");
    }

    /**
     * One streaming pass over data rows that fits every pending length scale: {@link #add} the rows in
     * order (in chunks of any size), then {@link #values()}.
     */
    public static final class Fit {
        private final Map<String, String> rules;
        private final RandomGenerator random;
        private double[] reservoir;
        private int d = -1;
        private long rows;
        private long entries;
        private double mean;
        private double m2;
        /** The values once computed (until more rows are added). */
        private Map<String, Double> values;

        /**
         * @param rules each pending parameter (e.g. {@code sigma}) and its rule ({@value #MEDIAN} or
         *              {@value #SCALE})
         * @param seed  the config's seed (the median's reservoir sample derives from it)
         */
        Fit(Map<String, String> rules, long seed) {
            this.rules = new LinkedHashMap<>(rules);
            this.random = Seeds.generator(seed, MEDIAN_STREAM);
        }

        /** The parameters this pass fits, with their rules. */
        public Map<String, String> rules() {
            return Map.copyOf(rules);
        }

        /** Adds rows (caller's coordinates, finite entries), in data order. */
        public void add(Matrix x) {
            if (d < 0) {
                d = x.cols();
                reservoir = new double[Math.min(MEDIAN_SAMPLE, 64) * d];
            } else if (x.cols() != d) {
                throw new org.rf4j.api.DimensionMismatchException("rows with " + x.cols()
                        + " columns after rows with " + d + " columns");
            }
            x.requireFinite("data");
            values = null;
            double[] a = x.data();
            for (int i = 0; i < x.rows(); i++) {
                int o = i * d;
                // reservoir sampling (Algorithm R): row t replaces slot j < S with probability S/(t + 1)
                long slot = rows < MEDIAN_SAMPLE ? rows : random.nextLong(rows + 1);
                if (slot < MEDIAN_SAMPLE) {
                    if ((slot + 1) * d > reservoir.length) {
                        reservoir = Arrays.copyOf(reservoir, (int) Math.min((long) MEDIAN_SAMPLE * d, 2L * reservoir.length));
                    }
                    System.arraycopy(a, o, reservoir, (int) slot * d, d);
                }
                rows++;
                for (int k = 0; k < d; k++) {
                    // Welford's update over every entry
                    entries++;
                    double delta = a[o + k] - mean;
                    mean += delta / entries;
                    m2 += delta * (a[o + k] - mean);
                }
            }
        }

        /** The fitted value of every pending parameter. */
        public Map<String, Double> values() {
            if (values == null) {
                Map<String, Double> out = new LinkedHashMap<>();
                rules.forEach((key, rule) -> out.put(key, MEDIAN.equals(rule) ? medianDistance(key) : scaleSigma(key)));
                values = java.util.Collections.unmodifiableMap(out);
            }
            return values;
        }

        private double medianDistance(String key) {
            int s = (int) Math.min(rows, MEDIAN_SAMPLE);
            if (s < 2) {
                throw new InvalidInputException("kernel." + key + " = \"median\" needs at least 2 data rows (the median"
                        + " of pairwise distances); the data has " + rows);
            }
            double[] dist = new double[s * (s - 1) / 2];
            int p = 0;
            for (int i = 0; i < s; i++) {
                for (int j = i + 1; j < s; j++) {
                    double sq = 0;
                    for (int k = 0; k < d; k++) {
                        double t = reservoir[i * d + k] - reservoir[j * d + k];
                        sq += t * t;
                    }
                    // a squared distance beyond double (rows of norm ~1e154 and more) is recomputed scaled
                    dist[p++] = sq == Double.POSITIVE_INFINITY ? scaledDistance(i, j) : Math.sqrt(sq);
                }
            }
            Arrays.sort(dist);
            int h = dist.length / 2;
            double median = dist.length % 2 == 1 ? dist[h] : 0.5 * (dist[h - 1] + dist[h]);
            return positive(key, MEDIAN, median, "the median distance between " + (s < rows ? "sampled " : "") + "rows");
        }

        /** The distance of reservoir rows i and j computed without overflow (scaled by the largest difference). */
        private double scaledDistance(int i, int j) {
            double mx = 0;
            for (int k = 0; k < d; k++) {
                mx = Math.max(mx, Math.abs(reservoir[i * d + k] - reservoir[j * d + k]));
            }
            if (Double.isInfinite(mx)) {
                return mx;
            }
            double sq = 0;
            for (int k = 0; k < d; k++) {
                double t = (reservoir[i * d + k] - reservoir[j * d + k]) / mx;
                sq += t * t;
            }
            return mx * Math.sqrt(sq);
        }

        private double scaleSigma(String key) {
            if (entries == 0) {
                throw new InvalidInputException("kernel." + key + " = \"scale\" needs data; the data has no rows");
            }
            double var = m2 / entries;
            return positive(key, SCALE, Math.sqrt(d * var / 2.0), "the variance of the data's entries");
        }

        private double positive(String key, String rule, double v, String what) {
            if (!(v > 0) || Double.isInfinite(v)) {
                throw new InvalidInputException("kernel." + key + " = \"" + rule + "\" gives no length scale: " + what
                        + " is " + String.format(Locale.ROOT, "%.6g", v) + " (" + rows
                        + " rows); give sigma as a number > 0");
            }
            return v;
        }
    }
}
