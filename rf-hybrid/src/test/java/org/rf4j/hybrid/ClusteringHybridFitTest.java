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
import org.rf4j.api.kernel.SoftmaxKernel;
import org.rf4j.api.mechanism.DataSample;
import org.rf4j.api.mechanism.Estimator;
import org.rf4j.api.mechanism.FitData;
import org.rf4j.api.mechanism.LambdaEstimator;

/**
 * The clustering hybrid's fit stage with precomputed centres (centre files) and its pair selection:
 * cluster sizes are counted on the data (each row to its nearest centre), the {@code pairs} most
 * massive pairs |Xᵢ|·|Yⱼ| get their own base, the projection budget follows, and a fitted estimator
 * is not fitted again.
 */
class ClusteringHybridFitTest {
    /** Query centres (0, 0), (10, 0); key centres (0, 5), (10, 5). */
    private static final Matrix QC = Matrix.of(new double[][] {{0, 0}, {10, 0}});
    private static final Matrix KC = Matrix.of(new double[][] {{0, 5}, {10, 5}});

    /** n0 rows near c0 and n1 rows near c1 (offsets ≤ 0.5). */
    private static Matrix around(Matrix c, int n0, int n1) {
        double[][] rows = new double[n0 + n1][];
        for (int i = 0; i < rows.length; i++) {
            int which = i < n0 ? 0 : 1;
            rows[i] = new double[] {c.get(which, 0) + 0.1 * (i % 5), c.get(which, 1) - 0.1 * (i % 3)};
        }
        return Matrix.of(rows);
    }

    private static Spec spec(Object... extra) {
        Object[] base = {"m", 3L, "queryCentresFile", "fit-qc.csv", "keyCentresFile", "fit-kc.csv"};
        Object[] all = new Object[base.length + extra.length];
        System.arraycopy(base, 0, all, 0, base.length);
        System.arraycopy(extra, 0, all, base.length, extra.length);
        return Spec.of("clustering-hybrid", all);
    }

    private static ClusteringHybridEstimator fitted(Spec spec, DataSample data) {
        Fixtures.FILES.put("fit-qc.csv", QC);
        Fixtures.FILES.put("fit-kc.csv", KC);
        return (ClusteringHybridEstimator) Fixtures.fitted(spec, SoftmaxKernel.INSTANCE, data, 3);
    }

    /** The (i, j) of each cluster λ of the Eq. 8 hybrid the fitted estimator builds, in order. */
    private static List<List<Long>> pairs(ClusteringHybridEstimator e) {
        return e.build(2).lambdas().stream().map(LambdaEstimator::spec)
                .map(s -> List.of((Long) s.get("queryCluster"), (Long) s.get("keyCluster"))).toList();
    }

    /**
     * Sizes: queries 3 and 7, keys 2 and 8, so the masses are 6, 24, 14, 56 for (0,0), (0,1), (1,0),
     * (1,1). Kept pairs, most massive first: (1,1), then (0,1), then (1,0). (Integer ratios 3/2, 7/8
     * would order them differently, an ascending sort or none would start with (0,0).)
     */
    @Test
    void theMostMassivePairsAreKeptCountedOnTheData() {
        DataSample data = new DataSample(around(QC, 3, 7), around(KC, 2, 8));
        ClusteringHybridEstimator one = fitted(spec("pairs", 1L), data);
        assertThat(one.needsFit()).isFalse();
        assertThat(one.spec().get("queryCounts")).isEqualTo(List.of(3.0, 7.0));
        assertThat(one.spec().get("keyCounts")).isEqualTo(List.of(2.0, 8.0));
        assertThat(one.spec().get("queryCentres")).isEqualTo(List.of(0.0, 0.0, 10.0, 0.0));
        assertThat(one.spec().parameters()).doesNotContainKeys("queryCentresFile", "keyCentresFile");
        assertThat(pairs(one)).containsExactly(List.of(1L, 1L));
        assertThat(pairs(fitted(spec("pairs", 3L), data))).containsExactly(List.of(1L, 1L), List.of(0L, 1L),
                List.of(1L, 0L));
        // the fitted spec rebuilds to the same pairs without data or files
        ClusteringHybridEstimator rebuilt = (ClusteringHybridEstimator) Fixtures.estimator(one.spec());
        assertThat(pairs(rebuilt)).containsExactly(List.of(1L, 1L));
        // fitted once: fitting again returns it
        assertThat(one.fit(FitData.of(SoftmaxKernel.INSTANCE, data))).isSameAs(one);
    }

    /** Without any data the centre files give every centre a count of 1, and the pairs keep their order. */
    @Test
    void centreFilesWithoutDataCountEveryCentreOnce() {
        ClusteringHybridEstimator e = fitted(spec("pairs", 2L), null);
        assertThat(e.spec().get("queryCounts")).isEqualTo(List.of(1.0, 1.0));
        assertThat(pairs(e)).containsExactly(List.of(0L, 0L), List.of(0L, 1L));
    }

    /**
     * Budget: m per kept pair, plus the default base (64 projections here) when some pair is left out or
     * the λs are Gaussian; with indicator λs of all pairs, exactly m per pair.
     */
    @Test
    void projectionCountIsMPerPairPlusTheDefaultBaseWhenUsed() {
        DataSample data = new DataSample(around(QC, 3, 7), around(KC, 2, 8));
        assertThat(fitted(spec(), data).projectionCount(2)).isEqualTo(4 * 3);
        assertThat(fitted(spec("pairs", 2L), data).projectionCount(2)).isEqualTo(2 * 3 + 64);
        assertThat(fitted(spec("pairs", 9L), data).projectionCount(2)).isEqualTo(4 * 3);
        assertThat(fitted(spec("lambda", "gaussian"), data).projectionCount(2)).isEqualTo(4 * 3 + 64);
        // unfitted: from the configured cluster counts
        Estimator unfitted = Fixtures.estimator(Spec.of("clustering-hybrid", "m", 5L, "queryClusters", 3L,
                "keyClusters", 2L, "pairs", 4L));
        assertThat(unfitted.projectionCount(2)).isEqualTo(4 * 5 + 64);
    }

    @Test
    void dataOfTheWrongWidthAndOneSidedConfigsAreRefusedNamingTheKey() {
        Matrix wide = Matrix.of(new double[][] {{0, 0, 0}, {1, 1, 1}});
        assertThatThrownBy(() -> fitted(spec(), new DataSample(wide, wide)))
                .isInstanceOf(DimensionMismatchException.class).hasMessageContaining("estimator.queryData")
                .hasMessageContaining("3 columns").hasMessageContaining("dimension is 2");
        Fixtures.FILES.put("fit-kc3.csv", Matrix.of(new double[][] {{0, 5, 1}}));
        Fixtures.FILES.put("fit-qc.csv", QC);
        assertThatThrownBy(() -> Fixtures.fitted(Spec.of("clustering-hybrid", "queryCentresFile", "fit-qc.csv",
                "keyCentresFile", "fit-kc3.csv"), SoftmaxKernel.INSTANCE, null, 1))
                .isInstanceOf(DimensionMismatchException.class).hasMessageContaining("estimator.keyCentresFile");
        assertThatThrownBy(() -> Fixtures.estimator(Spec.of("clustering-hybrid", "keyData", "k.csv")))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("estimator.queryData")
                .hasMessageContaining("'keyData' is given");
        assertThatThrownBy(() -> Fixtures.estimator(Spec.of("clustering-hybrid", "queryCentresFile", "q.csv")))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("estimator.keyCentresFile");
        assertThatThrownBy(() -> Fixtures.estimator(Spec.of("clustering-hybrid", "keyCentresFile", "k.csv")))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("estimator.queryCentresFile");
        assertThatThrownBy(() -> Fixtures.estimator(Spec.of("clustering-hybrid", "queryCentres", List.of(1.0, 2.0),
                "dimension", 2L, "queryCounts", List.of(1.0))))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("estimator.keyCentres");
    }

    /** A hand-built cluster λ writes a spec that names its centres and indices and rebuilds to the same λ. */
    @Test
    void aDirectlyBuiltClusterLambdaHasARebuildableSpec() {
        ClusterLambda l = new ClusterLambda(QC, KC, 1, 0);
        Spec s = l.spec();
        assertThat(s.id()).isEqualTo("cluster");
        assertThat(s.get("queryCentres")).isEqualTo(List.of(0.0, 0.0, 10.0, 0.0));
        assertThat(s.get("keyCentres")).isEqualTo(List.of(0.0, 5.0, 10.0, 5.0));
        assertThat(s.get("queryCluster")).isEqualTo(1L);
        assertThat(s.get("keyCluster")).isEqualTo(0L);
        LambdaEstimator rebuilt = Fixtures.REGISTRY.create(org.rf4j.spi.MechanismKind.LAMBDA_ESTIMATOR, "lambda", s);
        double[] x = {9, 1};
        double[] y = {1, 4};
        assertThat(rebuilt.value(x, y)).isEqualTo(1.0).isEqualTo(l.value(x, y));
        assertThat(rebuilt.value(y, y)).isEqualTo(0.0);
        // a draw for inputs of another dimension is refused
        assertThatThrownBy(() -> l.draw(new org.rf4j.api.mechanism.LambdaRequest(3, org.rf4j.api.random.Seeds.generator(1)))).isInstanceOf(DimensionMismatchException.class)
                .hasMessageContaining("2 coordinates").hasMessageContaining("input dimension is 3");
        // a cluster λ whose centres are in files refuses to estimate before it is fitted
        LambdaEstimator unfitted = Fixtures.REGISTRY.create(org.rf4j.spi.MechanismKind.LAMBDA_ESTIMATOR, "lambda",
                Spec.of("cluster", "queryCentresFile", "q.csv", "keyCentresFile", "k.csv"));
        assertThat(unfitted.needsFit()).isTrue();
        assertThat(unfitted.spec().get("queryCentresFile")).isEqualTo("q.csv");
        assertThatThrownBy(() -> unfitted.value(x, y)).isInstanceOf(org.rf4j.api.InvalidInputException.class)
                .hasMessageContaining("fit");
    }
    /** An index refused by the λ's constructor is re-keyed to its config path with the value and the rule. */
    @Test
    void aBadClusterIndexIsReportedAtItsConfigPath() {
        assertThatThrownBy(() -> Fixtures.REGISTRY.create(org.rf4j.spi.MechanismKind.LAMBDA_ESTIMATOR, "lambda",
                Spec.of("cluster", "queryCentres", List.of(1.0, 0.0), "keyCentres", List.of(0.5, 0.5), "dimension", 2L,
                        "keyCluster", 4L)))
                .isInstanceOf(InvalidParameterException.class)
                .hasMessageStartingWith("parameter 'lambda.keyCluster': value = 4 is not allowed; allowed: an index in [0, 0]");
    }
    /** Fitted counts in a spec: any whole number from 0 to 2³¹ − 1, nothing else. */
    @Test
    void fittedCountsAreWholeNumbersFromZeroToTheIntRange() {
        Spec fitted = Spec.of("clustering-hybrid", "m", 2L, "dimension", 2L, "queryCentres", List.of(0.0, 0.0, 10.0, 0.0),
                "keyCentres", List.of(0.0, 5.0), "keyCounts", List.of(1.0));
        ClusteringHybridEstimator e = (ClusteringHybridEstimator) Fixtures.estimator(
                fitted.with("queryCounts", List.of(0.0, (double) Integer.MAX_VALUE)));
        assertThat(e.needsFit()).isFalse();
        assertThat(pairs((ClusteringHybridEstimator) Fixtures.estimator(fitted.with("queryCounts",
                List.of(0.0, (double) Integer.MAX_VALUE)).with("pairs", 1L)))).containsExactly(List.of(1L, 0L));
        for (double bad : new double[] {-1.0, 1.5, Integer.MAX_VALUE + 1.0}) {
            assertThatThrownBy(() -> Fixtures.estimator(fitted.with("queryCounts", List.of(1.0, bad))))
                    .as("%s", bad).isInstanceOf(InvalidParameterException.class)
                    .hasMessageContaining("estimator.queryCounts[1]").hasMessageContaining("a count >= 0");
        }
        assertThatThrownBy(() -> Fixtures.estimator(fitted.with("queryCounts", List.of(1.0))))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("estimator.queryCounts")
                .hasMessageContaining("2 (one per centre)");
    }
}
