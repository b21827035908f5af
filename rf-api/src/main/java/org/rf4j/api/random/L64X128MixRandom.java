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
package org.rf4j.api.random;

import java.util.random.RandomGenerator;

/**
 * The {@code L64X128MixRandom} algorithm of the LXM family (Steele and Vigna, "LXM: Better
 * Splittable Pseudorandom Number Generators (and Almost as Fast)", OOPSLA 2021), as specified by
 * {@code java.util.random}: a 64-bit LCG added to a xoroshiro128 generator and mixed with Doug
 * Lea's 64-bit mixer. Seeding from a {@code long} follows the JDK's constructor exactly, so every
 * seed gives the stream the JDK's {@code RandomGeneratorFactory.of("L64X128MixRandom").create(seed)}
 * gives.
 *
 * <p>Only {@link #nextLong()} is implemented; every other method ({@code nextDouble},
 * {@code nextGaussian}, {@code nextInt(bound)}, …) is {@link RandomGenerator}'s default, which the
 * JDK's class inherits unchanged, so the derived values are the same too.
 *
 * <p>rf4j carries the algorithm itself because the JDK 17–22 factory looks algorithms up with
 * {@code ServiceLoader} through the calling thread's context class loader, once per JVM: a first
 * call under a loader that cannot see {@code java.base}'s providers (a Spark task's session loader,
 * whose parent is null) leaves the list empty for the JVM's life.
 */
final class L64X128MixRandom implements RandomGenerator {
    private static final long M = 0xd1342543de82ef95L;
    private static final long GOLDEN_RATIO_64 = 0x9e3779b97f4a7c15L;
    private static final long SILVER_RATIO_64 = 0x6A09E667F3BCC909L;

    private final long a;
    private long s;
    private long x0;
    private long x1;

    L64X128MixRandom(long seed) {
        seed ^= SILVER_RATIO_64;
        long a = mixMurmur64(seed);
        long x0 = mixStafford13(seed);
        long x1 = mixStafford13(seed + GOLDEN_RATIO_64);
        this.a = a | 1;
        this.s = 1;
        if ((x0 | x1) == 0) {
            // The JDK's fallback for an all-zero xoroshiro state, taken from s = 1.
            long v = 1;
            x0 = mixStafford13(v += GOLDEN_RATIO_64);
            x1 = mixStafford13(v + GOLDEN_RATIO_64);
        }
        this.x0 = x0;
        this.x1 = x1;
    }

    @Override
    public long nextLong() {
        long result = mixLea64(s + x0);
        s = M * s + a;
        long q0 = x0;
        long q1 = x1;
        q1 ^= q0;                         // xoroshiro128 v1.0
        q0 = Long.rotateLeft(q0, 24);
        q0 = q0 ^ q1 ^ (q1 << 16);
        q1 = Long.rotateLeft(q1, 37);
        x0 = q0;
        x1 = q1;
        return result;
    }

    private static long mixMurmur64(long z) {
        return Mix64.murmur64(z);
    }

    static long mixStafford13(long z) {
        return Mix64.stafford13(z);
    }

    private static long mixLea64(long z) {
        z = (z ^ (z >>> 32)) * 0xdaba0b6eb09322e3L;
        z = (z ^ (z >>> 32)) * 0xdaba0b6eb09322e3L;
        return z ^ (z >>> 32);
    }
}
