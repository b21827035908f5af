package org.rf4j.app.cli;

import java.util.Locale;
import java.util.function.IntFunction;
import org.rf4j.api.FloatMatrix;
import org.rf4j.api.InvalidInputException;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Matrix;

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

    /**
     * The inputs rounded once to float for the fp32 path; a finite value beyond float's range is
     * the user's error, named by {@code where.apply(row)} (a file and line, an option and row) and column.
     */
    static FloatMatrix rounded(Matrix x, IntFunction<String> where) {
        FloatMatrix f = FloatMatrix.rounded(x);
        float[] fd = f.data();
        double[] xd = x.data();
        for (int k = 0; k < fd.length; k++) {
            if (Float.isInfinite(fd[k]) && !Double.isInfinite(xd[k])) {
                throw new InvalidInputException(where.apply(k / x.cols()) + ", column " + k % x.cols() + ": " + xd[k]
                        + " is beyond the float range of --precision float (|x| <= 3.4028235E38); use --precision double");
            }
        }
        return f;
    }
}
