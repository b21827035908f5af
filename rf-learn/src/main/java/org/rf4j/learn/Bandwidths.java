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
package org.rf4j.learn;

import java.util.Arrays;
import org.rf4j.api.Matrix;
import org.apiguardian.api.API;

/**
 * The Gaussian bandwidth grid that ridge cross-validation and the evaluation tasks search (SimRF App. B.1): σ₀·2^(k/2) for
 * k = kMin..kMax, with σ₀ the median pairwise distance of (up to 256) training points — the
 * median heuristic, shared by the classify and ridge tasks.
 */
@API(status = API.Status.INTERNAL, since = "0.1")
public final class Bandwidths {
    /** Points used for the median distance (all pairs among them). */
    public static final int MEDIAN_POINTS = 256;

    private Bandwidths() {
    }

    /** The median pairwise distance of the first {@value #MEDIAN_POINTS} rows of x (1 when undefined or 0). */
    public static double medianDistance(Matrix x) {
        int n = Math.min(MEDIAN_POINTS, x.rows());
        double[] dist = new double[n * (n - 1) / 2];
        int p = 0;
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                double s = 0;
                for (int c = 0; c < x.cols(); c++) {
                    double t = x.get(i, c) - x.get(j, c);
                    s += t * t;
                }
                dist[p++] = Math.sqrt(s);
            }
        }
        if (dist.length == 0) {
            return 1.0;
        }
        Arrays.sort(dist);
        double median = dist[dist.length / 2];
        return median > 0 ? median : 1.0;
    }

    /** σ₀·2^(k/2) for k = kMin..kMax (ascending). */
    public static double[] grid(Matrix x, int kMin, int kMax) {
        double median = medianDistance(x);
        double[] grid = new double[kMax - kMin + 1];
        for (int k = kMin; k <= kMax; k++) {
            grid[k - kMin] = median * Math.pow(2, k / 2.0);
        }
        return grid;
    }
}
