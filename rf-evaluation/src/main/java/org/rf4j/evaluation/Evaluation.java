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
package org.rf4j.evaluation;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.OptionalDouble;
import org.rf4j.api.Checks;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.RfException;
import org.rf4j.api.kernel.Kernel;
import org.rf4j.api.mechanism.Estimator;
import org.rf4j.api.random.Seeds;
import org.rf4j.spi.MechanismRegistry;
import org.apiguardian.api.API;

/**
 * The evaluation harness behind {@code rf4j evaluate}: runs one {@link EvaluationTask} for each
 * config, each feature count m and each of {@code seeds} seeds, timing each run, and aggregates
 * mean ± std of the metric and of the time.
 *
 * <p>Estimators are built through the {@link MechanismRegistry} from their specs with the
 * feature count set by {@link org.rf4j.RandomFeatures#m(int)} (the front door). A config the registry cannot build (unknown id, a
 * coupling the feature map does not accept, ...) is skipped with a note naming the reason.
 * Run {@code s} uses the seed {@code Seeds.derive(Seeds.derive(seed, "run"), s)} for every config
 * and every m (common random numbers), so differences between mechanisms are not seed noise in
 * the data-independent part, and the whole evaluation is reproducible. Times are wall-clock
 * seconds of one run (draw + task); untimed warm-up runs per mechanism (up to
 * {@value #WARM_UP_RUNS} runs or 0.5 s at the largest m, at least one) precede them so that the first mechanism
 * or the first point does not carry the JIT's warm-up.
 */
@API(status = API.Status.INTERNAL, since = "0.1")
public final class Evaluation {
    /** Most untimed warm-up runs per mechanism. */
    static final int WARM_UP_RUNS = 50;
    /** Warm-up time budget per mechanism (at least one run is made). */
    static final long WARM_UP_NANOS = 500_000_000L;

    private final EvaluationTask task;
    private final List<EvaluationConfig> configs;
    private final List<Integer> featureCounts;
    private final int seeds;
    private final long seed;
    private final Progress progress;

    /** Receives progress after each run. */
    @FunctionalInterface
    public interface Progress {
        /** Called after run {@code done} of {@code total}; {@code label} names the current config. */
        void update(int done, int total, String label);

        /** A listener that ignores updates. */
        static Progress none() {
            return (d, t, l) -> { };
        }
    }

    /**
     * @param task          the task
     * @param configs       the mechanisms (at least one)
     * @param featureCounts the feature counts m (each ≥ 1)
     * @param seeds         runs per (config, m), ≥ 1
     * @param seed          the root seed
     * @param progress      progress listener (never null; use {@link Progress#none()})
     */
    public Evaluation(EvaluationTask task, List<EvaluationConfig> configs,
            List<Integer> featureCounts, int seeds, long seed, Progress progress) {
        this.task = Objects.requireNonNull(task, "task");
        this.configs = List.copyOf(configs);
        this.featureCounts = List.copyOf(featureCounts);
        this.seeds = Checks.positive("seeds", seeds);
        this.seed = seed;
        this.progress = Objects.requireNonNull(progress, "progress");
        if (this.configs.isEmpty()) {
            throw new InvalidParameterException("configs", "[]", "at least one estimator config");
        }
        if (this.featureCounts.isEmpty()) {
            throw new InvalidParameterException("m", "[]", "at least one feature count");
        }
        for (int m : this.featureCounts) {
            if (m < 1) {
                throw new InvalidParameterException("m", m, "feature counts >= 1");
            }
        }
    }

    /**
     * The config's estimator with m projections, through the front door: data files it names resolve
     * against its own folder, and its projection count is set for any composition (hybrids too).
     */
    private static Estimator build(EvaluationConfig c, int m) {
        return c.config().m(m).estimator();
    }

    /** Runs everything and returns the aggregated result. */
    public EvaluationResult run() {
        List<String> notes = new ArrayList<>();
        List<Integer> usable = new ArrayList<>();
        for (int i = 0; i < configs.size(); i++) {
            try {
                for (int m : featureCounts) {
                    build(configs.get(i), m);
                }
                usable.add(i);
            } catch (RfException e) {
                notes.add("skipped '" + configs.get(i).label() + "': " + e.getMessage());
            }
        }
        if (usable.isEmpty()) {
            throw new InvalidParameterException("configs", configs.size() + " configs",
                    "at least one config that builds; " + String.join("; ", notes));
        }
        int first = usable.get(0);
        EvaluationConfig ref = configs.get(first);
        Kernel base = ref.kernel() != null ? ref.kernel() : task.defaultKernel();
        Kernel calibrated = task.calibrate(m -> build(ref, m), base, Seeds.derive(seed, "calibrate"));
        boolean tuned = !calibrated.equals(base);
        int total = usable.size() * featureCounts.size() * seeds;
        int done = 0;
        long runRoot = Seeds.derive(seed, "run");
        List<EvaluationResult.Series> series = new ArrayList<>();
        java.util.Map<String, Estimator> largest = new java.util.LinkedHashMap<>();
        int maxM = featureCounts.stream().mapToInt(Integer::intValue).max().orElseThrow();
        for (int i : usable) {
            EvaluationConfig c = configs.get(i);
            Kernel kernel = tuned || task.kernelFixed() || c.kernel() == null ? calibrated : c.kernel();
            try {
                // untimed warm-up runs (until WARM_UP_NANOS or WARM_UP_RUNS) so the JIT has compiled
                // this mechanism's code paths before timing; also where a task refuses a mechanism
                // (e.g. attention needs a positive map), which skips the config with the reason
                // (at the largest m: the smallest gives the JIT too little work to compile the
                // vectorised feature loops, and the first mechanism of each map then looked slow)
                Estimator warmUp = build(c, maxM);
                long start = System.nanoTime();
                for (int w = 0; w < WARM_UP_RUNS && (w == 0 || System.nanoTime() - start < WARM_UP_NANOS); w++) {
                    task.run(warmUp, kernel, Seeds.derive(Seeds.derive(seed, "warm-up"), w));
                }
            } catch (RfException e) {
                notes.add("skipped '" + c.label() + "': " + e.getMessage());
                total -= featureCounts.size() * seeds;
                continue;
            }
            List<EvaluationResult.Point> points = new ArrayList<>();
            for (int m : featureCounts) {
                Estimator est = build(c, m);
                double[] v = new double[seeds];
                double[] t = new double[seeds];
                for (int s = 0; s < seeds; s++) {
                    long t0 = System.nanoTime();
                    v[s] = task.run(est, kernel, Seeds.derive(runRoot, s));
                    t[s] = (System.nanoTime() - t0) * 1e-9;
                    progress.update(++done, total, c.label() + " m=" + m);
                }
                OptionalDouble th = task.theory(est, kernel);
                List<Double> values = new ArrayList<>();
                for (double x : v) {
                    values.add(x);
                }
                points.add(new EvaluationResult.Point(m, mean(v), std(v), mean(t), std(t), th.orElse(Double.NaN), values));
            }
            series.add(new EvaluationResult.Series(c.label(), c.config().estimator().spec(), kernel.spec(), points));
            largest.put(c.label(), build(c, maxM));
        }
        if (series.isEmpty()) {
            throw new InvalidParameterException("configs", configs.size() + " configs",
                    "at least one config the task accepts; " + String.join("; ", notes));
        }
        List<Figure> figures = task.figures(largest, calibrated, Seeds.derive(seed, "figures"));
        notes.addAll(task.notes());
        double reference = task.reference(calibrated).orElse(Double.NaN);
        return new EvaluationResult(task.id(), task.title(), task.description(), task.metric(), task.higherIsBetter(),
                task.logScale(), calibrated.spec(), featureCounts, seeds, series, reference, notes, figures);
    }

    static double mean(double[] v) {
        double s = 0;
        for (double x : v) {
            s += x;
        }
        return s / v.length;
    }

    static double std(double[] v) {
        if (v.length < 2) {
            return 0.0;
        }
        double mu = mean(v);
        double s = 0;
        for (double x : v) {
            s += (x - mu) * (x - mu);
        }
        double sd = Math.sqrt(s / (v.length - 1));
        return sd <= 1e-12 * Math.abs(mu) ? 0.0 : sd; // identical values: no rounding noise
    }
}
