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

import java.nio.charset.StandardCharsets;
import java.util.random.RandomGenerator;
import org.apiguardian.api.API;

/**
 * Seeds and generators. A seed is part of every spec; sub-seeds for trials, blocks, sides or
 * nested mechanisms are derived with {@link #derive(long, long)} (a SplitMix64 finaliser over the
 * pair), so each derived stream depends only on the root seed and its path, never on thread
 * count or scheduling.
 *
 * <p>The generator algorithm is {@code L64X128MixRandom}, whose output is specified exactly by the
 * JDK, so the same seed gives the same stream on every machine. rf4j carries the algorithm itself
 * (bit for bit the JDK's), so no class loader, thread or JDK version can make it unavailable.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class Seeds {
    /** The generator algorithm every rf4j stream uses. */
    public static final String ALGORITHM = "L64X128MixRandom";

    private Seeds() {
    }

    /** A fresh generator for the seed. */
    public static RandomGenerator generator(long seed) {
        return new L64X128MixRandom(seed);
    }

    /** The seed for child {@code index} of {@code seed}. */
    public static long derive(long seed, long index) {
        return mix(mix(seed) ^ (index * 0x9E3779B97F4A7C15L + 0x632BE59BD9B4E019L));
    }

    /** The seed for a named child of {@code seed} (e.g. "lambda", "query"). */
    public static long derive(long seed, String label) {
        long h = 0xcbf29ce484222325L;
        for (byte b : label.getBytes(StandardCharsets.UTF_8)) {
            h = (h ^ b) * 0x100000001b3L;
        }
        return derive(seed, h);
    }

    /** A generator for child {@code index} of {@code seed}. */
    public static RandomGenerator generator(long seed, long index) {
        return generator(derive(seed, index));
    }

    private static long mix(long z) {
        return L64X128MixRandom.mixStafford13(z);
    }
}
