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

import java.util.Optional;
import java.util.OptionalDouble;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Spec;
import org.rf4j.api.kernel.ArcCosine;
import org.rf4j.api.kernel.DotProduct;
import org.rf4j.api.kernel.Histogram;
import org.rf4j.api.kernel.Kernel;
import org.rf4j.api.kernel.KernelCapability;
import org.rf4j.api.mechanism.AbstractMechanism;
import org.rf4j.api.mechanism.Coupling;
import org.rf4j.api.mechanism.DrawnFeatures;
import org.rf4j.api.mechanism.ExactKernelFeatureMap;
import org.rf4j.api.mechanism.FeatureMap;
import org.rf4j.api.mechanism.FeatureRequest;
import org.rf4j.api.mechanism.KernelRefusals;
import org.rf4j.features.kernelmaps.AdditiveChi2Features;
import org.rf4j.features.kernelmaps.ArcCosineFeatures;
import org.rf4j.features.kernelmaps.RandomMaclaurinFeatures;
import org.rf4j.features.kernelmaps.SkewedChi2Features;
import org.rf4j.features.kernelmaps.TensorSketchFeatures;
import org.rf4j.spi.AbstractProvider;
import org.rf4j.spi.FeatureMapProvider;
import org.rf4j.spi.Param;
import org.rf4j.theory.DotProductTheory;
import org.rf4j.theory.ExactKernels;
import org.rf4j.theory.ShiftInvariantTheory;
import org.apiguardian.api.API;

/**
 * The feature maps of the {@link NonStationaryKernels}, as configurable mechanisms: each wraps one
 * map of {@code org.rf4j.features.kernelmaps} and takes its kernel parameters from the kernel's
 * capability, so it serves every kernel with that capability and refuses any other in one line.
 * Each draws its own independent rows, hashes or samples, so it accepts only the {@code iid} coupling
 * (and no sampling policy).
 *
 * <p>A map is drawn from the request's generator: its seed is the generator's first
 * {@code nextLong()} (the same config and seed give the same bits everywhere).
 *
 * <ul>
 *   <li>{@code arc-cosine}: {@link ArcCosineFeatures} of the kernel's order ({@link ArcCosine});</li>
 *   <li>{@code tensor-sketch}: {@link TensorSketchFeatures} of the polynomial ({@link DotProduct});</li>
 *   <li>{@code random-maclaurin}: {@link RandomMaclaurinFeatures}, its degree law tuned to rows of squared
 *       norm {@code squaredNorm};</li>
 *   <li>{@code additive-chi2-sampler}: {@link AdditiveChi2Features}, d·(2·sampleSteps − 1) deterministic
 *       features (m is not used) for the additive χ² kernel ({@link Histogram});</li>
 *   <li>{@code skewed-chi2-sampler}: {@link SkewedChi2Features} for the skewed χ² kernel.</li>
 * </ul>
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.2")
public final class KernelMapFeatureMaps {
    private KernelMapFeatureMaps() {
    }

    public static final String ARC_COSINE = "arc-cosine";
    public static final String TENSOR_SKETCH = "tensor-sketch";
    public static final String RANDOM_MACLAURIN = "random-maclaurin";
    public static final String ADDITIVE_CHI2_SAMPLER = "additive-chi2-sampler";
    public static final String SKEWED_CHI2_SAMPLER = "skewed-chi2-sampler";

    /** A map drawn from one capability {@code C} of its kernel. */
    abstract static class CapabilityMap<C extends KernelCapability> extends AbstractMechanism
            implements ExactKernelFeatureMap {
        private final Class<C> capability;
        private final String needs;

        /**
         * @param needs what the map needs, for refusals (e.g. {@code "an arc-cosine kernel ('arc-cosine')"})
         */
        CapabilityMap(Class<C> capability, String needs) {
            this.capability = capability;
            this.needs = needs;
        }

        /** The capability of {@code kernel} this map uses, when it can serve it. */
        Optional<C> usable(Kernel kernel) {
            return kernel.unitKind().isPresent() ? Optional.empty() : kernel.capability(capability);
        }

        /** The drawn map of {@code kernel}'s capability, in dimension d with m features and a seed. */
        abstract DrawnFeatures draw(C kernel, int d, int m, long seed);

        /** The closed-form MSE of m features at (x, y), where the map has one; by default none. */
        OptionalDouble theoryMse(C kernel, double[] x, double[] y, int m) {
            return OptionalDouble.empty();
        }

        @Override
        public OptionalDouble theoryMse(Kernel kernel, double[] xs, double[] ys, int m) {
            Optional<C> c = usable(kernel);
            return c.isPresent() ? theoryMse(c.get(), xs, ys, m) : OptionalDouble.empty();
        }

        @Override
        public Optional<String> refusal(Kernel kernel) {
            return usable(kernel).isPresent() ? Optional.empty()
                    : Optional.of(KernelRefusals.of(kernel, "feature map", spec().id(), "the map needs " + needs));
        }

        @Override
        public DrawnFeatures draw(Kernel kernel, FeatureRequest request) {
            C c = usable(kernel).orElseThrow(() -> new InvalidParameterException("estimator", refusal(kernel).orElseThrow()));
            return draw(c, request.d(), request.m(), request.rng().nextLong());
        }

        /** The Gaussian and softmax kernels: refused (the map needs another family). */
        @Override
        public DrawnFeatures draw(FeatureRequest request) {
            throw new InvalidParameterException("estimator", "kernel '" + request.target().name().toLowerCase(java.util.Locale.ROOT)
                    + "' with feature map '" + spec().id() + "': the map needs " + needs);
        }

        @Override
        public boolean positive() {
            return false;
        }

        @Override
        public int outputDimension(int m, int d) {
            return m;
        }

        /** Independent draws only: the map draws its own rows, hashes or samples. */
        @Override
        public boolean accepts(Coupling coupling) {
            return coupling.independent();
        }
    }

    /** The {@code arc-cosine} map. */
    public static final class ArcCosineMap extends CapabilityMap<ArcCosine> {
        public ArcCosineMap() {
            super(ArcCosine.class, "an arc-cosine kernel ('arc-cosine')");
        }

        @Override
        DrawnFeatures draw(ArcCosine kernel, int d, int m, long seed) {
            return new ArcCosineFeatures(d, m, kernel.arcCosineOrder(), seed);
        }

        /** {@code ((2/π)‖x‖^{2n}‖y‖^{2n}J_{2n}(θ) − k²)/m} (Cho &amp; Saul's second moment). */
        @Override
        OptionalDouble theoryMse(ArcCosine kernel, double[] x, double[] y, int m) {
            return OptionalDouble.of(ShiftInvariantTheory.arcCosineMse(kernel.arcCosineOrder(), x, y, m));
        }

        @Override
        public boolean positive() {
            return true;
        }

        @Override
        public Spec spec() {
            return Spec.of(ARC_COSINE);
        }
    }

    /** The {@code tensor-sketch} map. */
    public static final class TensorSketchMap extends CapabilityMap<DotProduct> {
        public TensorSketchMap() {
            super(DotProduct.class, "a polynomial kernel ('polynomial')");
        }

        @Override
        DrawnFeatures draw(DotProduct k, int d, int m, long seed) {
            return new TensorSketchFeatures(d, m, k.polynomialGamma(), k.polynomialCoef0(), k.polynomialDegree(), seed);
        }

        /** The exact variance of the circularly convolved count sketches ({@link DotProductTheory#tensorSketchVariance}). */
        @Override
        OptionalDouble theoryMse(DotProduct k, double[] x, double[] y, int m) {
            return OptionalDouble.of(DotProductTheory.tensorSketchVariance(k.polynomialGamma(), k.polynomialCoef0(),
                    k.polynomialDegree(), m, x, y));
        }

        @Override
        public Spec spec() {
            return Spec.of(TENSOR_SKETCH);
        }
    }

    /** The {@code random-maclaurin} map. */
    public static final class RandomMaclaurinMap extends CapabilityMap<DotProduct> {
        private final double squaredNorm;

        public RandomMaclaurinMap(double squaredNorm) {
            super(DotProduct.class, "a polynomial kernel ('polynomial')");
            if (!(squaredNorm > 0) || Double.isInfinite(squaredNorm)) {
                throw new InvalidParameterException("squaredNorm", squaredNorm, "a finite number > 0");
            }
            this.squaredNorm = squaredNorm;
        }

        @Override
        DrawnFeatures draw(DotProduct k, int d, int m, long seed) {
            return RandomMaclaurinFeatures.forSquaredNorm(d, m, k.polynomialGamma(), k.polynomialCoef0(),
                    k.polynomialDegree(), squaredNorm, seed);
        }

        /**
         * {@code (Σ_n (a_n²/q_n)·Mⁿ − k²)/m} with the map's degree law q and the Rademacher fourth moment
         * {@code M = ‖x‖²‖y‖² + 2(xᵀy)² − 2Σx_i²y_i²} ({@link DotProductTheory#randomMaclaurinVariance}).
         */
        @Override
        OptionalDouble theoryMse(DotProduct k, double[] x, double[] y, int m) {
            double[] a = DotProductTheory.polynomialCoefficients(k.polynomialGamma(), k.polynomialCoef0(),
                    k.polynomialDegree());
            double[] law = RandomMaclaurinFeatures.degreeLaw(k.polynomialGamma(), k.polynomialCoef0(),
                    k.polynomialDegree(), squaredNorm);
            double dot = 0;
            for (int i = 0; i < x.length; i++) {
                dot += x[i] * y[i];
            }
            return OptionalDouble.of(DotProductTheory.randomMaclaurinVariance(a, law,
                    DotProductTheory.rademacherFourthMoment(x, y), dot) / m);
        }

        @Override
        public Spec spec() {
            return Spec.of(RANDOM_MACLAURIN, SQUARED_NORM.name(), squaredNorm);
        }
    }

    /** The {@code additive-chi2-sampler} map: deterministic, d·(2·sampleSteps − 1) features. */
    public static final class AdditiveChi2Map extends CapabilityMap<Histogram> {
        private final int sampleSteps;
        private final Double sampleInterval;

        /** @param sampleInterval L, or null for scikit-learn's default of 1, 2 or 3 steps */
        public AdditiveChi2Map(int sampleSteps, Double sampleInterval) {
            super(Histogram.class, "the additive chi2 kernel ('chi2')");
            this.sampleSteps = sampleSteps;
            this.sampleInterval = sampleInterval;
            // refuse bad parameters when the config is read, not when drawn
            draw(null, 1, 1, 0L);
        }

        @Override
        Optional<Histogram> usable(Kernel kernel) {
            return super.usable(kernel).filter(h -> h.skewedness().isEmpty());
        }

        @Override
        DrawnFeatures draw(Histogram kernel, int d, int m, long seed) {
            return sampleInterval == null ? new AdditiveChi2Features(d, sampleSteps)
                    : new AdditiveChi2Features(d, sampleSteps, sampleInterval);
        }

        @Override
        public boolean positive() {
            return sampleSteps == 1;
        }

        @Override
        public int outputDimension(int m, int d) {
            return d * (2 * sampleSteps - 1);
        }

        @Override
        public Spec spec() {
            Spec s = Spec.of(ADDITIVE_CHI2_SAMPLER, SAMPLE_STEPS.name(), sampleSteps);
            return sampleInterval == null ? s : s.with(SAMPLE_INTERVAL.name(), sampleInterval);
        }
    }

    /** The {@code skewed-chi2-sampler} map. */
    public static final class SkewedChi2Map extends CapabilityMap<Histogram> {
        public SkewedChi2Map() {
            super(Histogram.class, "the skewed chi2 kernel ('skewed-chi2')");
        }

        @Override
        Optional<Histogram> usable(Kernel kernel) {
            return super.usable(kernel).filter(h -> h.skewedness().isPresent());
        }

        @Override
        DrawnFeatures draw(Histogram kernel, int d, int m, long seed) {
            return new SkewedChi2Features(d, m, kernel.skewedness().orElseThrow(), seed);
        }

        /**
         * The random-Fourier MSE {@code (1 + k(2Δ)/2 − k(Δ)²)/m} of the log-differences
         * {@code Δ_i = ln(x_i + c) − ln(y_i + c)}: {@code k(Δ) = Π sech(Δ_i/2)} is the kernel and
         * {@code k(2Δ) = Π sech(Δ_i)}.
         */
        @Override
        OptionalDouble theoryMse(Histogram kernel, double[] x, double[] y, int m) {
            double c = kernel.skewedness().orElseThrow();
            double k = ExactKernels.skewedChi2(c, x, y); // checks the domain
            double kTwo = 1;
            for (int i = 0; i < x.length; i++) {
                kTwo /= Math.cosh(Math.log(x[i] + c) - Math.log(y[i] + c));
            }
            return OptionalDouble.of(ShiftInvariantTheory.randomFourierMse(k, kTwo, m));
        }

        @Override
        public Spec spec() {
            return Spec.of(SKEWED_CHI2_SAMPLER);
        }
    }

    /** The {@code arc-cosine} provider. */
    public static final class ArcCosineProvider extends AbstractProvider<FeatureMap> implements FeatureMapProvider {
        public ArcCosineProvider() {
            super(ARC_COSINE, "arc-cosine features sqrt(2/m) step(w.x)(w.x)^n of m Gaussian"
                    + " rows (Cho & Saul 2009), n the arc-cosine kernel's order; iid only",
                    (p, c) -> new ArcCosineMap());
        }
    }

    private static final Param<Double> SQUARED_NORM = Param.number("squaredNorm", 1.0, Double.MIN_VALUE, null,
            "the typical squared norm of the rows, which tunes the degree law q_n ~ a_n s^n");
    private static final Param<Integer> SAMPLE_STEPS = Param.integer("sampleSteps", 2, 1L, 1000L,
            "s: 2s - 1 features per input entry");
    private static final Param<OptionalDouble> SAMPLE_INTERVAL = Param.optionalNumber("sampleInterval",
            Double.MIN_VALUE, null,
            "the spacing L of the samples (absent: scikit-learn's 0.8, 0.5, 0.4 for 1, 2, 3 steps)");

    /** The {@code tensor-sketch} provider. */
    public static final class TensorSketchProvider extends AbstractProvider<FeatureMap> implements FeatureMapProvider {
        public TensorSketchProvider() {
            super(TENSOR_SKETCH, "TensorSketch features of the polynomial kernel (Pham & Pagh"
                    + " 2013; scikit-learn's PolynomialCountSketch): m count-sketch bins; iid only",
                    (p, c) -> new TensorSketchMap());
        }
    }

    /** The {@code random-maclaurin} provider. */
    public static final class RandomMaclaurinProvider extends AbstractProvider<FeatureMap> implements FeatureMapProvider {
        public RandomMaclaurinProvider() {
            super(RANDOM_MACLAURIN, "Random Maclaurin features of the polynomial kernel (Kar &"
                    + " Karnick 2012) with an importance-sampled degree; iid only",
                    (p, c) -> new RandomMaclaurinMap(p.get(SQUARED_NORM)), SQUARED_NORM);
        }
    }

    /** The {@code additive-chi2-sampler} provider. */
    public static final class AdditiveChi2Provider extends AbstractProvider<FeatureMap> implements FeatureMapProvider {
        public AdditiveChi2Provider() {
            super(ADDITIVE_CHI2_SAMPLER, "deterministic spectral samples of the additive chi2"
                    + " kernel (Vedaldi & Zisserman; scikit-learn's AdditiveChi2Sampler): d (2 sampleSteps - 1) features,"
                    + " m unused",
                    (p, c) -> {
                        OptionalDouble interval = p.get(SAMPLE_INTERVAL);
                        return new AdditiveChi2Map(p.get(SAMPLE_STEPS),
                                interval.isPresent() ? interval.getAsDouble() : null);
                    }, SAMPLE_STEPS, SAMPLE_INTERVAL);
        }
    }

    /** The {@code skewed-chi2-sampler} provider. */
    public static final class SkewedChi2Provider extends AbstractProvider<FeatureMap> implements FeatureMapProvider {
        public SkewedChi2Provider() {
            super(SKEWED_CHI2_SAMPLER, "random Fourier features of log(x + c) for the skewed"
                    + " chi2 kernel (Li et al. 2010; scikit-learn's SkewedChi2Sampler); iid only",
                    (p, c) -> new SkewedChi2Map());
        }
    }
}
