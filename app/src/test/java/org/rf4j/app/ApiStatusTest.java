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

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.lang.module.ModuleDescriptor;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import org.apiguardian.api.API;
import org.junit.jupiter.api.Test;

/**
 * Every public type of every package an rf4j module exports carries an {@link API} status marker,
 * so a user can tell the stable front door from experimental and internal types. The modules are
 * found on the test class path by their descriptors, so a new module or package cannot be missed.
 */
class ApiStatusTest {

    @Test
    void everyExportedPublicTypeHasAStatusMarker() throws Exception {
        List<String> unmarked = new ArrayList<>();
        TreeSet<String> modules = new TreeSet<>();
        int checked = 0;
        for (String entry : System.getProperty("java.class.path").split(java.io.File.pathSeparator)) {
            Path p = Path.of(entry);
            ModuleDescriptor descriptor = descriptor(p);
            if (descriptor == null || !descriptor.name().startsWith("org.rf4j")
                    || descriptor.name().equals("org.rf4j.app") || descriptor.name().equals("org.rf4j.embed")) {
                continue;
            }
            modules.add(descriptor.name());
            for (ModuleDescriptor.Exports e : descriptor.exports()) {
                if (e.isQualified()) {
                    continue;
                }
                for (String className : topLevelClasses(p, e.source())) {
                    Class<?> c = Class.forName(className, false, getClass().getClassLoader());
                    if (!Modifier.isPublic(c.getModifiers())) {
                        continue;
                    }
                    checked++;
                    if (!c.isAnnotationPresent(API.class)) {
                        unmarked.add(className);
                    }
                }
            }
        }
        assertThat(modules).contains("org.rf4j", "org.rf4j.api", "org.rf4j.spi", "org.rf4j.features");
        assertThat(checked).isGreaterThan(150);
        assertThat(unmarked).as("exported public types without @API").isEmpty();
    }

    private static ModuleDescriptor descriptor(Path entry) throws IOException {
        if (Files.isDirectory(entry)) {
            Path info = entry.resolve("module-info.class");
            if (!Files.exists(info)) {
                return null;
            }
            try (InputStream in = Files.newInputStream(info)) {
                return ModuleDescriptor.read(in);
            }
        }
        if (!entry.toString().endsWith(".jar") || !Files.exists(entry)) {
            return null;
        }
        try (JarFile jar = new JarFile(entry.toFile())) {
            JarEntry info = jar.getJarEntry("module-info.class");
            if (info == null) {
                return null;
            }
            try (InputStream in = jar.getInputStream(info)) {
                return ModuleDescriptor.read(in);
            }
        }
    }

    private static List<String> topLevelClasses(Path entry, String pkg) throws IOException {
        String dir = pkg.replace('.', '/');
        List<String> out = new ArrayList<>();
        if (Files.isDirectory(entry)) {
            try (Stream<Path> files = Files.list(entry.resolve(dir))) {
                files.map(f -> f.getFileName().toString()).filter(ApiStatusTest::topLevel)
                        .forEach(n -> out.add(pkg + "." + n.substring(0, n.length() - 6)));
            }
            return out;
        }
        try (JarFile jar = new JarFile(entry.toFile())) {
            for (Enumeration<JarEntry> en = jar.entries(); en.hasMoreElements();) {
                String name = en.nextElement().getName();
                if (name.startsWith(dir + "/") && name.indexOf('/', dir.length() + 1) < 0
                        && topLevel(name.substring(dir.length() + 1))) {
                    out.add(pkg + "." + name.substring(dir.length() + 1, name.length() - 6));
                }
            }
        }
        return out;
    }

    private static boolean topLevel(String file) {
        return file.endsWith(".class") && !file.contains("$") && !file.equals("package-info.class")
                && !file.equals("module-info.class");
    }
}
