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

import org.apiguardian.api.API;

/**
 * A dot-product kernel {@code k(x, y) = f(xᵀy) = Σ_n a_n (xᵀy)ⁿ} (on inputs multiplied by
 * {@link Kernel#inputScale()}), declared by its Maclaurin coefficients. The polynomial kernel
 * {@code (γ·xᵀy + c)^p} also states its parameters ({@link #polynomialGamma()} …), which the
 * TensorSketch map needs; Random Maclaurin features need only the coefficients.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.2")
public interface DotProduct extends KernelCapability {
    /** The Maclaurin coefficients a_0 … a_p (all ≥ 0, a finite expansion), a copy. */
    double[] maclaurinCoefficients();

    /** γ of {@code (γ·xᵀy + c)^p}. */
    double polynomialGamma();

    /** c of {@code (γ·xᵀy + c)^p}. */
    double polynomialCoef0();

    /** p of {@code (γ·xᵀy + c)^p}. */
    int polynomialDegree();

    @Override
    default String familyName() {
        return "dot-product";
    }
}
