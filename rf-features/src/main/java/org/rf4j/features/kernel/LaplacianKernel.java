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

import java.util.random.RandomGenerator;
import org.rf4j.api.Matrix;
import org.rf4j.api.Spec;
import org.rf4j.api.kernel.Kernel;
import org.rf4j.api.kernel.ShiftInvariant;
import org.rf4j.api.random.SpectralSamplers;
import org.rf4j.theory.ExactKernels;
import org.apiguardian.api.API;

/**
 * The Laplacian kernel (scikit-learn's {@code laplacian_kernel}) {@code exp(−γ|x − y|₁)}: a product
 * of one-dimensional exponential kernels, whose spectral law has independent Cauchy coordinates (on
 * inputs multiplied by γ). Not isotropic, so only independent couplings keep its law.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.2")
public record LaplacianKernel(double gamma) implements Kernel, ShiftInvariant {
    public static final String ID = "laplacian";

    public LaplacianKernel {
        ShiftInvariantKernels.checkPositive("kernel.gamma", gamma);
    }

    @Override
    public double inputScale() {
        return gamma;
    }

    @Override
    public double unitValue(double[] xs, double[] ys) {
        return ExactKernels.laplacian(1.0, xs, ys);
    }

    @Override
    public void unitValues(Matrix x, Matrix y, double[] out) {
        ExactKernels.laplacian(1.0, x, y, out);
    }

    @Override
    public void spectralVector(RandomGenerator rng, double[] out) {
        SpectralSamplers.laplacian(1.0, rng, out);
    }

    @Override
    public String familyName() {
        return "shift-invariant, product of 1-D laws (not isotropic)";
    }

    @Override
    public Spec spec() {
        return Spec.of(ID, ShiftInvariantKernels.GAMMA.name(), gamma);
    }
}
