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
 * What a kernel offers the feature maps and couplings: each family is one capability interface
 * ({@link ShiftInvariant}, {@link Isotropic}, {@link GaussianScaleMixture}, …). A kernel implements
 * the capabilities it has (or returns delegates from {@link Kernel#capability(Class)}), and maps and
 * couplings ask for capabilities, never for kernel ids or classes.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.2")
public interface KernelCapability {
    /** The family's name as listed by {@code rf4j mechanisms} (e.g. {@code shift-invariant isotropic}). */
    String familyName();
}
