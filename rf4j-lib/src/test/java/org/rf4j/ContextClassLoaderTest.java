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

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.rf4j.spi.MechanismKind;
import org.rf4j.spi.MechanismRegistry;

/**
 * rf4j initialises whatever the calling thread's context class loader is. A Spark 4 task runs
 * under a session class loader whose parent is null: a lookup through it sees none of rf4j's
 * providers, and the front door's registry, built once per JVM, would stay empty for the JVM's life.
 */
class ContextClassLoaderTest {
    static final String CONFIG = "{\"kernel\": {\"id\": \"gaussian\", \"sigma\": 1.5}, \"estimator\": {\"id\": "
            + "\"random-features\", \"coupling\": {\"id\": \"orthogonal\"}, \"features\": {\"id\": \"trigonometric\"}, "
            + "\"m\": 64}, \"seed\": 7, \"dimension\": 5}";

    @Test
    void discoveryUnderANullParentContextLoaderFindsEveryBuiltIn() throws Exception {
        Map<String, List<String>> normal = ids(MechanismRegistry.discover());
        assertThat(normal.values().stream().mapToInt(List::size).sum()).isGreaterThan(10);
        Map<String, List<String>> isolated = underNullParentLoader(() -> ids(MechanismRegistry.discover()));
        assertThat(isolated).isEqualTo(normal);
    }

    /** A fresh JVM whose first rf4j call (registry, random streams, kernels) runs under a null-parent loader. */
    @Test
    void aFreshJvmsFirstFrontDoorUseUnderANullParentLoaderGivesTheSameFeatures() throws IOException,
            InterruptedException {
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        String launcher = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(List.of(launcher, "-Xmx128m", "-cp", classPath, FrontDoorProbe.class.getName()))
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        // the probe prints the hash last; a JVM or kernel notice (the scalar-kernel warning) may come first
        String last = out.lines().reduce((a, b) -> b).orElse("");
        assertThat(last).as(out).isEqualTo(String.valueOf(FrontDoorProbe.hash()));
        assertThat(p.exitValue()).isZero();
    }

    static Map<String, List<String>> ids(MechanismRegistry registry) {
        Map<String, List<String>> out = new TreeMap<>();
        for (MechanismKind<?> kind : MechanismKind.values()) {
            out.put(kind.label(), registry.ids(kind).stream().sorted().toList());
        }
        return out;
    }

    /** Runs {@code body} on a new thread whose context class loader has a null parent and no URLs. */
    static <T> T underNullParentLoader(Callable<T> body) throws Exception {
        try (URLClassLoader isolated = new URLClassLoader(new URL[0], null)) {
            FutureTask<T> task = new FutureTask<>(body);
            Thread thread = new Thread(task);
            thread.setContextClassLoader(isolated);
            thread.start();
            return task.get();
        }
    }

    /** Run in a fresh JVM by the test above: prints the features' hash, or the failure. */
    public static final class FrontDoorProbe {
        static int hash() {
            double[][] x = RandomFeaturesTest.data(20, 5, 1.0, 11);
            return Arrays.deepHashCode(RandomFeatures.fromConfig(CONFIG).fit().transform(x));
        }

        public static void main(String[] args) {
            try {
                System.out.println(underNullParentLoader(FrontDoorProbe::hash));
            } catch (Throwable e) {
                System.out.println("failed: " + e);
                System.exit(3);
            }
        }
    }
}
