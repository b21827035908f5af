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
package org.rf4j.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rf4j.RandomFeatureMap;

/**
 * The stage on a real standalone Spark cluster, all on 127.0.0.1: a Master and two Workers (one
 * core each) started as JVMs of their own from the Maven JARs, executors in their own JVMs, and
 * applications sent with {@code SparkSubmit} in client mode. Checks that the features equal one
 * JVM's {@code RandomFeatureMap.transform} bit for bit (an order-free hash of every row), that a
 * model saved by one application and loaded by another gives the same bits (also for a Matérn-3/2
 * kernel with orthogonal couplings, fitted and mapped in the first application), and that an executor
 * SIGKILLed mid-job is replaced without changing the result. Everything started is stopped, also
 * on failure. See "Try it on a local cluster" in docs/spark.md for the same recipe by hand.
 */
class StandaloneClusterIT {
    private static final long ROWS = 60_000;
    private static final String LOOPBACK = "127.0.0.1";
    private static final long STEP_SECONDS = 240;

    private final List<Process> started = new CopyOnWriteArrayList<>();

    @Test
    void featuresMatchOneJvmAcrossApplicationsAndAnExecutorLoss(@TempDir Path dir) throws Exception {
        long t0 = System.nanoTime();
        Thread hook = new Thread(this::stopAll, "stop-test-cluster");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            Path home = sparkHome(dir);
            Path appJar = appJar(dir);
            int masterPort = freePort();
            String master = "spark://" + LOOPBACK + ":" + masterPort;
            Process m = start(dir, "master", "256m", "org.apache.spark.deploy.master.Master", home,
                    "--host", LOOPBACK, "--port", String.valueOf(masterPort), "--webui-port", String.valueOf(freePort()));
            List<Process> workers = new ArrayList<>();
            for (int w = 1; w <= 2; w++) {
                Path work = Files.createDirectories(dir.resolve("work-" + w));
                workers.add(start(dir, "worker-" + w, "256m", "org.apache.spark.deploy.worker.Worker", home,
                        "--host", LOOPBACK, "--port", String.valueOf(freePort()), "--webui-port",
                        String.valueOf(freePort()), "--cores", "1", "--memory", "768m", "--work-dir", work.toString(),
                        master));
            }
            for (int w = 1; w <= 2; w++) {
                awaitLog(dir.resolve("worker-" + w + ".log"), "Successfully registered with master");
            }
            assertThat(m.isAlive()).isTrue();
            step("cluster up", t0);

            // 1. fit, save, transform (an executor killed mid-job), transform again on the replacement
            String model = dir.resolve("model").toString();
            List<String> first = submit(dir, "app-fit", home, appJar, master, lines -> {
                if (lines.equals("kill-now")) {
                    killOneExecutor(workers);
                }
            }, "fit", model, String.valueOf(ROWS));
            String fitted = new String(Base64.getDecoder().decode(value(first, "fitted=")), StandardCharsets.UTF_8);
            long expected = oneJvmHash(fitted);
            List<String> hashes = values(first, "hash=");
            assertThat(hashes).as("hash with an executor killed mid-job, then on the replacement")
                    .containsExactly(String.valueOf(expected), String.valueOf(expected));
            assertThat(Integer.parseInt(value(first, "removed="))).as("executors lost").isGreaterThanOrEqualTo(1);
            assertThat(value(first, "executors=")).isEqualTo("2");
            // a non-Gaussian kernel (Matérn-3/2, orthogonal coupling, median length scale) in the same application
            String maternFitted = new String(Base64.getDecoder().decode(value(first, "fitted-matern=")),
                    StandardCharsets.UTF_8);
            assertThat(maternFitted).contains("\"matern\"").doesNotContain("median");
            assertThat(value(first, "hash-matern=")).as("Matérn-3/2 features on the cluster and in one JVM")
                    .isEqualTo(String.valueOf(oneJvmHash(maternFitted)));
            step("first application (fit, save, transform with an executor killed, transform; Matérn fit and"
                    + " transform)", t0);

            // 2. another application loads the saved model
            List<String> second = submit(dir, "app-load", home, appJar, master, line -> { }, "load", model,
                    String.valueOf(ROWS));
            assertThat(value(second, "hash=")).isEqualTo(String.valueOf(expected));
            step("second application (load, transform)", t0);
        } finally {
            stopAll();
            Runtime.getRuntime().removeShutdownHook(hook);
        }
    }

    private static void step(String what, long t0) {
        System.out.printf("%s after %.1f s%n", what, (System.nanoTime() - t0) / 1e9);
    }

    /** One JVM's features of the application's rows, hashed as the application does. */
    private static long oneJvmHash(String fittedConfig) {
        RandomFeatureMap map = org.rf4j.RandomFeatures.fromConfig(fittedConfig).fit();
        long sum = 0;
        int chunk = 4096;
        for (long start = 0; start < ROWS; start += chunk) {
            int n = (int) Math.min(chunk, ROWS - start);
            double[][] x = new double[n][];
            for (int i = 0; i < n; i++) {
                x[i] = ClusterApp.row(start + i);
            }
            double[][] z = map.transform(x);
            for (int i = 0; i < n; i++) {
                sum += Jvms.rowHash(start + i, z[i]);
            }
        }
        return sum;
    }

    // ---------------------------------------------------------------- the cluster

    /**
     * A Spark home for the Workers: {@code jars/} links every JAR of the test class path (Spark's,
     * rf4j's, their dependencies), which is the class path a Worker gives its executors.
     */
    private static Path sparkHome(Path dir) throws IOException {
        Path jars = Files.createDirectories(dir.resolve("spark-home").resolve("jars"));
        for (String entry : Jvms.classPath().split(java.io.File.pathSeparator)) {
            Path p = Path.of(entry);
            if (entry.endsWith(".jar") && Files.isRegularFile(p)) {
                Path link = jars.resolve(p.getFileName());
                if (!Files.exists(link)) {
                    Files.createSymbolicLink(link, p.toAbsolutePath());
                }
            }
        }
        return dir.resolve("spark-home");
    }

    /** The application JAR: the class directories of the test class path (the test classes, this module's). */
    private static Path appJar(Path dir) throws IOException {
        Path jar = dir.resolve("rf4j-cluster-app.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
            List<String> seen = new ArrayList<>();
            for (String entry : Jvms.classPath().split(java.io.File.pathSeparator)) {
                Path root = Path.of(entry);
                if (!Files.isDirectory(root)) {
                    continue;
                }
                try (Stream<Path> files = Files.walk(root)) {
                    for (Path f : (Iterable<Path>) files.filter(Files::isRegularFile).sorted()::iterator) {
                        String name = root.relativize(f).toString().replace('\\', '/');
                        if (!seen.contains(name)) {
                            seen.add(name);
                            out.putNextEntry(new ZipEntry(name));
                            Files.copy(f, out);
                            out.closeEntry();
                        }
                    }
                }
            }
        }
        return jar;
    }

    private Process start(Path dir, String name, String heap, String main, Path home, String... args)
            throws IOException {
        ProcessBuilder pb = new ProcessBuilder(Jvms.command(heap, home.resolve("jars") + "/*", main, args))
                .redirectErrorStream(true).redirectOutput(dir.resolve(name + ".log").toFile());
        environment(pb, home);
        Process p = pb.start();
        started.add(p);
        return p;
    }

    private static void environment(ProcessBuilder pb, Path home) {
        Map<String, String> env = pb.environment();
        env.put("SPARK_HOME", home.toString());
        env.put("SPARK_SCALA_VERSION", "2.13");
        env.put("SPARK_LOCAL_IP", LOOPBACK);
        env.put("SPARK_LOCAL_HOSTNAME", LOOPBACK);
        env.put("SPARK_MASTER_HOST", LOOPBACK);
        env.put("JAVA_HOME", System.getProperty("java.home"));
        env.remove("SPARK_CONF_DIR");
    }

    /**
     * Runs {@code SparkSubmit} (client mode: the driver is this JVM's child) and returns its stdout
     * lines, handing each to {@code onLine} as it comes. Its log goes to {@code <name>.log}.
     */
    private List<String> submit(Path dir, String name, Path home, Path appJar, String master,
            java.util.function.Consumer<String> onLine, String... appArgs) throws Exception {
        String executorOptions = String.join(" ", Jvms.sparkJavaOptions());
        List<String> args = new ArrayList<>(List.of("--master", master, "--deploy-mode", "client",
                "--class", ClusterApp.class.getName(),
                "--conf", "spark.executor.memory=512m", "--conf", "spark.executor.cores=1",
                "--conf", "spark.cores.max=2", "--conf", "spark.driver.host=" + LOOPBACK,
                "--conf", "spark.driver.bindAddress=" + LOOPBACK, "--conf", "spark.ui.enabled=false",
                "--conf", "spark.executor.extraJavaOptions=" + executorOptions,
                "--conf", "spark.task.maxFailures=4", appJar.toString()));
        args.addAll(List.of(appArgs));
        ProcessBuilder pb = new ProcessBuilder(Jvms.command("768m", home.resolve("jars") + "/*",
                "org.apache.spark.deploy.SparkSubmit", args.toArray(String[]::new)))
                .redirectError(dir.resolve(name + ".log").toFile());
        environment(pb, home);
        Process p = pb.start();
        started.add(p);
        List<String> lines = Collections.synchronizedList(new ArrayList<>());
        try (BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = in.readLine()) != null) {
                lines.add(line);
                onLine.accept(line.strip());
            }
        }
        boolean done = p.waitFor(STEP_SECONDS, TimeUnit.SECONDS);
        assertThat(done && p.exitValue() == 0).as(() -> name + " failed; its stdout " + lines + ", its log ends:\n"
                + tail(dir.resolve(name + ".log")) + "\nworker logs:\n" + tail(dir.resolve("worker-1.log"))
                + tail(dir.resolve("worker-2.log"))).isTrue();
        return lines;
    }

    /** SIGKILLs one executor JVM (a Worker's child running CoarseGrainedExecutorBackend). */
    private static void killOneExecutor(List<Process> workers) {
        for (Process w : workers) {
            Optional<ProcessHandle> executor = w.descendants().filter(h -> h.info().commandLine()
                    .map(c -> c.contains("CoarseGrainedExecutorBackend")).orElse(false)).findFirst();
            if (executor.isPresent()) {
                executor.get().destroyForcibly();
                return;
            }
        }
        throw new AssertionError("no executor JVM found to kill");
    }

    /** Stops every JVM started (children such as executors first), politely then forcibly. */
    private void stopAll() {
        List<ProcessHandle> all = new ArrayList<>();
        for (Process p : started) {
            p.descendants().forEach(all::add);
            all.add(p.toHandle());
        }
        all.forEach(ProcessHandle::destroy);
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        for (ProcessHandle h : all) {
            try {
                h.onExit().get(Math.max(1, end - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (Exception e) {
                h.destroyForcibly();
            }
        }
        started.clear();
    }

    private static void awaitLog(Path log, String text) throws IOException, InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(STEP_SECONDS);
        while (System.nanoTime() < end) {
            if (Files.exists(log) && Files.readString(log, StandardCharsets.ISO_8859_1).contains(text)) {
                return;
            }
            Thread.sleep(250);
        }
        throw new AssertionError("no '" + text + "' in " + log + " after " + STEP_SECONDS + " s; it ends:\n" + tail(log));
    }

    private static String tail(Path log) {
        try {
            if (!Files.exists(log)) {
                return "(no " + log.getFileName() + ")\n";
            }
            List<String> lines = Files.readAllLines(log, StandardCharsets.ISO_8859_1);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size())) + "\n";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String value(List<String> lines, String prefix) {
        List<String> v = values(lines, prefix);
        assertThat(v).as("a line starting with " + prefix + " in " + lines).isNotEmpty();
        return v.get(0);
    }

    private static List<String> values(List<String> lines, String prefix) {
        List<String> out = new ArrayList<>();
        for (String l : lines) {
            if (l.startsWith(prefix)) {
                out.add(l.substring(prefix.length()).strip());
            }
        }
        return out;
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName(LOOPBACK))) {
            return s.getLocalPort();
        }
    }
}
