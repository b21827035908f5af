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

import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiFunction;
import org.rf4j.api.Matrix;
import org.rf4j.io.DataFiles;

/**
 * The data files a configuration names, each read once (relative to the config's folder) and
 * shared by every configuration derived from it ({@code seed(...)}, {@code m(...)}, ...)
 * (package-private). Errors name the config key and the file; a failed read is not remembered.
 */
final class ConfigFiles implements BiFunction<String, String, Matrix> {
    private final BiFunction<String, String, Matrix> reader;
    private final Map<String, Matrix> read = new ConcurrentHashMap<>();
    private final AtomicInteger reads = new AtomicInteger();

    ConfigFiles(Path folder) {
        this.reader = DataFiles.configReader(folder);
    }

    @Override
    public Matrix apply(String key, String file) {
        Matrix m = read.get(file);
        if (m == null) {
            reads.incrementAndGet();
            m = reader.apply(key, file);
            Matrix before = read.putIfAbsent(file, m);
            m = before != null ? before : m;
        }
        return m;
    }

    /** How many files were read from disk (for tests: each at most once). */
    int reads() {
        return reads.get();
    }
}
