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
package org.rf4j.app;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The test JVM's runtime path as a path for a child JVM (module path or class path): the surefire
 * class path minus test-only artifacts (and whatever else a test excludes), and minus class folders
 * without a module descriptor (an empty folder would become an automatic module named "classes").
 */
public final class RuntimePath {
    /** Test artifacts that are not part of rf4j's runtime. */
    public static final List<String> TEST_ONLY = List.of("junit", "opentest4j", "apiguardian", "assertj",
            "rf-testkit", "byte-buddy", "hamcrest", "test-classes");

    private RuntimePath() {
    }

    /** The entries, excluding those containing any of {@code exclude}. */
    public static List<String> entries(List<String> exclude) {
        String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> entries = new ArrayList<>();
        for (String e : cp.split(File.pathSeparator)) {
            Path p = Path.of(e);
            if (e.isBlank() || exclude.stream().anyMatch(e::contains) || !Files.exists(p)) {
                continue;
            }
            if (Files.isDirectory(p) && !Files.exists(p.resolve("module-info.class"))) {
                continue;
            }
            entries.add(e);
        }
        return entries;
    }

    /** {@link #entries} of everything but the test-only artifacts, joined as one path. */
    public static String modulePath() {
        return String.join(File.pathSeparator, entries(TEST_ONLY));
    }

    /** The java launcher of the running JVM. */
    public static String java() {
        return ProcessHandle.current().info().command().orElse("java");
    }
}
