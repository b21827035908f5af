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
 * A configured kernel estimator ({@code random-features}, {@code hybrid}, ...): everything but the
 * kernel and the seed. Drawing it yields a {@link DrawnEstimator}.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public interface Estimator extends Mechanism {


    /**
     * The fit stage: computes every data-dependent value once (in kernel coordinates, see
     * {@link FitData}) and returns a configured estimator whose {@link #spec()} carries the fitted
     * values as ordinary parameters, so the spec alone (without data) rebuilds it and draws the same
     * features. Nested mechanisms fit through this call. Estimators with nothing to fit return
     * themselves.
     *
     * @throws org.rf4j.api.InvalidParameterException if a data-driven mechanism has no data to fit with
     */
    default Estimator fit(FitData data) {
        return this;
    }

    /**
     * This estimator fitted to {@code data} (caller's coordinates; fit stage seeded by {@code seed})
     * when it {@link #needsFit() needs fitting} and data is given; itself otherwise. The pairwise
     * studies fit to each pair ({@link DataSample#pair}) this way before they draw.
     */
    default Estimator fitIfNeeded(org.rf4j.api.kernel.Kernel kernel, DataSample data, long seed) {
        return data != null && needsFit() ? fit(FitData.of(kernel, data, java.util.Map.of(), seed)) : this;
    }

    /** Draws the estimator for a kernel, dimension and seed (a fitted estimator needs no data). */
    default DrawnEstimator draw(org.rf4j.api.kernel.Kernel kernel, int d, long seed) {
        return draw(new EstimatorRequest(kernel, d, seed));
    }

    /**
     * Draws the estimator for a kernel, dimension and seed.
     *
     * @throws NotFittedException if the estimator still {@link #needsFit() needs fitting}
     */
    DrawnEstimator draw(EstimatorRequest request);

    /** The number of random projections this estimator uses in dimension d. */
    int projectionCount(int d);

    /**
     * The closed-form MSE of the estimate at (x, y) (caller's coordinates) where known; empty
     * otherwise. A data-driven estimator answers for its fitted values: fit it first
     * ({@link #fitIfNeeded}).
     */
    default OptionalDouble theoryMse(org.rf4j.api.kernel.Kernel kernel, double[] x, double[] y) {
        return OptionalDouble.empty();
    }

    /**
     * Why {@link #theoryMse} has no value for {@code kernel}, as one line, when the MSE of this
     * combination is known to have no closed form (so only a Monte Carlo run measures it); empty when
     * {@link #theoryMse} has one, or when the estimator does not say.
     */
    default java.util.Optional<String> monteCarloOnly(org.rf4j.api.kernel.Kernel kernel) {
        return java.util.Optional.empty();
    }

    /**
     * Why this estimator cannot estimate {@code kernel}, as one line naming both, or empty when it
     * can; asked when a config is read. Default: the Gaussian and softmax kernels only.
     */
    default java.util.Optional<String> refusal(org.rf4j.api.kernel.Kernel kernel) {
        return kernel.unitKind().isPresent() ? java.util.Optional.empty()
                : java.util.Optional.of(KernelRefusals.of(kernel, "estimator", spec().id(),
                        "the estimator is written for the Gaussian and softmax kernels only"));
    }
}
