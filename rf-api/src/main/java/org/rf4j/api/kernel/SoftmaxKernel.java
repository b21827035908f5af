package org.rf4j.api.kernel;

import org.rf4j.api.Spec;

/** The softmax kernel {@code exp(xᵀy)} (scale queries and keys yourself, e.g. by d^(-1/4)). */
public enum SoftmaxKernel implements Kernel {
    INSTANCE;

    @Override
    public KernelKind kind() {
        return KernelKind.SOFTMAX;
    }

    @Override
    public double inputScale() {
        return 1.0;
    }

    @Override
    public Spec spec() {
        return Spec.of("softmax");
    }
}
