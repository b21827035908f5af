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

import java.util.Objects;
import java.util.OptionalDouble;
import java.util.random.RandomGenerator;
import org.rf4j.api.Checks;
import org.rf4j.api.Matrix;
import org.rf4j.api.kernel.Kernel;
import org.rf4j.api.linalg.LinearAlgebra;
import org.rf4j.api.mechanism.DataSample;
import org.rf4j.api.mechanism.Estimator;
import org.rf4j.api.mechanism.DrawnEstimator;
import org.rf4j.api.mechanism.Side;
import org.apiguardian.api.API;

/**
 * Gram matrix approximation quality (SimRF Sec. 5.2, Fig. 7): the relative squared Frobenius error
 * {@code E = ‖K − Φ₁Φ₂ᵀ‖²_F / ‖K‖²_F} of the low-rank approximation of the Gram matrix
 * {@code Kᵢⱼ = K(xᵢ, xⱼ)} of one point set.
 *
 * <p>The squared (not square-rooted) error is reported because its expectation has a closed form:
 * {@code E[‖K − K̂‖²_F] = Σᵢⱼ MSE(xᵢ, xⱼ)} for any unbiased estimator, so
 * {@link #theory} gives the curve beside the Monte Carlo points.
 *
 * <p>{@link #exact} accumulates both sums over row blocks (memory O(block·n), time O(n²·F));
 * {@link #sampled} never touches the full Gram matrix: it draws P index pairs uniformly from all
 * n² pairs and estimates the ratio {@code E = mean(aₖ)/mean(bₖ)} with
 * {@code aₖ = (K − K̂)²}, {@code bₖ = K²} at pair k, in O(n·F + P·(F + d)) time; its standard
 * error is the delta-method one, {@code sd(aₖ − E·bₖ)/(√P·mean(bₖ))}.
 */
@API(status = API.Status.INTERNAL, since = "0.1")
public final class GramApproximation {
    /** Row-block size of the exact accumulation. */
    private static final int BLOCK = 256;

    private GramApproximation() {
    }

    /**
     * An estimate with its standard error (0 when computed exactly).
     *
     * @param value         the relative squared Frobenius error
     * @param standardError its standard error (0 for the exact computation)
     * @param pairs         the number of (i, j) pairs it is based on
     */
    public record Estimate(double value, double standardError, long pairs) {
    }

    /** Exact: sums over all n² pairs, in blocks of rows (the exact Gram is never stored whole). */
    public static Estimate exact(DrawnEstimator estimator, Matrix x) {
        Objects.requireNonNull(estimator, "estimator");
        x.requireNonEmpty("gram points").requireCols(estimator.inputDimension(), "gram points");
        Matrix p1 = estimator.features(Side.QUERY, x, null);
        Matrix p2 = estimator.features(Side.KEY, x, null);
        Kernel kernel = estimator.kernel();
        int n = x.rows();
        Matrix xs = x.scaled(kernel.inputScale());
        double[] norms = xs.rowSquaredNorms();
        double num = 0;
        double den = 0;
        for (int from = 0; from < n; from += BLOCK) {
            int to = Math.min(n, from + BLOCK);
            Matrix approx = LinearAlgebra.multiplyTransposed(p1.rowRange(from, to), p2, null);
            Matrix logK = ExactKernel.logBlock(kernel, xs.rowRange(from, to),
                    java.util.Arrays.copyOfRange(norms, from, to), xs, norms);
            double[] ap = approx.data();
            double[] lk = logK.data();
            for (int t = 0; t < ap.length; t++) {
                double k = Math.exp(lk[t]);
                double e = ap[t] - k;
                num += e * e;
                den += k * k;
            }
        }
        return new Estimate(num / den, 0.0, (long) n * n);
    }

    /**
     * Estimated from {@code pairs} index pairs drawn uniformly (with replacement) from all n² pairs.
     */
    public static Estimate sampled(DrawnEstimator estimator, Matrix x, int pairs, RandomGenerator rng) {
        Objects.requireNonNull(estimator, "estimator");
        Checks.positive("pairs", pairs);
        x.requireNonEmpty("gram points").requireCols(estimator.inputDimension(), "gram points");
        Matrix p1 = estimator.features(Side.QUERY, x, null);
        Matrix p2 = estimator.features(Side.KEY, x, null);
        Kernel kernel = estimator.kernel();
        int n = x.rows();
        int f = p1.cols();
        double[] a = new double[pairs];
        double[] b = new double[pairs];
        double sa = 0;
        double sb = 0;
        for (int k = 0; k < pairs; k++) {
            int i = rng.nextInt(n);
            int j = rng.nextInt(n);
            double dot = 0;
            int oi = i * f;
            int oj = j * f;
            for (int t = 0; t < f; t++) {
                dot += p1.data()[oi + t] * p2.data()[oj + t];
            }
            double kv = kernel.value(x.row(i), x.row(j));
            a[k] = (dot - kv) * (dot - kv);
            b[k] = kv * kv;
            sa += a[k];
            sb += b[k];
        }
        double ratio = sa / sb;
        double se = RatioOfMeans.standardError(a, b, pairs, ratio, sb / pairs);
        return new Estimate(ratio, se, pairs);
    }

    /**
     * Exact when {@code n ≤ exactLimit}, otherwise {@link #sampled} with {@code pairs} pairs.
     */
    public static Estimate evaluate(DrawnEstimator estimator, Matrix x, int exactLimit, int pairs,
            RandomGenerator rng) {
        return x.rows() <= exactLimit ? exact(estimator, x) : sampled(estimator, x, pairs, rng);
    }

    /**
     * The closed-form expectation {@code Σᵢⱼ MSE(xᵢ, xⱼ) / Σᵢⱼ K(xᵢ, xⱼ)²}, empty when the estimator
     * has no closed form. Uses every pair when n² ≤ {@code maxPairs}, else the first
     * {@code floor(√maxPairs)} points (a fixed sub-sample: the expectation over a sub-square of
     * the Gram matrix, stated as such).
     */
    public static OptionalDouble theory(Estimator estimator, Kernel kernel, Matrix x, int maxPairs) {
        int n = x.rows();
        if ((long) n * n > maxPairs) {
            n = Math.max(1, (int) Math.floor(Math.sqrt(maxPairs)));
        }
        Estimator fitted = estimator.fitIfNeeded(kernel, DataSample.symmetric(x), 0);
        double num = 0;
        double den = 0;
        for (int i = 0; i < n; i++) {
            double[] xi = x.row(i);
            for (int j = 0; j < n; j++) {
                double[] xj = x.row(j);
                OptionalDouble mse = fitted.theoryMse(kernel, xi, xj);
                if (mse.isEmpty()) {
                    return OptionalDouble.empty();
                }
                double k = kernel.value(xi, xj);
                num += mse.getAsDouble();
                den += k * k;
            }
        }
        return OptionalDouble.of(num / den);
    }
}
