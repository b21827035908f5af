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
package org.rf4j.api.mechanism;

import java.util.OptionalDouble;
import org.apiguardian.api.API;

/**
 * A configured λ-coefficient estimator of a hybrid (HRF Eq. 8–10): λ(x, y) and its unbiased
 * linear estimate {@code a + ρ₁(x)ᵀρ₂(y)}.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public interface LambdaEstimator extends Mechanism {

    /**
     * Fits the λ's data-dependent values (e.g. cluster centres from files the config names; see
     * {@link Estimator#fit}); {@code data} is the view for this λ's config path. λs with nothing to
     * fit return themselves.
     */
    default LambdaEstimator fit(FitData data) {
        return this;
    }

    /** The exact coefficient λ(x, y) (scaled inputs). */
    double value(double[] x, double[] y);

    /** Draws the linear estimator. */
    DrawnLambda draw(LambdaRequest request);

    /** E[λ̂²] at (x, y) where known in closed form (the hybrid theory needs the second moment). */
    default OptionalDouble secondMoment(double[] x, double[] y) {
        return OptionalDouble.empty();
    }
}
