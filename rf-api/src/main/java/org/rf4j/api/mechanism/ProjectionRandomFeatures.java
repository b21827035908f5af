package org.rf4j.api.mechanism;

import org.rf4j.api.DimensionMismatchException;
import org.rf4j.api.InvalidInputException;
import org.rf4j.api.Matrix;
import org.rf4j.api.kernel.KernelKind;
import org.rf4j.api.linalg.LinearAlgebra;
import org.rf4j.api.linalg.Parallelism;
import org.rf4j.api.mechanism.DrawnFeatures;
import org.rf4j.api.mechanism.Projection;
import org.rf4j.api.mechanism.Side;

/**
 * Drawn features computed from {@code Z = X·Wᵀ}: processes the batch in row chunks, in parallel
 * (so the only allocation proportional to n is the output, and the results do not depend on the
 * thread count), folds importance weights in per column, and leaves the elementwise map to
 * subclasses, which use {@link LinearAlgebra}'s vectorised exp/sin/cos.
 *
 * <p>Column layout: {@code blocks} blocks of m columns; column {@code b·m + j} belongs to
 * projection j.
 */
public abstract class ProjectionRandomFeatures implements DrawnFeatures {
    /** Rows per chunk (and per parallel task): bounds each thread's scratch to CHUNK × m doubles. */
    protected static final int CHUNK = 64;
    /** Largest exponent whose exp is finite. */
    protected static final double MAX_EXPONENT = 709.0;

    protected final Projection projection;
    protected final KernelKind target;
    protected final int m;
    protected final int blocks;
    private final double[] columnScale;
    /**
     * log of the common feature factor when every column has the same one (no importance weights),
     * else NaN. Exponential maps fold it into the exponent and report so with
     * {@link #scalesInExponent()}, which saves a pass over the row.
     */
    protected final double uniformLogScale;
    /** Each thread's CHUNK×m buffer for Z, reused across calls (nested calls run one per task). */
    private final ThreadLocal<double[]> scratch;

    /**
     * @param projection the drawn projection (with importance weights, if any)
     * @param target     the unit kernel to estimate
     * @param blocks     features per projection
     * @param scale      the common factor of every feature (e.g. 1/√m)
     */
    protected ProjectionRandomFeatures(Projection projection, KernelKind target, int blocks, double scale) {
        this.projection = projection;
        this.target = target;
        this.m = projection.count();
        this.blocks = blocks;
        this.columnScale = new double[m];
        this.scratch = ThreadLocal.withInitial(() -> new double[CHUNK * this.m]);
        double[] w = projection.importanceWeights();
        for (int j = 0; j < m; j++) {
            columnScale[j] = scale * (w == null ? 1.0 : Math.sqrt(w[j]));
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
     * The batch loop: fixed chunks of {@link #CHUNK} rows spread over
     * {@link Parallelism#defaults()} threads (one thread for batches below
     * {@link LinearAlgebra#PARALLEL_MIN_WORK}), each with one CHUNK×m scratch for Z kept per thread
     * (so nothing but the output is allocated per call). A row's features depend only on that row, never on the
     * chunking or the thread count.
     */
    private Matrix compute(Side side, Matrix x, Matrix out, double[] logScale) {
        x.requireCols(projection.dimension(), "feature-map input");
        int n = x.rows();
        int width = outputDimension();
        Matrix o = Matrix.requireShape(out, n, width, "features");
        if (n == 0) {
            return o;
        }
        if (o.data() == x.data()) {
            throw new IllegalArgumentException("the features buffer must not alias the input");
        }
        double[] xd = x.data();
        int d = x.cols();
        double[] od = o.data();
        int tasks = (n + CHUNK - 1) / CHUNK;
        // small batches on the calling thread (the projections plus about 32 operations per feature)
        LinearAlgebra.parallelismFor((long) n * m * (d + 32), Parallelism.defaults()).forEach(tasks, scratch::get, (z, t) -> {
            int start = t * CHUNK;
            int end = Math.min(n, start + CHUNK);
            projection.applyRows(x, start, end, z, 0);
            for (int i = start; i < end; i++) {
                double sq = 0;
                int xo = i * d;
                for (int k = 0; k < d; k++) {
                    sq += xd[xo + k] * xd[xo + k];
                }
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

    /** Throws if an exponent is too large for a finite feature. */
    protected static double checkedExp(double exponent, int row, double sqNorm) {
        if (exponent > MAX_EXPONENT) {
            throw new InvalidInputException("row " + row + " has squared norm " + sqNorm
                    + " (after bandwidth scaling); its exponential feature exp(" + exponent
                    + ") overflows. Use a larger bandwidth or smaller inputs");
        }
        return Math.exp(exponent);
    }
}
