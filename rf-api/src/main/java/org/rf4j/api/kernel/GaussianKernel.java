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

/** The Gaussian kernel {@code exp(−|x − y|²/(2σ²))} with bandwidth σ &gt; 0. */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public record GaussianKernel(double sigma) implements Kernel, GaussianScaleMixture {
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
    public java.util.Optional<KernelKind> unitKind() {
        return java.util.Optional.of(KernelKind.GAUSSIAN);
    }

    /** τ = 1: the Gaussian is its own (trivial) mixture, with radial law χ_d. */
    @Override
    public double mixingPrecision(java.util.random.RandomGenerator rng) {
        return 1.0;
    }

    @Override
    public double radialValue(double r) {
        return Math.exp(-0.5 * r * r);
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
