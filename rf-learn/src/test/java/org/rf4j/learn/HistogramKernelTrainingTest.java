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

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.rf4j.RandomFeatures;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Matrix;

/**
 * The histogram kernels (chi2, skewed-chi2) take non-negative rows, so standardising them first would
 * make every fit fail on its own rows: the trainers refuse {@code standardize} for them up front,
 * naming the option and the kernel, and train on the raw rows with {@code withStandardize(false)}.
 */
class HistogramKernelTrainingTest {
    private static final List<String> COLUMNS = List.of("a", "b", "c");

    /** 60 histogram-like rows in [0, 1)³ with a class and a target that depend on the first two. */
    private static Matrix rows() {
        SplittableRandom r = new SplittableRandom(3);
        double[][] x = new double[60][3];
        for (double[] row : x) {
            for (int j = 0; j < 3; j++) {
                row[j] = r.nextDouble();
            }
        }
        return Matrix.of(x);
    }

    private static Targets classes(Matrix x) {
        int[] y = new int[x.rows()];
        for (int i = 0; i < y.length; i++) {
            y[i] = x.get(i, 0) + x.get(i, 1) > 1 ? 1 : 0;
        }
        return Targets.classes(y, List.of());
    }

    @Test
    void standardisingAHistogramKernelsRowsIsRefusedUpFront() {
        Matrix x = rows();
        for (RandomFeatures features : List.of(RandomFeatures.chi2(), RandomFeatures.skewedChi2(0.5).m(16))) {
            String id = features.kernel().spec().id();
            assertThatThrownBy(() -> RidgeTrainer.train(features, x, COLUMNS, "label", classes(x),
                    RidgeTrainer.Options.crossValidated(3, 42)))
                    .isInstanceOf(InvalidParameterException.class)
                    .hasMessageContaining("standardize").hasMessageContaining("'" + id + "'")
                    .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
            assertThatThrownBy(() -> RidgeTrainer.train(features.fit(x), x, COLUMNS, "label", classes(x),
                    RidgeTrainer.Options.fixed(1e-3, 1).withStandardize(true)))
                    .isInstanceOf(InvalidParameterException.class).hasMessageContaining("standardize");
            double[] y = new double[x.rows()];
            assertThatThrownBy(() -> GaussianProcessTrainer.train(features, x, COLUMNS, "label", y,
                    GaussianProcess.Options.defaults(), null))
                    .isInstanceOf(InvalidParameterException.class).hasMessageContaining("standardize");
        }
    }

    @Test
    void theRawRowsTrainAModelThatPredictsTheClasses() {
        Matrix x = rows();
        RidgeTrainer.Result r = RidgeTrainer.train(RandomFeatures.chi2(), x, COLUMNS, "label", classes(x),
                RidgeTrainer.Options.crossValidated(3, 42).withStandardize(false));
        int[] predicted = r.model().predictClassIndex(x);
        int right = 0;
        int[] truth = classes(x).index();
        for (int i = 0; i < predicted.length; i++) {
            right += predicted[i] == truth[i] ? 1 : 0;
        }
        assertThat(right).isGreaterThan(45);
    }
}
