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
package org.rf4j.app.cli;

import jakarta.inject.Inject;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.rf4j.RandomFeatures;
import org.rf4j.api.Checks;
import org.rf4j.api.InvalidInputException;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.kernel.Kernel;
import org.rf4j.api.mechanism.Estimator;
import org.rf4j.io.DataFiles;
import org.rf4j.spi.MechanismRegistry;
import org.rf4j.evaluation.TheoryCurves;
import org.rf4j.evaluation.report.SvgPlot;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/**
 * {@code rf4j theory}: closed-form curves of a config's estimator as CSV on stdout (and optionally
 * an SVG plot): MSE against the feature count m at a pair ({@code --vs m}), MSE against the angle
 * θ of equal-length inputs of length r in d dimensions ({@code --vs theta}, the HRF Fig. 1/2
 * setting), against r at a fixed θ ({@code --vs r}, HRF Fig. 5) or the MSE ratio to a reference config against v = |x + y| ({@code --vs v}, SimRF
 * Fig. 6). Values without a closed form print as {@code NaN}; where the combination is known to have
 * none (for example an orthogonal coupling with the Matérn kernel) one note on stderr says why.
 */
@Command(name = "theory", mixinStandardHelpOptions = true,
        description = "Print closed-form MSE curves (vs m, θ, r or v = |x+y|) as CSV; optionally plot them as SVG.")
public final class TheoryCommand implements Callable<Integer> {
    private final MechanismRegistry registry;

    @picocli.CommandLine.Spec
    CommandSpec spec;

    @Option(names = "--config", paramLabel = "FILE", description = "JSON config (default: the Gaussian kernel with sigma = 1 and positive features; closed forms need a numeric sigma).")
    Path config;

    @Option(names = "--vs", paramLabel = "AXIS", defaultValue = "m", description = "m, theta, r or v (default ${DEFAULT-VALUE}).")
    String vs;

    @Option(names = "--m", paramLabel = "M", split = ",", defaultValue = "8,16,32,64,128,256,512",
            description = "Feature counts for --vs m (default ${DEFAULT-VALUE}); for theta and v the config's m is used.")
    List<Integer> ms;

    @Option(names = "--x", paramLabel = "V", description = "Query for --vs m (default " + EstimateCommand.DEFAULT_X + ").")
    String x;

    @Option(names = "--y", paramLabel = "V", description = "Key for --vs m (default " + EstimateCommand.DEFAULT_Y + ").")
    String y;

    @Option(names = "--d", paramLabel = "D", defaultValue = "64", description = "Dimension for theta and v (default ${DEFAULT-VALUE}).")
    int d;

    @Option(names = "--r", paramLabel = "R", defaultValue = "1.0", description = "Input length for theta (default ${DEFAULT-VALUE}).")
    double r;

    @Option(names = "--theta", paramLabel = "T", defaultValue = "1.5707963267948966",
            description = "Angle between the inputs for --vs r, radians (default π/2).")
    double theta;

    @Option(names = "--r-max", paramLabel = "R", defaultValue = "2.0", description = "Largest length for --vs r (default ${DEFAULT-VALUE}).")
    double rMax;

    @Option(names = "--points", paramLabel = "N", defaultValue = "33", description = "Grid points for theta and v (default ${DEFAULT-VALUE}).")
    int points;

    @Option(names = "--v-max", paramLabel = "V", defaultValue = "3.0", description = "Largest v for --vs v (default ${DEFAULT-VALUE}).")
    double vMax;

    @Option(names = "--reference", paramLabel = "FILE",
            description = "Reference config for --vs v (default: random-features, iid coupling, positive map, same m).")
    Path reference;

    @Option(names = "--svg", paramLabel = "FILE", description = "Also write the curve as an SVG plot (atomically).")
    Path svg;

    @Inject
    TheoryCommand(MechanismRegistry registry) {
        this.registry = registry;
    }

    @picocli.CommandLine.Mixin
    ThreadsOption threads = new ThreadsOption();

    @Override
    public Integer call() {
        try (org.rf4j.io.InputFiles.Scope a = org.rf4j.io.OutputPaths.guard("--svg", svg,
                        org.rf4j.io.OutputPaths.inputs("--config", config, "--reference", reference));
                ThreadsOption.Scope t = threads.apply()) {
            return compute();
        }
    }

    private int compute() {
        // closed forms need a numeric σ and no data: without --config, the Gaussian kernel with σ = 1 and
        // positive features (the bundled config fits σ to data, which theory has none of)
        RandomFeatures cfg = (config == null ? RandomFeatures.gaussian(1.0) : RandomFeatures.fromConfig(config))
                .registry(registry);
        Kernel kernel = cfg.kernel();
        Estimator est = cfg.estimator();
        String label = est.spec().id();
        List<String> lines = new ArrayList<>();
        List<SvgPlot.Point> pts = new ArrayList<>();
        SvgPlot plot;
        switch (vs) {
            case "m" -> {
                if ((x == null) != (y == null)) {
                    throw new InvalidInputException((x == null ? "--x" : "--y") + " is missing; give both or neither");
                }
                double[] xv = VectorArgument.parse("--x", x == null ? EstimateCommand.DEFAULT_X : x);
                double[] yv = VectorArgument.parse("--y", y == null ? EstimateCommand.DEFAULT_Y : y);
                Checks.sameLength("--y (--x has dimension " + xv.length + ")", xv.length, yv.length);
                OptionMessages.requirePositive("--m", ms);
                int[] m = ms.stream().mapToInt(Integer::intValue).toArray();
                List<TheoryCurves.Point> c = TheoryCurves.versusFeatureCount(k -> build(cfg, k), kernel, xv, yv, m);
                lines.add("m,kernel,mse,relative_rmse");
                for (TheoryCurves.Point p : c) {
                    lines.add(csv((int) p.x(), p.kernel(), p.value(), p.relativeRmse()));
                    pts.add(new SvgPlot.Point(p.x(), p.value(), 0));
                }
                plot = new SvgPlot("closed-form MSE vs m", "number of features m", "MSE", true, true);
                plot.xTicks(ms.stream().map(Integer::doubleValue).toList());
            }
            case "theta" -> {
                List<TheoryCurves.Point> c = TheoryCurves.versusAngle(est, kernel, d, r,
                        TheoryCurves.grid(0, Math.PI, checkPoints()));
                lines.add("theta,kernel,mse,relative_rmse");
                for (TheoryCurves.Point p : c) {
                    lines.add(csv(p.x(), p.kernel(), p.value(), p.relativeRmse()));
                    pts.add(new SvgPlot.Point(p.x(), p.value(), 0));
                }
                plot = new SvgPlot(String.format(Locale.ROOT, "closed-form MSE vs θ (|x| = |y| = %s, d = %d)", r, d),
                        "angle θ (radians)", "MSE", false, true);
            }
            case "r" -> {
                List<TheoryCurves.Point> c = TheoryCurves.versusLength(est, kernel, d, theta,
                        TheoryCurves.grid(rMax / checkPoints(), rMax, checkPoints()));
                lines.add("r,kernel,mse,relative_rmse");
                for (TheoryCurves.Point p : c) {
                    lines.add(csv(p.x(), p.kernel(), p.value(), p.relativeRmse()));
                    pts.add(new SvgPlot.Point(p.x(), p.value(), 0));
                }
                plot = new SvgPlot(String.format(Locale.ROOT, "closed-form MSE vs r (θ = %.4g, d = %d)", theta, d),
                        "length r = |x| = |y|", "MSE", false, true);
            }
            case "v" -> {
                Estimator ref = reference != null
                        ? RandomFeatures.fromConfig(reference).registry(registry).estimator()
                        : RandomFeatures.gaussian(1).registry(registry).m(est.projectionCount(d)).estimator();
                List<TheoryCurves.Point> c = TheoryCurves.ratioVersusV(est, ref, kernel, d,
                        TheoryCurves.grid(vMax / checkPoints(), vMax, checkPoints()));
                lines.add("v,mse_ratio");
                for (TheoryCurves.Point p : c) {
                    lines.add(String.format(Locale.ROOT, "%s,%s", num(p.x()), num(p.value())));
                    pts.add(new SvgPlot.Point(p.x(), p.value(), 0));
                }
                plot = new SvgPlot("closed-form MSE ratio vs v = |x + y| (d = " + d + ")", "v = |x + y|",
                        "MSE / MSE(reference)", false, false);
            }
            default -> throw new InvalidParameterException("--vs", vs, "one of [m, theta, r, v]");
        }
        PrintWriter out = spec.commandLine().getOut();
        lines.forEach(out::println);
        out.flush();
        est.monteCarloOnly(kernel).ifPresent(why -> {
            PrintWriter err = spec.commandLine().getErr();
            err.println("note: Monte Carlo only (" + why + "): the curve is NaN; rf4j estimate or rf4j evaluate measures it");
            err.flush();
        });
        if (svg != null) {
            plot.add(new SvgPlot.Series(label, pts, false, 0));
            String text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + plot.render();
            DataFiles.writeAtomically(svg, o -> o.write(text.getBytes(StandardCharsets.UTF_8)));
        }
        return 0;
    }

    private int checkPoints() {
        if (points < 2) {
            throw new InvalidParameterException("--points", points, "an integer >= 2");
        }
        return points;
    }

    private static Estimator build(RandomFeatures cfg, int m) {
        return cfg.m(m).estimator();
    }

    private static String csv(int m, double k, double mse, double rel) {
        return m + "," + num(k) + "," + num(mse) + "," + num(rel);
    }

    private static String csv(double t, double k, double mse, double rel) {
        return num(t) + "," + num(k) + "," + num(mse) + "," + num(rel);
    }

    private static String num(double v) {
        return Double.isNaN(v) ? "NaN" : String.format(Locale.ROOT, "%.10g", v);
    }
}
