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
package org.rf4j.spi;

import java.util.function.LongToDoubleFunction;

/** Mean and squared-error statistics of repeated estimates, with their standard errors. */
record MonteCarlo(double mean, double meanStdErr, double mse, double mseStdErr) {

    /** Runs {@code trials} estimates (trial index → estimate) against the exact value. */
    static MonteCarlo run(int trials, double exact, LongToDoubleFunction estimate) {
        double sum = 0;
        double sumSq = 0;
        double se = 0;
        double seSq = 0;
        for (int t = 0; t < trials; t++) {
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
        return new MonteCarlo(mean, Math.sqrt(var / trials), mse, Math.sqrt(varSe / trials));
    }
}
