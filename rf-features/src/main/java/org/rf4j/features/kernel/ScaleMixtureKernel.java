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

import java.util.Objects;
import java.util.function.DoubleUnaryOperator;
import java.util.function.ToDoubleFunction;
import java.util.random.RandomGenerator;
import org.rf4j.api.Spec;
import org.rf4j.api.kernel.GaussianScaleMixture;
import org.rf4j.api.kernel.Kernel;
import org.apiguardian.api.API;

/**
 * An isotropic kernel {@code k(|x − y|/ℓ)} that is a scale mixture of Gaussians: its unit radial
 * profile and its mixing law of the precision τ ({@code k(r) = E_τ[exp(−τr²/2)]}, spectral law
 * {@code ω | τ ~ N(0, τ·I)}). The Matérn, exponential and rational-quadratic kernels are of this
 * form ({@link ShiftInvariantKernels}); two are equal when their specs are.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.2")
public final class ScaleMixtureKernel implements Kernel, GaussianScaleMixture {
    private final Spec spec;
    private final double lengthscale;
    private final DoubleUnaryOperator profile;
    private final ToDoubleFunction<RandomGenerator> precision;
    private final Profiles profiles;

    /** The radial profile over a block of distances, in place ({@link #radialValues}). */
    @FunctionalInterface
    interface Profiles {
        void apply(double[] r, int from, int to);
    }

    /**
     * @param spec        the kernel's spec (id and parameters)
     * @param lengthscale ℓ: inputs are divided by it
     * @param profile     the unit kernel as a function of the distance
     * @param precision   one draw of the unit kernel's mixing precision τ
     * @param profiles    the profile over a block of distances, agreeing with {@code profile} to rounding
     */
    ScaleMixtureKernel(Spec spec, double lengthscale, DoubleUnaryOperator profile,
            ToDoubleFunction<RandomGenerator> precision, Profiles profiles) {
        this.spec = Objects.requireNonNull(spec, "spec");
        ShiftInvariantKernels.checkLengthScale("kernel.lengthscale", lengthscale);
        this.lengthscale = lengthscale;
        this.profile = profile;
        this.precision = precision;
        this.profiles = Objects.requireNonNull(profiles, "profiles");
    }

    /** ℓ. */
    public double lengthscale() {
        return lengthscale;
    }

    @Override
    public double inputScale() {
        return 1.0 / lengthscale;
    }

    @Override
    public double unitValue(double[] xs, double[] ys) {
        return radialValue(org.rf4j.api.kernel.Isotropic.distance(xs, ys));
    }

    @Override
    public double radialValue(double r) {
        return profile.applyAsDouble(r);
    }

    @Override
    public void radialValues(double[] r, int from, int to) {
        profiles.apply(r, from, to);
    }

    @Override
    public double mixingPrecision(RandomGenerator rng) {
        return precision.applyAsDouble(rng);
    }

    @Override
    public Spec spec() {
        return spec;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ScaleMixtureKernel k && spec.equals(k.spec);
    }

    @Override
    public int hashCode() {
        return spec.hashCode();
    }

    @Override
    public String toString() {
        return "ScaleMixtureKernel" + spec.toPlain();
    }
}
