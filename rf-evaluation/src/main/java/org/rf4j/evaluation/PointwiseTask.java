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
import java.util.Map;
import java.util.OptionalDouble;
import org.rf4j.api.Checks;
import org.rf4j.api.Matrix;
import org.rf4j.api.kernel.Kernel;
import org.rf4j.api.mechanism.DataSample;
import org.rf4j.api.mechanism.DrawnEstimator;
import org.rf4j.api.mechanism.Estimator;
import org.rf4j.api.mechanism.EstimatorRequest;
import org.rf4j.api.mechanism.Side;
import org.rf4j.api.random.Seeds;
import org.apiguardian.api.API;

/**
 * The {@code pointwise} task: normalised MSE {@code E[(K̂ − K)²]/K²}, averaged over a fixed set
 * of input pairs. The embedded default follows the HRF Fig. 2 protocol: equal-length inputs in
 * d = 64 dimensions, length r = 1, angles θ = kπ/8 for k = 1..7
 * ({@link PointwiseStudy#equalLengthPair}), Gaussian kernel σ = 1.
 *
 * <p>One run draws {@code draws} independent estimators from the run seed, evaluates each on all
 * pairs (one batch per side), and returns the mean of {@code (K̂ − K)²/K²} over draws and pairs;
 * the mean over seeds is thus the Monte Carlo normalised MSE. The theory is the mean over pairs
 * of {@code MSE(x, y)/K(x, y)²} from the estimator's closed form.
 */
@API(status = API.Status.INTERNAL, since = "0.1")
public final class PointwiseTask extends AbstractEvaluationTask {
    private final Matrix queries;
    private final Matrix keys;
    private final int draws;
    private final String dataName;
    /** For equal-length pair sets: {d, r}; null otherwise (then no θ figure). */
    private double[] equalLength;

    /** Draws per θ in the report's MSE-vs-θ figure. */
    public static final int FIGURE_TRIALS = 100;

    /**
     * @param queries  the x of each pair (one per row)
     * @param keys     the y of each pair
     * @param draws    independent draws per run
     * @param dataName how the pairs are described in reports
     */
    public PointwiseTask(Matrix queries, Matrix keys, int draws, String dataName) {
        super("pointwise", "normalised MSE", false, true);
        queries.requireNonEmpty("pointwise queries").requireFinite("pointwise queries");
        keys.requireCols(queries.cols(), "pointwise keys").requireFinite("pointwise keys");
        Checks.sameLength("pointwise keys (rows)", queries.rows(), keys.rows());
        this.queries = queries;
        this.keys = keys;
        this.draws = Checks.positive("draws", draws);
        this.dataName = dataName;
    }

    /** HRF Fig. 2 protocol: d = 64, r = 1, θ = kπ/8 (k = 1..7), 32 draws per run. */
    public static PointwiseTask hrfDefault() {
        return equalLength(64, 1.0, 7, 32);
    }

    /** Equal-length pairs of length r at θ = kπ/(angles + 1), k = 1..angles. */
    public static PointwiseTask equalLength(int d, double r, int angles, int draws) {
        Checks.positive("angles", angles);
        List<double[]> xs = new ArrayList<>();
        List<double[]> ys = new ArrayList<>();
        for (int k = 1; k <= angles; k++) {
            double[][] p = PointwiseStudy.equalLengthPair(d, r, k * Math.PI / (angles + 1));
            xs.add(p[0]);
            ys.add(p[1]);
        }
        PointwiseTask t = new PointwiseTask(Matrix.of(xs.toArray(double[][]::new)), Matrix.of(ys.toArray(double[][]::new)),
                draws, "synthetic: equal-length pairs in d = " + d + ", r = " + r + ", θ = kπ/" + (angles + 1)
                        + " for k = 1.." + angles + " (HRF Fig. 2 protocol)");
        t.equalLength = new double[] {d, r};
        return t;
    }

    @Override
    public List<Matrix> bandwidthRows() {
        return List.of(queries, keys);
    }

    @Override
    public String title() {
        return "Pointwise kernel estimation";
    }

    @Override
    public String description() {
        return "Normalised MSE E[(K̂ − K)²]/K², averaged over " + queries.rows() + " input pairs; " + draws
                + " independent draws per seed. Data: " + dataName + ". Theory: the estimators' closed-form MSE.";
    }

    @Override
    public int dimension() {
        return queries.cols();
    }

    @Override
    public double run(Estimator estimator, Kernel kernel, long seed) {
        int n = queries.rows();
        double[] exact = new double[n];
        for (int i = 0; i < n; i++) {
            exact[i] = kernel.value(queries.row(i), keys.row(i));
        }
        DataSample data = new DataSample(queries, keys);
        double acc = 0;
        for (int t = 0; t < draws; t++) {
            long s = Seeds.derive(seed, t);
            DrawnEstimator e = estimator.fitIfNeeded(kernel, data, s).draw(new EstimatorRequest(kernel, queries.cols(), s));
            Matrix a = e.features(Side.QUERY, queries, null);
            Matrix b = e.features(Side.KEY, keys, null);
            int f = a.cols();
            for (int i = 0; i < n; i++) {
                double dot = 0;
                for (int j = 0; j < f; j++) {
                    dot += a.data()[i * f + j] * b.data()[i * f + j];
                }
                double err = (dot - exact[i]) / exact[i];
                acc += err * err;
            }
        }
        return acc / ((double) draws * n);
    }

    /**
     * For equal-length pair sets, the HRF Fig. 2 view at the largest m: Monte Carlo MSE (±1 SE) and
     * the closed form against θ ∈ (0, π), and the mean relative error |K̂ − K|/K against θ; with
     * several mechanisms also the MSE ratio of each to the first against v = |x + y| (SimRF
     * Fig. 6, pairs from {@link PointwiseStudy#pairWithSum}, common draws). Each point uses
     * {@value #FIGURE_TRIALS} draws.
     */
    @Override
    public List<Figure> figures(Map<String, Estimator> atLargestM, Kernel kernel, long seed) {
        if (equalLength == null || atLargestM.isEmpty()) {
            return List.of();
        }
        int d = (int) equalLength[0];
        double r = equalLength[1];
        double[] thetas = new double[15];
        for (int k = 0; k < thetas.length; k++) {
            thetas[k] = (k + 1) * Math.PI / (thetas.length + 1);
        }
        List<Figure.Curve> mse = new ArrayList<>();
        List<Figure.Curve> rel = new ArrayList<>();
        int colour = 0;
        for (Map.Entry<String, Estimator> e : atLargestM.entrySet()) {
            List<PointwiseStudy.Point> pts = PointwiseStudy.versusAngle(e.getValue(), kernel, d, r, thetas, FIGURE_TRIALS,
                    Seeds.derive(seed, e.getKey()));
            double[] y = new double[thetas.length];
            double[] se = new double[thetas.length];
            double[] th = new double[thetas.length];
            double[] re = new double[thetas.length];
            for (int k = 0; k < thetas.length; k++) {
                PointwiseStudy.Point p = pts.get(k);
                y[k] = p.mse();
                se[k] = p.mseSe();
                th[k] = p.theory();
                re[k] = p.relativeError();
            }
            mse.add(new Figure.Curve(e.getKey(), thetas, y, se, false, colour));
            if (java.util.Arrays.stream(th).anyMatch(v -> !Double.isNaN(v))) {
                mse.add(new Figure.Curve(e.getKey() + " (theory)", thetas, th, null, true, colour));
            }
            rel.add(new Figure.Curve(e.getKey(), thetas, re, null, false, colour));
            colour++;
        }
        String where = "|x| = |y| = " + r + ", d = " + d + ", largest m";
        List<Figure> out = new ArrayList<>(List.of(
                new Figure("MSE vs angle θ (" + where + ")", "angle θ (radians)", "MSE", false, true, mse),
                new Figure("Mean relative error |K̂ − K|/K vs angle θ (" + where + ")", "angle θ (radians)",
                        "mean relative error", false, true, rel)));
        if (atLargestM.size() > 1) {
            out.add(ratioFigure(atLargestM, kernel, d, seed));
        }
        return out;
    }

    /** SimRF Fig. 6: MSE ratio of each mechanism to the first against v = |x + y|, MC and closed form. */
    private static Figure ratioFigure(Map<String, Estimator> atLargestM, Kernel kernel, int d, long seed) {
        double[] vs = TheoryCurves.grid(0.25, 3.0, 12);
        Map.Entry<String, Estimator> ref = atLargestM.entrySet().iterator().next();
        List<Figure.Curve> curves = new ArrayList<>();
        int colour = 0;
        for (Map.Entry<String, Estimator> e : atLargestM.entrySet()) {
            if (colour++ == 0) {
                continue;
            }
            List<PointwiseStudy.Point> pts = PointwiseStudy.ratioVersusV(e.getValue(), ref.getValue(), kernel, d, vs,
                    FIGURE_TRIALS, Seeds.derive(seed, "ratio"));
            double[] y = pts.stream().mapToDouble(PointwiseStudy.Point::mse).toArray();
            double[] se = pts.stream().mapToDouble(PointwiseStudy.Point::mseSe).toArray();
            double[] th = pts.stream().mapToDouble(PointwiseStudy.Point::theory).toArray();
            curves.add(new Figure.Curve(e.getKey(), vs, y, se, false, colour - 1));
            if (java.util.Arrays.stream(th).anyMatch(v -> !Double.isNaN(v))) {
                curves.add(new Figure.Curve(e.getKey() + " (theory)", vs, th, null, true, colour - 1));
            }
        }
        return new Figure("MSE ratio to " + ref.getKey() + " vs v = |x + y| (d = " + d + ", largest m; SimRF Fig. 6)",
                "v = |x + y|", "MSE / MSE(" + ref.getKey() + ")", false, true, curves);
    }

    @Override
    public OptionalDouble theory(Estimator estimator, Kernel kernel) {
        Estimator fitted = estimator.fitIfNeeded(kernel, new DataSample(queries, keys), 0);
        double acc = 0;
        for (int i = 0; i < queries.rows(); i++) {
            double[] x = queries.row(i);
            double[] y = keys.row(i);
            OptionalDouble mse = fitted.theoryMse(kernel, x, y);
            if (mse.isEmpty()) {
                return OptionalDouble.empty();
            }
            double k = kernel.value(x, y);
            acc += mse.getAsDouble() / (k * k);
        }
        return OptionalDouble.of(acc / queries.rows());
    }
}
