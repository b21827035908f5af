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

import org.junit.jupiter.api.Test;
import org.rf4j.api.Matrix;
import org.rf4j.api.mechanism.DataSample;
import org.rf4j.api.mechanism.LambdaEstimator;
import org.rf4j.api.mechanism.DrawnLambda;
import org.rf4j.api.mechanism.LambdaRequest;
import org.rf4j.api.mechanism.Side;
import org.rf4j.api.random.Seeds;
import org.rf4j.spi.LambdaEstimatorProvider;
import org.apiguardian.api.API;

/**
 * Contract for λ-coefficient estimators: {@code a + ρ₁(x)ᵀρ₂(y)} is unbiased for λ(x, y), the two
 * sides have matching dimensions, 0-row batches work, and draws are deterministic for a seed.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public abstract class LambdaEstimatorContract extends ProviderContract<LambdaEstimator, LambdaEstimatorProvider> {

    protected int dimension() {
        return 6;
    }

    protected int trials() {
        return 3000;
    }

    protected LambdaEstimator lambda() {
        return create();
    }

    private DrawnLambda draw(DataSample data, long seed) {
        return lambda().draw(new LambdaRequest(dimension(), Seeds.generator(seed)));
    }

    @Test
    void isUnbiasedForItsCoefficient() {
        double[][] p = Points.pair(dimension(), 0.8, 23);
        DataSample data = DataSample.pair(p[0], p[1]);
        double exact = lambda().value(p[0], p[1]);
        double[] est = new double[trials()];
        for (int t = 0; t < est.length; t++) {
            DrawnLambda f = draw(data, Seeds.derive(31, t));
            est[t] = f.constant() + Points.dot(f.map(Side.QUERY, p[0]), f.map(Side.KEY, p[1]));
        }
        MonteCarlo.Summary s = MonteCarlo.summarize(est);
        double scale = Math.max(Math.abs(exact), 0.1);
        assertThat(Math.abs(s.mean() - exact)).as("λ̂ mean %s vs λ %s (SE %s)", s.mean(), exact, s.standardError())
                .isLessThanOrEqualTo(MonteCarlo.Z * s.standardError() + 1e-12);
        assertThat(MonteCarlo.Z * s.standardError()).as("the check must have power").isLessThanOrEqualTo(0.05 * scale);
    }

    @Test
    void hasMatchingSidesAndHandlesEmptyBatches() {
        double[][] p = Points.pair(dimension(), 0.8, 24);
        DrawnLambda f = draw(DataSample.pair(p[0], p[1]), 3);
        assertThat(f.inputDimension()).isEqualTo(dimension());
        assertThat(f.map(Side.QUERY, p[0])).hasSize(f.outputDimension());
        assertThat(f.map(Side.KEY, p[1])).hasSize(f.outputDimension());
        assertThat(f.map(Side.QUERY, Matrix.zeros(0, dimension()), null).rows()).isZero();
    }

    @Test
    void isDeterministicForASeed() {
        double[][] p = Points.pair(dimension(), 0.8, 25);
        DataSample data = DataSample.pair(p[0], p[1]);
        assertThat(draw(data, 9).map(Side.QUERY, p[0])).isEqualTo(draw(data, 9).map(Side.QUERY, p[0]));
    }
}
