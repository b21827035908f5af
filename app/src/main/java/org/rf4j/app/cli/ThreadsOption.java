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
package org.rf4j.app.cli;

import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.linalg.Parallelism;
import picocli.CommandLine.Option;

/**
 * The {@code --threads} option of every command that computes (a picocli mixin). Results are
 * bit-identical for every thread count; the option only changes the speed.
 */
public final class ThreadsOption {
    @Option(names = "--threads", paramLabel = "T", defaultValue = "0",
            description = "Threads for the hot loops (default 0: -Drf4j.threads, else all processors); "
                    + "results are the same for every count.")
    int threads;

    /** A scope that restores the previous default on close. */
    public interface Scope extends AutoCloseable {
        @Override
        void close();
    }

    /** The thread count a run will use. */
    public int effective() {
        return threads > 0 ? threads : Parallelism.defaults().threads();
    }

    /** Validates the option and makes it the default parallelism until the scope closes. */
    public Scope apply() {
        if (threads < 0) {
            throw new InvalidParameterException("--threads", threads, "0 (the default) or a positive integer");
        }
        if (threads == 0) {
            return () -> { };
        }
        int before = Parallelism.defaults().threads();
        Parallelism.setDefault(threads);
        return () -> Parallelism.setDefault(before);
    }
}
