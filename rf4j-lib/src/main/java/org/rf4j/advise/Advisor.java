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
package org.rf4j.advise;

import org.rf4j.api.random.Subsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.TreeSet;
import java.util.random.RandomGenerator;
import org.rf4j.api.InvalidInputException;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Matrix;
import org.rf4j.api.RfException;
import org.rf4j.api.kernel.Kernel;
import org.rf4j.api.mechanism.DataSample;
import org.rf4j.api.mechanism.DrawnEstimator;
import org.rf4j.api.mechanism.Estimator;
import org.rf4j.api.mechanism.EstimatorRequest;
import org.rf4j.api.mechanism.Side;
import org.rf4j.api.random.Seeds;
import org.rf4j.attention.ExactAttention;
import org.rf4j.attention.PerformerAttention;
import org.rf4j.api.linalg.Parallelism;
import org.rf4j.config.ConfigLoader;
import org.rf4j.config.RunConfig;
import org.rf4j.spi.MechanismRegistry;
import org.apiguardian.api.API;

/**
 * Which mechanism, and how many features, for this data — predicted before sampling, then
 * confirmed.
 *
 * <p>For every candidate ({@link Candidates}) the advisor
 * <ol>
 *   <li><b>predicts</b> the error: for the kernel task the mean over P (query, key) pairs sampled
 *       from the data of {@code MSE(x, y)/K(x, y)²}, from the estimator's closed form
 *       ({@link Estimator#theoryMse}) when it has one at every pair ({@code closed-form}), else by
 *       a bounded Monte Carlo run on its own seeds ({@code monte-carlo}; a note names the candidates
 *       known to have no closed form, {@link Estimator#monteCarloOnly}, for example orthogonal and
 *       simplex couplings with a kernel other than the Gaussian and softmax); for the attention task
 *       the squared relative Frobenius error {@code ‖Ô − O‖²/‖O‖²} of bidirectional Performer
 *       attention on a subsample of Q and K (always {@code monte-carlo}: the ratio
 *       {@code D̂⁻¹Φ(Q)Φ(K)ᵀV} has no closed form);</li>
 *   <li><b>measures</b> the same quantity with independent draws, with its standard error (the
 *       pairs are fixed, so a correct closed form is the exact expectation of the measurement). The
 *       standard error accounts for the tail ({@link Tail}): exponential feature maps far from the
 *       origin have errors so heavy-tailed (on the digits data the error kurtosis at one pair is
 *       2·10⁵ for OPRF) that a few draws fall far below the expectation with a small sample SE; such
 *       measurements are flagged heavy-tailed, their SE is widened, and a closed form is to be
 *       trusted over them;</li>
 *   <li><b>times</b> the feature map per row;</li>
 *   <li><b>ranks</b>: by predicted error at m; or, with a target error, by the cost per row at the
 *       smallest power-of-two m whose predicted error reaches the target (closed forms are
 *       evaluated at each m; Monte Carlo predictions of iid projections use the exact 1/m scaling
 *       of their variance, others are measured at each m tried);</li>
 *   <li><b>refuses</b>, with the reason, candidates that cannot work on the data: a combination the
 *       mechanisms reject (discrete maps with a coupling), features that overflow on the data's
 *       norms, an infinite closed-form variance, non-positive maps for attention.</li>
 * </ol>
 * Deterministic for a seed (every random choice is derived from it), whatever the thread count.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class Advisor {
    /** Attention: at most this many queries and keys are used. */
    static final int ATTENTION_QUERIES = 256;
    static final int ATTENTION_KEYS = 1024;
    static final int ATTENTION_VALUE_DIM = 16;
    static final int SMALLEST_M = 8;

    private final MechanismRegistry registry;
    private final ConfigLoader loader;

    public Advisor(MechanismRegistry registry) {
        this.registry = Objects.requireNonNull(registry, "registry");
        this.loader = new ConfigLoader(registry);
    }

    /** Advice with the discovered mechanisms (built-ins and plugins on the module or class path). */
    public static Advice advise(AdviceRequest request) {
        return new Advisor(MechanismRegistry.discover()).run(request);
    }

    /** The advice for a request. */
    public Advice run(AdviceRequest request) {
        if (request == null) {
            throw new InvalidInputException("request is null");
        }
        requireDistinctRows(request.queries(), request.keys() == null ? "the data" : "the queries");
        if (request.keys() != null) {
            requireDistinctRows(request.keys(), "the keys");
        }
        Problem p = request.task() == AdviceRequest.Task.ATTENTION ? attentionProblem(request) : kernelProblem(request);
        List<Candidates.Candidate> all = Candidates.all(registry);
        List<Candidates.Candidate> chosen = select(all, request.candidates());
        Outcome[] outcomes = new Outcome[chosen.size()];
        // Candidates are independent and seeded on their own, so they run in parallel with the
        // same results as in sequence, on the caller's threads (Parallelism.defaults(): the
        // front door's threads(n), the calling thread's setting, else the process default).
        Parallelism.defaults().forEach(chosen.size(), i -> {
            long t0 = System.nanoTime();
            outcomes[i] = evaluate(chosen.get(i), p, request);
            if (Boolean.getBoolean("rf4j.advise.debug")) {
                System.err.printf("%-28s %.2f s%n", chosen.get(i).name(), (System.nanoTime() - t0) * 1e-9);
            }
        });
        List<Advice.Ranked> ranked = new ArrayList<>();
        List<Advice.Refused> refused = new ArrayList<>();
        for (int i = 0; i < outcomes.length; i++) {
            Outcome o = outcomes[i];
            if (o.refusal != null) {
                refused.add(o.refusal);
            } else {
                double spr = time(o.drawn, p);
                ranked.add(new Advice.Ranked(o.name, o.config, o.predicted, o.source, o.measured, o.stdErr, o.m, spr,
                        request.targetError() == null ? null : o.reaches, o.heavy, o.sampleStdErr, o.tailTerms, o.predictedStdErr));
            }
        }
        Comparator<Advice.Ranked> order;
        if (request.targetError() == null) {
            order = Comparator.comparingDouble(Advice.Ranked::predictedRelMse);
        } else {
            order = Comparator.comparing((Advice.Ranked r) -> !r.reachesTarget())
                    .thenComparingDouble(r -> r.reachesTarget() ? r.secondsPerRow() : r.predictedRelMse());
        }
        ranked.sort(order);
        List<String> notes = new ArrayList<>();
        if (request.task() == AdviceRequest.Task.KERNEL) {
            notes.add("relMse = Σ E[(K̂ − K)²] / Σ K² over " + p.pairs + " (query, key) pairs sampled from the data (the"
                    + " Gram-matrix relative MSE; a mean of per-pair ratios would be decided by the farthest pair)");
        } else {
            notes.add("relMse = E‖Ô − O‖²/‖O‖² of bidirectional Performer attention softmax(QKᵀ/√d)V on " + p.q.rows()
                    + " queries × " + p.k.rows() + " keys, V with i.i.d. N(0, 1) entries (so it is the squared"
                    + " relative error of the attention weights)");
        }
        notes.add("measured: " + request.trials() + " independent draws; predictions and measurements use disjoint seeds");
        List<String> monteCarloOnly = new ArrayList<>();
        String why = null;
        for (Outcome o : outcomes) {
            if (o.refusal == null && o.monteCarloOnly != null) {
                monteCarloOnly.add(o.name);
                why = why == null ? o.monteCarloOnly : why;
            }
        }
        if (!monteCarloOnly.isEmpty()) {
            notes.add("Monte Carlo only (no closed form exists): " + String.join(", ", monteCarloOnly) + "; for example "
                    + why + ", so their predictions are Monte Carlo runs");
        }
        if (ranked.stream().anyMatch(Advice.Ranked::heavyTailed)) {
            notes.add("heavy-tailed (*): one draw gave more than " + (int) (HEAVY_TAIL_SHARE * 100) + "% of the measured"
                    + " total, or the sampled features' second moment rests on fewer than " + (int) HEAVY_TAIL_TERMS
                    + " effective terms: the draws have not reached the rare large terms that carry the MSE, so the"
                    + " measurement tends to fall below its expectation and its ± SE (already widened to measured/√terms)"
                    + " is a lower bound; there a closed form is the exact expectation and a deviation is not a"
                    + " disagreement (more --trials, or a larger bandwidth, shrink the tail)");
        }
        return new Advice(request.task().name().toLowerCase(java.util.Locale.ROOT), request.kernel().spec().toPlain(),
                new int[] {request.queries().rows(), request.keysOrQueries().rows()}, request.queries().cols(),
                p.pairs, p.excluded, request.targetError() == null ? request.m() : null, request.targetError(),
                request.trials(), List.copyOf(ranked), List.copyOf(refused), List.copyOf(notes));
    }

    private static List<Candidates.Candidate> select(List<Candidates.Candidate> all, List<String> names) {
        if (names.isEmpty() || names.equals(List.of("all"))) {
            return all;
        }
        Set<String> known = new TreeSet<>();
        all.forEach(c -> known.add(c.name()));
        List<Candidates.Candidate> out = new ArrayList<>();
        for (String n : names) {
            Candidates.Candidate c = all.stream().filter(x -> x.name().equals(n)).findFirst().orElse(null);
            if (c == null) {
                throw new InvalidParameterException("candidates", n, "'all' or a comma-separated list of " + known);
            }
            if (!out.contains(c)) {
                out.add(c);
            }
        }
        return out;
    }

    // ---------------------------------------------------------------- problems

    /** The fixed inputs every candidate is judged on. */
    private static final class Problem {
        AdviceRequest.Task task;
        Kernel kernel;
        int d;
        DataSample data;
        // kernel task
        Matrix xp;
        Matrix yp;
        double[] exact;
        int pairs;
        int excluded;
        // attention task
        Matrix q;
        Matrix k;
        Matrix v;
        Matrix exactOut;
        double exactNormSq;
    }

    private static Problem kernelProblem(AdviceRequest r) {
        Matrix x = r.queries();
        Matrix y = r.keysOrQueries();
        boolean same = r.keys() == null;
        int d = x.cols();
        RandomGenerator rng = Seeds.generator(Seeds.derive(r.seed(), "advise-pairs"));
        double[] xs = new double[r.pairs() * d];
        double[] ys = new double[r.pairs() * d];
        double[] k = new double[r.pairs()];
        int kept = 0;
        int excluded = 0;
        double[] a = new double[d];
        double[] b = new double[d];
        for (int t = 0; t < r.pairs(); t++) {
            int i = rng.nextInt(x.rows());
            int j = rng.nextInt(y.rows());
            if (same && y.rows() > 1) {
                while (j == i) {
                    j = rng.nextInt(y.rows());
                }
            }
            System.arraycopy(x.data(), i * d, a, 0, d);
            System.arraycopy(y.data(), j * d, b, 0, d);
            double kv = r.kernel().value(a, b);
            if (!(kv >= 0) || Double.isInfinite(kv)) {
                excluded++;
                continue;
            }
            System.arraycopy(a, 0, xs, kept * d, d);
            System.arraycopy(b, 0, ys, kept * d, d);
            k[kept++] = kv;
        }
        double norm = 0;
        for (int t = 0; t < kept; t++) {
            norm += k[t] * k[t];
        }
        if (kept > 0 && !(norm > 0)) {
            throw new InvalidInputException("every sampled kernel value underflows to 0; the bandwidth is too small for the"
                    + " data (allowed: a bandwidth near the data's typical distance, e.g. " + medianDistance(x, y, r.seed())
                    + ")");
        }
        if (kept == 0) {
            throw new InvalidInputException("every sampled pair has a kernel value that overflows (" + excluded
                    + " pairs); the kernel does not suit the data (allowed: data whose kernel values are finite, e.g."
                    + " the Gaussian kernel or smaller norms)");
        }
        Problem p = new Problem();
        p.task = AdviceRequest.Task.KERNEL;
        p.kernel = r.kernel();
        p.d = d;
        p.data = new DataSample(x, y);
        p.xp = Matrix.wrap(kept, d, java.util.Arrays.copyOf(xs, kept * d));
        p.yp = Matrix.wrap(kept, d, java.util.Arrays.copyOf(ys, kept * d));
        p.exact = java.util.Arrays.copyOf(k, kept);
        p.pairs = kept;
        p.excluded = excluded;
        return p;
    }

    /**
     * Refuses data that advice cannot be measured on: fewer than two distinct rows (one row, or
     * identical rows: zero variance), where every kernel value is the same and every relative error
     * is 0/0.
     *
     * @param what how the data is named in the message (e.g. "--data d.csv")
     */
    public static void requireDistinctRows(Matrix x, String what) {
        if (x == null) {
            throw new InvalidInputException(what + " is null");
        }
        int d = x.cols();
        double[] a = x.data();
        for (int i = 1; i < x.rows(); i++) {
            if (!java.util.Arrays.equals(a, i * d, (i + 1) * d, a, 0, d)) {
                return;
            }
        }
        throw new InvalidInputException(what + " has " + (x.rows() == 1 ? "one row" : x.rows() + " rows, all identical (zero variance)")
                + "; advice compares kernel values between distinct rows, so it needs at least two distinct rows");
    }

    /**
     * The median distance between rows of x and rows of y (sampled pairs, seeded): the usual default
     * bandwidth of the Gaussian kernel (the median heuristic). Refused when every sampled distance is
     * 0 (identical rows): no bandwidth can be read from such data.
     */
    public static double medianDistance(Matrix x, Matrix y, long seed) {
        if (x == null || y == null) {
            throw new InvalidInputException((x == null ? "x" : "y") + " is null");
        }
        RandomGenerator rng = Seeds.generator(Seeds.derive(seed, "advise-median"));
        int n = 1024;
        double[] dist = new double[n];
        int d = x.cols();
        int kept = 0;
        for (int t = 0; t < n; t++) {
            int i = rng.nextInt(x.rows());
            int j = rng.nextInt(y.rows());
            double s = 0;
            for (int c = 0; c < d; c++) {
                double u = x.data()[i * d + c] - y.data()[j * d + c];
                s += u * u;
            }
            if (s > 0) {
                dist[kept++] = Math.sqrt(s);
            }
        }
        if (kept == 0) {
            throw new InvalidInputException("the median distance between the data's rows is 0 (every sampled pair of rows is"
                    + " identical), so no Gaussian bandwidth can be read from it; give sigma explicitly or use data with"
                    + " distinct rows");
        }
        java.util.Arrays.sort(dist, 0, kept);
        return dist[kept / 2];
    }

    private static Problem attentionProblem(AdviceRequest r) {
        Matrix q = r.queries();
        Matrix k = r.keysOrQueries();
        int d = q.cols();
        RandomGenerator rng = Seeds.generator(Seeds.derive(r.seed(), "advise-attention"));
        Matrix qs = subsample(q, ATTENTION_QUERIES, rng);
        Matrix ks = subsample(k, ATTENTION_KEYS, rng);
        double[] v = new double[ks.rows() * ATTENTION_VALUE_DIM];
        for (int i = 0; i < v.length; i++) {
            v[i] = rng.nextGaussian();
        }
        Problem p = new Problem();
        p.task = AdviceRequest.Task.ATTENTION;
        p.kernel = Kernel.softmax();
        p.d = d;
        double sc = Math.pow(d, -0.25);
        // As rf4j attention does: the map sees q·d^{-1/4}, so data-driven maps are fitted there.
        p.data = new DataSample(q.scaled(sc), k.scaled(sc));
        p.q = qs;
        p.k = ks;
        p.v = Matrix.wrap(ks.rows(), ATTENTION_VALUE_DIM, v);
        p.exactOut = ExactAttention.bidirectional(qs, ks, p.v, null);
        double s = 0;
        for (double t : p.exactOut.data()) {
            s += t * t;
        }
        if (!(s > 0) || Double.isInfinite(s)) {
            throw new InvalidInputException("the exact attention output of the data is zero or not finite; cannot measure"
                    + " a relative error");
        }
        p.exactNormSq = s;
        p.pairs = qs.rows() * ks.rows();
        return p;
    }

    private static Matrix subsample(Matrix x, int max, RandomGenerator rng) {
        if (x.rows() <= max) {
            return x;
        }
        int n = x.rows();
        int d = x.cols();
        int[] idx = Subsets.partialShuffle(n, max, rng);
        java.util.Arrays.sort(idx, 0, max);
        double[] out = new double[max * d];
        for (int i = 0; i < max; i++) {
            System.arraycopy(x.data(), idx[i] * d, out, i * d, d);
        }
        return Matrix.wrap(max, d, out);
    }

    // ---------------------------------------------------------------- candidates

    private static final class Outcome {
        String name;
        Map<String, Object> config;
        Advice.Refused refusal;
        double predicted;
        String source;
        double measured;
        double stdErr;
        double sampleStdErr;
        double tailTerms;
        double predictedStdErr;
        int m;
        boolean reaches = true;
        boolean heavy;
        DrawnEstimator drawn;
        /** Why a Monte Carlo prediction has no closed form behind it, when that is known; else null. */
        String monteCarloOnly;
    }

    /** Signals that a candidate cannot work on the data. */
    private static final class Refusal extends RuntimeException {
        Refusal(String reason) {
            super(reason, null, false, false);
        }
    }

    private Outcome evaluate(Candidates.Candidate c, Problem p, AdviceRequest r) {
        Outcome o = new Outcome();
        o.name = c.name();
        int m = r.m();
        o.config = config(c, m, p, r);
        try {
            if (p.task == AdviceRequest.Task.ATTENTION && !draw(estimator(c, r.m(), p), p, r.seed())
                    .features().positive()) {
                throw new Refusal("its features are not positive: linear attention divides by Φ(Q)Φ(K)ᵀ1, which must be"
                        + " positive (use positive, hyperbolic or oprf features)");
            }
            if (r.targetError() != null) {
                m = searchM(c, p, r, o);
                o.config = config(c, m, p, r);
            }
            Estimator est = estimator(c, m, p);
            if (p.task == AdviceRequest.Task.ATTENTION
                    && !draw(est, p, r.seed()).features().positive()) {
                throw new Refusal("its features are not positive: linear attention divides by Φ(Q)Φ(K)ᵀ1, which must be"
                        + " positive (use positive, hyperbolic or oprf features)");
            }
            Prediction pr = predict(est, c, p, r, m);
            Measurement ms = measure(est, p, r.trials(), Seeds.derive(r.seed(), "advise-measure"));
            o.predicted = pr.value;
            o.predictedStdErr = pr.stdErr;
            o.source = pr.source;
            if (Advice.MONTE_CARLO.equals(pr.source)) {
                o.monteCarloOnly = est.monteCarloOnly(p.kernel).orElse(null);
            }
            o.measured = ms.mean;
            o.stdErr = ms.stdErr();
            o.sampleStdErr = ms.sampleStdErr;
            o.tailTerms = ms.tailShare > 0 ? 1.0 / ms.tailShare : Double.POSITIVE_INFINITY;
            if (Boolean.getBoolean("rf4j.advise.debug")) {
                System.err.printf(java.util.Locale.ROOT, "%-28s maxShare %.3f tailTerms %.3g sampleSE %.3g%n", c.name(),
                        ms.maxShare, o.tailTerms, ms.sampleStdErr);
            }
            o.heavy = ms.heavyTailed() || pr.heavyTailed;
            o.m = m;
            o.drawn = draw(est, p, r.seed());
            double worst = Math.max(pr.value, ms.mean);
            if (worst >= UNUSABLE_REL_MSE) {
                throw new Refusal(String.format(java.util.Locale.ROOT, "its %s relative MSE at m = %d is %.3g, not below 1:"
                        + " no better than %s%s",
                        pr.value >= ms.mean ? "predicted (" + pr.source + ")" : "measured", m, worst,
                        p.task == AdviceRequest.Task.KERNEL ? "estimating 0 everywhere" : "an all-zero attention output",
                        p.task == AdviceRequest.Task.KERNEL ? hint(c) : attentionHint(p)));
            }
            if (r.targetError() != null) {
                o.reaches = pr.value <= r.targetError();
            }
        } catch (Refusal e) {
            o.refusal = new Advice.Refused(c.name(), o.config, e.getMessage());
        } catch (RfException e) {
            o.refusal = new Advice.Refused(c.name(), o.config, e.getMessage());
        }
        return o;
    }

    private static String hint(Candidates.Candidate c) {
        String n = c.name();
        if (n.endsWith("/positive") || n.endsWith("/hyperbolic") || n.endsWith("/gerf") || n.endsWith("/oprf")
                || n.startsWith("hybrid") || n.endsWith("/poisson") || n.endsWith("/geometric")) {
            return "; the variance of exponential features grows like exp(|x + y|²) in kernel coordinates, so at these"
                    + " norms centre the data (the Gaussian kernel is shift-invariant) or use a larger bandwidth";
        }
        return "";
    }

    private static String attentionHint(Problem p) {
        double sq = 0;
        double[] qd = p.data.query().data();
        for (double v : qd) {
            sq += v * v;
        }
        sq /= p.data.query().rows();
        return String.format(java.util.Locale.ROOT, "; the map's inputs q·d^(-1/4) have mean squared norm %.3g, where the"
                + " normalised weights D̂⁻¹Φ(q)Φ(K)ᵀ are decided by a few features per query (use smaller-scale,"
                + " e.g. layer-normalised, Q and K, or many more features: --target-error gives the m)", sq);
    }

    /** The candidate fitted to the problem's data when it is data-driven (fit stage seeded by the draw's seed), drawn. */
    private static DrawnEstimator draw(Estimator est, Problem p, long seed) {
        return est.fitIfNeeded(p.kernel, p.data, seed).draw(new EstimatorRequest(p.kernel, p.d, seed));
    }

    /** The candidate's estimator with m projections, checked against the problem's kernel (its maps and couplings). */
    private Estimator estimator(Candidates.Candidate c, int m, Problem p) {
        Map<String, Object> plain = new LinkedHashMap<>();
        plain.put("kernel", p.kernel.spec().toPlain());
        plain.put("estimator", c.estimatorAt(m));
        RunConfig cfg = loader.fromPlain(plain, c.name(), null);
        return cfg.estimator();
    }

    private Map<String, Object> config(Candidates.Candidate c, int m, Problem p, AdviceRequest r) {
        Map<String, Object> plain = new LinkedHashMap<>();
        plain.put("kernel", p.kernel.spec().toPlain());
        Object est;
        try {
            est = estimator(c, m, p).spec().toPlain();
        } catch (RfException e) {
            est = c.estimatorAt(m);
        }
        plain.put("estimator", est);
        if (c.dataDriven() && r.dataReference() != null) {
            plain.put("data", r.dataReference());
        }
        plain.put("seed", r.seed());
        return plain;
    }

    /** A prediction; stdErr is that of a Monte Carlo prediction (0 for a closed form, which is exact). */
    private record Prediction(double value, String source, boolean heavyTailed, double stdErr) {
    }

    /**
     * A measurement: the mean over N draws, the sample standard error, the largest draw's share of
     * the total, and (kernel task; 0 for attention) the term-level tail share H of {@link Tail}.
     */
    private record Measurement(double mean, double sampleStdErr, double maxShare, double tailShare) {
        /**
         * The standard error, accounting for the tail: the sample SE, or, if larger, {@code mean·√H}
         * — the relative SE of the terms' second moment when it rests on 1/H effective terms
         * (a lower bound on the measurement's: its draws contain exactly those terms).
         */
        double stdErr() {
            return Math.max(sampleStdErr, mean * Math.sqrt(tailShare));
        }

        /** Whether the measurement's SE is not meaningful (see {@link Advisor#HEAVY_TAIL_SHARE}, {@link Advisor#HEAVY_TAIL_TERMS}). */
        boolean heavyTailed() {
            return maxShare > HEAVY_TAIL_SHARE || tailShare > 1.0 / HEAVY_TAIL_TERMS;
        }
    }

    /** A measurement is flagged heavy-tailed when one draw contributes more than this share of its total. */
    public static final double HEAVY_TAIL_SHARE = 0.25;

    /**
     * A kernel-task measurement is flagged heavy-tailed when the sampled feature terms' second moment
     * rests on fewer than this many effective terms (1/H, {@link Tail}): the draws have not sampled
     * the tail that carries the MSE, so the measurement falls below its expectation most of the
     * time and its sample SE is far too small. (On the digits data at m = 128 and 16 draws OPRF and
     * the angular hybrid have 1/H ≈ 3, trigonometric features ≈ 1800.)
     */
    public static final double HEAVY_TAIL_TERMS = 10;

    /**
     * Candidates whose predicted or measured relative MSE reaches this are refused: estimating 0
     * everywhere has relative MSE 1, so they are no better than no estimate at all (and such
     * variances are too heavy-tailed for a few draws to confirm).
     */
    public static final double UNUSABLE_REL_MSE = 1.0;

    private Prediction predict(Estimator est, Candidates.Candidate c, Problem p, AdviceRequest r, int m) {
        if (p.task == AdviceRequest.Task.KERNEL) {
            double sum = 0;
            double norm = 0;
            for (double kv : p.exact) {
                norm += kv * kv;
            }
            boolean closed = true;
            Estimator fitted = est.fitIfNeeded(p.kernel, p.data, r.seed());
            double[] x = new double[p.d];
            double[] y = new double[p.d];
            for (int t = 0; t < p.pairs && closed; t++) {
                System.arraycopy(p.xp.data(), t * p.d, x, 0, p.d);
                System.arraycopy(p.yp.data(), t * p.d, y, 0, p.d);
                OptionalDouble mse = fitted.theoryMse(p.kernel, x, y);
                if (mse.isEmpty()) {
                    closed = false;
                } else {
                    double v = mse.getAsDouble();
                    if (Double.isNaN(v) || v < 0) {
                        closed = false;
                    } else if (Double.isInfinite(v)) {
                        throw new Refusal("its closed-form MSE is infinite (beyond the largest double) at pair " + t
                                + " of this data, so its relative MSE is no better than estimating 0" + hint(c));
                    } else {
                        sum += v;
                    }
                }
            }
            if (closed) {
                return new Prediction(sum / norm, Advice.CLOSED_FORM, false, 0.0);
            }
        }
        Measurement mc = measure(est, p, r.trials(), Seeds.derive(r.seed(), "advise-predict"));
        return new Prediction(mc.mean, Advice.MONTE_CARLO, mc.heavyTailed(), mc.stdErr());
    }

    /**
     * Mean over draws of the per-draw error (mean over pairs, or the attention output error) and its
     * standard error, with the term-level tail statistics of the kernel task (see {@link Tail}).
     */
    private Measurement measure(Estimator est, Problem p, int trials, long root) {
        double[] r = new double[trials];
        double[] size = new double[1];
        boolean vanishes = true;
        Tail tail = p.task == AdviceRequest.Task.KERNEL ? new Tail(p.pairs) : null;
        for (int t = 0; t < trials; t++) {
            DrawnEstimator e = draw(est, p, Seeds.derive(root, t));
            r[t] = p.task == AdviceRequest.Task.KERNEL ? kernelError(e, p, size, tail) : attentionError(e, p);
            vanishes &= p.task == AdviceRequest.Task.KERNEL && size[0] < VANISHING;
            if (!Double.isFinite(r[t])) {
                throw new Refusal("its estimates are not finite on this data (draw " + t + "): the features overflow at"
                        + " these norms");
            }
        }
        if (vanishes) {
            throw new Refusal("its estimates vanish on this data: in every one of " + trials + " draws Σ K̂² < "
                    + VANISHING + "·Σ K² (the features underflow at these norms, so the error is all bias in practice;"
                    + " its variance is dominated by draws too rare to sample)");
        }
        double mean = 0;
        for (double v : r) {
            mean += v;
        }
        mean /= trials;
        double ss = 0;
        double max = 0;
        for (double v : r) {
            ss += (v - mean) * (v - mean);
            max = Math.max(max, v);
        }
        double sampleSe = Math.sqrt(ss / (trials - 1) / trials);
        return new Measurement(mean, sampleSe, mean > 0 ? max / (mean * trials) : 0,
                tail == null ? 0.0 : tail.share());
    }

    /**
     * Term-level tail statistics of the kernel task. Every estimate is a sum of w terms
     * {@code c_j = φ_j(x)φ_j(y)}; a heavy-tailed squared error comes from single huge terms, and N
     * draws hold n = N·w of them, so their moments show a tail that N totals cannot. Per pair,
     * {@code H_t = Σc⁴/(Σc²)²} (over all n sampled terms) is the Herfindahl index of the terms'
     * squares: 1/H_t is the effective number of terms that carry their second moment, whose relative
     * SE is {@code √(κ_c/n) = √H_t} (κ_c = E[c⁴]/E[c²]²). For w iid terms with E[c²] ≈ Var c (the
     * heavy-tailed regime) the error's kurtosis is {@code κ_e ≈ 3 + κ_c/w = 3 + N·H_t}, so H_t is also
     * the excess kurtosis over N. {@link #share} averages H_t with weights MSE_t (each pair's share
     * of the measured Σ MSE): light-tailed (trigonometric) terms give H ≈ 1/n, exponential features
     * far from the origin H of order 1.
     */
    static final class Tail {
        final double[] s2;
        final double[] s4;
        final double[] e2;

        Tail(int pairs) {
            s2 = new double[pairs];
            s4 = new double[pairs];
            e2 = new double[pairs];
        }

        /** The MSE-weighted term share H in [0, 1]. */
        double share() {
            double num = 0;
            double den = 0;
            for (int t = 0; t < s2.length; t++) {
                if (!(s2[t] > 0) || !(e2[t] > 0)) {
                    continue;
                }
                double h = (s4[t] / s2[t]) / s2[t];
                if (!Double.isFinite(h)) {
                    h = 1.0;  // the squares overflow: one term is all there is
                }
                num += e2[t] * Math.min(1.0, h);
                den += e2[t];
            }
            return den > 0 ? num / den : 0.0;
        }
    }

    /** Estimates with Σ K̂² below this share of Σ K² vanish. */
    static final double VANISHING = 1e-6;

    private static double kernelError(DrawnEstimator e, Problem p, double[] size, Tail tail) {
        Matrix fx = e.features(Side.QUERY, p.xp, null);
        Matrix fy = e.features(Side.KEY, p.yp, null);
        int w = fx.cols();
        double[] a = fx.data();
        double[] b = fy.data();
        double s = 0;
        double norm = 0;
        double est = 0;
        for (int t = 0; t < p.pairs; t++) {
            double dot = 0;
            double c2 = 0;
            double c4 = 0;
            for (int j = 0; j < w; j++) {
                double c = a[t * w + j] * b[t * w + j];
                dot += c;
                double cc = c * c;
                c2 += cc;
                c4 += cc * cc;
            }
            double err = dot - p.exact[t];
            s += err * err;
            norm += p.exact[t] * p.exact[t];
            est += dot * dot;
            tail.s2[t] += c2;
            tail.s4[t] += c4;
            tail.e2[t] += err * err;
        }
        size[0] = est / norm;
        return s / norm;
    }

    private static double attentionError(DrawnEstimator e, Problem p) {
        PerformerAttention a = PerformerAttention.of(e);
        Matrix o = a.bidirectional(p.q, p.k, p.v, null);
        double s = 0;
        double[] od = o.data();
        double[] ed = p.exactOut.data();
        for (int i = 0; i < od.length; i++) {
            double t = od[i] - ed[i];
            s += t * t;
        }
        return s / p.exactNormSq;
    }

    /** The smallest power-of-two m (from {@value #SMALLEST_M} to maxM) whose predicted error reaches the target. */
    private int searchM(Candidates.Candidate c, Problem p, AdviceRequest r, Outcome o) {
        double target = r.targetError();
        List<Integer> grid = new ArrayList<>();
        for (int m = SMALLEST_M; m <= r.maxM(); m *= 2) {
            grid.add(m);
        }
        if (grid.isEmpty()) {
            grid.add(r.maxM());
        }
        Estimator probe = estimator(c, r.m(), p);
        Prediction at = predict(probe, c, p, r, r.m());
        if (at.source.equals(Advice.CLOSED_FORM)) {
            // Closed forms are exact at every m: binary search the grid (the error falls with m).
            int lo = 0;
            int hi = grid.size() - 1;
            if (predict(estimator(c, grid.get(hi), p), c, p, r, grid.get(hi)).value > target) {
                return grid.get(hi);
            }
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (predict(estimator(c, grid.get(mid), p), c, p, r, grid.get(mid)).value <= target) {
                    hi = mid;
                } else {
                    lo = mid + 1;
                }
            }
            return grid.get(lo);
        }
        // Monte Carlo: start from the 1/m scaling of the variance, then measure there (and double,
        // at most three times, where the coupling or the map makes the scaling inexact).
        double guess = r.m() * at.value / target;
        int idx = 0;
        while (idx < grid.size() - 1 && grid.get(idx) < guess) {
            idx++;
        }
        if (c.inverseM()) {
            return grid.get(idx);
        }
        for (int step = 0; step < 3 && idx < grid.size(); step++) {
            int m = grid.get(idx);
            if (predict(estimator(c, m, p), c, p, r, m).value <= target || idx == grid.size() - 1) {
                return m;
            }
            idx++;
        }
        return grid.get(Math.min(idx, grid.size() - 1));
    }

    /** Seconds per row of the candidate's features (or per position of attention): best of three after a warm-up. */
    private static double time(DrawnEstimator e, Problem p) {
        double best = Double.POSITIVE_INFINITY;
        int rows;
        for (int rep = 0; rep < 4; rep++) {
            long t0 = System.nanoTime();
            if (p.task == AdviceRequest.Task.KERNEL) {
                e.features(Side.QUERY, p.xp, null);
                e.features(Side.KEY, p.yp, null);
            } else {
                PerformerAttention.of(e).bidirectional(p.q, p.k, p.v, null);
            }
            long t1 = System.nanoTime();
            if (rep > 0) {
                best = Math.min(best, (t1 - t0) * 1e-9);
            }
        }
        rows = p.task == AdviceRequest.Task.KERNEL ? 2 * p.pairs : p.q.rows() + p.k.rows();
        return best / rows;
    }
}
