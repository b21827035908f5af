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

/** Provides a {@link Kernel}; see {@link MechanismProvider} for the contract. */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public interface KernelProvider extends MechanismProvider<Kernel> {
    @Override
    default MechanismKind<Kernel> kind() {
        return MechanismKind.KERNEL;
    }

    /**
     * The kernel's parameters that are length scales (a distance in the data's units, such as the
     * Gaussian kernel's {@code sigma}): a config may give them as {@code "median"} or {@code "scale"},
     * fitted from the data at the fit stage. Default: none.
     */
    default java.util.List<String> lengthScales() {
        return java.util.List.of();
    }
}
