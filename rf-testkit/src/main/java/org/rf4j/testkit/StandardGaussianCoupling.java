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

import java.util.random.RandomGenerator;
import org.apiguardian.api.API;
import org.rf4j.api.Matrix;
import org.rf4j.api.Spec;
import org.rf4j.api.mechanism.Coupling;
import org.rf4j.api.mechanism.DenseProjection;
import org.rf4j.api.mechanism.JointLaw;
import org.rf4j.api.mechanism.Projection;

/**
 * Independent N(0, I) projections (the law of the built-in {@code iid} coupling, spec
 * {@code {"id": "iid"}}), so that tests of feature maps and sampling policies do not depend on a
 * coupling module being present.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public class StandardGaussianCoupling implements Coupling {
    @Override
    public Spec spec() {
        return Spec.of("iid");
    }

    @Override
    public Projection draw(int m, int d, RandomGenerator rng) {
        Matrix w = Matrix.zeros(m, d);
        for (int i = 0; i < w.data().length; i++) {
            w.data()[i] = rng.nextGaussian();
        }
        return new DenseProjection(w);
    }

    @Override
    public JointLaw jointLaw() {
        return JointLaw.INDEPENDENT;
    }
}
