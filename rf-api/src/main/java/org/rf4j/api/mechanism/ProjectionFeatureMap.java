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

import org.apiguardian.api.API;

/**
 * A feature map of the form φ(x) = (f_b(x, w_j))_{b, j} computed from {@code Z = X·Wᵀ} of a
 * Gaussian projection: trigonometric, positive, hyperbolic, GERF, OPRF. Its columns are laid out in
 * {@link #blocks()} blocks of m (column {@code b·m + j} belongs to projection j), so a sampling
 * policy can draw the projections and the weights fold in per column.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public interface ProjectionFeatureMap extends FeatureMap {

    /**
     * The per-projection estimator families whose second moments under any Gaussian proposal rf4j
     * knows in closed form (Sernau et al.; HRF Lemma 2.2): positive {@code e^{wᵀx − |x|²/2}},
     * hyperbolic {@code cosh(wᵀx)e^{−|x|²/2}} and trigonometric {@code (cos wᵀx, sin wᵀx)}.
     * A map declares its family so that importance sampling and hybrid theory ask for the
     * capability, not for an id; every other map is {@link #OTHER}.
     */
    enum Form {
        POSITIVE, HYPERBOLIC, TRIGONOMETRIC, OTHER
    }

    /** This map's per-projection family (default {@link Form#OTHER}: no closed form assumed). */
    default Form form() {
        return Form.OTHER;
    }

    /** Features per projection. */
    int blocks();

    @Override
    default int outputDimension(int m, int d) {
        return blocks() * m;
    }

    /**
     * Features for an already drawn projection. If the projection carries importance weights, each
     * column of projection j is multiplied by {@code sqrt(weight_j)}.
     */
    DrawnFeatures bind(Projection projection, FeatureRequest request);

    /**
     * Draws the projection with the coupling, adapts it with the sampling policy, and binds it. A
     * projection that would not fit the request's memory budget is generated on the fly instead
     * ({@link GeneratedProjection#draw}: iid only, others refused).
     */
    @Override
    default DrawnFeatures draw(FeatureRequest request) {
        if (!request.projectionFits()) {
            return bind(GeneratedProjection.draw(request), request);
        }
        Projection p = request.coupling().draw(request.m(), request.d(), request.rng());
        if (request.sampling() != null) {
            p = request.sampling().adapt(p, this, request);
        }
        return bind(p, request);
    }
}
