package org.rf4j.api;

/** Argument checks that throw rf4j's domain exceptions with precise messages. */
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
