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
package com.example.rf4j.plugin;

import java.util.random.RandomGenerator;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Spec;
import org.rf4j.api.kernel.GaussianScaleMixture;
import org.rf4j.api.kernel.Kernel;
import org.rf4j.spi.AbstractProvider;
import org.rf4j.spi.KernelProvider;
import org.rf4j.spi.Param;

/**
 * A third-party kernel built only against the SPI: a spectral mixture with zero-mean components
 * (Wilson &amp; Adams, "Gaussian Process Kernels for Pattern Discovery and Extrapolation", 2013), here
 * two Gaussian kernels of length scales {@code short} and {@code long}:
 * {@code k(r) = w·exp(−r²/(2ℓ₁²)) + (1 − w)·exp(−r²/(2ℓ₂²))}.
 *
 * <p>It is a scale mixture of Gaussians whose precision τ is {@code 1/ℓ₁²} with probability w and
 * {@code 1/ℓ₂²} otherwise. Declaring {@link GaussianScaleMixture} is all rf4j needs: the
 * trigonometric and random-Fourier maps and every coupling (orthogonal, simplex, …) then serve it,
 * each projection scaled by its own draw of √τ.
 */
public record TwoScaleGaussianKernel(double shortScale, double longScale, double weight)
        implements Kernel, GaussianScaleMixture {
    /** The provider id. */
    public static final String ID = "two-scale-gaussian";

    public TwoScaleGaussianKernel {
        if (!(shortScale > 0) || !(longScale > 0) || Double.isInfinite(shortScale) || Double.isInfinite(longScale)) {
            throw new InvalidParameterException("kernel.short", shortScale + " and " + longScale,
                    "finite length scales > 0");
        }
        if (!(weight >= 0 && weight <= 1)) {
            throw new InvalidParameterException("kernel.weight", weight, "a number in [0, 1]");
        }
    }

    @Override
    public Spec spec() {
        return Spec.of(ID, "short", shortScale, "long", longScale, "weight", weight);
    }

    /** The length scales are part of the spectral law, so inputs are used as they are. */
    @Override
    public double inputScale() {
        return 1.0;
    }

    @Override
    public double unitValue(double[] x, double[] y) {
        return radialValue(org.rf4j.api.kernel.Isotropic.distance(x, y));
    }

    @Override
    public double radialValue(double r) {
        return weight * Math.exp(-0.5 * r * r / (shortScale * shortScale))
                + (1 - weight) * Math.exp(-0.5 * r * r / (longScale * longScale));
    }

    @Override
    public double mixingPrecision(RandomGenerator rng) {
        double l = rng.nextDouble() < weight ? shortScale : longScale;
        return 1.0 / (l * l);
    }

    /** The {@code two-scale-gaussian} provider. */
    public static final class Provider extends AbstractProvider<Kernel> implements KernelProvider {
        static final Param<Double> SHORT = Param.number("short", 0.5, Double.MIN_VALUE, null,
                "the short length scale > 0");
        static final Param<Double> LONG = Param.number("long", 2.0, Double.MIN_VALUE, null, "the long length scale > 0");
        static final Param<Double> WEIGHT = Param.number("weight", 0.5, 0.0, 1.0,
                "the weight w of the short component, in [0, 1]");

        public Provider() {
            super(ID, "w exp(-r^2/(2 short^2)) + (1 - w) exp(-r^2/(2 long^2)): a zero-mean"
                    + " spectral mixture of two Gaussians [example plugin]",
                    (p, c) -> new TwoScaleGaussianKernel(p.get(SHORT), p.get(LONG), p.get(WEIGHT)), SHORT, LONG, WEIGHT);
        }
    }
}
