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
package org.rf4j;

import java.util.concurrent.Executor;
import java.util.function.Supplier;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.linalg.Parallelism;

/**
 * The threads a front-door object computes on (package-private): a count and the caller's
 * {@link Executor} for the helper workers (null: rf4j's shared pool), or {@link #DEFAULT} (count 0)
 * for the calling thread's {@link Parallelism#callerThreads} setting, else the process default
 * (the CLI's {@code --threads}). Results are bit-identical for every setting.
 *
 * @param count    1 to 4096, or 0 for the default
 * @param executor where helper workers run, or null
 */
record Threads(int count, Executor executor) {
    static final Threads DEFAULT = new Threads(0, null);

    Threads {
        if (count < 0 || count > 4096) {
            throw new InvalidParameterException("threads", count, "an integer from 1 to 4096 (0: the default)");
        }
        if (count == 0 && executor != null) {
            throw new InvalidParameterException("threads", count, "an integer from 1 to 4096 with an executor");
        }
    }

    /** The threads a caller chose: a count from 1 to 4096, with its executor or null. */
    static Threads chosen(int count, Executor executor) {
        if (count < 1) {
            throw new InvalidParameterException("threads", count, "an integer from 1 to 4096");
        }
        return new Threads(count, executor);
    }

    /** Runs {@code body} on these threads; the calling thread's own setting is restored after. */
    <T> T run(Supplier<T> body) {
        if (count == 0) {
            return body.get();
        }
        try (Parallelism.Scope s = Parallelism.callerThreads(count, executor)) {
            return body.get();
        }
    }
}
