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

import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.inject.Inject;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.concurrent.Callable;
import org.rf4j.RandomFeatureMap;
import org.rf4j.RandomFeatures;
import org.rf4j.api.DimensionMismatchException;
import org.rf4j.api.InvalidInputException;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.mechanism.DataSample;
import org.rf4j.api.random.Seeds;
import org.rf4j.spi.MechanismRegistry;
import org.rf4j.io.InputFiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;


/**
 * {@code rf4j estimate}: draws the configured estimator N times, trial t with seed
 * {@code Seeds.derive(seed, t)}, and reports the exact kernel value, the mean estimate, the
 * empirical MSE with its standard error (the standard error of the mean of the squared errors),
 * and the closed-form MSE where rf-theory has one. The {@code --json} field {@code theory} says which:
 * {@code closed-form} ({@code theoryMse} holds it), {@code monte-carlo-only} (the combination is
 * known to have none, for example an orthogonal or simplex coupling with a kernel other than the
 * Gaussian and softmax; {@code theoryNote} says why, and the run's MSE is the measure) or
 * {@code none}. Without {@code --config} it runs the bundled
 * default config; without {@code --x}/{@code --y} it uses a default pair in dimension 4. When the
 * config gives no data, the estimator is fitted to the pair itself ({@link DataSample#pair}) before
 * it is drawn, so data-driven maps use their pairwise optimum.
 */
@Command(name = "estimate", mixinStandardHelpOptions = true,
        description = "Estimate one kernel value K(x, y) many times; report mean, MSE and the closed-form MSE.")
public final class EstimateCommand implements Callable<Integer> {
    /** The pair used when neither --x nor --y is given. */
    static final String DEFAULT_X = "0.4,-0.3,0.2,0.1";
    static final String DEFAULT_Y = "0.1,0.3,-0.2,0.4";

    private final MechanismRegistry registry;
    private final ObjectMapper mapper;

    @picocli.CommandLine.Spec
    CommandSpec spec;

    @Option(names = "--config", paramLabel = "FILE", description = "JSON config (default: the bundled default config).")
    Path config;

    @Option(names = "--x", paramLabel = "V", description = "Query vector as a comma list (default " + DEFAULT_X + ").")
    String x;

    @Option(names = "--y", paramLabel = "V", description = "Key vector as a comma list (default " + DEFAULT_Y + ").")
    String y;

    @Option(names = "--trials", paramLabel = "N", defaultValue = "1000",
            description = "Independent draws (default ${DEFAULT-VALUE}).")
    int trials;

    @Option(names = "--seed", paramLabel = "S", description = "Root seed (overrides the config's seed).")
    Long seed;

    @Option(names = "--json", description = "Print one JSON object.")
    boolean json;

    @picocli.CommandLine.Mixin
    ThreadsOption threads = new ThreadsOption();

    @Inject
    EstimateCommand(MechanismRegistry registry, ObjectMapper mapper) {
        this.registry = registry;
        this.mapper = mapper;
    }

    @Override
    public Integer call() throws Exception {
        if (trials < 2) {
            throw new InvalidParameterException("--trials", trials, "an integer >= 2 (the standard error needs two draws)");
        }
        if ((x == null) != (y == null)) {
            throw new InvalidInputException((x == null ? "--x" : "--y") + " is missing; give both --x and --y, or neither "
                    + "for the default pair");
        }
        double[] xv = VectorArgument.parse("--x", x == null ? DEFAULT_X : x);
        double[] yv = VectorArgument.parse("--y", y == null ? DEFAULT_Y : y);
        if (xv.length != yv.length) {
            throw new DimensionMismatchException("--x has dimension " + xv.length + " but --y has dimension " + yv.length
                    + "; both vectors must have the same dimension");
        }
        RandomFeatures rf = RandomFeatures.fromConfigOrDefault(config).registry(registry);
        if (seed != null) {
            rf = rf.seed(seed);
        }
        // a length scale fitted from data ("sigma": "median"/"scale") is fitted to the pair, as the map is,
        // so the config printed shows the number used
        java.util.Optional<org.rf4j.Bandwidth.Fit> bandwidths = rf.bandwidthFit();
        if (bandwidths.isPresent()) {
            bandwidths.get().add(org.rf4j.api.Matrix.row(xv));
            bandwidths.get().add(org.rf4j.api.Matrix.row(yv));
            rf = rf.withBandwidths(bandwidths.get());
        }
        Memory.requireArray("--trials", trials, "the estimates of " + trials + " trials", trials);
        Memory.require("--trials", trials, "the estimates of " + trials + " trials", Memory.product(trials, 8L));
        Memory.requireEstimator(rf.estimator(), xv.length, threads.effective());
        Result r;
        try (InputFiles.Scope cf = InputFiles.declare("--config", config); ThreadsOption.Scope t = threads.apply()) {
            r = run(rf, xv, yv, trials);
        }
        Map<String, Object> cfg = rf.toPlain();
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            out.println(mapper.writeValueAsString(r.toJson(cfg)));
        } else {
            out.printf("config       %s%n", rf.source());
            out.printf("kernel       %s%n", mapper.writer().without(com.fasterxml.jackson.databind.SerializationFeature.INDENT_OUTPUT)
                    .writeValueAsString(cfg.get("kernel")));
            out.printf("estimator    %s%n", mapper.writer().without(com.fasterxml.jackson.databind.SerializationFeature.INDENT_OUTPUT)
                    .writeValueAsString(cfg.get("estimator")));
            out.printf("x            %s%n", Arrays.toString(xv));
            out.printf("y            %s%n", Arrays.toString(yv));
            out.printf("projections  m = %d, %d features, seed %d, %d trials%n", r.m, r.outputDimension, r.seed, r.trials);
            out.printf("exact        %.10g%n", r.exact);
            out.printf("mean         %.10g  (standard error %.3g)%n", r.mean, r.meanStdErr);
            out.printf("mse          %.6g  (standard error %.3g)%n", r.mse, r.mseStdErr);
            out.printf("theory mse   %s%n", r.theoryMse != null
                    ? String.format("%.6g  (|mse - theory| = %.2f standard errors)", r.theoryMse,
                            Math.abs(r.mse - r.theoryMse) / r.mseStdErr)
                    : r.monteCarloOnly != null ? "none (Monte Carlo only: " + r.monteCarloOnly + ")"
                    : "none (no closed form for this configuration)");
        }
        out.flush();
        return 0;
    }

    /** The {@code theory} field: the MSE has a closed form ({@code theoryMse}). */
    static final String CLOSED_FORM = "closed-form";
    /** The {@code theory} field: the MSE is known to have no closed form; the run's MSE is the measure. */
    static final String MONTE_CARLO_ONLY = "monte-carlo-only";
    /** The {@code theory} field: no closed form for this configuration, and none is known not to exist. */
    static final String NONE = "none";

    /**
     * The outcome of an estimate run.
     *
     * @param monteCarloOnly why the MSE has no closed form, when that is known (else null)
     */
    record Result(double[] x, double[] y, double exact, double mean, double meanStdErr, double mse, double mseStdErr,
            Double theoryMse, int trials, int m, int outputDimension, long seed, String monteCarloOnly) {

        Result(double[] x, double[] y, double exact, double mean, double meanStdErr, double mse, double mseStdErr,
                Double theoryMse, int trials, int m, int outputDimension, long seed) {
            this(x, y, exact, mean, meanStdErr, mse, mseStdErr, theoryMse, trials, m, outputDimension, seed, null);
        }

        /** {@link #CLOSED_FORM}, {@link #MONTE_CARLO_ONLY} or {@link #NONE}. */
        String theory() {
            return theoryMse != null ? CLOSED_FORM : monteCarloOnly != null ? MONTE_CARLO_ONLY : NONE;
        }

        Map<String, Object> toJson(Map<String, Object> cfg) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("exact", exact);
            m.put("mean", mean);
            m.put("meanStdErr", meanStdErr);
            m.put("mse", mse);
            m.put("mseStdErr", mseStdErr);
            m.put("theoryMse", theoryMse);
            m.put("theory", theory());
            m.put("theoryNote", monteCarloOnly);
            m.put("trials", trials);
            m.put("m", this.m);
            m.put("outputDimension", outputDimension);
            m.put("d", x.length);
            m.put("x", x);
            m.put("y", y);
            m.put("seed", seed);
            m.put("kernel", cfg.get("kernel"));
            m.put("config", cfg);
            return m;
        }
    }

    /**
     * Runs the trials through the library front door: the map is fitted once (to the config's data,
     * or else to the pair (x, y) itself: CRT's pairwise optimum), then trial t draws it again with
     * {@code Seeds.derive(seed, t)} — nothing is refitted per trial.
     */
    static Result run(RandomFeatures rf, double[] x, double[] y, int trials) {
        RandomFeatureMap fitted = rf.fit(new double[][] {x}, new double[][] {y});
        long seed = fitted.seed();
        double exact = fitted.kernel().value(x, y);
        // Trials are independent, so they run in parallel; the sums below run in trial order, so
        // results do not depend on thread count.
        double[] estimates = new double[trials];
        org.rf4j.api.linalg.Parallelism.defaults().forEach(trials,
                t -> estimates[t] = fitted.withSeed(Seeds.derive(seed, t)).estimate(x, y));
        int outDim = fitted.withSeed(Seeds.derive(seed, 0)).outputDimension();
        // Two passes over the stored estimates (in trial order): means, then squared deviations.
        double sum = 0;
        double sumSqErr = 0;
        for (double v : estimates) {
            double e = v - exact;
            sum += e;
            sumSqErr += e * e;
        }
        double meanErr = sum / trials;
        double mse = sumSqErr / trials;
        double devEst = 0;
        double devSq = 0;
        for (double v : estimates) {
            double e = v - exact;
            devEst += (e - meanErr) * (e - meanErr);
            devSq += (e * e - mse) * (e * e - mse);
        }
        double varEst = devEst / (trials - 1);
        double varSq = devSq / (trials - 1);
        OptionalDouble th = fitted.theoryMse(x, y);
        Double theory = th.isPresent() ? th.getAsDouble() : null;
        String monteCarloOnly = theory == null ? fitted.monteCarloOnly().orElse(null) : null;
        return new Result(x, y, exact, exact + meanErr, Math.sqrt(varEst / trials), mse, Math.sqrt(varSq / trials),
                theory, trials, fitted.projectionCount(), outDim, seed, monteCarloOnly);
    }
}
