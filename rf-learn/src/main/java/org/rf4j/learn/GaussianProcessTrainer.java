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
package org.rf4j.learn;

import java.util.ArrayList;
import java.util.List;
import org.apiguardian.api.API;
import org.rf4j.RandomFeatures;
import org.rf4j.api.DimensionMismatchException;
import org.rf4j.api.InvalidInputException;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Matrix;

/**
 * Trains a {@link GaussianProcess} on named columns, as {@code rf4j fit --task gp} does: the length
 * scale, s² and τ² by the log marginal likelihood ({@link GaussianProcess#fit(RandomFeatures, Matrix,
 * double[], GaussianProcess.Options)}), or the length scale by cross-validation over a σ grid with s²
 * and τ² by the likelihood at each scale. Cross-validation uses ridge's machinery
 * ({@link RidgeTrainer.Options}: k-fold on the seeded permutation, a predefined partition or hold-out,
 * the σ grid around the median distance of the standardised rows) and scores a scale by the mean
 * held-out NLPD (negative log predictive density), lower being better; each fold's GP is fitted with
 * the full protocol (standardised on that fold's training rows) at the fixed scale.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class GaussianProcessTrainer {
    /** Φ⁻¹(0.975): the half-width of the central 95% interval in standard deviations. */
    public static final double Z95 = 1.959963984540054;

    private GaussianProcessTrainer() {
    }

    /** One length scale's cross-validated score: the mean held-out NLPD over the folds. */
    public record GridPoint(double lengthScale, double nlpd) {
    }

    /**
     * The trained model and how it was chosen.
     *
     * @param grid         every length scale's cross-validated NLPD (empty for the likelihood search)
     * @param cvNlpd       the chosen scale's cross-validated NLPD (NaN for the likelihood search)
     * @param trainSeconds wall-clock seconds of the whole training
     */
    public record Result(GaussianProcess model, List<GridPoint> grid, double cvNlpd, double trainSeconds) {
        public Result {
            grid = List.copyOf(grid);
        }
    }

    /**
     * Calibration and accuracy of predictions against targets.
     *
     * @param coverage the fraction of targets inside the central 95% predictive interval
     * @param rmse     root mean squared error of the predictive mean
     * @param nlpd     mean negative log predictive density, −(1/n)Σ log N(yᵢ; μᵢ, vᵢ) with the
     *                 predictive variance vᵢ (latent plus noise)
     */
    public record Evaluation(double coverage, double rmse, double nlpd) {
        /** The evaluation of a prediction against targets y. */
        public static Evaluation of(GaussianProcess.Prediction p, double[] y) {
            return of(p, y, Z95);
        }

        /** As {@link #of(GaussianProcess.Prediction, double[])}, the interval ±z standard deviations. */
        public static Evaluation of(GaussianProcess.Prediction p, double[] y, double z) {
            double[] mu = p.mean();
            double[] v = p.predictiveVariance();
            if (mu.length != y.length) {
                throw new DimensionMismatchException(mu.length + " predictions for " + y.length + " targets");
            }
            if (y.length == 0) {
                throw new InvalidInputException("no targets to evaluate predictions against");
            }
            int inside = 0;
            double nlpd = 0;
            for (int i = 0; i < y.length; i++) {
                double r = y[i] - mu[i];
                if (Math.abs(r) <= z * Math.sqrt(v[i])) {
                    inside++;
                }
                nlpd += 0.5 * (Math.log(2 * Math.PI * v[i]) + r * r / v[i]);
            }
            return new Evaluation((double) inside / y.length, RidgeTrainer.rmse(mu, y), nlpd / y.length);
        }
    }

    /**
     * Trains on rows x (caller's coordinates) with targets y.
     *
     * @param columns the names of x's columns, saved with the model
     * @param label   the target column's name, or null
     * @param gp      the GP's options (what is fixed, standardisation of columns and target)
     * @param cv      null for the likelihood search; else the cross-validation over the length scale
     *                (folds or hold-out, seed, σ grid; its λ grid is not used)
     */
    public static Result train(RandomFeatures features, Matrix x, List<String> columns, String label, double[] y,
            GaussianProcess.Options gp, RidgeTrainer.Options cv) {
        long t0 = System.nanoTime();
        if (features == null || x == null || y == null || gp == null) {
            throw new InvalidInputException((features == null ? "features" : x == null ? "x" : y == null ? "y" : "options")
                    + " is null");
        }
        x.requireNonEmpty("Gaussian process rows").requireFinite("Gaussian process rows");
        if (gp.standardize()) {
            FeatureMaps.requireStandardizable(features);
        }
        if (columns.size() != x.cols()) {
            throw new DimensionMismatchException(columns.size() + " column names for " + x.cols() + " columns");
        }
        if (x.rows() != y.length) {
            throw new DimensionMismatchException("Gaussian process: " + x.rows() + " rows but " + y.length + " targets");
        }
        if (x.rows() < 2) {
            throw new InvalidInputException("Gaussian process: " + x.rows() + " training row(s); at least 2 are needed");
        }
        List<GridPoint> grid = new ArrayList<>();
        double cvNlpd = Double.NaN;
        GaussianProcess.Options options = gp;
        if (cv != null && cv.searches()) {
            if (gp.lengthScale() != null) {
                throw new InvalidParameterException("lengthScale", gp.lengthScale(),
                        "none with cross-validation (the length scale is what it chooses)");
            }
            Matrix xs = gp.standardize() ? Standardizer.fit(x).apply(x) : x;
            double configSigma = FeatureMaps.sigma(FeatureMaps.withFittedBandwidths(features, xs));
            if (Double.isNaN(configSigma)) {
                throw new InvalidParameterException("cv", cv.folds() >= 2 ? cv.folds() : cv.holdout(),
                        "a kernel with a length scale to cross-validate; this kernel has none (use the marginal likelihood)");
            }
            int[][] folds = RidgeTrainer.folds(x.rows(), cv);
            double best = Double.POSITIVE_INFINITY;
            double bestSigma = Double.NaN;
            for (double sigma : RidgeTrainer.sigmaGrid(cv, configSigma, xs)) {
                double sum = 0;
                for (int[] validation : folds) {
                    int[] train = RidgeTrainer.complement(x.rows(), validation);
                    GaussianProcess f = GaussianProcess.fit(features, RidgeTrainer.rows(x, train), pick(y, train),
                            gp.withLengthScale(sigma));
                    sum += Evaluation.of(f.predict(RidgeTrainer.rows(x, validation)), pick(y, validation)).nlpd();
                }
                double score = sum / folds.length;
                grid.add(new GridPoint(sigma, score));
                // <=: ties go to the later (larger) σ, as ridge's search does
                if (score <= best) {
                    best = score;
                    bestSigma = sigma;
                }
            }
            cvNlpd = best;
            options = gp.withLengthScale(bestSigma);
        }
        GaussianProcess model = GaussianProcess.fit(features, x, y, options).withColumns(columns, label);
        return new Result(model, grid, cvNlpd, (System.nanoTime() - t0) * 1e-9);
    }

    private static double[] pick(double[] y, int[] which) {
        double[] out = new double[which.length];
        for (int i = 0; i < which.length; i++) {
            out[i] = y[which[i]];
        }
        return out;
    }
}
