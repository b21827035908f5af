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
 * A kernel with its bandwidth: a unit kernel applied to inputs multiplied by {@link #inputScale()}.
 *
 * <p>The interface is open: a kernel states its exact value ({@link #unitValue}) and the
 * {@linkplain KernelCapability capabilities} that feature maps and couplings need (a
 * {@link ShiftInvariant} spectral sampler, an {@link Isotropic} radial law, a
 * {@link GaussianScaleMixture} mixing law, …). The Gaussian and softmax kernels are also a
 * {@link #unitKind() unit kind}, which every rf4j map was written for.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public interface Kernel extends org.rf4j.api.mechanism.Mechanism {

    /**
     * The unit kernel evaluated after scaling, for the Gaussian and softmax kernels. Other kernels
     * have none and refuse with an {@link org.rf4j.api.InvalidParameterException} naming the kernel;
     * ask {@link #unitKind()} to test.
     */
    default KernelKind kind() {
        return unitKind().orElseThrow(() -> new org.rf4j.api.InvalidParameterException("kernel.id", spec().id(),
                "the Gaussian or softmax kernel here (kernel '" + spec().id() + "' is " + family() + ")"));
    }

    /** The Gaussian or softmax unit kernel this kernel scales, or empty for every other kernel. */
    default java.util.Optional<KernelKind> unitKind() {
        return java.util.Optional.empty();
    }

    /**
     * The capability of type {@code type} if this kernel has it (by default: if it implements it), so
     * maps and couplings ask for what they need, never for an id or a class.
     */
    default <C extends KernelCapability> java.util.Optional<C> capability(Class<C> type) {
        return type.isInstance(this) ? java.util.Optional.of(type.cast(this)) : java.util.Optional.empty();
    }

    /** The family, as listed by {@code rf4j mechanisms}: the most specific capability's. */
    default String family() {
        return this instanceof KernelCapability c ? c.familyName() : "other";
    }

    /**
     * The feature map a config gets when it names none: {@code positive} for the Gaussian and softmax
     * kernels, {@code trigonometric} for other shift-invariant kernels.
     */
    default String defaultFeatureMap() {
        return unitKind().isPresent() || capability(ShiftInvariant.class).isEmpty() ? "positive" : "trigonometric";
    }

    /** The unit kernel's exact value on inputs already multiplied by {@link #inputScale()}. */
    default double unitValue(double[] xs, double[] ys) {
        return kind().value(xs, ys);
    }

    /**
     * The block {@code out[i·l + j] = unitValue(xᵢ, yⱼ)} over the rows of {@code x} (n × d) and
     * {@code y} (l × d), inputs already multiplied by {@link #inputScale()}; {@code out} has at least
     * n·l entries. By default an isotropic kernel gets the distances from one product and its
     * {@link Isotropic#radialValues radial profile in batch}; any other kernel gets {@link #unitValue}
     * pair by pair. Kernels override it with a faster block that agrees with {@code unitValue} to
     * rounding.
     */
    default void unitValues(org.rf4j.api.Matrix x, org.rf4j.api.Matrix y, double[] out) {
        KernelBlockDefaults.unitValues(this, x, y, out);
    }

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
        return unitValue(xs, ys);
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
