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

/** The ratio of two means over paired draws, and its delta-method standard error. */
final class RatioOfMeans {
    private RatioOfMeans() {
    }

    /**
     * The delta-method standard error of {@code ratio = mean(a)/mean(b)} over the first n paired
     * draws: {@code sqrt(Σ(aₖ − ratio·bₖ)²/(n − 1)/n)/mean(b)}; NaN for a single draw.
     */
    static double standardError(double[] a, double[] b, int n, double ratio, double meanB) {
        double ss = 0;
        for (int k = 0; k < n; k++) {
            double r = a[k] - ratio * b[k];
            ss += r * r;
        }
        return n > 1 ? Math.sqrt(ss / (n - 1) / n) / meanB : Double.NaN;
    }
}
