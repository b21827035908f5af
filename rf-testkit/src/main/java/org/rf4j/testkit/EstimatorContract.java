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
package org.rf4j.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.OptionalDouble;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import org.rf4j.api.DimensionMismatchException;
import org.rf4j.api.InvalidInputException;
import org.rf4j.api.Matrix;
import org.rf4j.api.kernel.Kernel;
import org.rf4j.api.mechanism.DataSample;
import org.rf4j.api.mechanism.Estimator;
import org.rf4j.api.mechanism.EstimatorRequest;
import org.rf4j.api.mechanism.DrawnEstimator;
import org.rf4j.api.random.Seeds;
import org.rf4j.spi.EstimatorProvider;
import org.apiguardian.api.API;

/**
 * Contract for estimators: unbiased for the Gaussian and softmax kernels, empirical MSE matching
 * {@link Estimator#theoryMse} where present, determinism for a seed, Gram and K̂·c consistent with
 * the pointwise estimate, and bad input (NaN, wrong dimension) rejected.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public abstract class EstimatorContract extends ProviderContract<Estimator, EstimatorProvider> {

    protected int dimension() {
        return 6;
    }

    protected double inputNorm() {
        return 0.5;
    }

    protected int trials() {
        return 20000;
    }

    /** The kernels checked (default: Gaussian σ = 1.3 and softmax). */
    protected Kernel[] kernels() {
        return new Kernel[] {Kernel.gaussian(1.3), Kernel.softmax()};
    }

    protected Estimator estimator() {
        return create();
    }

    /** Fits to the data (when the estimator is data-driven, with the draw's seed), then draws. */
    private DrawnEstimator draw(Kernel k, DataSample data, long seed) {
        return estimator().fitIfNeeded(k, data, seed).draw(new EstimatorRequest(k, dimension(), seed));
    }

    @Test
    void isUnbiasedAndMatchesItsClosedForm() {
        double[][] p = Points.pair(dimension(), inputNorm(), 17);
        DataSample data = DataSample.pair(p[0], p[1]);
        Estimator e = estimator();
        for (Kernel k : kernels()) {
            double exact = k.value(p[0], p[1]);
            double[] est = new double[trials()];
            for (int t = 0; t < est.length; t++) {
                est[t] = draw(k, data, Seeds.derive(77, t)).estimate(p[0], p[1]);
            }
            MonteCarlo.summarize(est).assertMeanMatches(exact, 0.015, e.spec().id() + " " + k.spec());
            OptionalDouble theory = e.fitIfNeeded(k, data, 0).theoryMse(k, p[0], p[1]);
            if (theory.isPresent()) {
                MonteCarlo.assertMseMatches(est, exact, theory.getAsDouble(), 0.15, e.spec().id() + " " + k.spec());
            }
        }
    }

    @Test
    void isDeterministicAndConsistentAcrossGramAndApply() {
        double[][] p = Points.pair(dimension(), inputNorm(), 18);
        DataSample data = DataSample.pair(p[0], p[1]);
        Kernel k = kernels()[0];
        Matrix xs = Points.cloud(p[0], 4, 0.05, 1);
        Matrix ys = Points.cloud(p[1], 3, 0.05, 2);
        DrawnEstimator a = draw(k, data, 5);
        DrawnEstimator b = draw(k, data, 5);
        Matrix g = a.gram(xs, ys);
        assertThat(g).as("same seed, bit-identical Gram").isEqualTo(b.gram(xs, ys));
        assertThat(g.rows()).isEqualTo(4);
        assertThat(g.cols()).isEqualTo(3);
        for (int i = 0; i < 4; i++) {
            for (int j = 0; j < 3; j++) {
                double e = a.estimate(xs.row(i), ys.row(j));
                assertThat(g.get(i, j)).isCloseTo(e, Offset.offset(1e-9 * (1 + Math.abs(e))));
            }
        }
        double[] c = {0.5, -1.0, 2.0};
        double[] kc = a.apply(xs, ys, c);
        for (int i = 0; i < 4; i++) {
            double expected = g.get(i, 0) * c[0] + g.get(i, 1) * c[1] + g.get(i, 2) * c[2];
            assertThat(kc[i]).isCloseTo(expected, Offset.offset(1e-9 * (1 + Math.abs(expected))));
        }
    }

    @Test
    void rejectsBadInput() {
        double[][] p = Points.pair(dimension(), inputNorm(), 19);
        DrawnEstimator a = draw(kernels()[0], DataSample.pair(p[0], p[1]), 5);
        double[] bad = p[0].clone();
        bad[1] = Double.NaN;
        assertThatThrownBy(() -> a.estimate(bad, p[1])).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("NaN");
        assertThatThrownBy(() -> a.estimate(new double[dimension() + 1], p[1]))
                .isInstanceOf(DimensionMismatchException.class);
        assertThatThrownBy(() -> a.gram(Matrix.zeros(2, dimension() + 1), Matrix.zeros(2, dimension())))
                .isInstanceOf(DimensionMismatchException.class);
    }
}
