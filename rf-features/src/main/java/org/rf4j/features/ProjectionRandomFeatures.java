package org.rf4j.features;

import org.rf4j.api.InvalidInputException;
import org.rf4j.api.Matrix;
import org.rf4j.api.kernel.KernelKind;
import org.rf4j.api.mechanism.Projection;
import org.rf4j.api.mechanism.RandomFeatures;
import org.rf4j.api.mechanism.Side;

/**
 * Drawn features computed from {@code Z = X·Wᵀ}: processes the batch in row chunks (so the only
 * allocation proportional to n is the output), folds importance weights in per column, and leaves
 * the elementwise map to subclasses.
 *
 * <p>Column layout: {@code blocks} blocks of m columns; column {@code b·m + j} belongs to
 * projection j.
 */
public abstract class ProjectionRandomFeatures implements RandomFeatures {
    /** Rows per chunk: bounds the scratch buffer to CHUNK × m doubles. */
    protected static final int CHUNK = 256;
    /** Largest exponent whose exp is finite. */
    protected static final double MAX_EXPONENT = 709.0;

    protected final Projection projection;
    protected final KernelKind target;
    protected final int m;
    protected final int blocks;
    private final double[] columnScale;

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
        double[] w = projection.importanceWeights();
        for (int j = 0; j < m; j++) {
            columnScale[j] = scale * (w == null ? 1.0 : Math.sqrt(w[j]));
        }
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
        x.requireCols(projection.dimension(), "feature-map input");
        int n = x.rows();
        int width = outputDimension();
        Matrix o = Matrix.requireShape(out, n, width, "features");
        if (n == 0) {
            return o;
        }
        double[] sq = x.rowSquaredNorms();
        double[] od = o.data();
        Matrix z = null;
        for (int start = 0; start < n; start += CHUNK) {
            int end = Math.min(n, start + CHUNK);
            Matrix xs = start == 0 && end == n ? x : x.rowRange(start, end);
            if (z == null || z.rows() != end - start) {
                z = Matrix.zeros(end - start, m);
            }
            projection.apply(xs, z);
            double[] zd = z.data();
            for (int i = start; i < end; i++) {
                fillRow(side, zd, (i - start) * m, sq[i], i, od, i * width);
            }
        }
        for (int i = 0; i < n; i++) {
            int base = i * width;
            for (int b = 0; b < blocks; b++) {
                int o2 = base + b * m;
                for (int j = 0; j < m; j++) {
                    od[o2 + j] *= columnScale[j];
                }
            }
        }
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
