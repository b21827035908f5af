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
package org.rf4j.app.cli;

import java.util.Locale;
import org.rf4j.api.InvalidParameterException;

/**
 * Checks, before allocating, that the memory a run needs fits the Java heap, and otherwise refuses
 * naming the option, the figure and the heap (and how to raise it). Sizes are computed in
 * {@code long} with exact arithmetic by the callers ({@link Math#multiplyExact}); an overflow is
 * itself far beyond any heap and is reported the same way.
 */
final class Memory {
    private Memory() {
    }

    /** The largest array length the JVM allocates. */
    static final long MAX_ARRAY = Integer.MAX_VALUE - 8;

    /**
     * Requires {@code bytes} to fit in the heap's maximum (with room for the rest of the run).
     *
     * @param key   the option or parameter that sets the size
     * @param value its value
     * @param what  what the memory is for
     */
    static void require(String key, Object value, String what, long bytes) {
        long max = Runtime.getRuntime().maxMemory();
        if (bytes > max / 10 * 9) {
            throw new InvalidParameterException(key, value, "a size whose memory fits the heap: " + what + " needs "
                    + mib(bytes) + " but the Java heap's maximum is " + mib(max)
                    + "; choose a smaller value or raise the heap with RF4J_JAVA_OPTS=-Xmx...");
        }
    }

    /** {@code a·b·...} as a long, or {@link Long#MAX_VALUE} when it overflows (beyond any heap anyway). */
    static long product(long... factors) {
        long p = 1;
        try {
            for (long f : factors) {
                p = Math.multiplyExact(p, f);
            }
            return p;
        } catch (ArithmeticException e) {
            return Long.MAX_VALUE;
        }
    }

    /**
     * Requires the drawn estimator's projections (m×d doubles, plus per-projection vectors and one
     * row of features) to fit, {@code copies} times (concurrent draws).
     */
    static void requireEstimator(org.rf4j.api.mechanism.Estimator estimator, int d, long copies) {
        long p;
        try {
            p = estimator.projectionCount(d);
        } catch (ArithmeticException e) {
            p = Long.MAX_VALUE;
        }
        if (p < 0) {
            p = Long.MAX_VALUE; // an int overflow inside the estimator's count
        }
        String count = p == Long.MAX_VALUE ? "more than 2^31" : Long.toString(p);
        requireArray("estimator", count + " projections", "the projection matrix in dimension " + d,
                product(p, d));
        require("estimator", count + " projections", "drawing " + count + " projections in dimension " + d
                + (copies > 1 ? " on " + copies + " threads at once" : ""), product(p, d + 4L, 8L, copies));
    }

    /** Requires an array length to be allocatable. */
    static void requireArray(String key, Object value, String what, long length) {
        if (length > MAX_ARRAY) {
            throw new InvalidParameterException(key, value, "a size whose arrays the JVM can allocate: " + what
                    + " would need an array of " + length + " entries, more than the maximum " + MAX_ARRAY);
        }
    }

    static String mib(long bytes) {
        if (bytes == Long.MAX_VALUE) {
            return "more than 8 EiB";
        }
        return String.format(Locale.ROOT, "%,d MiB", (bytes + (1 << 20) - 1) >> 20);
    }
}
