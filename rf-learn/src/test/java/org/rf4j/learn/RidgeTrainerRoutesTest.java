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
import org.junit.jupiter.api.Test;
import org.rf4j.RandomFeatureMap;
import org.rf4j.RandomFeatures;
import org.rf4j.api.InvalidInputException;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Matrix;

/**
 * The three training routes on generated data: the front door's config, a map it fitted, and the
 * feature matrix that map gives. At the same σ, rows, seed and λ grid they choose the same λ and give
 * the same weights and intercepts bit for bit (the feature matrix with its columns as they are, since
 * the map route standardises the rows the map sees, not the features).
 */
class RidgeTrainerRoutesTest {
    private static final double SIGMA = 1.3;

    private static RandomFeatures config() {
        return RandomFeatures.gaussian(SIGMA).features("trigonometric").m(32).seed(7);
    }

    @Test
    void configMapAndFeatureMatrixGiveTheSameModel() {
        Matrix x = Data.gaussian(150, 3, 11);
        int[] labels = Data.rings(x);
        Targets targets = Targets.classes(labels, List.of());
        RidgeTrainer.Options cli = RidgeTrainer.Options.crossValidated(3, 5).withMedianSigmas(false);
        RidgeTrainer.Result fromConfig = RidgeTrainer.train(config(), x, Data.columns(3), null, targets,
                cli.withSigmas(new double[] {SIGMA}));
        Matrix xs = Standardizer.fit(x).apply(x);
        RandomFeatureMap map = config().fit(xs);
        RidgeTrainer.Result fromMap = RidgeTrainer.train(map, x, Data.columns(3), null, targets, cli);
        RidgeModel a = fromConfig.model();
        RidgeModel b = fromMap.model();
        assertThat(b.lambda()).isEqualTo(a.lambda());
        assertThat(b.sigma()).isEqualTo(SIGMA);
        assertThat(b.cvScore()).isEqualTo(a.cvScore()).isGreaterThan(0.6);
        assertThat(b.linear().weights()).isEqualTo(a.linear().weights());
        assertThat(b.linear().intercept()).isEqualTo(a.linear().intercept());
        assertThat(b.predictClassIndex(x)).isEqualTo(a.predictClassIndex(x));
        assertThat(fromMap.grid()).extracting(RidgeTrainer.GridPoint::score)
                .containsExactlyElementsOf(fromConfig.grid().stream().map(RidgeTrainer.GridPoint::score).toList());
        // the saved model restores the map it was given
        assertThat(RidgeModel.fromJson(b.toJson(), "m").predictClassIndex(x)).isEqualTo(b.predictClassIndex(x));

        Matrix phi = map.transformKeys(xs);
        RidgeTrainer.LinearResult fromFeatures = RidgeTrainer.train(phi, targets, cli.withStandardize(false));
        assertThat(fromFeatures.lambda()).isEqualTo(a.lambda());
        assertThat(fromFeatures.cvScore()).isEqualTo(a.cvScore());
        assertThat(fromFeatures.fit().weights()).isEqualTo(a.linear().weights());
        assertThat(fromFeatures.fit().intercept()).isEqualTo(a.linear().intercept());
        assertThat(fromFeatures.scores(phi)).isEqualTo(a.scores(x));
    }

    @Test
    void regressionOnAFeatureMatrixWithStandardisedColumns() {
        Matrix x = Data.gaussian(120, 2, 3);
        double[] y = Data.smoothTarget(x, 0.05, 4);
        Matrix phi = config().fit(x).transformKeys(x);
        RidgeTrainer.LinearResult r = RidgeTrainer.train(phi, Targets.values(y),
                RidgeTrainer.Options.crossValidated(4, 1));
        assertThat(r.standardizer()).isNotNull();
        assertThat(r.grid()).hasSize(RidgeTrainer.DEFAULT_LAMBDAS.length);
        assertThat(r.cvScore()).isGreaterThan(0.5);
        assertThat(RidgeTrainer.r2(r.scores(phi).data(), y)).isGreaterThan(0.5);
    }

    @Test
    void badArgumentsAreDomainErrors() {
        Matrix x = Data.gaussian(20, 3, 1);
        Targets t = Targets.values(new double[20]);
        RandomFeatureMap map = config().fit(x);
        assertThatThrownBy(() -> RidgeTrainer.train((RandomFeatureMap) null, x, Data.columns(3), null, t,
                RidgeTrainer.Options.crossValidated(2, 1))).isInstanceOf(InvalidInputException.class).hasMessageContaining("map");
        assertThatThrownBy(() -> RidgeTrainer.train(map, x, Data.columns(3), null, t,
                RidgeTrainer.Options.crossValidated(2, 1).withSigmas(new double[] {1.0})))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("sigmas");
        assertThatThrownBy(() -> RidgeTrainer.train(map, Data.gaussian(20, 2, 1), Data.columns(2), null, t,
                RidgeTrainer.Options.crossValidated(2, 1))).hasMessageContaining("dimension 3");
        assertThatThrownBy(() -> RidgeTrainer.train((Matrix) null, t, RidgeTrainer.Options.crossValidated(2, 1)))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("features");
    }
}
