package org.rf4j;

import java.util.Objects;
import org.rf4j.api.DimensionMismatchException;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Matrix;
import org.rf4j.api.kernel.KernelKind;
import org.rf4j.api.mechanism.DataSample;
import org.rf4j.attention.PerformerAttention;
import org.rf4j.config.RunConfig;

/**
 * Performer attention from the front door: {@code softmax(QKᵀ/√d)V} approximated in time linear in
 * the sequence length with a positive random-feature map of the softmax kernel. Obtained from
 * {@code RandomFeatures.softmax()....attention(d)}.
 *
 * <p>Pass raw Q, K (L×d) and V (L×d_v): queries and keys are multiplied by {@code d^{-1/4}} inside,
 * so {@code exp(q'ᵀk') = exp(qᵀk/√d)}. Input-scale advice: the feature map's variance grows like
 * {@code e^{|q'|² + |k'|²}}, so Q and K whose entries have standard deviation near 1 (|q'|² ≈ √d)
 * give large relative errors with positive features at small m; layer-normalised, smaller-scale
 * Q and K (or more features, OPRF, simplex couplings) are what make the approximation accurate.
 *
 * <p>Data-driven maps (OPRF, ...) are fitted to the scaled Q and K of each call; maps that need no
 * data are drawn once. Immutable and thread-safe.
 */
public final class Attention {
    private final RunConfig config;
    private final int d;
    private final double scale;
    private final PerformerAttention dataFree;

    Attention(RandomFeatures builder, RunConfig config, int d) {
        Objects.requireNonNull(builder, "builder");
        this.config = Objects.requireNonNull(config, "config");
        if (config.kernel().kind() != KernelKind.SOFTMAX) {
            throw new InvalidParameterException("kernel", config.kernel().spec().id(),
                    "softmax (attention weights are exp(qᵀk/√d)): start from RandomFeatures.softmax()");
        }
        if (d < 1) {
            throw new InvalidParameterException("d", d, "an integer >= 1 (the query/key dimension)");
        }
        this.d = d;
        this.scale = Math.pow(d, -0.25);
        this.dataFree = Fitting.needsData(config) ? null : performer(null);
    }

    /** d, the query/key dimension. */
    public int dimension() {
        return d;
    }

    /** Bidirectional attention: every query attends to every key. Q: L_q×d, K: L_k×d, V: L_k×d_v → L_q×d_v. */
    public double[][] bidirectional(double[][] q, double[][] k, double[][] v) {
        Matrix[] m = inputs(q, k, v, false);
        return Arrays2.rows(performerFor(m[0], m[1]).bidirectional(m[0], m[1], m[2], null));
    }

    /** Causal attention: position t attends to keys 0..t. Q, K: L×d, V: L×d_v → L×d_v. */
    public double[][] causal(double[][] q, double[][] k, double[][] v) {
        Matrix[] m = inputs(q, k, v, true);
        return Arrays2.rows(performerFor(m[0], m[1]).causal(m[0], m[1], m[2], null));
    }

    /** {@link #bidirectional(double[][], double[][], double[][])} on row-major matrices (bulk form, no copies). */
    public Matrix bidirectional(Matrix q, Matrix k, Matrix v) {
        check(q, k, v, false);
        return performer(q, k).bidirectional(q, k, v, null);
    }

    /** {@link #causal(double[][], double[][], double[][])} on row-major matrices. */
    public Matrix causal(Matrix q, Matrix k, Matrix v) {
        check(q, k, v, true);
        return performer(q, k).causal(q, k, v, null);
    }

    /**
     * The drawn Performer for these queries and keys (raw, L×d): fitted to their scaled values when
     * the map is data-driven, else the one drawn at construction. For callers that time or reuse the
     * attention pass apart from the fit.
     */
    public PerformerAttention performer(Matrix q, Matrix k) {
        Objects.requireNonNull(q, "Q");
        Objects.requireNonNull(k, "K");
        return performerFor(q.requireNonEmpty("Q").requireFinite("Q"), k.requireNonEmpty("K").requireFinite("K"));
    }

    private PerformerAttention performerFor(Matrix q, Matrix k) {
        if (dataFree != null) {
            return dataFree;
        }
        return performer(new DataSample(q.scaled(scale), k.scaled(scale)));
    }

    private PerformerAttention performer(DataSample scaledData) {
        RandomFeatureMap map = Fitting.fitAndDraw(config, scaledData, d);
        if (!map.positive()) {
            throw new InvalidParameterException("estimator.features", config.estimator().spec(),
                    "a positive feature map (positive, hyperbolic, oprf, positive hybrids): linear attention divides "
                            + "by Φ(Q)Φ(K)ᵀ1, which must be positive");
        }
        return PerformerAttention.of(map.drawn());
    }

    private Matrix[] inputs(double[][] q, double[][] k, double[][] v, boolean causal) {
        Matrix mq = Arrays2.matrix("Q", q);
        Matrix mk = Arrays2.matrix("K", k);
        Matrix mv = Arrays2.matrix("V", v);
        check(mq, mk, mv, causal);
        return new Matrix[] {mq, mk, mv};
    }

    private void check(Matrix mq, Matrix mk, Matrix mv, boolean causal) {
        Objects.requireNonNull(mv, "V");
        if (mq.cols() != d || mk.cols() != d) {
            throw new DimensionMismatchException("Q has shape " + mq.shape() + " and K " + mk.shape()
                    + " but this attention was built for d = " + d);
        }
        if (mv.rows() != mk.rows()) {
            throw new DimensionMismatchException("V has " + mv.rows() + " rows but K has " + mk.rows()
                    + "; each key needs one value row");
        }
        if (causal && mq.rows() != mk.rows()) {
            throw new DimensionMismatchException("causal attention needs as many queries as keys; Q has "
                    + mq.rows() + " rows and K " + mk.rows());
        }
    }
}
