package org.rf4j.api.kernel;

import org.rf4j.api.Checks;
import org.rf4j.api.Spec;

/** The Gaussian kernel {@code exp(−|x − y|²/(2σ²))} with bandwidth σ &gt; 0. */
public record GaussianKernel(double sigma) implements Kernel {
    public GaussianKernel {
        Checks.positive("kernel.sigma", sigma);
        if (sigma < Double.MIN_NORMAL) {
            // inputs are scaled by 1/σ: a σ this small (subnormal) would turn every input into ±∞
            throw new org.rf4j.api.InvalidParameterException("kernel.sigma", sigma,
                    "a finite number >= " + Double.MIN_NORMAL + " (1/sigma must be finite)");
        }
    }

    @Override
    public KernelKind kind() {
        return KernelKind.GAUSSIAN;
    }

    @Override
    public double inputScale() {
        return 1.0 / sigma;
    }

    @Override
    public Spec spec() {
        return Spec.of("gaussian", "sigma", sigma);
    }
}
