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

import org.rf4j.api.Spec;
import org.apiguardian.api.API;

/** The softmax kernel {@code exp(xᵀy)} (scale queries and keys yourself, e.g. by d^(-1/4)). */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public enum SoftmaxKernel implements Kernel {
    INSTANCE;

    @Override
    public KernelKind kind() {
        return KernelKind.SOFTMAX;
    }

    @Override
    public java.util.Optional<KernelKind> unitKind() {
        return java.util.Optional.of(KernelKind.SOFTMAX);
    }

    @Override
    public String family() {
        return "exponential of the dot product";
    }

    @Override
    public double inputScale() {
        return 1.0;
    }

    @Override
    public Spec spec() {
        return Spec.of("softmax");
    }
}
