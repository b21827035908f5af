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

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.rf4j.RandomFeatures;
import org.junit.jupiter.api.io.TempDir;
import org.rf4j.api.Matrix;

class RidgeModelTest {

    private static RidgeModel trained() {
        Matrix x = Data.gaussian(300, 3, 1);
        int[] labels = Data.rings(x);
        return RidgeTrainer.train(RandomFeatures.fromConfig(Data.config("{\"id\": \"trigonometric\"}", "orthogonal", 48, 1.2, 9)), x,
                Data.columns(3), "ring", Targets.classes(labels, List.of("in", "mid", "out")),
                RidgeTrainer.Options.fixed(1e-3, 1).withStandardize(true)).model();
    }

    /** Saved, reloaded (the feature map rebuilt from the fitted config), the model gives the same bits. */
    @Test
    void reloadedModelPredictsBitIdentically(@TempDir Path dir) throws Exception {
        RidgeModel model = trained();
        Path file = dir.resolve("model.json");
        model.save(file);
        try (var files = Files.list(dir)) {
            assertThat(files).containsExactly(file); // no temporary file left behind
        }
        RidgeModel back = RidgeModel.load(file);
        Matrix test = Data.gaussian(200, 3, 2);
        assertThat(back.scores(test).data()).isEqualTo(model.scores(test).data());
        assertThat(back.linear().weights().data()).isEqualTo(model.linear().weights().data());
        assertThat(back.classes()).containsExactly("in", "mid", "out");
        assertThat(back.toJson()).isEqualTo(model.toJson());
    }

    /** A data-dependent map: Nyström's landmarks go into the fitted config, so the reload needs no data. */
    @Test
    void nystroemModelReloadsBitIdenticallyWithoutData() {
        Matrix x = Data.gaussian(150, 2, 3);
        double[] y = Data.smoothTarget(x, 0.05, 4);
        RidgeModel model = RidgeTrainer.train(RandomFeatures.fromConfig(Data.config("{\"id\": \"nystroem\"}", "iid", 40, 1.0, 2)), x,
                Data.columns(2), "y", Targets.values(y), RidgeTrainer.Options.fixed(1e-4, 1)).model();
        assertThat(model.featureConfig()).contains("\"landmarks\"");
        RidgeModel back = RidgeModel.fromJson(model.toJson(), "test");
        Matrix test = Data.gaussian(50, 2, 5);
        assertThat(back.predictValues(test)).isEqualTo(model.predictValues(test));
        assertThat(RidgeTrainer.r2(model.predictValues(test), Data.smoothTarget(test, 0.0, 6))).isGreaterThan(0.8);
    }

    @Test
    void missingFieldAndOtherMajorVersionAreRefused() {
        String json = trained().toJson();
        String noWeights = json.replace("\"weights\"", "\"weightz\"");
        assertThatThrownBy(() -> RidgeModel.fromJson(noWeights, "model file m.json"))
                .isInstanceOf(ModelFileException.class)
                .hasMessage("model file m.json: field 'weights' is missing; the file is not a complete rf4j model");
        String future = json.replace("\"rf4jVersion\" : \"" + RidgeModel.RF4J_VERSION + "\"", "\"rf4jVersion\" : \"97.0.0\"");
        assertThat(future).isNotEqualTo(json);
        assertThatThrownBy(() -> RidgeModel.fromJson(future, "model file m.json"))
                .isInstanceOf(ModelFileException.class)
                .hasMessageContaining("written by rf4j 97.0.0 (major version 97)")
                .hasMessageContaining("refit");
        assertThatThrownBy(() -> RidgeModel.fromJson("{", "model file m.json"))
                .isInstanceOf(ModelFileException.class).hasMessageContaining("malformed JSON");
        assertThatThrownBy(() -> RidgeModel.load(Path.of("does-not-exist.json")))
                .isInstanceOf(ModelFileException.class).hasMessageContaining("does not exist");
    }
}
