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
package org.rf4j.features.kernel;

import java.util.List;
import java.util.function.BiFunction;
import java.util.function.DoubleFunction;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Spec;
import org.rf4j.api.random.SpectralSamplers;
import org.rf4j.theory.ExactKernels;
import org.rf4j.api.kernel.Kernel;
import org.rf4j.spi.AbstractProvider;
import org.rf4j.spi.KernelProvider;
import org.rf4j.spi.Param;
import org.apiguardian.api.API;

/**
 * The shift-invariant kernels beyond the Gaussian, with scikit-learn's names and conventions:
 * {@code matern} ({@code nu}, {@code lengthscale}), {@code exponential} ({@code lengthscale}),
 * {@code laplacian} ({@code gamma}) and {@code rational-quadratic} ({@code alpha},
 * {@code lengthscale}); the factories and the providers.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.2")
public final class ShiftInvariantKernels {
    private ShiftInvariantKernels() {
    }

    /** The id of the Matérn kernel. */
    public static final String MATERN = "matern";
    /** The id of the exponential kernel. */
    public static final String EXPONENTIAL = "exponential";
    /** The id of the rational-quadratic kernel. */
    public static final String RATIONAL_QUADRATIC = "rational-quadratic";

    /**
     * The Matérn kernel (scikit-learn's {@code Matern}) of smoothness ν &gt; 0 and length scale ℓ:
     * {@code (2^{1−ν}/Γ(ν)) (√(2ν) r/ℓ)^ν K_ν(√(2ν) r/ℓ)}, closed forms at ν = ½, 3⁄2, 5⁄2. Its spectral
     * law is the multivariate Student-t with 2ν degrees of freedom: precision {@code τ = ν/G},
     * {@code G ~ Gamma(ν, 1)}, on inputs divided by ℓ.
     */
    public static Kernel matern(double nu, double lengthscale) {
        checkPositive("kernel.nu", nu);
        return new ScaleMixtureKernel(Spec.of(MATERN, NU.name(), nu, LENGTHSCALE.name(), lengthscale), lengthscale,
                r -> ExactKernels.maternOfDistance(nu, 1.0, r), rng -> SpectralSamplers.maternPrecision(nu, 1.0, rng),
                (r, from, to) -> ExactKernels.maternOfDistances(nu, 1.0, r, from, to));
    }

    /**
     * The exponential kernel {@code exp(−|x − y|₂/ℓ)}: Matérn-½, whose spectral law is the multivariate
     * Cauchy law (Student-t with one degree of freedom).
     */
    public static Kernel exponential(double lengthscale) {
        return new ScaleMixtureKernel(Spec.of(EXPONENTIAL, LENGTHSCALE.name(), lengthscale), lengthscale,
                r -> ExactKernels.maternOfDistance(0.5, 1.0, r), rng -> SpectralSamplers.maternPrecision(0.5, 1.0, rng),
                (r, from, to) -> ExactKernels.maternOfDistances(0.5, 1.0, r, from, to));
    }

    /**
     * The rational-quadratic kernel (scikit-learn's {@code RationalQuadratic})
     * {@code (1 + |x − y|²/(2αℓ²))^{−α}}: a Gamma mixture of Gaussians, precision {@code τ = G/α},
     * {@code G ~ Gamma(α, 1)}, on inputs divided by ℓ. α = 1 is the Cauchy kernel.
     */
    public static Kernel rationalQuadratic(double alpha, double lengthscale) {
        checkPositive("kernel.alpha", alpha);
        return new ScaleMixtureKernel(Spec.of(RATIONAL_QUADRATIC, ALPHA.name(), alpha, LENGTHSCALE.name(), lengthscale),
                lengthscale, r -> ExactKernels.rationalQuadraticOfDistance(alpha, 1.0, r),
                rng -> SpectralSamplers.rationalQuadraticPrecision(alpha, 1.0, rng),
                (r, from, to) -> ExactKernels.rationalQuadraticOfDistances(alpha, 1.0, r, from, to));
    }

    /** The Laplacian kernel {@code exp(−γ|x − y|₁)}. */
    public static Kernel laplacian(double gamma) {
        return new LaplacianKernel(gamma);
    }

    static void checkPositive(String key, double v) {
        if (!(v > 0) || Double.isInfinite(v)) {
            throw new InvalidParameterException(key, v, "a finite number > 0");
        }
    }

    /** A length scale: finite, at least the smallest normal double (1/ℓ must be finite). */
    static void checkLengthScale(String key, double v) {
        if (!(v >= Double.MIN_NORMAL) || Double.isInfinite(v)) {
            throw new InvalidParameterException(key, v, "a finite number >= " + Double.MIN_NORMAL
                    + " (1/lengthscale must be finite)");
        }
    }

    private static final Param<Double> LENGTHSCALE = Param.number("lengthscale", 1.0, Double.MIN_VALUE, null,
            "the length scale ℓ > 0");
    private static final Param<Double> NU = Param.number("nu", 1.5, Double.MIN_VALUE, 1e4,
            "the smoothness ν > 0 (½: exponential)");
    private static final Param<Double> ALPHA = Param.number("alpha", 1.0, Double.MIN_VALUE, 1e4, "the shape α > 0");
    static final Param<Double> GAMMA = Param.number("gamma", 1.0, Double.MIN_VALUE, null,
            "the inverse length scale γ > 0");

    /** A provider whose kernel's length scale is {@code lengthscale}, after an optional shape parameter. */
    private abstract static class LengthScaled extends AbstractProvider<Kernel> implements KernelProvider {
        /** A kernel of a shape parameter and the length scale. */
        LengthScaled(String id, String description, Param<Double> shape, BiFunction<Double, Double, Kernel> kernel) {
            super(id, description, (p, c) -> kernel.apply(p.get(shape), p.get(LENGTHSCALE)), shape, LENGTHSCALE);
        }

        /** A kernel of the length scale alone. */
        LengthScaled(String id, String description, DoubleFunction<Kernel> kernel) {
            super(id, description, (p, c) -> kernel.apply(p.get(LENGTHSCALE)), LENGTHSCALE);
        }

        /** ℓ is a length scale ({@code "median"} or {@code "scale"} in a config). */
        @Override
        public List<String> lengthScales() {
            return List.of(LENGTHSCALE.name());
        }
    }

    /** The {@code matern} provider. */
    public static final class MaternProvider extends LengthScaled {
        public MaternProvider() {
            super(MATERN, "Matern kernel of smoothness nu and length scale l (scikit-learn's Matern);"
                    + " spectral law: Student-t with 2 nu degrees of freedom", NU, ShiftInvariantKernels::matern);
        }
    }

    /** The {@code exponential} provider. */
    public static final class ExponentialProvider extends LengthScaled {
        public ExponentialProvider() {
            super(EXPONENTIAL, "exponential kernel exp(-|x - y|_2 / l) (Matern with nu = 1/2)",
                    ShiftInvariantKernels::exponential);
        }
    }

    /** The {@code rational-quadratic} provider. */
    public static final class RationalQuadraticProvider extends LengthScaled {
        public RationalQuadraticProvider() {
            super(RATIONAL_QUADRATIC, "rational-quadratic kernel (1 + |x - y|^2 / (2 alpha l^2))^(-alpha)"
                    + " (scikit-learn's RationalQuadratic; alpha = 1: Cauchy)", ALPHA,
                    ShiftInvariantKernels::rationalQuadratic);
        }
    }

    /** The {@code laplacian} provider. */
    public static final class LaplacianProvider extends AbstractProvider<Kernel> implements KernelProvider {
        public LaplacianProvider() {
            super(LaplacianKernel.ID, "Laplacian kernel exp(-gamma |x - y|_1) (scikit-learn's"
                    + " laplacian_kernel); spectral law: independent Cauchy coordinates, not isotropic",
                    (p, c) -> laplacian(p.get(GAMMA)), GAMMA);
        }
    }
}
