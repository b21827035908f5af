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
package org.rf4j.attention;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.rf4j.api.Matrix;
import org.rf4j.api.mechanism.Coupling;
import org.rf4j.api.mechanism.Projection;
import org.rf4j.api.random.Seeds;
import org.rf4j.couplings.BlockGeometry;
import org.rf4j.couplings.GivensCoupling;
import org.rf4j.couplings.HdCoupling;
import org.rf4j.couplings.IidCoupling;

/** {@link Projection#applyRows} (the batch path) equals {@link Projection#apply} for every kind of projection. */
class ProjectionRowsTest {

    @Test
    void applyRowsEqualsApplyForDenseAndStructuredProjections() {
        Coupling[] couplings = {new IidCoupling(), new HdCoupling(BlockGeometry.of("orthogonal"), 3),
            new HdCoupling(BlockGeometry.of("simplex"), 3), new GivensCoupling(20, BlockGeometry.of("orthogonal"))};
        Matrix x = Matrix.gaussian(150, 12, 1.0, 1);
        for (Coupling c : couplings) {
            Projection p = c.draw(40, 12, Seeds.generator(2));
            Matrix whole = p.apply(x, null);
            double[] rows = new double[3 + 70 * 40];
            p.applyRows(x, 50, 120, rows, 3);
            for (int i = 50; i < 120; i++) {
                for (int j = 0; j < 40; j++) {
                    assertThat(rows[3 + (i - 50) * 40 + j]).as("%s row %d col %d", c.spec().id(), i, j)
                            .isEqualTo(whole.get(i, j));
                }
            }
        }
    }
}
