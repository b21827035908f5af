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
package org.rf4j.api.linalg;

import org.apiguardian.api.API;

/**
 * The fast Walsh–Hadamard transform: {@code a ← H a} with the unnormalised Sylvester–Hadamard
 * matrix ({@code H_1 = (1)}, {@code H_{2n} = [[H_n, H_n], [H_n, −H_n]]}), in place, in
 * {@code length·log₂(length)} additions. Multiply by {@code length^{−1/2}} for the orthogonal
 * (normalised) Hadamard matrix of SimRF paper Eq. 90.
 *
 * <p>Runs on {@link LinearAlgebra#kernels()} (vectorised butterflies when {@code org.rf4j.vector}
 * is present); every implementation performs the same additions, so the bits are the same.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class Hadamard {
    private Hadamard() {
    }

    /**
     * Transforms {@code a[offset .. offset+length)} in place.
     *
     * @throws org.rf4j.api.InvalidInputException if length is not a power of 2 or the range is out of bounds
     */
    public static void fwht(double[] a, int offset, int length) {
        if (length <= 0 || (length & (length - 1)) != 0) {
            throw new org.rf4j.api.InvalidInputException("fwht length = " + length + " is not allowed; a power of 2 >= 1 is required");
        }
        if (offset < 0 || offset + length > a.length) {
            throw new org.rf4j.api.InvalidInputException("fwht range [" + offset + ", " + (offset + length) + ") is outside an array of length "
                    + a.length);
        }
        LinearAlgebra.kernels().fwht(a, offset, length);
    }

    /** The smallest power of 2 that is ≥ n (n ≥ 1). */
    public static int paddedLength(int n) {
        if (n < 1 || n > (1 << 30)) {
            throw new org.rf4j.api.InvalidInputException("paddedLength n = " + n + " is not allowed; an integer in [1, 2^30] is required");
        }
        return n == 1 ? 1 : Integer.highestOneBit(n - 1) << 1;
    }
}
