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
package org.rf4j.api.linalg;

import java.util.function.DoubleUnaryOperator;
import org.apiguardian.api.API;

/**
 * Golden-section search for the maximum of a unimodal function on an interval: each step keeps
 * the two interior points {@code hi − φ(hi − lo)} and {@code lo + φ(hi − lo)} (φ = (√5 − 1)/2),
 * drops the side beyond the lower value (the upper side on a tie) and evaluates one new point, so
 * {@code steps} steps cost {@code steps + 2} evaluations and shrink the interval by φ^steps.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class GoldenSection {
    /** φ = (√5 − 1)/2, the golden ratio's reciprocal. */
    private static final double PHI = (Math.sqrt(5) - 1) / 2;

    private GoldenSection() {
    }

    /** The best point found and its value. */
    public record Maximum(double x, double value) {
    }

    /**
     * The larger of the two final interior points (the lower one on a tie) after {@code steps} steps
     * on {@code [lo, hi]}.
     */
    public static Maximum maximise(DoubleUnaryOperator f, double lo, double hi, int steps) {
        double a = lo;
        double c = hi;
        double x1 = c - PHI * (c - a);
        double x2 = a + PHI * (c - a);
        double f1 = f.applyAsDouble(x1);
        double f2 = f.applyAsDouble(x2);
        for (int it = 0; it < steps; it++) {
            if (f1 >= f2) {
                c = x2;
                x2 = x1;
                f2 = f1;
                x1 = c - PHI * (c - a);
                f1 = f.applyAsDouble(x1);
            } else {
                a = x1;
                x1 = x2;
                f1 = f2;
                x2 = a + PHI * (c - a);
                f2 = f.applyAsDouble(x2);
            }
        }
        return f1 >= f2 ? new Maximum(x1, f1) : new Maximum(x2, f2);
    }
}
