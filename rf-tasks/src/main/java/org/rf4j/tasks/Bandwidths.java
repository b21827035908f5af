package org.rf4j.tasks;

import java.util.Arrays;
import org.rf4j.api.Matrix;

/**
 * The Gaussian bandwidth grid the evaluation tasks search (SimRF App. B.1): σ₀·2^(k/2) for
 * k = kMin..kMax, with σ₀ the median pairwise distance of (up to 256) training points — the
 * median heuristic, shared by the classify and ridge tasks.
 */
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
