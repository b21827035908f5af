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
package org.rf4j.api.mechanism;

import org.rf4j.api.Matrix;
import org.apiguardian.api.API;

/**
 * The O(n·d) averages that data-driven mechanisms tune themselves with (CRT Eq. 8, 12, 14).
 *
 * @param queryMean              mean query vector
 * @param keyMean                mean key vector
 * @param queryMeanSquaredNorm   mean of |x|²
 * @param keyMeanSquaredNorm     mean of |y|²
 * @param queryCoordinateSquares per coordinate l, mean of x_l²
 * @param keyCoordinateSquares   per coordinate l, mean of y_l²
 * @param queryCoordinateAbs     per coordinate l, mean of |x_l|
 * @param keyCoordinateAbs       per coordinate l, mean of |y_l|
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public record DataStatistics(double[] queryMean, double[] keyMean, double queryMeanSquaredNorm,
        double keyMeanSquaredNorm, double[] queryCoordinateSquares, double[] keyCoordinateSquares,
        double[] queryCoordinateAbs, double[] keyCoordinateAbs) {

    /** Computes the statistics in one pass over each side. */
    public static DataStatistics of(DataSample s) {
        Side q = side(s.query());
        Side k = side(s.key());
        return new DataStatistics(q.mean, k.mean, q.sqNorm, k.sqNorm, q.sq, k.sq, q.abs, k.abs);
    }

    /** CRT Eq. 8: the mean of |x + s·y|² over all pairs, in O(d) from the stored averages. */
    public double meanPairSquaredNorm(int s) {
        double dot = 0;
        for (int l = 0; l < queryMean.length; l++) {
            dot += queryMean[l] * keyMean[l];
        }
        return queryMeanSquaredNorm + 2.0 * s * dot + keyMeanSquaredNorm;
    }

    /** CRT Eq. 12: Σ_l mean(x_l²)·mean(y_l²). */
    public double sumCoordinateSquareProducts() {
        double acc = 0;
        for (int l = 0; l < queryCoordinateSquares.length; l++) {
            acc += queryCoordinateSquares[l] * keyCoordinateSquares[l];
        }
        return acc;
    }

    /** CRT Eq. 14: per coordinate, mean |x_l y_l| over all pairs. */
    public double[] coordinateAbsProducts() {
        double[] r = new double[queryCoordinateAbs.length];
        for (int l = 0; l < r.length; l++) {
            r[l] = queryCoordinateAbs[l] * keyCoordinateAbs[l];
        }
        return r;
    }

    private record Side(double[] mean, double sqNorm, double[] sq, double[] abs) {
    }

    private static Side side(Matrix x) {
        int n = x.rows();
        int d = x.cols();
        double[] mean = new double[d];
        double[] sq = new double[d];
        double[] abs = new double[d];
        double[] a = x.data();
        for (int i = 0; i < n; i++) {
            for (int l = 0; l < d; l++) {
                double v = a[i * d + l];
                mean[l] += v;
                sq[l] += v * v;
                abs[l] += Math.abs(v);
            }
        }
        double sqNorm = 0;
        for (int l = 0; l < d; l++) {
            mean[l] /= n;
            sq[l] /= n;
            abs[l] /= n;
            sqNorm += sq[l];
        }
        return new Side(mean, sqNorm, sq, abs);
    }
}
