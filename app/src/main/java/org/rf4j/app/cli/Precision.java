package org.rf4j.app.cli;

import java.util.Locale;
import org.rf4j.api.InvalidParameterException;

/** The {@code --precision double|float} option shared by transform, attention and bench. */
final class Precision {
    private Precision() {
    }

    /** True for the fp32 path ({@code float}, {@code fp32}), false for {@code double}/{@code fp64}; else exit 2. */
    static boolean float32(String value) {
        return switch (value.toLowerCase(Locale.ROOT)) {
            case "double", "fp64" -> false;
            case "float", "fp32" -> true;
            default -> throw new InvalidParameterException("--precision", value, "double or float");
        };
    }
}
