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

import java.util.OptionalDouble;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Matrix;
import org.rf4j.api.Spec;
import org.rf4j.api.kernel.ArcCosine;
import org.rf4j.api.kernel.DotProduct;
import org.rf4j.api.kernel.Histogram;
import org.rf4j.api.kernel.Kernel;
import org.rf4j.spi.AbstractProvider;
import org.rf4j.spi.KernelProvider;
import org.rf4j.spi.Param;
import org.rf4j.theory.DotProductTheory;
import org.rf4j.theory.ExactKernels;
import org.apiguardian.api.API;

/**
 * The kernels that are not shift-invariant, with scikit-learn's names and conventions:
 * {@code arc-cosine} ({@code order} 0, 1, 2), {@code polynomial} ({@code gamma}, {@code coef0},
 * {@code degree}), {@code chi2} and {@code skewed-chi2} ({@code skewedness}); the factories and the
 * providers. Each states its exact value ({@link ExactKernels}) and its family's capability
 * ({@link ArcCosine}, {@link DotProduct}, {@link Histogram}); its default map draws from that
 * capability ({@link KernelMapFeatureMaps}). None has an input scale (its parameters are the kernel's).
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.2")
public final class NonStationaryKernels {
    private NonStationaryKernels() {
    }

    /** The id of the arc-cosine kernel. */
    public static final String ARC_COSINE = "arc-cosine";
    /** The id of the polynomial kernel. */
    public static final String POLYNOMIAL = "polynomial";
    /** The id of the additive χ² kernel. */
    public static final String CHI2 = "chi2";
    /** The id of the skewed χ² kernel. */
    public static final String SKEWED_CHI2 = "skewed-chi2";
    /** The largest polynomial degree (the maps draw one hash or vector per degree). */
    public static final int MAX_DEGREE = 1024;

    /** A kernel whose parameters are its own: inputs are used as given (input scale 1). */
    interface Unscaled extends Kernel {
        @Override
        default double inputScale() {
            return 1.0;
        }
    }

    /** The arc-cosine kernel of order n = 0, 1, 2: {@code (1/π)‖x‖ⁿ‖y‖ⁿJ_n(θ)} (Cho &amp; Saul). */
    public static Kernel arcCosine(int order) {
        return new ArcCosineKernel(order);
    }

    /** The polynomial kernel {@code (γ·xᵀy + c)^p} (scikit-learn's {@code polynomial_kernel}). */
    public static Kernel polynomial(double gamma, double coef0, int degree) {
        return new PolynomialKernel(gamma, coef0, degree);
    }

    /** The additive χ² kernel {@code Σ 2x_iy_i/(x_i + y_i)} (scikit-learn's {@code AdditiveChi2Sampler}). */
    public static Kernel chi2() {
        return new Chi2Kernel();
    }

    /** The skewed χ² kernel of skewedness c (scikit-learn's {@code SkewedChi2Sampler}). */
    public static Kernel skewedChi2(double skewedness) {
        return new SkewedChi2Kernel(skewedness);
    }

    /** The arc-cosine kernel; its default map is {@code arc-cosine}. */
    public record ArcCosineKernel(int order) implements Unscaled, ArcCosine {
        public ArcCosineKernel {
            if (order < 0 || order > 2) {
                throw new InvalidParameterException("kernel.order", order, "0, 1 or 2 (step, ReLU, squared ReLU)");
            }
        }

        @Override
        public int arcCosineOrder() {
            return order;
        }

        @Override
        public double unitValue(double[] xs, double[] ys) {
            return ExactKernels.arcCosine(order, xs, ys);
        }

        @Override
        public void unitValues(Matrix x, Matrix y, double[] out) {
            ExactKernels.arcCosine(order, x, y, out);
        }

        @Override
        public String defaultFeatureMap() {
            return KernelMapFeatureMaps.ARC_COSINE;
        }

        @Override
        public Spec spec() {
            return Spec.of(ARC_COSINE, ORDER.name(), order);
        }
    }

    /** The polynomial kernel; its default map is {@code tensor-sketch}. */
    public record PolynomialKernel(double gamma, double coef0, int degree) implements Unscaled, DotProduct {
        public PolynomialKernel {
            if (!(gamma > 0) || Double.isInfinite(gamma)) {
                throw new InvalidParameterException("kernel.gamma", gamma, "a finite number > 0");
            }
            if (!(coef0 >= 0) || Double.isInfinite(coef0)) {
                throw new InvalidParameterException("kernel.coef0", coef0, "a finite number >= 0");
            }
            if (degree < 1 || degree > MAX_DEGREE) {
                throw new InvalidParameterException("kernel.degree", degree, "an integer from 1 to " + MAX_DEGREE);
            }
        }

        @Override
        public double[] maclaurinCoefficients() {
            return DotProductTheory.polynomialCoefficients(gamma, coef0, degree);
        }

        @Override
        public double polynomialGamma() {
            return gamma;
        }

        @Override
        public double polynomialCoef0() {
            return coef0;
        }

        @Override
        public int polynomialDegree() {
            return degree;
        }

        @Override
        public double unitValue(double[] xs, double[] ys) {
            return ExactKernels.polynomial(gamma, coef0, degree, xs, ys);
        }

        @Override
        public void unitValues(Matrix x, Matrix y, double[] out) {
            ExactKernels.polynomial(gamma, coef0, degree, x, y, out);
        }

        @Override
        public String defaultFeatureMap() {
            return KernelMapFeatureMaps.TENSOR_SKETCH;
        }

        @Override
        public Spec spec() {
            return Spec.of(POLYNOMIAL, GAMMA.name(), gamma, COEF0.name(), coef0, DEGREE.name(), degree);
        }
    }

    /** The additive χ² kernel; its default map is {@code additive-chi2-sampler}. */
    public record Chi2Kernel() implements Unscaled, Histogram {
        @Override
        public OptionalDouble skewedness() {
            return OptionalDouble.empty();
        }

        @Override
        public double unitValue(double[] xs, double[] ys) {
            return ExactKernels.additiveChi2(xs, ys);
        }

        @Override
        public void unitValues(Matrix x, Matrix y, double[] out) {
            ExactKernels.additiveChi2(x, y, out);
        }

        @Override
        public String defaultFeatureMap() {
            return KernelMapFeatureMaps.ADDITIVE_CHI2_SAMPLER;
        }

        @Override
        public Spec spec() {
            return Spec.of(CHI2);
        }
    }

    /** The skewed χ² kernel; its default map is {@code skewed-chi2-sampler}. */
    public record SkewedChi2Kernel(double skewednessValue) implements Unscaled, Histogram {
        public SkewedChi2Kernel {
            if (!(skewednessValue > 0) || Double.isInfinite(skewednessValue)) {
                throw new InvalidParameterException("kernel.skewedness", skewednessValue, "a finite number > 0");
            }
        }

        @Override
        public OptionalDouble skewedness() {
            return OptionalDouble.of(skewednessValue);
        }

        @Override
        public double unitValue(double[] xs, double[] ys) {
            return ExactKernels.skewedChi2(skewednessValue, xs, ys);
        }

        @Override
        public void unitValues(Matrix x, Matrix y, double[] out) {
            ExactKernels.skewedChi2(skewednessValue, x, y, out);
        }

        @Override
        public String defaultFeatureMap() {
            return KernelMapFeatureMaps.SKEWED_CHI2_SAMPLER;
        }

        @Override
        public Spec spec() {
            return Spec.of(SKEWED_CHI2, SKEWEDNESS.name(), skewednessValue);
        }
    }

    private static final Param<Integer> ORDER = Param.integer("order", 1, 0L, 2L,
            "the order n: 0 (step), 1 (ReLU) or 2 (squared ReLU)");
    private static final Param<Double> GAMMA = Param.number("gamma", 1.0, Double.MIN_VALUE, null,
            "the scale γ > 0 of x·y");
    private static final Param<Double> COEF0 = Param.number("coef0", 0.0, 0.0, null, "the constant c >= 0");
    private static final Param<Integer> DEGREE = Param.integer("degree", 2, 1L, (long) MAX_DEGREE, "the degree p");
    private static final Param<Double> SKEWEDNESS = Param.number("skewedness", 1.0, Double.MIN_VALUE, null,
            "the skewedness c > 0");

    /** The {@code arc-cosine} provider. */
    public static final class ArcCosineProvider extends AbstractProvider<Kernel> implements KernelProvider {
        public ArcCosineProvider() {
            super(ARC_COSINE, "arc-cosine kernel (1/pi)|x|^n |y|^n J_n(theta) of order n"
                    + " (Cho & Saul 2009); step, ReLU and squared-ReLU features",
                    (p, c) -> arcCosine(p.get(ORDER)), ORDER);
        }
    }

    /** The {@code polynomial} provider (scikit-learn's names; defaults of its {@code PolynomialCountSketch}). */
    public static final class PolynomialProvider extends AbstractProvider<Kernel> implements KernelProvider {
        public PolynomialProvider() {
            super(POLYNOMIAL, "polynomial kernel (gamma x.y + coef0)^degree (scikit-learn's"
                    + " polynomial_kernel); TensorSketch or Random Maclaurin features",
                    (p, c) -> polynomial(p.get(GAMMA), p.get(COEF0), p.get(DEGREE)), GAMMA, COEF0, DEGREE);
        }
    }

    /** The {@code chi2} provider. */
    public static final class Chi2Provider extends AbstractProvider<Kernel> implements KernelProvider {
        public Chi2Provider() {
            super(CHI2, "additive chi2 kernel sum 2 x_i y_i / (x_i + y_i) for non-negative data"
                    + " (Vedaldi & Zisserman; scikit-learn's AdditiveChi2Sampler)", (p, c) -> chi2());
        }
    }

    /** The {@code skewed-chi2} provider. */
    public static final class SkewedChi2Provider extends AbstractProvider<Kernel> implements KernelProvider {
        public SkewedChi2Provider() {
            super(SKEWED_CHI2, "skewed chi2 kernel prod 2 sqrt(x_i + c) sqrt(y_i + c) /"
                    + " (x_i + y_i + 2c) for entries > -c (Li et al. 2010; scikit-learn's SkewedChi2Sampler)",
                    (p, c) -> skewedChi2(p.get(SKEWEDNESS)), SKEWEDNESS);
        }
    }
}
