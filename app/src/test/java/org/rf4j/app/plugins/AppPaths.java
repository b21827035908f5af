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
package org.rf4j.app.plugins;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.rf4j.testkit.PluginJars;

/**
 * The paths only the application's plugin tests need, beside the test kit's {@link PluginJars}:
 * Guice for plugins that contribute a Guice module, and the application's own class path.
 */
final class AppPaths {
    private AppPaths() {
    }

    /** Guice and what its API exposes, for plugins that contribute a Guice module. */
    static List<Path> guiceModulePath() {
        return List.of(PluginJars.location(com.google.inject.Module.class), PluginJars.location(jakarta.inject.Inject.class),
                PluginJars.location(com.google.common.base.Preconditions.class));
    }

    /**
     * What a JVM running rf4j needs, as class path or module path: this test JVM's class path
     * (the tests run on the class path) without the test classes, the test libraries and the
     * classes folders of modules that have no descriptor yet.
     */
    static List<Path> applicationClassPath() {
        return Stream.of(System.getProperty("java.class.path").split(File.pathSeparator)).map(Path::of)
                .filter(p -> !p.toString().matches(".*(test-classes|junit|assertj|opentest4j|apiguardian|rf-testkit"
                        + "|surefire|byte-buddy).*"))
                .filter(p -> !Files.isDirectory(p) || Files.exists(p.resolve("module-info.class")))
                .collect(Collectors.toList());
    }
}
