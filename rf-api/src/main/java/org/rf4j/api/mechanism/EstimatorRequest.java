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

import java.util.Objects;
import org.rf4j.api.Checks;
import org.rf4j.api.kernel.Kernel;
import org.apiguardian.api.API;

/**
 * What an {@link Estimator} needs to draw itself. It carries no data: data-dependent values are
 * computed once by {@link Estimator#fit}, and drawing an estimator that still
 * {@link Mechanism#needsFit() needs fitting} is refused ({@link NotFittedException}).
 *
 * @param kernel the kernel to estimate
 * @param d      input dimension
 * @param seed   the seed every random choice derives from
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public record EstimatorRequest(Kernel kernel, int d, long seed) {
    public EstimatorRequest {
        Objects.requireNonNull(kernel, "kernel");
        Checks.positive("d", d);
    }
}
