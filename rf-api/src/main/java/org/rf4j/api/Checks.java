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
package org.rf4j.api;

import org.apiguardian.api.API;

/** Argument checks that throw rf4j's domain exceptions with precise messages. */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class Checks {
    private Checks() {
    }

    /** Requires {@code value > 0}. */
    public static int positive(String key, int value) {
        if (value <= 0) {
            throw new InvalidParameterException(key, value, "an integer > 0");
        }
        return value;
    }

    /** Requires a finite {@code value > 0}. */
    public static double positive(String key, double value) {
        if (!(value > 0) || Double.isInfinite(value)) {
            throw new InvalidParameterException(key, value, "a finite number > 0");
        }
        return value;
    }

    /** Requires a finite value. */
    public static double finite(String key, double value) {
        if (!Double.isFinite(value)) {
            throw new InvalidParameterException(key, value, "a finite number");
        }
        return value;
    }

    /** Requires every entry of a vector to be finite; names the first bad index. */
    public static double[] finite(String what, double[] v) {
        if (v.length == 0) {
            throw new InvalidInputException(what + " is empty; a vector of length >= 1 is needed");
        }
        for (int i = 0; i < v.length; i++) {
            if (!Double.isFinite(v[i])) {
                throw new InvalidInputException(what + "[" + i + "] = " + v[i] + " is not finite; all entries must be finite");
            }
        }
        return v;
    }

    /** Requires two lengths to agree. */
    public static void sameLength(String what, int expected, int actual) {
        if (expected != actual) {
            throw new DimensionMismatchException(what + " has dimension " + actual + " but " + expected + " is required");
        }
    }
}
