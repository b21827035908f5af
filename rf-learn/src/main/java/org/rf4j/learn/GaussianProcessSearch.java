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
import org.rf4j.RandomFeatures;
import org.rf4j.api.Matrix;
import org.rf4j.api.linalg.GoldenSection;
import org.rf4j.api.linalg.GramSpectrum;
import org.rf4j.learn.GaussianProcess.Options;
import org.rf4j.learn.GaussianProcess.Statistics;
import org.rf4j.learn.GaussianProcess.Step;

/**
 * The hyperparameter search of {@link GaussianProcess}: the length scale by the marginal
 * likelihood over a grid and golden-section refinement (the projections held fixed, only
 * rescaled), and at each scale the signal and noise variances, profiled (the noise in closed form,
 * the ratio λ' = τ²/s² by a one-dimensional search) unless fixed. Each candidate needs only the
 * Gram matrix's eigenvalues and β = QᵀΦᵀt; the posterior at the chosen scale is
 * {@link GaussianProcess#fit(GaussianProcess.Statistics, GaussianProcess.Options)}.
 */
final class GaussianProcessSearch {
    private static final int GRID = 151;
    private static final double LOG_LO = Math.log(1e-9);
    private static final double LOG_HI = Math.log(1e6);

    private GaussianProcessSearch() {
    }

    /**
     * The length-scale search shared by the in-memory and the distributed fit: the rows xs are
     * standardised already; {@code pass} gives the statistics of all rows under a fitted map.
     * Each candidate scale needs only the eigenvalues and β (the likelihood's O(M) form), not
     * the eigenvectors; the chosen scale gets the full posterior.
     */
    static GaussianProcess search(RandomFeatures features, Matrix xs, Standardizer std,
            java.util.function.Function<FeatureMaps.DrawnMap, Statistics> pass, Options options) {
        RandomFeatures f = FeatureMaps.withFittedBandwidths(features, xs);
        double configSigma = FeatureMaps.sigma(f);
        List<Step> path = new ArrayList<>();
        double sigma;
        if (Double.isNaN(configSigma)) {
            sigma = Double.NaN;
        } else if (options.lengthScale() != null) {
            sigma = options.lengthScale();
        } else {
            double c = Bandwidths.medianDistance(xs);
            double lo = Math.log(c / 8);
            double hi = Math.log(c * 8);
            sigma = Math.exp(maximise(t -> {
                double scale = Math.exp(t);
                Step step = score(scale, pass.apply(FeatureMaps.fit(f, scale, xs)), options);
                path.add(step);
                return step.logMarginalLikelihood();
            }, lo, hi, 13, 12));
        }
        FeatureMaps.DrawnMap map = FeatureMaps.fit(f, sigma, xs);
        GaussianProcess gp = GaussianProcess.fit(pass.apply(map), options);
        return new GaussianProcess(gp, map, std, sigma, path);
    }

    /** The best s², τ² and likelihood at one length scale, from the spectrum and β alone. */
    private static Step score(double lengthScale, Statistics s, Options options) {
        GramSpectrum.Projected p = GramSpectrum.projected(s.gram(), s.phiTy());
        double[] e = nonNegative(p.values());
        Hyper h = hyper(e, p.beta(), s, options);
        double scale2 = s.targetScale() * s.targetScale();
        return new Step(lengthScale, scale2 * h.noise / h.ratio, scale2 * h.noise,
                logMarginal(e, p.beta(), s.yy(), s.rows(), h.noise, h.ratio) - s.rows() * Math.log(s.targetScale()));
    }

    /** τ² (standardised units) and λ' = τ²/s². */
    record Hyper(double noise, double ratio) {
    }

    /** τ² (standardised units) and λ' = τ²/s²: the options' fixed values, or the profiled likelihood's best. */
    static Hyper hyper(double[] e, double[] beta, Statistics s, Options options) {
        if (options.signalVariance() != null) {
            return new Hyper(options.noiseVariance() / (s.targetScale() * s.targetScale()),
                    options.noiseVariance() / options.signalVariance());
        }
        double ratio = bestRatio(e, beta, s.yy(), s.rows());
        return new Hyper(profiledNoise(e, beta, s.yy(), s.rows(), ratio), ratio);
    }

    static double[] nonNegative(double[] values) {
        double[] e = values.clone();
        for (int i = 0; i < e.length; i++) {
            e[i] = Math.max(e[i], 0); // rounding can leave −1e-16·‖G‖ on a null direction
        }
        return e;
    }

    /**
     * argmax of g over [lo, hi]: the best of {@code grid} evenly spaced points, then {@code steps}
     * golden-section steps between its neighbours; returns the better of the refined point and the
     * grid's best, so the result never scores below the grid.
     */
    static double maximise(java.util.function.DoubleUnaryOperator g, double lo, double hi, int grid, int steps) {
        double step = (hi - lo) / (grid - 1);
        int best = 0;
        double bestValue = Double.NEGATIVE_INFINITY;
        for (int k = 0; k < grid; k++) {
            double v = g.applyAsDouble(lo + k * step);
            if (v > bestValue) {
                bestValue = v;
                best = k;
            }
        }
        GoldenSection.Maximum refined = GoldenSection.maximise(g, lo + Math.max(best - 1, 0) * step,
                lo + Math.min(best + 1, grid - 1) * step, steps);
        return refined.value() >= bestValue ? refined.x() : lo + best * step;
    }

    /** log p(t) for standardised targets t with yy = tᵀt, β = QᵀΦᵀt. */
    static double logMarginal(double[] e, double[] beta, double yy, int n, double noise, double ratio) {
        double fit = yy;
        double logDet = n * Math.log(noise) - e.length * Math.log(ratio);
        for (int i = 0; i < e.length; i++) {
            fit -= beta[i] * beta[i] / (e[i] + ratio);
            logDet += Math.log(e[i] + ratio);
        }
        return -0.5 * (fit / noise + logDet + n * Math.log(2 * Math.PI));
    }

    private static double profiledNoise(double[] e, double[] beta, double yy, int n, double ratio) {
        double fit = yy;
        for (int i = 0; i < e.length; i++) {
            fit -= beta[i] * beta[i] / (e[i] + ratio);
        }
        return Math.max(fit, Double.MIN_NORMAL) / n;
    }

    private static double profiled(double[] e, double[] beta, double yy, int n, double logRatio) {
        double ratio = Math.exp(logRatio);
        return logMarginal(e, beta, yy, n, profiledNoise(e, beta, yy, n, ratio), ratio);
    }

    /** argmax over log λ' of the profiled likelihood. */
    private static double bestRatio(double[] e, double[] beta, double yy, int n) {
        return Math.exp(maximise(t -> profiled(e, beta, yy, n, t), LOG_LO, LOG_HI, GRID, 60));
    }
}
