package org.rf4j.api.kernel;

/**
 * The unit kernels that feature maps estimate, on inputs already divided by the bandwidth.
 *
 * <ul>
 *   <li>{@link #GAUSSIAN}: {@code K(x, y) = exp(−|x − y|²/2)}</li>
 *   <li>{@link #SOFTMAX}: {@code SM(x, y) = exp(xᵀy)}</li>
 * </ul>
 * They are related by {@code K(x, y) = exp(−|x|²/2) · SM(x, y) · exp(−|y|²/2)}, so a feature
 * map built for one kind serves the other after scaling each row by
 * {@code exp(logRowFactor(...))}.
 */
public enum KernelKind {
    GAUSSIAN,
    SOFTMAX;

    /**
     * The log of the per-row factor that turns features estimating kernel {@code from} into
     * features estimating this kind, for a row with squared norm {@code squaredNorm}.
     */
    public double logRowFactor(KernelKind from, double squaredNorm) {
        if (from == this) {
            return 0.0;
        }
        return this == GAUSSIAN ? -0.5 * squaredNorm : 0.5 * squaredNorm;
    }

    /** The unit kernel's exact value. */
    public double value(double[] x, double[] y) {
        double dot = 0;
        double dist = 0;
        for (int i = 0; i < x.length; i++) {
            dot += x[i] * y[i];
            double t = x[i] - y[i];
            dist += t * t;
        }
        return this == GAUSSIAN ? Math.exp(-0.5 * dist) : Math.exp(dot);
    }
}
