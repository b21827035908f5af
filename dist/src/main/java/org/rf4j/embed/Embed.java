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
package org.rf4j.embed;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import org.rf4j.RandomFeatureMap;
import org.rf4j.RandomFeatures;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Matrix;
import org.rf4j.api.RfException;
import org.rf4j.api.random.Seeds;
import org.rf4j.spi.MechanismKind;
import org.rf4j.spi.MechanismRegistry;
import org.rf4j.spi.ProviderInfo;

/**
 * The embedding example, and the launcher of the curated jlink image: rf4j used as a library
 * through its front door ({@link RandomFeatures}), with no Guice, CLI library or logging backend.
 *
 * <ul>
 *   <li>{@code rf4j-embed mechanisms [--plugins DIR]} lists every provider the registry finds
 *       (module path or image, plus the plugins directory) and the plugins it could not load.</li>
 *   <li>{@code rf4j-embed estimate [--config F] [--features ID] [--coupling ID] [--m N] [--trials N]
 *       [--seed S] [--sigma S] [--x V] [--y V] [--plugins DIR]} fits the map once to the pair,
 *       draws it N times and prints the exact kernel value, the mean estimate, the empirical MSE
 *       and the closed-form MSE (where rf-theory has one).</li>
 * </ul>
 *
 * <p>The plugins directory is {@code --plugins}, else {@code $RF4J_PLUGINS}, else {@code ./plugins}
 * (as for the whole CLI); each JAR is loaded into its own module layer.
 */
public final class Embed {
    private Embed() {
    }

    /** Entry point of the curated image's {@code bin/rf4j-embed}. */
    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err, System.getenv()));
    }

    /** Runs a command with the process environment; returns the exit code (0 ok, 2 usage or input error). */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        return run(args, out, err, System.getenv());
    }

    /** Runs a command; returns the exit code (0 ok, 2 usage or input error). */
    public static int run(String[] args, PrintStream out, PrintStream err, Map<String, String> env) {
        try {
            String cmd = args.length == 0 ? "estimate" : args[0];
            Map<String, String> opts = options(args);
            Path plugins = Path.of(opts.getOrDefault("plugins", env.getOrDefault("RF4J_PLUGINS", "plugins")));
            MechanismRegistry registry = MechanismRegistry.builder().loadDiscovered().pluginDirectory(plugins).build();
            switch (cmd) {
                case "mechanisms" -> mechanisms(registry, out);
                case "estimate" -> estimate(registry, opts, out);
                default -> throw new InvalidParameterException("command", cmd, "mechanisms or estimate");
            }
            return 0;
        } catch (RfException e) {
            err.println("rf4j-embed: " + e.getMessage());
            return 2;
        }
    }

    private static Map<String, String> options(String[] args) {
        Map<String, String> opts = new LinkedHashMap<>();
        for (int i = 1; i < args.length; i++) {
            if (!args[i].startsWith("--") || i + 1 >= args.length) {
                throw new InvalidParameterException("argument " + i, args[i], "--name value pairs");
            }
            opts.put(args[i].substring(2), args[++i]);
        }
        return opts;
    }

    private static void mechanisms(MechanismRegistry registry, PrintStream out) {
        for (MechanismKind<?> kind : MechanismKind.values()) {
            for (ProviderInfo p : registry.providers(kind)) {
                out.printf(Locale.ROOT, "%-9s %s (%s)%n", kind.label(), p.provider().id(), p.origin());
            }
        }
        for (String problem : registry.problems()) {
            out.println("problem   " + problem);
        }
    }

    private static void estimate(MechanismRegistry registry, Map<String, String> o, PrintStream out) {
        double[] x = vector(o, "x", "0.1,0.2,-0.3,0.05");
        double[] y = vector(o, "y", "0.2,-0.1,0.1,0.3");
        if (x.length != y.length) {
            throw new InvalidParameterException("y", o.get("y"), "a vector of length " + x.length + " like x");
        }
        int trials = (int) number(o, "trials", "200");
        if (trials < 2) {
            throw new InvalidParameterException("trials", trials, "an integer >= 2");
        }
        RandomFeatures rf;
        if (o.containsKey("config")) {
            rf = RandomFeatures.fromConfig(Path.of(o.get("config"))).registry(registry);
        } else {
            rf = RandomFeatures.gaussian(number(o, "sigma", "1.0")).registry(registry)
                    .coupling(o.getOrDefault("coupling", "iid")).features(o.getOrDefault("features", "positive"))
                    .m((int) number(o, "m", "64")).seed((long) number(o, "seed", "42"));
        }
        // fitted once (data-driven maps take the pair as their data), drawn once per trial
        RandomFeatureMap fitted = rf.fit(new double[][] {x}, new double[][] {y});
        double exact = fitted.kernel().value(x, y);
        double sum = 0;
        double sumSq = 0;
        double se = 0;
        double seSq = 0;
        for (int t = 0; t < trials; t++) {
            double v = fitted.withSeed(Seeds.derive(fitted.seed(), t)).estimate(x, y);
            double e = (v - exact) * (v - exact);
            sum += v;
            sumSq += v * v;
            se += e;
            seSq += e * e;
        }
        double mean = sum / trials;
        double mse = se / trials;
        double meanStdErr = Math.sqrt(Math.max(0, sumSq / trials - mean * mean) / (trials - 1.0));
        double mseStdErr = Math.sqrt(Math.max(0, seSq / trials - mse * mse) / (trials - 1.0));
        OptionalDouble theory = fitted.theoryMse(x, y);
        out.printf(Locale.ROOT, "config %s%nexact %.8g%nmean %.8g%nmeanStdErr %.4g%nmse %.6g%nmseStdErr %.4g%n"
                + "theoryMse %s%ntrials %d%n", fitted.toConfig().replaceAll("\\s+", " "), exact, mean, meanStdErr, mse,
                mseStdErr, theory.isPresent() ? String.format(Locale.ROOT, "%.6g", theory.getAsDouble()) : "null", trials);
    }

    private static double number(Map<String, String> o, String key, String dflt) {
        String s = o.getOrDefault(key, dflt);
        try {
            return Double.parseDouble(s);
        } catch (NumberFormatException e) {
            throw new InvalidParameterException(key, s, "a number");
        }
    }

    private static double[] vector(Map<String, String> o, String key, String dflt) {
        String[] parts = o.getOrDefault(key, dflt).split(",");
        double[] v = new double[parts.length];
        for (int i = 0; i < v.length; i++) {
            try {
                v[i] = Double.parseDouble(parts[i].trim());
            } catch (NumberFormatException e) {
                throw new InvalidParameterException(key + "[" + i + "]", parts[i], "a number");
            }
        }
        return Matrix.row(v).requireFinite(key).data();
    }
}
