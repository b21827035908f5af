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
package org.rf4j.testkit;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.spi.ToolProvider;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apiguardian.api.API;
import org.rf4j.api.Matrix;
import org.rf4j.spi.MechanismRegistry;

/**
 * Builds plugin JARs in tests the way a third party would: compiles sources that are not part of
 * the reactor with the JDK's {@code javac} (through {@link ToolProvider}, so the test module needs
 * no {@code java.compiler} read edge) against the built rf4j modules (module path), then packages
 * classes and resources with {@code java.util.jar}. Nothing of the reactor is recompiled. Works
 * whether the calling tests run on the class path or the module path.
 *
 * <p>For rf4j's own tests of plugin loading (the SPI's registry, the CLI's plugins directory);
 * plugin authors build their JARs with their own build tool.
 */
@API(status = API.Status.INTERNAL, since = "0.1")
public final class PluginJars {
    private PluginJars() {
    }

    /** The repository root (tests run in the module's folder). */
    public static Path repositoryRoot() {
        Path here = Path.of("").toAbsolutePath();
        return Files.isDirectory(here.resolve("examples")) ? here : here.getParent();
    }

    /** The example plugin's project folder. */
    public static Path examplePlugin() {
        return repositoryRoot().resolve("examples/example-plugin");
    }

    /** The example Guice plugin's project folder. */
    public static Path guicePlugin() {
        return repositoryRoot().resolve("examples/guice-plugin");
    }

    /** Where a class was loaded from (a JAR or a classes folder). */
    public static Path location(Class<?> c) {
        try {
            return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The module path third-party plugins compile against: the SPI and the API. */
    public static List<Path> rf4jModulePath() {
        List<Path> path = new ArrayList<>(List.of(location(Matrix.class), location(MechanismRegistry.class)));
        path.addAll(statusMarkers());
        return path;
    }

    /**
     * The API status annotations' JAR (org.apiguardian.api), which rf4j's modules require
     * statically and transitively: a plugin compiles against it, as Maven's compile scope gives it.
     */
    public static List<Path> statusMarkers() {
        for (String property : List.of("jdk.module.path", "java.class.path")) {
            String value = System.getProperty(property);
            if (value == null) {
                continue;
            }
            for (String entry : value.split(java.io.File.pathSeparator)) {
                if (Path.of(entry).getFileName() != null
                        && Path.of(entry).getFileName().toString().startsWith("apiguardian-api")) {
                    return List.of(Path.of(entry));
                }
            }
        }
        throw new IllegalStateException("apiguardian-api is not on the test's class or module path");
    }

    /**
     * Compiles a Maven-style project ({@code src/main/java}, {@code src/main/resources}) into a JAR.
     *
     * @param modulePath extra module path entries (besides rf4j's API and SPI)
     */
    public static Path buildProject(Path project, Path jar, List<Path> modulePath) {
        Path resources = project.resolve("src/main/resources");
        return build(project.resolve("src/main/java"), Files.isDirectory(resources) ? resources : null, jar, modulePath);
    }

    /** Writes sources and resources given as relative path → text to a folder, then builds a JAR. */
    public static Path buildSources(Path work, Map<String, String> sources, Map<String, String> resources, Path jar,
            List<Path> modulePath) {
        try {
            Path src = work.resolve("src");
            Path res = work.resolve("res");
            for (Map.Entry<String, String> e : sources.entrySet()) {
                write(src.resolve(e.getKey()), e.getValue());
            }
            for (Map.Entry<String, String> e : resources.entrySet()) {
                write(res.resolve(e.getKey()), e.getValue());
            }
            return build(src, resources.isEmpty() ? null : res, jar, modulePath);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void write(Path file, String text) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, text, StandardCharsets.UTF_8);
    }

    /** Compiles a source tree (with its module-info) to a temporary folder and packages a JAR. */
    public static Path build(Path sources, Path resources, Path jar, List<Path> modulePath) {
        try {
            Files.createDirectories(jar.getParent());
            Path classes = Files.createTempDirectory(jar.getParent().getParent(), "classes-");
            List<String> files;
            try (Stream<Path> s = Files.walk(sources)) {
                files = s.filter(p -> p.toString().endsWith(".java")).map(Path::toString).sorted()
                        .collect(Collectors.toList());
            }
            List<Path> mp = new ArrayList<>(rf4jModulePath());
            mp.addAll(modulePath);
            List<String> args = new ArrayList<>(List.of("--release", "17", "-proc:none", "-Xlint:all,-missing-explicit-ctor,-requires-automatic,-path",
                    "-Werror", "--module-version", "1.0.0", "-d", classes.toString(), "--module-path",
                    mp.stream().map(Path::toString).collect(Collectors.joining(java.io.File.pathSeparator))));
            args.addAll(files);
            ToolProvider javac = ToolProvider.findFirst("javac")
                    .orElseThrow(() -> new IllegalStateException("no javac: the tests need a JDK"));
            StringWriter diagnostics = new StringWriter();
            int rc = javac.run(new PrintWriter(diagnostics), new PrintWriter(diagnostics), args.toArray(String[]::new));
            if (rc != 0) {
                throw new IllegalStateException("javac failed (" + rc + ") for " + sources + ":\n" + diagnostics);
            }
            jar(jar, classes, resources);
            return jar;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Packages the files under the given roots into a JAR with a minimal manifest. */
    public static void jar(Path jar, Path... roots) throws IOException {
        Manifest mf = new Manifest();
        mf.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        mf.getMainAttributes().put(Attributes.Name.IMPLEMENTATION_VERSION, "1.0.0");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), mf)) {
            for (Path root : roots) {
                if (root == null) {
                    continue;
                }
                List<Path> files;
                try (Stream<Path> s = Files.walk(root)) {
                    files = s.filter(Files::isRegularFile).sorted().collect(Collectors.toList());
                }
                for (Path f : files) {
                    String name = root.relativize(f).toString().replace('\\', '/');
                    out.putNextEntry(new JarEntry(name));
                    Files.copy(f, out);
                    out.closeEntry();
                }
            }
        }
    }
}
