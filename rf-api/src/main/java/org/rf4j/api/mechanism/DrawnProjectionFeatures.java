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
package org.rf4j.api.mechanism;

import org.rf4j.api.DimensionMismatchException;
import org.rf4j.api.FloatMatrix;
import org.rf4j.api.InvalidInputException;
import org.rf4j.api.Matrix;
import org.rf4j.api.SparseMatrix;
import org.rf4j.api.kernel.KernelKind;
import org.rf4j.api.linalg.LinearAlgebra;
import org.rf4j.api.linalg.Parallelism;
import org.rf4j.api.linalg.ThreadScratch;
import org.rf4j.api.mechanism.DrawnFeatures;
import org.rf4j.api.mechanism.Projection;
import org.rf4j.api.mechanism.Side;
import org.apiguardian.api.API;

/**
 * Drawn features computed from {@code Z = X·Wᵀ}: processes the batch in row chunks, in parallel
 * (so the only allocation proportional to n is the output, and the results do not depend on the
 * thread count), folds importance weights in per column, and leaves the elementwise map to
 * subclasses, which use {@link LinearAlgebra}'s vectorised exp/sin/cos.
 *
 * <p>Column layout: {@code blocks} blocks of m columns; column {@code b·m + j} belongs to
 * projection j.
 *
 * <p><b>Float path.</b> {@link #mapFloat} and {@link #mapStabilizedFloat} run the same loop in single
 * precision: the projection in float ({@link Projection#applyRows(FloatMatrix, int, int, float[], int)}),
 * |x|² in double from the float row (so any row shift such as −|x|²/2 is computed in double and
 * rounded once), the elementwise map by {@link #fillRowFloat}, then the column factor rounded to
 * float. Subclasses without a native float row inherit a {@code fillRowFloat} that widens the row's
 * projections, calls {@link #fillRow} and rounds each feature once; exponential and trigonometric
 * maps override it and state their error against the double path.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public abstract class DrawnProjectionFeatures implements DrawnFeatures {
    /** Rows per chunk (and per parallel task): bounds each thread's scratch to CHUNK × m doubles. */
    protected static final int CHUNK = 64;
    /**
     * Doubles of Z per task for sparse rows under a {@link GeneratedProjection} (8 MiB): the rows of
     * a task are projected together, so each column of W they store is generated once for them.
     */
    private static final int SLAB = 1 << 20;
    /** Largest exponent whose exp is finite. */
    protected static final double MAX_EXPONENT = 709.0;
    /**
     * ln of the largest float (≈ 88.7228): on the float path a feature {@code exp(a)} overflows for
     * arguments above it (the exact cut is the float exp kernel's, within an ulp of this).
     */
    protected static final double MAX_FLOAT_EXPONENT = Math.log(Float.MAX_VALUE);
    /**
     * Float exp passes flag rows with an argument above this (1 below {@link #MAX_FLOAT_EXPONENT}); only
     * a flagged row is then checked for an infinite feature ({@link #refuseFloatOverflow}).
     */
    protected static final float FLOAT_FLAG = (float) (MAX_FLOAT_EXPONENT - 1.0);

    protected final Projection projection;
    protected final KernelKind target;
    protected final int m;
    protected final int blocks;
    private final double[] columnScale;
    /** columnScale rounded to float, for the float path. */
    private final float[] columnScaleFloat;
    /**
     * log of the common feature factor when every column has the same one (no importance weights),
     * else NaN. Exponential maps fold it into the exponent and report so with
     * {@link #scalesInExponent()}, which saves a pass over the row.
     */
    protected final double uniformLogScale;
    /**
     * Z of a chunk of rows, per thread and shared by every map ({@link ThreadScratch}): CHUNK × m
     * doubles, or a slab of sparse rows under a generated projection; its floats for the float path.
     */
    private static final ThreadScratch Z = new ThreadScratch();
    /**
     * A row's projections and features widened to double (m + width), for the default
     * {@link #fillRowFloat}/{@link #fillRowStabilizedFloat}; in use while {@link #Z} is.
     */
    private static final ThreadScratch WIDENED = new ThreadScratch();

    /**
     * @param projection the drawn projection (with importance weights, if any)
     * @param target     the unit kernel to estimate
     * @param blocks     features per projection
     * @param scale      the common factor of every feature (e.g. 1/√m)
     */
    protected DrawnProjectionFeatures(Projection projection, KernelKind target, int blocks, double scale) {
        this.projection = projection;
        this.target = target;
        this.m = projection.count();
        this.blocks = blocks;
        this.columnScale = new double[m];
        this.columnScaleFloat = new float[m];
        double[] w = projection.importanceWeights();
        for (int j = 0; j < m; j++) {
            columnScale[j] = scale * (w == null ? 1.0 : Math.sqrt(w[j]));
            columnScaleFloat[j] = (float) columnScale[j];
        }
        this.uniformLogScale = w == null ? Math.log(scale) : Double.NaN;
    }

    /**
     * True if {@link #fillRow} and {@link #fillRowStabilized} already include the column factor
     * (as {@link #uniformLogScale} inside the exponent), so the batch loop must not apply it again.
     */
    protected boolean scalesInExponent() {
        return false;
    }

    @Override
    public int inputDimension() {
        return projection.dimension();
    }

    @Override
    public int outputDimension() {
        return blocks * m;
    }

    /** The drawn projection. */
    public Projection projection() {
        return projection;
    }

    @Override
    public Matrix map(Side side, Matrix x, Matrix out) {
        return compute(side, x, out, null);
    }

    /**
     * The stabilised batch map (see {@link DrawnFeatures#mapStabilized}): rows are computed by
     * {@link #fillRowStabilized}, which exponential maps override to subtract the row's largest
     * exponent inside exp (FAVOR+), so nothing overflows.
     */
    @Override
    public Matrix mapStabilized(Side side, Matrix x, Matrix out, double[] logScale) {
        if (logScale.length != x.rows()) {
            throw new DimensionMismatchException("logScale has length " + logScale.length + " but the batch has "
                    + x.rows() + " rows");
        }
        return compute(side, x, out, logScale);
    }

    /**
     * The float batch map: the {@link #map} loop in single precision (see the class comment). Rows are
     * computed by {@link #fillRowFloat}; the results do not depend on the chunking or the thread count.
     */
    @Override
    public FloatMatrix mapFloat(Side side, FloatMatrix x, FloatMatrix out) {
        return computeFloat(side, x, out, null);
    }

    /**
     * The float stabilised batch map: {@code ψ(xᵢ)} in float by {@link #fillRowStabilizedFloat},
     * {@code cᵢ} (double) into {@code logScale[i]}.
     */
    @Override
    public FloatMatrix mapStabilizedFloat(Side side, FloatMatrix x, FloatMatrix out, double[] logScale) {
        if (logScale.length != x.rows()) {
            throw new DimensionMismatchException("logScale has length " + logScale.length + " but the batch has "
                    + x.rows() + " rows");
        }
        return computeFloat(side, x, out, logScale);
    }

    /** One chunk of rows {@code [start, end)} with this thread's scratch. */
    @FunctionalInterface
    private interface ChunkBody<S> {
        void rows(S scratch, int start, int end);
    }

    /**
     * The batch loop shared by both precisions: fixed chunks of {@link #CHUNK} rows spread over
     * {@link Parallelism#defaults()} threads (one thread for batches below
     * {@link LinearAlgebra#PARALLEL_MIN_WORK}), each with one CHUNK×m scratch for Z kept per thread
     * (so nothing but the output is allocated per call). A row's features depend only on that row,
     * never on the chunking or the thread count.
     */
    private <S> void chunks(int n, int d, java.util.function.Supplier<S> perThread, ChunkBody<S> body) {
        chunks(n, CHUNK, d, perThread, body);
    }

    /** {@link #chunks(int, int, java.util.function.Supplier, ChunkBody)} with {@code rows} rows per task. */
    private <S> void chunks(int n, int rows, int d, java.util.function.Supplier<S> perThread, ChunkBody<S> body) {
        int tasks = (n + rows - 1) / rows;
        // small batches on the calling thread (the projections plus about 32 operations per feature)
        LinearAlgebra.parallelismFor((long) n * m * (d + 32), Parallelism.defaults()).forEach(tasks, perThread::get,
                (z, t) -> body.rows(z, t * rows, Math.min(n, (t + 1) * rows)));
    }

    /** Rows per task for sparse rows under a generated projection: {@link #SLAB} doubles of Z, at least a chunk. */
    private int slabRows() {
        return Math.max(CHUNK, SLAB / m);
    }

    private Matrix compute(Side side, Matrix x, Matrix out, double[] logScale) {
        x.requireCols(projection.dimension(), "feature-map input");
        Matrix o = Matrix.requireShape(out, x.rows(), outputDimension(), "features");
        if (x.rows() > 0 && o.data() == x.data()) {
            throw new IllegalArgumentException("the features buffer must not alias the input");
        }
        double[] xd = x.data();
        int d = x.cols();
        return computeRows(side, x.rows(), CHUNK, d, o, logScale,
                (z, start, end) -> projection.applyRows(x, start, end, z, 0),
                i -> {
                    double sq = 0;
                    int xo = i * d;
                    for (int k = 0; k < d; k++) {
                        sq += xd[xo + k] * xd[xo + k];
                    }
                    return sq;
                });
    }

    /**
     * The sparse batch map: the dense loop with the projection of the stored entries only
     * ({@link Projection#applyRows(SparseMatrix, int, int, double[], int)}, O(nnz·m)) and |x|² over them,
     * so each row's features have the bits of its dense twin's. Under a {@link GeneratedProjection}
     * each task projects a slab of rows at once (up to {@link #SLAB} doubles of Z), which generates
     * each column of W once per slab instead of once per stored entry; the bits are the same.
     */
    @Override
    public Matrix map(Side side, SparseMatrix x, Matrix out) {
        x.requireCols(projection.dimension(), "feature-map input");
        Matrix o = Matrix.requireShape(out, x.rows(), outputDimension(), "features");
        int perRow = x.nonZeros() / Math.max(1, x.rows());
        boolean generated = projection instanceof GeneratedProjection;
        return computeRows(side, x.rows(), generated ? slabRows() : CHUNK, perRow, o, null,
                (z, start, end) -> projection.applyRows(x, start, end, z, 0), x::rowSquaredNorm);
    }

    /** Rows {@code [start, end)} of {@code X·Wᵀ} into the chunk's scratch. */
    @FunctionalInterface
    private interface ChunkProjection {
        void project(double[] z, int start, int end);
    }

    /**
     * The double batch loop: per chunk, the projections, then each row's features from them and
     * |x|² ({@code sqNorm}), then the column factor.
     *
     * @param rows rows per task (its Z scratch holds rows × m doubles)
     * @param d    the work per row and projection, for the serial cut-off (the input dimension when dense)
     */
    private Matrix computeRows(Side side, int n, int rows, int d, Matrix o, double[] logScale,
            ChunkProjection project, java.util.function.IntToDoubleFunction sqNorm) {
        if (n == 0) {
            return o;
        }
        int width = outputDimension();
        double[] od = o.data();
        chunks(n, rows, d, () -> Z.doubles(rows * m), (z, start, end) -> {
            project.project(z, start, end);
            for (int i = start; i < end; i++) {
                double sq = sqNorm.applyAsDouble(i);
                int zo = (i - start) * m;
                int oo = i * width;
                if (logScale == null) {
                    fillRow(side, z, zo, sq, i, od, oo);
                } else {
                    logScale[i] = fillRowStabilized(side, z, zo, sq, i, od, oo);
                }
                if (!scalesInExponent()) {
                    for (int b = 0; b < blocks; b++) {
                        LinearAlgebra.multiplyElementwise(od, oo + b * m, columnScale, 0, m);
                    }
                }
            }
        });
        return o;
    }

    /**
     * The float twin of {@link #compute}: Z in float, |x|² in double from the float row (the same
     * value the double path computes from the widened row), the column factor in float.
     */
    private FloatMatrix computeFloat(Side side, FloatMatrix x, FloatMatrix out, double[] logScale) {
        x.requireCols(projection.dimension(), "feature-map input");
        int n = x.rows();
        int width = outputDimension();
        FloatMatrix o = FloatMatrix.requireShape(out, n, width, "features");
        if (n == 0) {
            return o;
        }
        if (o.data() == x.data()) {
            throw new IllegalArgumentException("the features buffer must not alias the input");
        }
        float[] xd = x.data();
        int d = x.cols();
        float[] od = o.data();
        chunks(n, d, () -> Z.floats(CHUNK * m), (z, start, end) -> {
            projection.applyRows(x, start, end, z, 0);
            for (int i = start; i < end; i++) {
                double sq = 0;
                int xo = i * d;
                for (int k = 0; k < d; k++) {
                    double v = xd[xo + k];
                    sq += v * v;
                }
                int zo = (i - start) * m;
                int oo = i * width;
                if (logScale == null) {
                    fillRowFloat(side, z, zo, sq, i, od, oo);
                } else {
                    logScale[i] = fillRowStabilizedFloat(side, z, zo, sq, i, od, oo);
                }
                if (!scalesInExponent()) {
                    for (int b = 0; b < blocks; b++) {
                        LinearAlgebra.multiplyElementwise(od, oo + b * m, columnScaleFloat, 0, m);
                    }
                }
            }
        });
        return o;
    }

    /**
     * Writes the unscaled features of one row.
     *
     * @param z         the row's projections {@code wⱼᵀx} at {@code z[zOff + j]}
     * @param sqNorm    |x|²
     * @param row       the row index (for messages)
     * @param out       destination; block b, projection j at {@code out[outOff + b·m + j]}
     */
    protected abstract void fillRow(Side side, double[] z, int zOff, double sqNorm, int row, double[] out, int outOff);

    /**
     * Writes one row's unscaled features times {@code e^{−c}} and returns c. The default calls
     * {@link #fillRow} and divides by the row's largest absolute feature (c = its log, 0 for an
     * all-zero row); exponential maps override it to subtract c inside the exponent.
     */
    protected double fillRowStabilized(Side side, double[] z, int zOff, double sqNorm, int row, double[] out,
            int outOff) {
        fillRow(side, z, zOff, sqNorm, row, out, outOff);
        int w = blocks * m;
        double mx = 0;
        for (int j = 0; j < w; j++) {
            mx = Math.max(mx, Math.abs(out[outOff + j]));
        }
        if (!(mx > 0) || Double.isInfinite(mx)) {
            return 0.0;
        }
        LinearAlgebra.scale(out, outOff, 1.0 / mx, w);
        return Math.log(mx);
    }

    /**
     * Writes the unscaled float features of one row (the float twin of {@link #fillRow}; |x|² is the
     * double sum of the widened float row). The default widens the row's projections to double, calls
     * {@link #fillRow} and rounds each feature once (refusing the row if a feature overflows float), so
     * every map has a float path; maps override it with a native float row.
     */
    protected void fillRowFloat(Side side, float[] z, int zOff, double sqNorm, int row, float[] out, int outOff) {
        double[] w = widen(z, zOff);
        fillRow(side, w, 0, sqNorm, row, w, m);
        narrow(w, out, outOff, row, sqNorm);
    }

    /**
     * The float twin of {@link #fillRowStabilized}: writes {@code ψ = φ·e^{−c}} in float and returns c.
     * The default widens, calls {@link #fillRowStabilized} and rounds each feature once.
     */
    protected double fillRowStabilizedFloat(Side side, float[] z, int zOff, double sqNorm, int row, float[] out,
            int outOff) {
        double[] w = widen(z, zOff);
        double c = fillRowStabilized(side, w, 0, sqNorm, row, w, m);
        narrow(w, out, outOff, row, sqNorm);
        return c;
    }

    /** This thread's widening buffer with the row's projections in [0, m); features go to [m, m + width). */
    private double[] widen(float[] z, int zOff) {
        double[] w = WIDENED.doubles(m + blocks * m);
        for (int j = 0; j < m; j++) {
            w[j] = z[zOff + j];
        }
        return w;
    }

    /** Rounds the widened row's features to float, refusing the row if a finite feature overflows float. */
    private void narrow(double[] w, float[] out, int outOff, int row, double sqNorm) {
        int width = blocks * m;
        for (int j = 0; j < width; j++) {
            float v = (float) w[m + j];
            if (Float.isInfinite(v) && Double.isFinite(w[m + j])) {
                throw org.rf4j.api.RowNormException.atRow(row, Math.sqrt(sqNorm), "has squared norm " + sqNorm
                        + " (after bandwidth scaling); its feature " + j + " = " + w[m + j]
                        + " overflows float on the float path. Use a larger bandwidth, smaller inputs or the double path");
            }
            out[outOff + j] = v;
        }
    }

    /**
     * The float overflow guard, for a row whose exp pass flagged an argument above {@link #FLOAT_FLAG}:
     * throws if any of the {@code len} features at {@code out[outOff …]} is infinite (its exponent
     * overflows float), naming the row and the argument {@code sign·z_j + shift} (in double; pass the
     * shift with any folded log-scale, so the named argument is the one that overflows); otherwise
     * returns, the row being finite.
     */
    protected static void refuseFloatOverflow(float[] out, int outOff, int len, float[] z, int zOff, double sign,
            double shift, int row, double sqNorm) {
        for (int j = 0; j < len; j++) {
            if (out[outOff + j] == Float.POSITIVE_INFINITY) {
                throw floatOverflow(sign * z[zOff + j] + shift, row, sqNorm);
            }
        }
    }

    /** {@code exp(exponent)} rounded to float, refused (as {@link #checkedExp}) if it is not a finite float. */
    protected static float checkedExpFloat(double exponent, int row, double sqNorm) {
        float f = (float) Math.exp(exponent);
        if (f == Float.POSITIVE_INFINITY || Double.isNaN(exponent)) {
            throw floatOverflow(exponent, row, sqNorm);
        }
        return f;
    }

    private static InvalidInputException floatOverflow(double exponent, int row, double sqNorm) {
        return org.rf4j.api.RowNormException.atRow(row, Math.sqrt(sqNorm), "has squared norm " + sqNorm
                + " (after bandwidth scaling); its exponential feature exp(" + exponent
                + ") overflows float on the float path (exponents up to about "
                + String.format(java.util.Locale.ROOT, "%.2f", MAX_FLOAT_EXPONENT)
                + " are finite). Use a larger bandwidth, smaller inputs, the stabilised float map or the double path");
    }

    /** Throws if an exponent is too large for a finite feature. */
    protected static double checkedExp(double exponent, int row, double sqNorm) {
        if (exponent > MAX_EXPONENT) {
            throw org.rf4j.api.RowNormException.atRow(row, Math.sqrt(sqNorm), "has squared norm " + sqNorm
                    + " (after bandwidth scaling); its exponential feature exp(" + exponent
                    + ") overflows. Use a larger bandwidth or smaller inputs");
        }
        return Math.exp(exponent);
    }
}
