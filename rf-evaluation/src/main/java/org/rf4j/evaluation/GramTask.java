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
import org.rf4j.api.Matrix;
import org.rf4j.api.kernel.Kernel;
import org.rf4j.api.mechanism.DataSample;
import org.rf4j.api.mechanism.DrawnEstimator;
import org.rf4j.api.mechanism.Estimator;
import org.rf4j.api.mechanism.EstimatorRequest;
import org.rf4j.api.random.Seeds;
import org.apiguardian.api.API;

/**
 * The {@code gram} task: relative squared Frobenius error of the Gram approximation of a point
 * set ({@link GramApproximation}). The embedded default is the SimRF Sec. 5.2 protocol: N = 64
 * points in d = 64 dimensions, i.i.d. {@code N(0, 0.1²)} entries, Gaussian kernel with σ = 1.
 */
@API(status = API.Status.INTERNAL, since = "0.1")
public final class GramTask extends AbstractEvaluationTask {
    /** Above this many points the error is estimated from sampled pairs. */
    public static final int EXACT_LIMIT = 2048;
    /** Pairs sampled per run above {@link #EXACT_LIMIT}. */
    public static final int SAMPLED_PAIRS = 20_000;
    /** The theory curve is computed when n² is at most this. */
    public static final int THEORY_PAIRS = 65_536;

    private final Matrix points;
    private final String dataName;

    /**
     * @param points   the point set (caller's coordinates)
     * @param dataName how the data is named in reports
     */
    public GramTask(Matrix points, String dataName) {
        super("gram", "relative squared Frobenius error", false, true);
        this.points = Objects.requireNonNull(points, "points").requireNonEmpty("gram points").requireFinite("gram points");
        this.dataName = Objects.requireNonNull(dataName, "dataName");
        if (points.rows() > EXACT_LIMIT) {
            notes.add("n = " + points.rows() + " > " + EXACT_LIMIT + ": each run estimates the error from "
                    + SAMPLED_PAIRS + " uniformly sampled pairs (the exact Gram matrix is never formed)");
        }
        if ((long) points.rows() * points.rows() > THEORY_PAIRS) {
            notes.add("theory curve omitted: n² > " + THEORY_PAIRS + " pairs");
        }
    }

    /** The SimRF Sec. 5.2 default: N = 64, d = 64, x ~ N(0, 0.1² I), seeded. */
    public static GramTask simrfDefault(long seed) {
        return new GramTask(Datasets.gaussianCloud(64, 64, 0.1, seed),
                "synthetic: N = 64 points, d = 64, x ~ N(0, 0.1² I) (SimRF Sec. 5.2)");
    }

    public Matrix points() {
        return points;
    }

    @Override
    public List<Matrix> bandwidthRows() {
        return List.of(points);
    }

    @Override
    public String title() {
        return "Gram matrix approximation";
    }

    @Override
    public String description() {
        return "Relative squared Frobenius error ‖K − Φ₁Φ₂ᵀ‖²_F / ‖K‖²_F of the approximate Gram matrix of one point set"
                + " (SimRF Sec. 5.2). Data: " + dataName + ". Theory: Σᵢⱼ MSE(xᵢ, xⱼ) / Σᵢⱼ K(xᵢ, xⱼ)².";
    }

    @Override
    public int dimension() {
        return points.cols();
    }

    @Override
    public double run(Estimator estimator, Kernel kernel, long seed) {
        DrawnEstimator e = estimator.fitIfNeeded(kernel, DataSample.symmetric(points), seed)
                .draw(new EstimatorRequest(kernel, points.cols(), seed));
        return GramApproximation.evaluate(e, points, EXACT_LIMIT, SAMPLED_PAIRS,
                Seeds.generator(Seeds.derive(seed, "gram-pairs"))).value();
    }

    @Override
    public OptionalDouble theory(Estimator estimator, Kernel kernel) {
        if ((long) points.rows() * points.rows() > THEORY_PAIRS) {
            return OptionalDouble.empty();
        }
        return GramApproximation.theory(estimator, kernel, points, THEORY_PAIRS);
    }
}
