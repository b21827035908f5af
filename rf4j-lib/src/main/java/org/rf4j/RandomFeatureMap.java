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

import java.util.Map;
import java.util.OptionalDouble;
import java.util.function.IntToDoubleFunction;
import org.rf4j.api.DegenerateRowException;
import org.rf4j.api.DimensionMismatchException;
import org.rf4j.api.FloatMatrix;
import org.rf4j.api.Matrix;
import org.rf4j.api.SparseMatrix;
import org.rf4j.api.kernel.Kernel;
import org.rf4j.api.kernel.KernelKind;
import org.rf4j.api.linalg.LinearAlgebra;
import org.rf4j.api.mechanism.DrawnEstimator;
import org.rf4j.api.mechanism.Side;
import org.apiguardian.api.API;

/**
 * A fitted, drawn random-feature map: {@code K̂(x, y) = φq(x)ᵀφk(y)} estimates the configured kernel
 * at inputs in the caller's coordinates. Obtained from {@link RandomFeatures#fit}. Immutable and
 * safe to share between threads; the same fitted config and seed give bit-identical features on
 * any machine and thread count.
 *
 * <p><b>Query and key sides.</b> For symmetric maps (trigonometric, positive, OPRF, ...) both sides
 * are the same map. Asymmetric maps (GERF with complex A, complex exponential maps, hybrids) have
 * different sides: {@link #transform} is the query side φq, {@link #transformKeys} the key side φk,
 * and only the pairing {@code φq(x)ᵀφk(y)} estimates the kernel.
 *
 * <p><b>Float path.</b> {@code transform(float[][])}, {@code transformKeys(float[][])} and their
 * {@link FloatMatrix} forms compute the features in single precision: for models that run in fp32
 * (Performer attention in a float network), where twice the vector lanes matter more than the last
 * digits. Estimation (gram, apply, estimate, theory) stays in double; use the double overloads for it.
 * The float features are the double path's features at the float inputs up to rounding, with the
 * same checks and exceptions. The input scale is applied in double and rounded once; the positive,
 * hyperbolic, OPRF/real GERF, trigonometric and random-Fourier maps then compute the projection
 * {@code z = wᵀx} as a float fma chain and the exp/cos/sin in float, any row shift (such as
 * {@code −|x|²/2}) in double rounded once; other maps compute in double and round each feature once.
 * Stated error per feature against the double path at the same inputs, with u = 2⁻²⁴,
 * {@code γ_n = nu/(1 − nu)} and {@code S = Σ_k |w_k x_k|} (x after the input scale):
 * <ul>
 *   <li>exponential maps (argument {@code a = ±z + shift}; r the row shift from |x|², such as
 *       {@code −|x|²/2}, and shift = r plus any folded log-scale):
 *       {@code |Δa| ≤ γ_{d+3}·S + 2u·|r| + u·|shift| + u·(|z| + |shift|)} (the projection's fma chain,
 *       W's and the input scale's roundings; the input's effect on |x|²; the shift's rounding; the float
 *       sum), and
 *       {@code |φ_f/φ_d − 1| ≤ expm1(|Δa|)·(1 + 2⁻²³) + 2⁻²³} (float exp within 1 ulp, measured exhaustively), plus 2u where a
 *       column factor is applied in float (hyperbolic, OPRF, importance weights). For d = 64 and rows of
 *       norm about 1 that is a few 1e-6 relative. Features that underflow float (argument below about
 *       −87.3) are only within 2⁻¹⁴⁷ absolutely;</li>
 *   <li>trigonometric maps: {@code |φ_f − φ_d| ≤ c·f·(γ_{d+3}·S + 2⁻²³ + 4u)}, c the column factor
 *       (e.g. 1/√m) and f the softmax row factor {@code e^{|x|²/2}} (1 for the Gaussian kernel); the
 *       random-Fourier map adds {@code c·f·u·(|z| + 4π)} for its phase.</li>
 * </ul>
 * These bounds are asserted entry by entry in the tests (rf-features' {@code FloatFeaturesTest}).
 * <b>What the float path checks.</b> It checks what it computes, not just what it reads: a finite
 * float row whose float computation fails — its projection {@code wᵀx} overflows float (an entry of
 * 3e38 is inside float's range, the sum of such products is not), or a float feature is not finite —
 * is mapped in double at the same float inputs and each feature rounded once, so it gets the double
 * path's features within 2⁻²⁴ relative, never NaN. A row whose features are beyond float's range even
 * so (from exponents of about 88.7 rather than 709) is refused with a
 * {@link org.rf4j.api.RowNormException} naming the row, as the double path refuses a row that
 * overflows a double. Other rows keep their float-path bits. Float results are bit-identical across
 * thread counts and vector/scalar kernels, as the double ones are.
 *
 * <p><b>Rows and columns in messages.</b> Every exception's message numbers rows and columns from 1,
 * as the CLI numbers lines and columns ({@code "X row 4 (1-based): ..."} is {@code x[3]});
 * {@link org.rf4j.api.RowNormException#row()} (and so {@link org.rf4j.api.DegenerateRowException#row()})
 * gives the 0-based index for programs.
 */
@API(status = API.Status.STABLE, since = "0.1")
public final class RandomFeatureMap {
    private final Fitting.Fitted fitted;
    private final DrawnEstimator drawn;
    private final long seed;
    private final int d;
    private final Map<String, Object> fittedConfig;
    private final Threads threads;

    RandomFeatureMap(Fitting.Fitted fitted, DrawnEstimator drawn, long seed) {
        this(fitted, drawn, seed, Threads.DEFAULT);
    }

    private RandomFeatureMap(Fitting.Fitted fitted, DrawnEstimator drawn, long seed, Threads threads) {
        this.fitted = Arrays2.nonNull(fitted, "fitted");
        this.drawn = Arrays2.nonNull(drawn, "drawn");
        this.seed = seed;
        this.d = fitted.d();
        this.fittedConfig = fitted.plain(seed);
        this.threads = threads;
    }

    /**
     * This map computing on at most {@code threads} threads (1 to 4096): the calling thread and
     * {@code threads − 1} helpers from rf4j's shared pool; with 1 every call runs on the calling
     * thread alone. The features are bit-identical for every thread count. Without it a map uses
     * the calling thread's {@link org.rf4j.api.linalg.Parallelism#callerThreads} setting, else the
     * process default (the CLI's {@code --threads}, {@code -Drf4j.threads}, else the processor count).
     */
    public RandomFeatureMap withThreads(int threads) {
        return onThreads(threads, null);
    }

    /**
     * {@link #withThreads(int)} with the helpers run on the caller's {@code executor}: at most
     * {@code threads − 1} tasks are handed to it per call, none with 1 thread.
     */
    public RandomFeatureMap withThreads(int threads, java.util.concurrent.Executor executor) {
        return onThreads(threads, Arrays2.nonNull(executor, "executor"));
    }

    private RandomFeatureMap onThreads(int threads, java.util.concurrent.Executor executor) {
        return new RandomFeatureMap(fitted, drawn, seed, Threads.chosen(threads, executor));
    }

    /** The thread count set by {@link #withThreads(int)}, or 0 when the map uses the default. */
    public int threads() {
        return threads.count();
    }

    /**
     * The same fitted map drawn again with another seed: new projections, the fitted values kept
     * (nothing is refitted). For ensembles and Monte Carlo studies; {@code withSeed(seed())} is
     * bit-identical to this map.
     */
    public RandomFeatureMap withSeed(long newSeed) {
        return newSeed == seed ? this
                : new RandomFeatureMap(fitted, threads.run(() -> fitted.draw(newSeed)), newSeed, threads);
    }

    /**
     * This map with rows of degenerate features let through ({@code true}) or refused ({@code false}),
     * the same features otherwise (see {@link RandomFeatures#allowDegenerateRows}); its
     * {@link #toConfig()} records the switch.
     */
    public RandomFeatureMap withDegenerateRowsAllowed(boolean allow) {
        if (allow == fitted.allowDegenerateRows()) {
            return this;
        }
        return new RandomFeatureMap(new Fitting.Fitted(fitted.config(), d, allow), drawn, seed, threads);
    }

    /** m, the number of random projections drawn. */
    public int projectionCount() {
        return fitted.projectionCount();
    }

    /**
     * The closed-form mean squared error of the estimate {@code K̂(x, y)} over the random draw of the
     * projections (x, y in the caller's coordinates), where rf4j's theory has one for this
     * configuration; empty otherwise.
     */
    public OptionalDouble theoryMse(double[] x, double[] y) {
        Arrays2.vector("x", x, d);
        Arrays2.vector("y", y, d);
        OptionalDouble t = fitted.theoryMse(x, y);
        return t.isPresent() && Double.isFinite(t.getAsDouble()) ? t : OptionalDouble.empty();
    }

    /**
     * Why {@link #theoryMse} is empty for this configuration when its MSE is known to have no closed
     * form, so that only a Monte Carlo run measures it (for example an orthogonal or simplex coupling
     * with a kernel other than the Gaussian and softmax), as one line; empty otherwise.
     */
    public java.util.Optional<String> monteCarloOnly() {
        return fitted.config().estimator().monteCarloOnly(fitted.config().kernel());
    }

    /** d, the input dimension. */
    public int inputDimension() {
        return d;
    }

    /** The feature dimension (columns of {@link #transform}'s output). */
    public int outputDimension() {
        return drawn.features().outputDimension();
    }

    /** True if every feature is non-negative (what linear attention needs). */
    public boolean positive() {
        return drawn.features().positive();
    }

    /** The kernel the features estimate. */
    public Kernel kernel() {
        return drawn.kernel();
    }

    /** The seed the projections were drawn from. */
    public long seed() {
        return seed;
    }

    /** The drawn estimator underneath (for consumers of the mechanism model: attention, tasks). */
    public DrawnEstimator drawn() {
        return drawn;
    }

    /** Query-side features φq of the rows of X (n×d, caller's coordinates): n×{@link #outputDimension()}. */
    public double[][] transform(double[][] x) {
        return Arrays2.rows(transform(Arrays2.matrix("X", x)));
    }

    /** Key-side features φk of the rows of Y (n×d, caller's coordinates). */
    public double[][] transformKeys(double[][] y) {
        return Arrays2.rows(transformKeys(Arrays2.matrix("Y", y)));
    }

    /** Query-side features of a row-major batch (bulk form: no {@code double[][]} copies; same bits). */
    public Matrix transform(Matrix x) {
        return dense(Side.QUERY, x, null);
    }

    /** Key-side features of a row-major batch. */
    public Matrix transformKeys(Matrix y) {
        return dense(Side.KEY, y, null);
    }

    /**
     * Query-side features of a batch into {@code out} (n×{@link #outputDimension()}), or a new matrix
     * when {@code out} is null: for streaming loops that reuse one buffer per chunk.
     */
    public Matrix transform(Matrix x, Matrix out) {
        return dense(Side.QUERY, x, out);
    }

    /** Key-side features of a batch into {@code out}, or a new matrix when {@code out} is null. */
    public Matrix transformKeys(Matrix y, Matrix out) {
        return dense(Side.KEY, y, out);
    }

    /**
     * Query-side features φq of sparse rows X (n×d, caller's coordinates, e.g. hashed text features)
     * in O(nnz·m) for the projection maps, never densifying a row: the same bits as
     * {@link #transform(Matrix)} on X's dense twin, for every coupling and thread count.
     */
    public Matrix transform(SparseMatrix x) {
        return transform(x, null);
    }

    /** Key-side features φk of sparse rows Y (the sparse {@link #transformKeys(Matrix)}). */
    public Matrix transformKeys(SparseMatrix y) {
        return transformKeys(y, null);
    }

    /** Query-side features of sparse rows into {@code out} (n×{@link #outputDimension()}), or a new matrix when null. */
    public Matrix transform(SparseMatrix x, Matrix out) {
        return sparse(Side.QUERY, x, out);
    }

    /** Key-side features of sparse rows into {@code out}, or a new matrix when null. */
    public Matrix transformKeys(SparseMatrix y, Matrix out) {
        return sparse(Side.KEY, y, out);
    }

    /**
     * Query-side features φq of float rows X (n×d, caller's coordinates) on the float path (see the
     * class comment for when to use it and its error): n×{@link #outputDimension()} floats. NaN or
     * infinite entries, ragged or empty X and a wrong d are refused as by {@link #transform(double[][])}.
     */
    public float[][] transform(float[][] x) {
        return Arrays2.rows(transform(Arrays2.floatMatrix("X", x)));
    }

    /** Key-side features φk of float rows Y on the float path. */
    public float[][] transformKeys(float[][] y) {
        return Arrays2.rows(transformKeys(Arrays2.floatMatrix("Y", y)));
    }

    /** Query-side float features of a row-major float batch (bulk form of {@link #transform(float[][])}; same bits). */
    public FloatMatrix transform(FloatMatrix x) {
        return transform(x, null);
    }

    /** Key-side float features of a row-major float batch. */
    public FloatMatrix transformKeys(FloatMatrix y) {
        return transformKeys(y, null);
    }

    /**
     * Query-side float features of a batch into {@code out} (n×{@link #outputDimension()}), or a new
     * matrix when {@code out} is null. An empty batch (0 rows) gives an empty result, as the double form.
     */
    public FloatMatrix transform(FloatMatrix x, FloatMatrix out) {
        return floats(Side.QUERY, x, out);
    }

    /** Key-side float features of a batch into {@code out}, or a new matrix when {@code out} is null. */
    public FloatMatrix transformKeys(FloatMatrix y, FloatMatrix out) {
        return floats(Side.KEY, y, out);
    }

    /** The approximate Gram matrix {@code K̂(X, Y) = Φq(X)Φk(Y)ᵀ} (n×l). */
    public double[][] gram(double[][] x, double[][] y) {
        Matrix fx = transform(Arrays2.matrix("X", x));
        Matrix fy = transformKeys(Arrays2.matrix("Y", y));
        return Arrays2.rows(threads.run(() -> LinearAlgebra.multiplyTransposed(fx, fy, null)));
    }

    /** {@code K̂(Y, Y)·c} in O(n·features) without forming K̂ (e.g. a kernel machine's predictions at its own points). */
    public double[] apply(double[][] y, double[] c) {
        return apply(y, y, c);
    }

    /** {@code K̂(X, Y)·c} in O((n + l)·features) without forming K̂. */
    public double[] apply(double[][] x, double[][] y, double[] c) {
        Matrix mx = Arrays2.matrix("X", x);
        Matrix my = Arrays2.matrix("Y", y);
        Arrays2.vector("c", c, my.rows());
        return threads.run(() -> drawn.apply(check(mx, "X"), check(my, "Y"), c));
    }

    /** The pointwise estimate {@code K̂(x, y)}. */
    public double estimate(double[] x, double[] y) {
        Arrays2.vector("x", x, d);
        Arrays2.vector("y", y, d);
        return threads.run(() -> drawn.estimate(x, y));
    }

    /**
     * This map's fitted config as JSON: the CLI's config shape with every default and every fitted
     * value filled in, plus {@code "dimension"}. {@code RandomFeatures.fromConfig(map.toConfig()).fit()}
     * draws a map with bit-identical features, without data; {@code rf4j transform --config} accepts
     * it too.
     */
    public String toConfig() {
        return org.rf4j.config.ConfigLoader.writeText(new java.util.LinkedHashMap<>(orderedConfig()));
    }

    private Map<String, Object> orderedConfig() {
        Map<String, Object> m = new java.util.LinkedHashMap<>();
        for (String k : new String[] {"kernel", "estimator", "data", "seed", Configs.DIMENSION,
                Configs.ALLOW_DEGENERATE_ROWS}) {
            if (fittedConfig.containsKey(k)) {
                m.put(k, fittedConfig.get(k));
            }
        }
        return m;
    }

    @Override
    public String toString() {
        return "RandomFeatureMap" + orderedConfig();
    }

    /**
     * True if rows with degenerate features are let through (the config's {@code "allowDegenerateRows"});
     * false (the default): {@link #transform} and {@link #transformKeys} refuse them.
     */
    public boolean allowsDegenerateRows() {
        return fitted.allowDegenerateRows();
    }

    /** "X" for the query side's batch, "Y" for the key side's, as the messages call them. */
    private static String batch(Side side) {
        return side == Side.QUERY ? "X" : "Y";
    }

    private static Side other(Side side) {
        return side == Side.QUERY ? Side.KEY : Side.QUERY;
    }

    /** The one dense path of every {@code Matrix} form: checks, features, degenerate rows refused. */
    private Matrix dense(Side side, Matrix x, Matrix out) {
        String what = batch(side);
        Arrays2.nonNull(x, what);
        Matrix checked = check(x, what);
        double[] a = x.data();
        return threads.run(() -> refuseDegenerate(drawn.features(side, checked, out), () -> drawn.features(other(side), x, null),
                i -> scaledSquaredNorm(i, x.cols(), k -> a[k]), DegenerateRowException::check, what));
    }

    /** The sparse path: row norms from the stored entries. */
    private Matrix sparse(Side side, SparseMatrix x, Matrix out) {
        String what = batch(side);
        Arrays2.nonNull(x, what);
        checkCols(x.cols(), x.shape(), what);
        double s = drawn.kernel().inputScale();
        return threads.run(() -> refuseDegenerate(drawn.features(side, x, out), () -> drawn.features(other(side), x, null),
                i -> x.rowSquaredNorm(i) * s * s, DegenerateRowException::check, what));
    }

    /** The float path. */
    private FloatMatrix floats(Side side, FloatMatrix x, FloatMatrix out) {
        String what = batch(side);
        Arrays2.nonNull(x, what);
        checkCols(x.cols(), x.shape(), what);
        float[] a = x.data();
        return threads.run(() -> refuseDegenerate(drawn.featuresFloat(side, x, out), () -> drawn.featuresFloat(other(side), x, null),
                i -> scaledSquaredNorm(i, x.cols(), k -> a[k]), DegenerateRowException::check, what));
    }

    /** {@link DegenerateRowException}'s check of one matrix type. */
    @FunctionalInterface
    private interface DiagonalCheck<M> {
        void check(M q, M k, IntToDoubleFunction squaredNorm, KernelKind kind, String what);
    }

    /**
     * Refuses the first row whose features are degenerate ({@link DegenerateRowException}: all zero, or
     * K̂(x, x) below {@value DegenerateRowException#MIN_DIAGONAL_FRACTION} of K(x, x)), unless allowed.
     * K̂(x, x) is |φ(x)|² for a symmetric map; otherwise the other side of the batch is computed too.
     */
    private <M> M refuseDegenerate(M features, java.util.function.Supplier<M> otherSide, IntToDoubleFunction squaredNorm,
            DiagonalCheck<M> check, String what) {
        if (!fitted.allowDegenerateRows() && kind() != null) {
            M other = drawn.features().symmetric() ? features : otherSide.get();
            check.check(features, other, squaredNorm, kind(), what);
        }
        return features;
    }

    /**
     * The unit kind whose exact diagonal the degenerate-row check uses: a shift-invariant kernel has
     * {@code k(x, x) = 1} like the Gaussian; null (no check) for a kernel with neither.
     */
    private KernelKind kind() {
        var k = drawn.kernel();
        return k.unitKind().orElse(k.capability(org.rf4j.api.kernel.ShiftInvariant.class).isPresent()
                ? KernelKind.GAUSSIAN : null);
    }

    /** Row i's squared norm after the kernel's input scale (entry k of the row-major batch by {@code entry}). */
    private double scaledSquaredNorm(int i, int c, IntToDoubleFunction entry) {
        double s = drawn.kernel().inputScale();
        double sq = 0;
        for (int k = i * c; k < (i + 1) * c; k++) {
            double v = entry.applyAsDouble(k) * s;
            sq += v * v;
        }
        return sq;
    }

    private Matrix check(Matrix x, String what) {
        checkCols(x.cols(), x.shape(), what);
        return x;
    }

    private void checkCols(int cols, String shape, String what) {
        if (cols != d) {
            throw new DimensionMismatchException(what + " has shape " + shape + " but this map was fitted for "
                    + "dimension " + d + " (" + what + " must be n×" + d + ")");
        }
    }
}
