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

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.rf4j.spi.MechanismKind;
import org.rf4j.spi.MechanismProvider;
import org.rf4j.spi.MechanismRegistry;
import org.rf4j.testkit.PluginJars;

/**
 * The example plugin ({@code examples/example-plugin}), compiled and packaged once per test JVM
 * into {@code target/plugin-tests/plugins}, and the registry that discovered it there.
 */
final class ExamplePlugin {
    private static Path jar;
    private static MechanismRegistry registry;

    private ExamplePlugin() {
    }

    /** The plugins directory holding only the example plugin's JAR. */
    static synchronized Path directory() {
        return jar().getParent();
    }

    static synchronized Path jar() {
        if (jar == null) {
            try {
                Path root = Files.createDirectories(Path.of("target/plugin-tests")).toAbsolutePath();
                Path dir = Files.createTempDirectory(root, "example-");
                jar = PluginJars.buildProject(PluginJars.examplePlugin(), dir.resolve("plugins/example-plugin.jar"),
                        List.of());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return jar;
    }

    static synchronized MechanismRegistry registry() {
        if (registry == null) {
            registry = MechanismRegistry.builder().loadDiscovered().pluginDirectory(directory()).strict(true).build();
        }
        return registry;
    }

    /** A provider of the example plugin, as the registry loaded it from the JAR. */
    @SuppressWarnings("unchecked")
    static <P extends MechanismProvider<?>> P provider(MechanismKind<?> kind, String id) {
        return (P) registry().provider(kind, "test", id).provider();
    }
}
