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
 * A histogram kernel for non-negative data: the additive χ² kernel {@code Σ 2x_iy_i/(x_i + y_i)}
 * (Vedaldi &amp; Zisserman, "Efficient Additive Kernels via Explicit Feature Maps") when
 * {@link #skewedness()} is empty, else the skewed χ² kernel {@code Π 2√(x_i+c)√(y_i+c)/(x_i+y_i+2c)}
 * of skewedness c (Li, Ionescu &amp; Sminchisescu, "Random Fourier Approximations for Skewed
 * Multiplicative Histogram Kernels"). Inputs outside the domain are refused naming their row and
 * column.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.2")
public interface Histogram extends KernelCapability {
    /** Empty for the additive χ² kernel; the skewedness c of the skewed χ² kernel. */
    java.util.OptionalDouble skewedness();

    @Override
    default String familyName() {
        return skewedness().isPresent() ? "histogram, multiplicative (skewed chi2)" : "histogram, additive (chi2)";
    }
}
