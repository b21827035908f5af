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
package org.rf4j.testkit.plugins;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.File;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Matrix;
import org.rf4j.api.Spec;
import org.rf4j.api.kernel.KernelKind;
import org.rf4j.api.mechanism.Coupling;
import org.rf4j.api.mechanism.FeatureMap;
import org.rf4j.api.mechanism.FeatureRequest;
import org.rf4j.api.mechanism.LambdaEstimator;
import org.rf4j.api.mechanism.DrawnLambda;
import org.rf4j.api.mechanism.LambdaRequest;
import org.rf4j.api.mechanism.PointQuery;
import org.rf4j.api.mechanism.DrawnFeatures;
import org.rf4j.api.mechanism.Side;
import org.rf4j.api.random.Seeds;
import org.rf4j.spi.MechanismKind;
import org.rf4j.spi.MechanismRegistry;
import org.rf4j.spi.ProviderInfo;
import org.rf4j.testkit.MonteCarlo;
import org.rf4j.testkit.PluginJars;
import org.rf4j.testkit.StandardGaussianCoupling;

/**
 * The example plugin ({@code examples/example-plugin}, outside the reactor) compiled with
 * {@code javax.tools} against the built SPI, packaged as a JAR, dropped into a plugins directory
 * and discovered: in its own module layer, through a class loader (class path), and by a JVM that
 * runs rf4j itself on the class path. Its mechanisms are checked for what every mechanism must be:
 * unbiased, with the closed-form MSE where it has one (tolerances of 4 standard errors).
 */
class ExamplePluginTest {
    @TempDir
    static Path tmp;
    static Path plugins;
    static Path jar;
    static MechanismRegistry registry;

    /** Independent Gaussian projections (the built-in iid coupling lives in rf-couplings). */
    static final Coupling IID = new StandardGaussianCoupling();

    @BeforeAll
    static void buildAndDiscover() {
        plugins = tmp.resolve("plugins");
        jar = PluginJars.buildProject(PluginJars.examplePlugin(), plugins.resolve("example-plugin.jar"), List.of());
        registry = MechanismRegistry.builder().loadDiscovered().pluginDirectory(plugins).strict(true).build();
    }

    @Test
    void everyProviderIsDiscoveredFromTheJarInItsOwnLayer() {
        assertThat(registry.problems()).isEmpty();
        for (var e : Map.of(MechanismKind.COUPLING, "antithetic", MechanismKind.FEATURE_MAP, "random-phase",
                MechanismKind.LAMBDA_ESTIMATOR, "constant").entrySet()) {
            ProviderInfo info = registry.provider(e.getKey(), "test", e.getValue());
            assertThat(info.origin()).isEqualTo("plugin");
            assertThat(info.location()).isEqualTo(jar.toString());
            assertThat(info.version()).isEqualTo("1.0.0");
            Module module = info.provider().getClass().getModule();
            assertThat(module.getName()).isEqualTo("com.example.rf4j.plugin");
            assertThat(module.getLayer()).isNotSameAs(ModuleLayer.boot());
        }
    }

    @Test
    void antitheticPairsNegateAndEachVectorIsMarginallyStandardNormal() {
        Coupling c = registry.create(MechanismKind.COUPLING, "estimator.coupling", Spec.of("antithetic"));
        assertThat(c.spec()).isEqualTo(Spec.of("antithetic"));
        Matrix w = c.draw(7, 4, Seeds.generator(1)).matrix();
        for (int i = 0; i + 1 < 7; i += 2) {
            for (int k = 0; k < 4; k++) {
                assertThat(w.get(i + 1, k)).isEqualTo(-w.get(i, k));
            }
        }
        // Marginal moments of rows 1 (negated) and 2 (the odd last row), and independence of 2 from 0.
        int trials = 20_000;
        MonteCarlo.Estimates second = MonteCarlo.run(trials, 1.0, t -> sq(c.draw(3, 1, Seeds.generator(11, t)).matrix().get(1, 0)));
        MonteCarlo.Estimates first = MonteCarlo.run(trials, 0.0, t -> c.draw(3, 1, Seeds.generator(12, t)).matrix().get(1, 0));
        MonteCarlo.Estimates last = MonteCarlo.run(trials, 1.0, t -> sq(c.draw(3, 1, Seeds.generator(13, t)).matrix().get(2, 0)));
        MonteCarlo.Estimates cross = MonteCarlo.run(trials, 0.0, t -> {
            Matrix m = c.draw(3, 1, Seeds.generator(14, t)).matrix();
            return m.get(0, 0) * m.get(2, 0);
        });
        assertThat(Math.abs(second.mean() - 1.0)).isLessThan(4 * second.meanStdErr());
        assertThat(Math.abs(first.mean())).isLessThan(4 * first.meanStdErr());
        assertThat(Math.abs(last.mean() - 1.0)).isLessThan(4 * last.meanStdErr());
        assertThat(Math.abs(cross.mean())).isLessThan(4 * cross.meanStdErr());
        assertThatThrownBy(() -> c.draw(0, 3, Seeds.generator(1))).isInstanceOf(InvalidParameterException.class)
                .hasMessageContaining("m");
    }

    @Test
    void randomPhaseFeaturesAreUnbiasedWithTheClosedFormMse() {
        FeatureMap f = registry.create(MechanismKind.FEATURE_MAP, "estimator.features",
                Spec.of("random-phase"));
        double[] x = {0.3, -0.5, 0.2};
        double[] y = {-0.1, 0.4, 0.6};
        int m = 8;
        for (KernelKind kind : KernelKind.values()) {
            double exact = kind.value(x, y);
            MonteCarlo.Estimates mc = MonteCarlo.run(4000, exact, t -> estimate(f, kind, IID, m, x, y, Seeds.derive(21, t)));
            double theory = f.theoryMse(new PointQuery(kind, m, IID, null, x, y)).orElseThrow();
            assertThat(Math.abs(mc.mean() - exact)).as(kind + " mean").isLessThan(4 * mc.meanStdErr());
            assertThat(Math.abs(mc.mse() - theory)).as(kind + " mse " + mc + " vs " + theory)
                    .isLessThan(4 * mc.mseStdErr());
            // The example coupling keeps every map unbiased: each vector is marginally N(0, I).
            Coupling anti = registry.create(MechanismKind.COUPLING, "c", Spec.of("antithetic"));
            MonteCarlo.Estimates a = MonteCarlo.run(4000, exact, t -> estimate(f, kind, anti, m, x, y, Seeds.derive(22, t)));
            assertThat(Math.abs(a.mean() - exact)).as(kind + " antithetic mean").isLessThan(4 * a.meanStdErr());
            assertThat(f.theoryMse(new PointQuery(kind, m, anti, null, x, y))).isEmpty();
        }
        DrawnFeatures drawn = f.draw(new FeatureRequest(KernelKind.GAUSSIAN, 3, m, IID, null, Seeds.generator(5)));
        assertThat(drawn.map(Side.QUERY, Matrix.zeros(0, 3), null).rows()).isZero();
        assertThat(drawn.outputDimension()).isEqualTo(f.outputDimension(m, 3)).isEqualTo(m);
        DrawnFeatures again = f.draw(new FeatureRequest(KernelKind.GAUSSIAN, 3, m, IID, null, Seeds.generator(5)));
        assertThat(again.map(Side.KEY, y)).containsExactly(drawn.map(Side.KEY, y));
    }

    @Test
    void constantLambdaIsExactAndItsSchemaValidates() {
        LambdaEstimator l = registry.create(MechanismKind.LAMBDA_ESTIMATOR, "estimator.lambdas[0]",
                Spec.of("constant", "value", 0.25));
        double[] x = {0.3, -0.5};
        double[] y = {-0.1, 0.4};
        DrawnLambda drawn = l.draw(new LambdaRequest(2, Seeds.generator(3)));
        double est = drawn.constant() + dot(drawn.map(Side.QUERY, x), drawn.map(Side.KEY, y));
        assertThat(est).isEqualTo(0.25).isEqualTo(l.value(x, y));
        assertThat(l.secondMoment(x, y)).hasValue(0.0625);
        assertThat(registry.validate(MechanismKind.LAMBDA_ESTIMATOR, "l", Spec.of("constant")).getDouble("value"))
                .isEqualTo(0.5);
        assertThatThrownBy(() -> registry.create(MechanismKind.LAMBDA_ESTIMATOR, "estimator.lambdas[0]",
                Spec.of("constant", "value", 1.5))).isInstanceOf(InvalidParameterException.class)
                .hasMessageContaining("estimator.lambdas[0].value").hasMessageContaining("1.5")
                .hasMessageContaining("<= 1");
    }

    @Test
    void theSameJarWorksOnTheClassPath() throws IOException {
        try (URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()},
                ExamplePluginTest.class.getClassLoader())) {
            MechanismRegistry cp = MechanismRegistry.builder().loadDiscovered(loader).strict(true).build();
            ProviderInfo info = cp.provider(MechanismKind.FEATURE_MAP, "test", "random-phase");
            assertThat(info.provider().getClass().getModule().isNamed()).isFalse();
            assertThat(info.location()).isEqualTo(jar.toString());
            assertThat(cp.ids(MechanismKind.COUPLING)).contains("antithetic");
            assertThat(cp.ids(MechanismKind.LAMBDA_ESTIMATOR)).contains("constant");
        }
    }

    /** rf4j itself on the class path: the plugins directory is loaded through a URLClassLoader. */
    @Test
    void aClassPathApplicationLoadsThePluginsDirectory() throws Exception {
        String cp = String.join(File.pathSeparator, Path.of("target/test-classes").toAbsolutePath().toString(),
                PluginJars.location(MechanismRegistry.class).toString(), PluginJars.location(Matrix.class).toString(),
                slf4jLocation().toString());
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dslf4j.internal.verbosity=ERROR", "-cp", cp, ClassPathMain.class.getName(), plugins.toString()));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.exitValue()).as(out).isZero();
        assertThat(out).contains("unnamed coupling antithetic plugin " + jar,
                "unnamed features random-phase plugin " + jar, "unnamed lambda constant plugin " + jar, "problems 0");
    }

    /** Where the SLF4J API was loaded from (this module does not read it: only the SPI does). */
    private static Path slf4jLocation() {
        return MechanismRegistry.class.getModule().getLayer().configuration().findModule("org.slf4j")
                .flatMap(m -> m.reference().location()).map(Path::of)
                .orElseThrow(() -> new IllegalStateException("org.slf4j is not in the test's module layer"));
    }

    /** The main of the class-path JVM: lists the plugins of the directory given. */
    public static final class ClassPathMain {
        private ClassPathMain() {
        }

        public static void main(String[] args) {
            MechanismRegistry r = MechanismRegistry.builder().loadDiscovered().pluginDirectory(Path.of(args[0])).build();
            for (ProviderInfo i : r.all()) {
                System.out.println((MechanismRegistry.class.getModule().isNamed() ? "named " : "unnamed ")
                        + i.kind().label() + " " + i.id() + " " + i.origin() + " " + i.location());
            }
            System.out.println("problems " + r.problems().size());
            r.problems().forEach(System.out::println);
        }
    }

    static double estimate(FeatureMap f, KernelKind kind, Coupling c, int m, double[] x, double[] y, long seed) {
        DrawnFeatures rf = f.draw(new FeatureRequest(kind, x.length, m, c, null, Seeds.generator(seed)));
        return dot(rf.map(Side.QUERY, x), rf.map(Side.KEY, y));
    }

    static double dot(double[] a, double[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * b[i];
        }
        return s;
    }

    static double sq(double v) {
        return v * v;
    }
}
