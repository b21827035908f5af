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

import java.util.Objects;
import java.util.random.RandomGenerator;
import org.rf4j.api.Checks;
import org.rf4j.api.DimensionMismatchException;
import org.rf4j.api.Matrix;
import org.rf4j.api.kernel.Kernel;
import org.rf4j.api.mechanism.DataSample;
import org.rf4j.api.mechanism.Estimator;
import org.rf4j.api.mechanism.EstimatorRequest;
import org.rf4j.api.mechanism.DrawnEstimator;
import org.rf4j.api.random.Seeds;
import org.rf4j.attention.ExactAttention;
import org.rf4j.attention.PerformerAttention;
import org.apiguardian.api.API;

/**
 * The {@code attention} task: relative Frobenius error {@code ‖Ô − O‖_F / ‖O‖_F} of Performer
 * attention ({@link PerformerAttention}, bidirectional or causal) against exact softmax attention
 * {@code O = softmax(QKᵀ/√d)V} ({@link ExactAttention}, computed once, in row blocks). The kernel
 * is always the softmax kernel; the feature map must be positive (a non-positive map is skipped
 * by the harness with the reason).
 *
 * <p>The embedded default is synthetic ({@link #syntheticDefault}): L = 256 positions,
 * d = d_v = 32, Q and K entries i.i.d. N(0, 0.5²), V entries N(0, 1), seeded.
 */
@API(status = API.Status.INTERNAL, since = "0.1")
public final class AttentionTask extends AbstractEvaluationTask {
    private final Matrix q;
    private final Matrix k;
    private final Matrix v;
    private final boolean causal;
    private final String dataName;
    private final Matrix exact;
    private final double exactNorm;

    /**
     * @param q        queries, L_q×d
     * @param k        keys, L_k×d
     * @param v        values, L_k×d_v
     * @param causal   causal (then L_q = L_k) or bidirectional attention
     * @param dataName how the inputs are described in reports
     */
    public AttentionTask(Matrix q, Matrix k, Matrix v, boolean causal, String dataName) {
        super("attention", "relative attention error", false, true);
        this.q = Objects.requireNonNull(q, "q").requireNonEmpty("queries Q").requireFinite("queries Q");
        this.k = Objects.requireNonNull(k, "k").requireNonEmpty("keys K").requireCols(q.cols(), "keys K")
                .requireFinite("keys K");
        this.v = Objects.requireNonNull(v, "v").requireFinite("values V");
        if (v.rows() != k.rows()) {
            throw new DimensionMismatchException("values V have " + v.rows() + " rows but keys K have " + k.rows());
        }
        if (causal && q.rows() != k.rows()) {
            throw new DimensionMismatchException("causal attention needs as many queries as keys; Q has " + q.rows()
                    + " rows, K has " + k.rows());
        }
        this.causal = causal;
        this.dataName = Objects.requireNonNull(dataName, "dataName");
        this.exact = causal ? ExactAttention.causal(q, k, v, null) : ExactAttention.bidirectional(q, k, v, null);
        this.exactNorm = norm(exact.data());
    }

    /**
     * Synthetic inputs: Q, K (L×d) with i.i.d. {@code N(0, qkStd²)} entries and V (L×d_v) with
     * i.i.d. N(0, 1) entries. With {@code qkStd = 1} the logits {@code qᵀk/√d} have unit variance,
     * the regime of a typical attention layer, where positive features converge slowly (their
     * variance grows like {@code exp(2|x + y|²)}); smaller values give flatter attention.
     */
    public static AttentionTask synthetic(int length, int d, int dv, double qkStd, boolean causal, long seed) {
        Checks.positive("L", length);
        Checks.positive("d", d);
        Checks.positive("dv", dv);
        Checks.positive("qkStd", qkStd);
        RandomGenerator rng = Seeds.generator(Seeds.derive(seed, "attention-inputs"));
        return new AttentionTask(gaussian(length, d, qkStd, rng), gaussian(length, d, qkStd, rng),
                gaussian(length, dv, 1.0, rng), causal, "synthetic: L = " + length + ", d = " + d + ", d_v = " + dv
                        + ", Q, K entries i.i.d. N(0, " + qkStd + "²), V entries i.i.d. N(0, 1)");
    }

    /** Q, K entry standard deviation of the default inputs. */
    public static final double DEFAULT_QK_STD = 0.5;

    /**
     * The default: L = 256, d = d_v = 32, Q, K entries N(0, 0.5²) (so the map's inputs
     * {@code q·d^{-1/4}} have squared norm about 1.4), V entries N(0, 1).
     */
    public static AttentionTask syntheticDefault(boolean causal, long seed) {
        return synthetic(256, 32, 32, DEFAULT_QK_STD, causal, seed);
    }

    private static Matrix gaussian(int r, int c, double std, RandomGenerator rng) {
        double[] a = new double[r * c];
        for (int i = 0; i < a.length; i++) {
            a[i] = std * rng.nextGaussian();
        }
        return Matrix.wrap(r, c, a);
    }

    /** The exact attention output. */
    public Matrix exact() {
        return exact;
    }

    /** The Performer output for an estimator drawn from {@code seed}. */
    public Matrix approximate(Estimator estimator, long seed) {
        // The map sees inputs scaled by d^(-1/4) (PerformerAttention.of), so data-driven maps are
        // tuned on those coordinates.
        double s = Math.pow(q.cols(), -0.25);
        DrawnEstimator e = estimator.fitIfNeeded(Kernel.softmax(), new DataSample(q.scaled(s), k.scaled(s)), seed)
                .draw(new EstimatorRequest(Kernel.softmax(), q.cols(), seed));
        PerformerAttention a = PerformerAttention.of(e);
        return causal ? a.causal(q, k, v, null) : a.bidirectional(q, k, v, null);
    }

    @Override
    public java.util.List<Matrix> bandwidthRows() {
        return java.util.List.of(q, k);
    }

    @Override
    public String title() {
        return (causal ? "Causal" : "Bidirectional") + " Performer attention";
    }

    @Override
    public String description() {
        return "Relative Frobenius error ‖Ô − O‖_F/‖O‖_F of Performer attention out = D⁻¹Φ(Q)(Φ(K)ᵀV)"
                + (causal ? " (causal, prefix sums)" : "") + " against exact softmax attention O = softmax(QKᵀ/√d)V."
                + " Data: " + dataName + ". Softmax kernel; positive feature maps only.";
    }

    @Override
    public int dimension() {
        return q.cols();
    }

    @Override
    public Kernel defaultKernel() {
        return Kernel.softmax();
    }

    /** Attention weights are {@code exp(qᵀk/√d)}: the softmax kernel, whatever a config names. */
    @Override
    public boolean kernelFixed() {
        return true;
    }

    @Override
    public Kernel calibrate(java.util.function.IntFunction<Estimator> reference, Kernel kernel, long seed) {
        return Kernel.softmax();
    }

    @Override
    public double run(Estimator estimator, Kernel kernel, long seed) {
        double[] a = approximate(estimator, seed).data();
        double[] b = exact.data();
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            double t = a[i] - b[i];
            s += t * t;
        }
        return Math.sqrt(s) / exactNorm;
    }

    private static double norm(double[] a) {
        double s = 0;
        for (double x : a) {
            s += x * x;
        }
        return Math.sqrt(s);
    }
}
