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
package org.rf4j.spi;

import org.rf4j.api.kernel.Kernel;
import org.apiguardian.api.API;

/**
 * The built-in kernel providers, registered like every other provider: {@code gaussian}
 * ({@code exp(−|x − y|²/(2σ²))}, {@code sigma} &gt; 0, default 1) and {@code softmax}
 * ({@code exp(xᵀy)}).
 */
@API(status = API.Status.INTERNAL, since = "0.1")
public final class BuiltInKernels {
    private BuiltInKernels() {
    }

    /** The {@code gaussian} kernel provider. */
    public static final class Gaussian extends AbstractProvider<Kernel> implements KernelProvider {
        /** The bandwidth σ. */
        public static final Param<Double> SIGMA = Param.number("sigma", 1.0, Double.MIN_VALUE, null,
                "the bandwidth σ > 0");

        public Gaussian() {
            super("gaussian", "Gaussian kernel exp(-|x - y|^2 / (2 sigma^2))",
                    (p, c) -> Kernel.gaussian(p.get(SIGMA)), SIGMA);
        }

        /** σ is a length scale ({@code "median"} or {@code "scale"} in a config). */
        @Override
        public java.util.List<String> lengthScales() {
            return java.util.List.of(SIGMA.name());
        }
    }

    /** The {@code softmax} kernel provider. */
    public static final class Softmax extends AbstractProvider<Kernel> implements KernelProvider {
        public Softmax() {
            super("softmax", "softmax kernel exp(x^T y) (scale queries and keys yourself,"
                    + " e.g. by d^(-1/4) in attention)", (p, c) -> Kernel.softmax());
        }
    }
}
