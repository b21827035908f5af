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
package com.example.rf4j.plugin;

import java.util.random.RandomGenerator;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Matrix;
import org.rf4j.api.Spec;
import org.rf4j.api.mechanism.AbstractMechanism;
import org.rf4j.api.mechanism.Coupling;
import org.rf4j.api.mechanism.DenseProjection;
import org.rf4j.api.mechanism.Projection;
import org.rf4j.spi.AbstractProvider;
import org.rf4j.spi.CouplingProvider;

/**
 * Antithetic projections: {@code w_{2i} ~ N(0, I_d)} iid and {@code w_{2i+1} = −w_{2i}}; when m is
 * odd the last vector is an independent Gaussian. Every vector is marginally {@code N(0, I_d)}
 * (the negation of a centred Gaussian is the same Gaussian), which is all any rf4j estimator
 * needs to stay unbiased (see {@link Coupling}).
 *
 * <p>The pairs are classical antithetic variates (Hammersley &amp; Morton 1956): they reduce the
 * variance of features that are odd in w (the sin part of {@code wᵀx} features, the
 * {@code exp(±wᵀx)} asymmetry of positive features) and increase it for features even in w (the
 * trigonometric Gaussian-kernel estimate {@code cos(wᵀ(x − y))} sees each direction twice). It is
 * an example of a coupling, not a recommendation: compare it with {@code rf4j estimate}.
 */
public final class AntitheticCoupling extends AbstractMechanism implements Coupling {
    /** The provider id. */
    public static final String ID = "antithetic";

    @Override
    public Spec spec() {
        return Spec.of(ID);
    }

    @Override
    public Projection draw(int m, int d, RandomGenerator rng) {
        if (m < 1) {
            throw new InvalidParameterException("m", m, "an integer >= 1");
        }
        if (d < 1) {
            throw new InvalidParameterException("d", d, "an integer >= 1");
        }
        Matrix w = Matrix.zeros(m, d);
        double[] a = w.data();
        for (int i = 0; i + 1 < m; i += 2) {
            int row = i * d;
            for (int k = 0; k < d; k++) {
                double g = rng.nextGaussian();
                a[row + k] = g;
                a[row + d + k] = -g;
            }
        }
        if (m % 2 == 1) {
            int row = (m - 1) * d;
            for (int k = 0; k < d; k++) {
                a[row + k] = rng.nextGaussian();
            }
        }
        return new DenseProjection(w);
    }

    /** The {@code antithetic} provider (no parameters). */
    public static final class Provider extends AbstractProvider<Coupling> implements CouplingProvider {
        public Provider() {
            super(ID,
                    "antithetic pairs (w, -w) of Gaussian projections; each marginally N(0, I_d) [example plugin]",
                    (parameters, context) -> new AntitheticCoupling());
        }
    }
}
