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

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.rf4j.api.Matrix;
import org.rf4j.api.Spec;
import org.rf4j.api.kernel.Kernel;
import org.rf4j.api.mechanism.DataSample;
import org.rf4j.api.mechanism.Estimator;
import org.rf4j.api.mechanism.NotFittedException;
import org.rf4j.spi.MechanismKind;
import org.rf4j.spi.MechanismRegistry;

/**
 * One path to fitted values: for every built-in data-driven mechanism (feature map, sampling policy
 * or estimator whose default config needs a fit), drawing before fitting is refused in one line that
 * names the mechanism and says to call fit first; after {@code fit} it draws.
 */
class DrawNeverFitsTest {
    private static final MechanismRegistry REGISTRY = MechanismRegistry.discover();

    private static List<Spec> dataDriven() {
        List<Spec> out = new ArrayList<>();
        for (String f : REGISTRY.ids(MechanismKind.FEATURE_MAP)) {
            out.add(Spec.of("random-features", "features", Spec.of(f), "m", 4L));
        }
        for (String s : REGISTRY.ids(MechanismKind.SAMPLING_POLICY)) {
            out.add(Spec.of("random-features", "sampling", Spec.of(s), "m", 4L));
        }
        for (String e : REGISTRY.ids(MechanismKind.ESTIMATOR)) {
            if (!e.equals("random-features") && !e.equals("hybrid")) {
                out.add(Spec.of(e));
            }
        }
        out.add(Spec.of("random-features", "features", Spec.of("gerf", "fit", true), "m", 4L));
        return out;
    }

    @Test
    void drawingAnUnfittedDataDrivenMechanismIsRefusedAndFittingFirstDraws() {
        Kernel kernel = Kernel.softmax();
        Matrix q = Matrix.of(new double[][] {{0.1, 0.2, -0.1}, {0.3, -0.2, 0.1}, {-0.2, 0.1, 0.2}, {0.0, 0.3, -0.3}});
        Matrix k = Matrix.of(new double[][] {{0.2, 0.1, 0.0}, {-0.1, -0.2, 0.3}, {0.1, 0.3, 0.1}, {0.2, -0.1, -0.2}});
        List<String> refused = new ArrayList<>();
        for (Spec spec : dataDriven()) {
            Estimator e = REGISTRY.create(MechanismKind.ESTIMATOR, "estimator", spec);
            if (!e.needsFit()) {
                continue;
            }
            String id = spec.id().equals("random-features")
                    ? ((Spec) spec.get(spec.parameters().containsKey("sampling") ? "sampling" : "features")).id()
                    : spec.id();
            assertThatThrownBy(() -> e.draw(kernel, 3, 1L)).as(id).isInstanceOf(NotFittedException.class)
                    .hasMessageContaining("'" + id + "' is not fitted").hasMessageContaining("call fit first")
                    .hasMessageNotContaining("\n");
            assertThat(e.fitIfNeeded(kernel, new DataSample(q, k), 1L).draw(kernel, 3, 1L).estimate(q.row(0), k.row(0)))
                    .as(id).isFinite();
            refused.add(id);
        }
        assertThat(refused).contains("oprf", "gerf", "poisson", "poisson-plus", "geometric", "geometric-plus",
                "nystroem", "optimal", "clustering-hybrid");
    }
}
