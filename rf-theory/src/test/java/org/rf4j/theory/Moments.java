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
package org.rf4j.theory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Running sums of a Monte Carlo sample v (an error or an estimate) for the tests' tolerances:
 * the mean, the second moment {@code E[v²]} with its own standard error
 * {@code √((E[v⁴] − E[v²]²)/n)}, and the share of the largest v² in the sum of all.
 */
final class Moments {
    private double sum;
    private double sumSq;
    private double sumFourth;
    private double maxSq;
    private int n;

    void add(double v) {
        double sq = v * v;
        sum += v;
        sumSq += sq;
        sumFourth += sq * sq;
        maxSq = Math.max(maxSq, sq);
        n++;
    }

    double mean() {
        return sum / n;
    }

    double secondMoment() {
        return sumSq / n;
    }

    /** The standard error of {@link #secondMoment()}. */
    double secondMomentStandardError() {
        double m2 = sumSq / n;
        return Math.sqrt((sumFourth / n - m2 * m2) / n);
    }

    double largestSquareShare() {
        return maxSq / sumSq;
    }

    /** Asserts {@code E[v²]} (the MSE when v is an error) within z of its standard errors. */
    void assertSecondMoment(String label, double expected, double z) {
        double m2 = secondMoment();
        double se = secondMomentStandardError();
        assertThat(m2).as("%s: second moment (se %s)", label, se).isCloseTo(expected, within(z * se));
    }
}
