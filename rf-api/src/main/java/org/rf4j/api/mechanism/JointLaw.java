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
package org.rf4j.api.mechanism;

import org.apiguardian.api.API;

/**
 * The joint law of a coupling's projection vectors, as far as closed-form theory needs it: a
 * feature map asks its coupling for this capability, never for its id or class.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public enum JointLaw {
    /** Mutually independent N(0, I_d) vectors. */
    INDEPENDENT,
    /**
     * Blocks of at most d vectors with Haar-random orthogonal directions and independent χ_d norms,
     * independent across blocks (orthogonal random features, Yu et al. 2016).
     */
    HAAR_ORTHOGONAL,
    /**
     * Blocks of at most d vectors whose directions are a Haar-rotated regular simplex, with
     * independent χ_d norms, independent across blocks (simplex random features, Reid et al. 2023).
     */
    SIMPLEX,
    /** Any other joint law (marginals still N(0, I_d)); no closed form is assumed. */
    OTHER
}
