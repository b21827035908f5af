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

import org.rf4j.api.DimensionMismatchException;
import org.rf4j.api.FloatMatrix;
import org.rf4j.api.InvalidInputException;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Matrix;
import org.rf4j.api.kernel.KernelKind;
import org.rf4j.api.mechanism.DataSample;
import org.rf4j.attention.PerformerAttention;
import org.rf4j.config.RunConfig;
import org.apiguardian.api.API;

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
 *
 * <p><b>fp32.</b> The {@code float[][]} and {@link FloatMatrix} overloads are the optional float
 * path for models that run in fp32: float features and products (twice the vector lanes), the same
 * stabilisers and causal semantics, bit-identical for every thread count. Use them where the
 * model's Q, K, V are fp32 anyway; the double overloads stay the default (and the reference for
 * estimation and error studies). Against the double path on the same inputs every output entry is
 * within {@code 2η/(1 − η)·max|v| + 2^-24·|out|}, {@code η = (1 + ε)²(1 + (m + 136)·2^-24) − 1},
 * ε the float feature map's relative error (see
 * {@link PerformerAttention#bidirectional(FloatMatrix, FloatMatrix, FloatMatrix, FloatMatrix)});
 * independent of L. Measured with positive features (d = 64, m = 256, L up to 16,384): about
 * 3e-7·max|v|, 1e-6·max|out|, far below the Monte-Carlo error of the approximation itself.
 * Data-driven maps are fitted to the inputs widened to double.
 */
@API(status = API.Status.STABLE, since = "0.1")
public final class Attention {
    private final RunConfig config;
    private final int d;
    private final double scale;
    private final PerformerAttention dataFree;
    private final Threads threads;

    Attention(RandomFeatures builder, RunConfig config, int d, Threads threads) {
        Arrays2.nonNull(builder, "builder");
        this.threads = threads;
        this.config = Arrays2.nonNull(config, "config");
        if (config.kernel().kind() != KernelKind.SOFTMAX) {
            throw new InvalidParameterException("kernel", config.kernel().spec().id(),
                    "softmax (attention weights are exp(qᵀk/√d)): start from RandomFeatures.softmax()");
        }
        if (d < 1) {
            throw new InvalidParameterException("d", d, "an integer >= 1 (the query/key dimension)");
        }
        this.d = d;
        this.scale = Math.pow(d, -0.25);
        this.dataFree = Fitting.needsData(config) ? null : threads.run(() -> performer(null));
    }

    /** d, the query/key dimension. */
    public int dimension() {
        return d;
    }

    /** Bidirectional attention: every query attends to every key. Q: L_q×d, K: L_k×d, V: L_k×d_v → L_q×d_v. */
    public double[][] bidirectional(double[][] q, double[][] k, double[][] v) {
        Matrix[] m = inputs(q, k, v, false);
        return Arrays2.rows(threads.run(() -> performerFor(m[0], m[1]).bidirectional(m[0], m[1], m[2], null)));
    }

    /** Causal attention: position t attends to keys 0..t. Q, K: L×d, V: L×d_v → L×d_v. */
    public double[][] causal(double[][] q, double[][] k, double[][] v) {
        Matrix[] m = inputs(q, k, v, true);
        return Arrays2.rows(threads.run(() -> performerFor(m[0], m[1]).causal(m[0], m[1], m[2], null)));
    }

    /** {@link #bidirectional(double[][], double[][], double[][])} on row-major matrices (bulk form, no copies). */
    public Matrix bidirectional(Matrix q, Matrix k, Matrix v) {
        check(q, k, v, false);
        return threads.run(() -> performer(q, k).bidirectional(q, k, v, null));
    }

    /** {@link #causal(double[][], double[][], double[][])} on row-major matrices. */
    public Matrix causal(Matrix q, Matrix k, Matrix v) {
        check(q, k, v, true);
        return threads.run(() -> performer(q, k).causal(q, k, v, null));
    }

    /**
     * Bidirectional attention in fp32 (see the class notes: when to use it, its error against
     * {@link #bidirectional(double[][], double[][], double[][])}). Q: L_q×d, K: L_k×d, V: L_k×d_v → L_q×d_v.
     */
    public float[][] bidirectional(float[][] q, float[][] k, float[][] v) {
        FloatMatrix[] m = inputs(q, k, v, false);
        return threads.run(() -> performerFor(m[0], m[1]).bidirectional(m[0], m[1], m[2], null)).toArray();
    }

    /** Causal attention in fp32: position t attends to keys 0..t. Q, K: L×d, V: L×d_v → L×d_v. */
    public float[][] causal(float[][] q, float[][] k, float[][] v) {
        FloatMatrix[] m = inputs(q, k, v, true);
        return threads.run(() -> performerFor(m[0], m[1]).causal(m[0], m[1], m[2], null)).toArray();
    }

    /** {@link #bidirectional(float[][], float[][], float[][])} on row-major float matrices (no copies). */
    public FloatMatrix bidirectional(FloatMatrix q, FloatMatrix k, FloatMatrix v) {
        check(q, k, v, false);
        return threads.run(() -> performerFor(q, k).bidirectional(q, k, v, null));
    }

    /** {@link #causal(float[][], float[][], float[][])} on row-major float matrices. */
    public FloatMatrix causal(FloatMatrix q, FloatMatrix k, FloatMatrix v) {
        check(q, k, v, true);
        return threads.run(() -> performerFor(q, k).causal(q, k, v, null));
    }

    /**
     * The drawn Performer for these queries and keys (raw, L×d): fitted to their scaled values when
     * the map is data-driven, else the one drawn at construction. For callers that time or reuse the
     * attention pass apart from the fit. The fit runs on this builder's threads; the returned
     * object's passes run on the calling thread's setting ({@code Parallelism.callerThreads}, else
     * the process default), since they are called outside this object.
     */
    public PerformerAttention performer(Matrix q, Matrix k) {
        Arrays2.nonNull(q, "Q");
        Arrays2.nonNull(k, "K");
        Matrix cq = q.requireNonEmpty("Q").requireFinite("Q");
        Matrix ck = k.requireNonEmpty("K").requireFinite("K");
        return threads.run(() -> performerFor(cq, ck));
    }

    private PerformerAttention performerFor(Matrix q, Matrix k) {
        if (dataFree != null) {
            return dataFree;
        }
        return performer(new DataSample(q.scaled(scale), k.scaled(scale)));
    }

    private PerformerAttention performerFor(FloatMatrix q, FloatMatrix k) {
        q.requireNonEmpty("Q").requireFinite("Q");
        k.requireNonEmpty("K").requireFinite("K");
        return dataFree != null ? dataFree : performerFor(q.toDouble(), k.toDouble());
    }

    private PerformerAttention performer(DataSample scaledData) {
        RandomFeatures.requireDataDimension(config, d);
        RandomFeatureMap map = Fitting.fitAndDraw(config, scaledData, d, false);
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
        Arrays2.nonNull(mq, "Q");
        Arrays2.nonNull(mk, "K");
        Arrays2.nonNull(mv, "V");
        checkShapes(mq.shape(), mq.rows(), mq.cols(), mk.shape(), mk.rows(), mk.cols(), mv.rows(), causal);
    }

    private void check(FloatMatrix mq, FloatMatrix mk, FloatMatrix mv, boolean causal) {
        Arrays2.nonNull(mq, "Q");
        Arrays2.nonNull(mk, "K");
        Arrays2.nonNull(mv, "V");
        checkShapes(mq.shape(), mq.rows(), mq.cols(), mk.shape(), mk.rows(), mk.cols(), mv.rows(), causal);
    }

    private void checkShapes(String qShape, int qRows, int qCols, String kShape, int kRows, int kCols, int vRows,
            boolean causal) {
        if (qCols != d || kCols != d) {
            throw new DimensionMismatchException("Q has shape " + qShape + " and K " + kShape
                    + " but this attention was built for d = " + d);
        }
        if (vRows != kRows) {
            throw new DimensionMismatchException("V has " + vRows + " rows but K has " + kRows
                    + "; each key needs one value row");
        }
        if (causal && qRows != kRows) {
            throw new DimensionMismatchException("causal attention needs as many queries as keys; Q has "
                    + qRows + " rows and K " + kRows);
        }
    }

    private FloatMatrix[] inputs(float[][] q, float[][] k, float[][] v, boolean causal) {
        FloatMatrix mq = floats("Q", q);
        FloatMatrix mk = floats("K", k);
        FloatMatrix mv = floats("V", v);
        check(mq, mk, mv, causal);
        return new FloatMatrix[] {mq, mk, mv};
    }

    /** Copies a rectangular, finite, non-empty {@code float[][]} (the checks of the double inputs). */
    private static FloatMatrix floats(String what, float[][] rows) {
        return Arrays2.floatMatrix(what, rows);
    }
}
