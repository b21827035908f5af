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
package org.rf4j.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.function.LongToDoubleFunction;
import org.apiguardian.api.API;

/**
 * Monte Carlo summaries and the tolerance rule of the kit.
 *
 * <p>For T independent estimates with sample standard deviation s, the standard error of the mean
 * is {@code SE = s/√T}; by the CLT the mean lies within {@code Z·SE} of its expectation except with
 * probability about {@code 2Φ(−Z)}. The kit uses {@link #Z} = 4.5 (about 7·10⁻⁶ per check), and
 * also requires {@code Z·SE} to be small beside the target, so that a biased estimator would be
 * caught (a tolerance so wide that nothing can fail is itself a failure).
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class MonteCarlo {
    /** Standard errors allowed between a Monte Carlo mean and its expectation. */
    public static final double Z = 4.5;

    private MonteCarlo() {
    }

    /** Sample mean and standard error of the mean. */
    public record Summary(double mean, double standardError, int count) {
        /** Asserts {@code |mean − expected| ≤ Z·SE} and that the check has power ({@code Z·SE ≤ relPower·|expected|}). */
        public void assertMeanMatches(double expected, double relativePower, String what) {
            double tol = Z * standardError + 1e-12 * Math.max(1.0, Math.abs(expected));
            assertThat(Z * standardError)
                    .as("%s: the check must be able to fail: Z·SE = %s must be <= %s·|expected| = %s", what,
                            Z * standardError, relativePower, relativePower * Math.abs(expected))
                    .isLessThanOrEqualTo(relativePower * Math.abs(expected) + 1e-12);
            assertThat(Math.abs(mean - expected))
                    .as("%s: mean %s vs expected %s (SE %s, tolerance %s·SE over %d trials)", what, mean, expected,
                            standardError, Z, count)
                    .isLessThanOrEqualTo(tol);
        }
    }

    /** Summarises a sample. */
    public static Summary summarize(double[] values) {
        int n = values.length;
        double mean = 0;
        for (double v : values) {
            mean += v;
        }
        mean /= n;
        double ss = 0;
        for (double v : values) {
            ss += (v - mean) * (v - mean);
        }
        double sd = n > 1 ? Math.sqrt(ss / (n - 1)) : Double.POSITIVE_INFINITY;
        return new Summary(mean, sd / Math.sqrt(n), n);
    }

    /**
     * Asserts that the empirical MSE of estimates against {@code exact} matches a closed form: the
     * squared errors are summarised and their mean compared with {@code theory} within Z standard
     * errors of the squared-error mean.
     */
    public static void assertMseMatches(double[] estimates, double exact, double theory, double relativePower,
            String what) {
        double[] sq = new double[estimates.length];
        for (int i = 0; i < sq.length; i++) {
            double e = estimates[i] - exact;
            sq[i] = e * e;
        }
        summarize(sq).assertMeanMatches(theory, relativePower, what + " (MSE)");
    }

    /**
     * Repeated estimates against an exact value: the estimates' mean and its standard error, and
     * their mean squared error about {@code exact} and that mean's standard error (sample variances
     * with Bessel's correction).
     */
    public record Estimates(double mean, double meanStdErr, double mse, double mseStdErr) {
        /** Asserts that the mean matches {@code exact}, with the kit's rule and a power of 5% of it. */
        public void assertUnbiased(double exact) {
            assertUnbiased(exact, 0.05);
        }

        /** As {@link #assertUnbiased(double)}, with the largest relative bias the check must detect. */
        public void assertUnbiased(double exact, double relativePower) {
            new Summary(mean, meanStdErr, 0).assertMeanMatches(exact, relativePower, "estimate");
        }

        /** Asserts that the MSE matches a closed form, with the kit's rule and a power of half of it. */
        public void assertMse(double theory) {
            new Summary(mse, mseStdErr, 0).assertMeanMatches(theory, 0.5, "MSE");
        }
    }

    /** Runs {@code trials} estimates (trial index → estimate) against {@code exact}. */
    public static Estimates run(int trials, double exact, LongToDoubleFunction estimate) {
        double sum = 0;
        double sumSq = 0;
        double se = 0;
        double seSq = 0;
        for (long t = 0; t < trials; t++) {
            double v = estimate.applyAsDouble(t);
            sum += v;
            sumSq += v * v;
            double e = (v - exact) * (v - exact);
            se += e;
            seSq += e * e;
        }
        double mean = sum / trials;
        double var = Math.max(0, sumSq / trials - mean * mean) * trials / (trials - 1.0);
        double mse = se / trials;
        double varSe = Math.max(0, seSq / trials - mse * mse) * trials / (trials - 1.0);
        return new Estimates(mean, Math.sqrt(var / trials), mse, Math.sqrt(varSe / trials));
    }
}
