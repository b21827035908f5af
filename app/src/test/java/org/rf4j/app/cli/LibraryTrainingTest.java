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
package org.rf4j.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rf4j.RandomFeatures;
import org.rf4j.api.Matrix;
import org.rf4j.app.CliRun;
import org.rf4j.io.DataFiles;
import org.rf4j.io.DataOptions;
import org.rf4j.io.Dataset;
import org.rf4j.learn.RidgeTrainer;
import org.rf4j.learn.Targets;

/**
 * The Java training snippet of docs/learning.md ({@code RidgeTrainer.Options.crossValidated(5, 42)}) has the
 * CLI's defaults: on the same generated data and config it writes {@code rf4j fit}'s model bit for bit.
 */
class LibraryTrainingTest {
    @TempDir
    Path dir;

    @Test
    void theReadmeSnippetTrainsTheClisModel() throws IOException {
        // two classes on unscaled columns (one around 1000), where standardising and the median grid matter
        SplittableRandom g = new SplittableRandom(5);
        StringBuilder sb = new StringBuilder("a,b,area,label\n");
        for (int i = 0; i < 150; i++) {
            double a = g.nextDouble(-1, 1);
            double b = g.nextDouble(-1, 1);
            int y = a * a + b * b < 0.45 ? 1 : 0;
            sb.append(a).append(',').append(b).append(',').append(1000 + 300 * g.nextDouble()).append(',').append(y)
                    .append('\n');
        }
        Path data = dir.resolve("train.csv");
        Files.writeString(data, sb);
        Path config = dir.resolve("c.json");
        Files.writeString(config, "{\"kernel\": {\"id\": \"gaussian\", \"sigma\": 2.0}, \"estimator\": {\"id\":"
                + " \"random-features\", \"coupling\": {\"id\": \"orthogonal\"}, \"features\": {\"id\": \"trigonometric\"},"
                + " \"m\": 64}, \"seed\": 1}");
        Path cliModel = dir.resolve("cli.json");
        CliRun r = CliRun.run("fit", "--config", config.toString(), "--data", data.toString(), "--model", cliModel.toString());
        assertThat(r.code()).as(r.toString()).isZero();

        // the snippet of docs/learning.md
        Dataset ds = DataFiles.read(data, DataOptions.defaults().withLabel("label"));
        Matrix x = ds.x();
        List<String> columns = new ArrayList<>(ds.columns());
        int[] labels = ds.labels();
        RidgeTrainer.Result result = RidgeTrainer.train(RandomFeatures.fromConfig(config), x, columns, "label",
                Targets.classes(labels, List.of("0", "1")), RidgeTrainer.Options.crossValidated(5, 42));
        Path libModel = dir.resolve("lib.json");
        result.model().save(libModel);
        assertThat(Files.readString(libModel)).isEqualTo(Files.readString(cliModel));
    }
}
