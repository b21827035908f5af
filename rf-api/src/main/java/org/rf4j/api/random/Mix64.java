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

import org.apiguardian.api.API;

/**
 * 64-bit finalising mixers (bijections of {@code long}), shared by rf4j's generators: the
 * {@link L64X128MixRandom} seeding and the counter-based entries of a generated projection.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class Mix64 {
    private Mix64() {
    }

    /** MurmurHash3's 64-bit finaliser (Appleby). */
    public static long murmur64(long z) {
        z = (z ^ (z >>> 33)) * 0xff51afd7ed558ccdL;
        z = (z ^ (z >>> 33)) * 0xc4ceb9fe1a85ec53L;
        return z ^ (z >>> 33);
    }

    /** Stafford's variant 13 of the MurmurHash3 finaliser (SplitMix64's output function). */
    public static long stafford13(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }
}
