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

import java.util.random.RandomGenerator;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Matrix;

/**
 * Deterministic k-means (Lloyd's algorithm with k-means++ seeding) for the clustering hybrid
 * (HRF App. H.3: "K-means clustering algorithm with k = 2"). Same data, k and generator state give
 * the same centres; an empty cluster keeps its previous centre.
 */
final class KMeans {
    /** Centres (k×d), each row's cluster, and the cluster sizes. */
    record Result(Matrix centres, int[] assignment, int[] counts) {
    }

    private KMeans() {
    }

    static Result fit(Matrix x, int k, int iterations, RandomGenerator rng, String key) {
        int n = x.rows();
        int d = x.cols();
        if (k > n) {
            throw new InvalidParameterException(key, k, "at most the number of data rows (" + n + ") clusters");
        }
        double[] xd = x.data();
        Matrix c = Matrix.zeros(k, d);
        double[] cd = c.data();
        int first = rng.nextInt(n);
        System.arraycopy(xd, first * d, cd, 0, d);
        double[] dist = new double[n];
        for (int i = 0; i < n; i++) {
            dist[i] = sq(xd, i * d, cd, 0, d);
        }
        for (int j = 1; j < k; j++) {
            double total = 0;
            for (double v : dist) {
                total += v;
            }
            int pick = n - 1;
            if (total > 0) {
                double u = rng.nextDouble() * total;
                double acc = 0;
                for (int i = 0; i < n; i++) {
                    acc += dist[i];
                    if (acc >= u) {
                        pick = i;
                        break;
                    }
                }
            } else {
                pick = rng.nextInt(n);
            }
            System.arraycopy(xd, pick * d, cd, j * d, d);
            for (int i = 0; i < n; i++) {
                dist[i] = Math.min(dist[i], sq(xd, i * d, cd, j * d, d));
            }
        }
        int[] assign = new int[n];
        java.util.Arrays.fill(assign, -1);
        int[] counts = new int[k];
        for (int it = 0; it < Math.max(1, iterations); it++) {
            boolean changed = false;
            for (int i = 0; i < n; i++) {
                int a = ClusterLambda.nearest(c, xd, i * d);
                if (a != assign[i]) {
                    assign[i] = a;
                    changed = true;
                }
            }
            java.util.Arrays.fill(counts, 0);
            double[] sum = new double[k * d];
            for (int i = 0; i < n; i++) {
                counts[assign[i]]++;
                for (int t = 0; t < d; t++) {
                    sum[assign[i] * d + t] += xd[i * d + t];
                }
            }
            for (int j = 0; j < k; j++) {
                if (counts[j] > 0) {
                    for (int t = 0; t < d; t++) {
                        cd[j * d + t] = sum[j * d + t] / counts[j];
                    }
                }
            }
            if (!changed) {
                break;
            }
        }
        return new Result(c, assign, counts);
    }

    private static double sq(double[] a, int ao, double[] b, int bo, int d) {
        double s = 0;
        for (int t = 0; t < d; t++) {
            double v = a[ao + t] - b[bo + t];
            s += v * v;
        }
        return s;
    }
}
