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
