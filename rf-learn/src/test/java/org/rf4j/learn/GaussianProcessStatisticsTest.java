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

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.rf4j.RandomFeatures;
import org.rf4j.api.DimensionMismatchException;
import org.rf4j.api.InvalidInputException;
import org.rf4j.api.Matrix;
import org.rf4j.api.linalg.LinearAlgebra;

/**
 * The Gaussian process from sufficient statistics (ΦᵀΦ, Φᵀy, yᵀy, n and the standardisation), the
 * entry a distributed fit uses, against the in-memory fit.
 */
class GaussianProcessStatisticsTest {

    private static Matrix rows(long seed, int n) {
        SplittableRandom rnd = new SplittableRandom(seed);
        Matrix x = Matrix.zeros(n, 2);
        for (int i = 0; i < n; i++) {
            x.set(i, 0, -2 + 4 * rnd.nextDouble());
            x.set(i, 1, 5 + 3 * rnd.nextDouble());
        }
        return x;
    }

    private static double[] targets(Matrix x, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        double[] y = new double[x.rows()];
        for (int i = 0; i < y.length; i++) {
            y[i] = 20 + 3 * Math.sin(2 * x.get(i, 0)) + x.get(i, 1) + 0.3 * rnd.nextGaussian();
        }
        return y;
    }

    /** Statistics computed in memory are the in-memory fit's own intermediate: the same model, bit for bit. */
    @Test
    void statisticsOfTheRowsGiveTheInMemoryModelBitForBit() {
        Matrix x = rows(3, 90);
        double[] y = targets(x, 4);
        Matrix phi = RandomFeatures.gaussian(0.8).features("trigonometric").m(40).seed(5).fit(2).transform(x);
        for (GaussianProcess.Options o : new GaussianProcess.Options[] {GaussianProcess.Options.defaults(),
                GaussianProcess.Options.fixed(2.0, 0.1)}) {
            GaussianProcess memory = GaussianProcess.fit(phi, y, o);
            GaussianProcess stats = GaussianProcess.fit(GaussianProcess.statistics(phi, y, o.normalizeTarget()), o);
            assertThat(stats.toJson()).isEqualTo(memory.toJson());
        }
    }

    /**
     * Statistics summed over blocks of rows (as a distributed fit sums them) give the in-memory
     * model up to the rounding of the different summation order. With fixed s² and τ²:
     * predictions and likelihood to 1e-10 relative (the sums differ in the last bits; the
     * posterior amplifies that by at most the condition number of ΦᵀΦ + λ'I, about 1e3 here).
     * With s² and τ² by the likelihood: the likelihood to 1e-9, the predictions to 1e-6, since the
     * maximiser of a flat optimum moves by about the square root of a perturbation of the function
     * (measured 4.5e-8 on the predictive variance).
     */
    @Test
    void blockSumsGiveTheInMemoryModelUpToRounding() {
        Matrix x = rows(7, 120);
        double[] y = targets(x, 8);
        Matrix phi = RandomFeatures.gaussian(0.8).features("trigonometric").m(48).seed(5).fit(2).transform(x);
        check(x, y, phi, GaussianProcess.Options.defaults().withVariances(2.0, 0.1), 1e-10, 1e-10);
        check(x, y, phi, GaussianProcess.Options.defaults(), 1e-9, 1e-6);
    }

    private static void check(Matrix x, double[] y, Matrix phi, GaussianProcess.Options o, double lmlTol, double tol) {
        GaussianProcess memory = GaussianProcess.fit(phi, y, o);
        GaussianProcess.Statistics all = GaussianProcess.statistics(phi, y, true);
        int m = phi.cols();
        Matrix g = Matrix.zeros(m, m);
        double[] b = new double[m];
        double yy = 0;
        for (int start = 0; start < x.rows(); start += 50) {
            int end = Math.min(start + 50, x.rows());
            Matrix block = phi.rowRange(start, end);
            double[] t = new double[end - start];
            for (int i = start; i < end; i++) {
                t[i - start] = (y[i] - all.targetMean()) / all.targetScale();
                yy += t[i - start] * t[i - start];
            }
            Matrix gk = LinearAlgebra.transposeMultiply(block, block, null);
            double[] bk = LinearAlgebra.transposeMultiply(block, t, new double[m]);
            for (int i = 0; i < m * m; i++) {
                g.data()[i] += gk.data()[i];
            }
            for (int i = 0; i < m; i++) {
                b[i] += bk[i];
            }
        }
        GaussianProcess blocks = GaussianProcess.fit(
                new GaussianProcess.Statistics(x.rows(), g, b, yy, all.targetMean(), all.targetScale()), o);
        assertThat(blocks.logMarginalLikelihood()).isCloseTo(memory.logMarginalLikelihood(),
                within(lmlTol * Math.abs(memory.logMarginalLikelihood())));
        GaussianProcess.Prediction p = memory.predict(phi.rowRange(0, 10));
        GaussianProcess.Prediction q = blocks.predict(phi.rowRange(0, 10));
        for (int i = 0; i < 10; i++) {
            assertThat(q.mean()[i]).isCloseTo(p.mean()[i], within(tol * Math.abs(p.mean()[i])));
            assertThat(q.predictiveVariance()[i]).isCloseTo(p.predictiveVariance()[i],
                    within(tol * p.predictiveVariance()[i]));
        }
    }

    /**
     * The distributed entry, with a pass that computes the statistics of all rows from the feature
     * spec it is handed (the map redrawn from its fitted config, the rows standardised by it), is
     * the in-memory fit bit for bit: the same search path, scale, posterior and model file.
     */
    @Test
    void aPassOverTheRowsGivesTheInMemoryFitBitForBit() {
        Matrix x = rows(11, 100);
        double[] y = targets(x, 12);
        RandomFeatures f = RandomFeatures.gaussian(1.0).features("trigonometric").m(32).seed(9);
        GaussianProcess.Options o = GaussianProcess.Options.defaults();
        GaussianProcess memory = GaussianProcess.fit(f, x, y, o);
        int[] passes = {0};
        GaussianProcess distributed = GaussianProcess.fit(f, x, Standardizer.fit(x), spec -> {
            passes[0]++;
            return GaussianProcess.statistics(spec.features(x), y, true);
        }, o);
        assertThat(distributed.toJson()).isEqualTo(memory.toJson());
        assertThat(passes[0]).isEqualTo(memory.path().size() + 1);

        int[] fixed = {0};
        GaussianProcess.fit(f, x, Standardizer.fit(x), spec -> {
            fixed[0]++;
            return GaussianProcess.statistics(spec.features(x), y, true);
        }, o.withLengthScale(0.7));
        assertThat(fixed[0]).isEqualTo(1);
    }

    @Test
    void refusesStatisticsThatCannotBeAFit() {
        Matrix g = Matrix.of(new double[][] {{2, 0}, {0, 1}});
        double[] b = {1, 1};
        assertThatThrownBy(() -> new GaussianProcess.Statistics(1, g, b, 1, 0, 1))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("at least 2");
        assertThatThrownBy(() -> new GaussianProcess.Statistics(5, g, new double[3], 1, 0, 1))
                .isInstanceOf(DimensionMismatchException.class).hasMessageContaining("Φᵀy has 3");
        assertThatThrownBy(() -> new GaussianProcess.Statistics(5, g, new double[] {1, Double.NaN}, 1, 0, 1))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("Φᵀy[1] is NaN");
        assertThatThrownBy(() -> new GaussianProcess.Statistics(5, g, b, -1, 0, 1))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("yᵀy is -1.0");
        assertThatThrownBy(() -> new GaussianProcess.Statistics(5, g, b, 1, 0, 0))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("standardisation");
        assertThatThrownBy(() -> new GaussianProcess.Statistics(5, Matrix.of(new double[][] {{1, Double.POSITIVE_INFINITY},
                {0, 1}}), b, 1, 0, 1)).isInstanceOf(InvalidInputException.class);
    }
}
