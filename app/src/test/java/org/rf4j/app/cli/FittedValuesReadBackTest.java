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
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rf4j.RandomFeatures;
import org.rf4j.api.RfException;

/**
 * A fitted config carries its fitted values as numbers; read back, a value of the wrong shape or a
 * non-finite one is refused in one line naming its key.
 */
class FittedValuesReadBackTest {
    private static String rf(String features, String sampling) {
        return "{\"kernel\": {\"id\": \"softmax\"}, \"estimator\": {\"id\": \"random-features\", \"features\": " + features
                + (sampling == null ? "" : ", \"sampling\": " + sampling) + ", \"m\": 4}, \"seed\": 1, \"dimension\": 2}";
    }

    @Test
    void badFittedValuesAreRefusedNamingTheKey() {
        List<String[]> cases = List.of(
                new String[] {rf("{\"id\": \"oprf\", \"rho\": 1.5}", null), "estimator.features.rho"},
                new String[] {rf("{\"id\": \"gerf\", \"a\": \"NaN\"}", null), "estimator.features.a"},
                new String[] {rf("{\"id\": \"poisson\", \"lambda\": -1}", null), "estimator.features.lambda"},
                new String[] {rf("{\"id\": \"poisson-plus\", \"lambda\": 1, \"shift\": [0.1, \"Infinity\"]}", null),
                    "shift"},
                new String[] {rf("{\"id\": \"poisson-plus\", \"lambda\": 1, \"shift\": [0.1, 0.2, 0.3]}", null), "'shift'"},
                new String[] {rf("{\"id\": \"nystroem\", \"landmarks\": [0.1, 0.2, 0.3]}", null), "estimator.features.landmarks"},
                new String[] {rf("{\"id\": \"nystroem\", \"landmarks\": [0.1, \"NaN\"]}", null), "estimator.features.landmarks"},
                new String[] {rf("{\"id\": \"positive\"}", "{\"id\": \"optimal\", \"mean\": [0, 0, 0], \"eigenvalues\": [1, 1],"
                        + " \"eigenvectors\": [1, 0, 0, 1]}"), "estimator.sampling"},
                new String[] {rf("{\"id\": \"positive\"}", "{\"id\": \"optimal\", \"mean\": [0, \"NaN\"], \"eigenvalues\": [1, 1],"
                        + " \"eigenvectors\": [1, 0, 0, 1]}"), "estimator.sampling"},
                new String[] {"{\"kernel\": {\"id\": \"softmax\"}, \"estimator\": {\"id\": \"clustering-hybrid\", \"queryCentres\":"
                        + " [0.1, 0.2, 0.3], \"keyCentres\": [0.1, 0.2], \"dimension\": 2, \"queryCounts\": [1],"
                        + " \"keyCounts\": [1]}, \"seed\": 1, \"dimension\": 2}", "estimator.queryCentres"},
                new String[] {"{\"kernel\": {\"id\": \"softmax\"}, \"estimator\": {\"id\": \"clustering-hybrid\", \"queryCentres\":"
                        + " [0.1, \"NaN\"], \"keyCentres\": [0.1, 0.2], \"dimension\": 2, \"queryCounts\": [1],"
                        + " \"keyCounts\": [1]}, \"seed\": 1, \"dimension\": 2}", "estimator.queryCentres"});
        for (String[] c : cases) {
            assertThatThrownBy(() -> RandomFeatures.fromConfig(c[0]).fit()).as(c[0]).isInstanceOf(RfException.class)
                    .hasMessageContaining(c[1]).hasMessageNotContaining("\n");
        }
        assertThat(RandomFeatures.fromConfig(rf("{\"id\": \"nystroem\", \"landmarks\": [0.1, 0.2, 0.3, 0.4]}", null))
                .fit().outputDimension()).isEqualTo(4);
    }
}
