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
import org.rf4j.api.random.ChiDistribution;
import org.rf4j.api.random.HaarOrthogonal;
import org.rf4j.spi.AbstractProvider;
import org.rf4j.spi.CouplingProvider;
import org.apiguardian.api.API;



/**
 * Orthogonal random features (ORF; Yu et al. 2016; SimRF paper Sec. 1 and Eq. 23): each block is
 * {@code W_ort = D R} with R a Haar-random orthogonal frame ({@link HaarOrthogonal}: QR of a
 * Gaussian matrix with the sign correction) and D a diagonal of independent χ_d norms, so every
 * row is exactly N(0, I_d) and rows within a block are orthogonal. For m &gt; d, independent blocks
 * of d rows follow each other, then a partial block of m mod d rows (the first rows of a Haar frame).
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class OrthogonalCoupling extends ParameterlessMechanism implements Coupling {
    /** The provider id. */
    public static final String ID = "orthogonal";

    public OrthogonalCoupling() {
        super(ID);
    }

    @Override
    public JointLaw jointLaw() {
        return JointLaw.HAAR_ORTHOGONAL;
    }

    @Override
    public Projection draw(int m, int d, RandomGenerator rng) {
        return Blocks.dense(ID, m, d, 1, (n, out, offset) -> {
            double[] q = HaarOrthogonal.rows(n, d, rng);
            for (int i = 0; i < n; i++) {
                double norm = ChiDistribution.sample(d, rng);
                int o = offset + i * d;
                for (int t = 0; t < d; t++) {
                    out[o + t] = norm * q[i * d + t];
                }
            }
        });
    }

    /** The {@code orthogonal} provider. */
    public static final class Provider extends AbstractProvider<Coupling> implements CouplingProvider {
        public Provider() {
            super(ID,
                    "orthogonal random features: Haar (sign-corrected QR) blocks of d with chi_d norms (Yu et al. 2016)",
                    (parameters, context) -> new OrthogonalCoupling());
        }
    }
}
