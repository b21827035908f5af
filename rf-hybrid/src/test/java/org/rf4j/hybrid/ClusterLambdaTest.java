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
package org.rf4j.hybrid;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rf4j.api.DimensionMismatchException;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Matrix;
import org.rf4j.api.Spec;
import org.rf4j.api.mechanism.DataSample;
import org.rf4j.api.mechanism.DrawnLambda;
import org.rf4j.api.mechanism.LambdaEstimator;
import org.rf4j.api.mechanism.LambdaRequest;
import org.rf4j.api.mechanism.Side;
import org.rf4j.api.random.Seeds;
import org.rf4j.spi.MechanismKind;

/**
 * The cluster-indicator λ (HRF Def. H.2) is exactly {@code 1[x ∈ Xᵢ]·1[y ∈ Yⱼ]} by nearest centre
 * (ties: lowest index), its one-feature linear form reproduces it on every draw, E[λ̂²] = λ, and its
 * parameters are checked with the offending key named.
 */
class ClusterLambdaTest {
    /** Query centres (0, 0), (4, 0), (0, 4); key centres (1, 1), (−3, 2). */
    private static final Matrix Q = Matrix.of(new double[][] {{0, 0}, {4, 0}, {0, 4}});
    private static final Matrix K = Matrix.of(new double[][] {{1, 1}, {-3, 2}});

    @Test
    void indicatorOfTheNearestCentresOnEveryDraw() {
        double[][] xs = {{0.5, 0.2}, {3.0, 0.5}, {0.2, 3.5}, {2.0, 0.0}, {-1, -1}};   // {2, 0}: tie of centres 0 and 1
        int[] xCluster = {0, 1, 2, 0, 0};
        double[][] ys = {{1, 1.2}, {-2.5, 2}, {-1, 1.5}};                                 // {−1, 1.5}: tie → 0
        int[] yCluster = {0, 1, 0};
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 2; j++) {
                LambdaEstimator l = new ClusterLambda(Q, K, i, j);
                DrawnLambda f = l.draw(new LambdaRequest(2, Seeds.generator(1)));
                assertThat(f.outputDimension()).isEqualTo(1);
                for (int a = 0; a < xs.length; a++) {
                    for (int b = 0; b < ys.length; b++) {
                        double expected = xCluster[a] == i && yCluster[b] == j ? 1.0 : 0.0;
                        assertThat(l.value(xs[a], ys[b])).as("λ^{%d,%d} at x%d y%d", i, j, a, b).isEqualTo(expected);
                        assertThat(l.secondMoment(xs[a], ys[b]).orElseThrow()).isEqualTo(expected);
                        double est = f.constant() + f.map(Side.QUERY, xs[a])[0] * f.map(Side.KEY, ys[b])[0];
                        assertThat(est).isEqualTo(expected);
                    }
                }
                // a batch maps row by row
                Matrix batch = Matrix.of(xs);
                double[] col = f.map(Side.QUERY, batch, null).data();
                for (int a = 0; a < xs.length; a++) {
                    assertThat(col[a]).isEqualTo(xCluster[a] == i ? 1.0 : 0.0);
                }
            }
        }
    }

    @Test
    void badCentresAndIndicesAreRejectedNamingTheKey() {
        assertThatThrownBy(() -> new ClusterLambda(Q, K, 3, 0)).isInstanceOf(InvalidParameterException.class)
                .hasMessageContaining("queryCluster").hasMessageContaining("[0, 2]");
        assertThatThrownBy(() -> new ClusterLambda(Q, K, -1, 0)).isInstanceOf(InvalidParameterException.class)
                .hasMessageContaining("queryCluster");
        assertThatThrownBy(() -> new ClusterLambda(Q, K, 0, 2)).isInstanceOf(InvalidParameterException.class)
                .hasMessageContaining("keyCluster").hasMessageContaining("[0, 1]");
        assertThatThrownBy(() -> new ClusterLambda(Q, K, 0, -1)).isInstanceOf(InvalidParameterException.class)
                .hasMessageContaining("keyCluster");
        assertThat(new ClusterLambda(Q, K, 2, 1).value(new double[] {0, 4}, new double[] {-3, 2})).isEqualTo(1.0);
        assertThatThrownBy(() -> new ClusterLambda(Q, K, 0, 0).value(new double[] {0, 0, 0}, new double[] {0, 0, 0}))
                .isInstanceOf(DimensionMismatchException.class);
        assertThatThrownBy(() -> lambda("queryCentres", List.of(1.0, 0.0, 2.0), "keyCentres", List.of(0.5, 0.5),
                "dimension", 2L)).isInstanceOf(InvalidParameterException.class).hasMessageContaining("lambda.queryCentres");
        assertThatThrownBy(() -> lambda("queryCentres", List.of(1.0, 0.0), "keyCentres", List.of(0.5, 0.5, 1.0),
                "dimension", 0L)).isInstanceOf(DimensionMismatchException.class);
        assertThatThrownBy(() -> lambda("keyCentres", List.of(0.5, 0.5)))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("lambda.queryCentres");
        assertThatThrownBy(() -> lambda("queryCentres", List.of(1.0), "queryCentresFile", "q.csv", "keyCentres", List.of(0.5)))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("lambda.queryCentres");
        // dimension 0: one centre per list
        LambdaEstimator one = lambda("queryCentres", List.of(1.0, 0.0), "keyCentres", List.of(0.5, 0.5), "dimension", 0L);
        assertThat(one.value(new double[] {7, 7}, new double[] {-7, 7})).isEqualTo(1.0);
    }

    private static LambdaEstimator lambda(Object... kv) {
        return Fixtures.REGISTRY.create(MechanismKind.LAMBDA_ESTIMATOR, "lambda", Spec.of("cluster", kv));
    }
}
