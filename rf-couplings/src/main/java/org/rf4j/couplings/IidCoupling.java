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
package org.rf4j.couplings;

import java.util.random.RandomGenerator;
import org.rf4j.api.mechanism.ParameterlessMechanism;
import org.rf4j.api.mechanism.Coupling;
import org.rf4j.api.mechanism.JointLaw;
import org.rf4j.api.mechanism.Projection;
import org.rf4j.spi.AbstractProvider;
import org.rf4j.spi.CouplingProvider;
import org.apiguardian.api.API;

/** Independent projections: {@code w_i ~ N(0, I_d)} iid (Rahimi &amp; Recht; SimRF paper Sec. 2). */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class IidCoupling extends ParameterlessMechanism implements Coupling {
    /** The provider id. */
    public static final String ID = "iid";

    public IidCoupling() {
        super(ID);
    }

    @Override
    public Projection draw(int m, int d, RandomGenerator rng) {
        return Blocks.dense(ID, m, d, 1, (n, out, offset) -> {
            for (int i = offset; i < offset + n * d; i++) {
                out[i] = rng.nextGaussian();
            }
        });
    }

    @Override
    public JointLaw jointLaw() {
        return JointLaw.INDEPENDENT;
    }

    /** The {@code iid} provider. */
    public static final class Provider extends AbstractProvider<Coupling> implements CouplingProvider {
        public Provider() {
            super(ID, "independent Gaussian projections w_i ~ N(0, I_d)",
                    (parameters, context) -> new IidCoupling());
        }
    }
}
