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
package org.rf4j.api.kernel;

import org.rf4j.api.Checks;
import org.rf4j.api.Spec;
import org.apiguardian.api.API;

/**
 * A kernel with its bandwidth: a {@link KernelKind} applied to inputs multiplied by
 * {@link #inputScale()}.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public sealed interface Kernel extends org.rf4j.api.mechanism.Mechanism permits GaussianKernel, SoftmaxKernel {

    /** The unit kernel evaluated after scaling. */
    KernelKind kind();

    /** The factor inputs are multiplied by before the unit kernel applies (1/σ for Gaussian). */
    double inputScale();

    /** This kernel as a spec ({@code gaussian} with {@code sigma}, or {@code softmax}). */
    @Override
    Spec spec();

    /** The exact kernel value. */
    default double value(double[] x, double[] y) {
        Checks.sameLength("y", x.length, y.length);
        double s = inputScale();
        double[] xs = new double[x.length];
        double[] ys = new double[y.length];
        for (int i = 0; i < x.length; i++) {
            xs[i] = x[i] * s;
            ys[i] = y[i] * s;
        }
        return kind().value(xs, ys);
    }

    /** Gaussian kernel {@code exp(−|x − y|²/(2σ²))}. */
    static Kernel gaussian(double sigma) {
        return new GaussianKernel(sigma);
    }

    /** Softmax kernel {@code exp(xᵀy)}. */
    static Kernel softmax() {
        return SoftmaxKernel.INSTANCE;
    }

    /**
     * The Gaussian kernel value from a softmax kernel value at the same (scaled) inputs:
     * {@code exp(−|x|²/2) · sm · exp(−|y|²/2)}.
     */
    static double gaussianFromSoftmax(double sm, double[] x, double[] y) {
        return Math.exp(-0.5 * (sq(x) + sq(y))) * sm;
    }

    /** The softmax kernel value from a Gaussian kernel value at the same (scaled) inputs. */
    static double softmaxFromGaussian(double gauss, double[] x, double[] y) {
        return Math.exp(0.5 * (sq(x) + sq(y))) * gauss;
    }

    private static double sq(double[] v) {
        double s = 0;
        for (double t : v) {
            s += t * t;
        }
        return s;
    }
}
