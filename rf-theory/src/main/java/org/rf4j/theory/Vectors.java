package org.rf4j.theory;

/** Small vector helpers for the closed forms. */
public final class Vectors {
    private Vectors() {
    }

    public static double dot(double[] x, double[] y) {
        double s = 0;
        for (int i = 0; i < x.length; i++) {
            s += x[i] * y[i];
        }
        return s;
    }

    public static double squaredNorm(double[] x) {
        return dot(x, x);
    }

    /** |x + s·y|². */
    public static double squaredNormOfSum(double[] x, double[] y, double s) {
        double acc = 0;
        for (int i = 0; i < x.length; i++) {
            double t = x[i] + s * y[i];
            acc += t * t;
        }
        return acc;
    }
}
