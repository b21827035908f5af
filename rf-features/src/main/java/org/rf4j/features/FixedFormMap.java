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
package org.rf4j.features;

import org.rf4j.api.Spec;
import org.rf4j.api.mechanism.AbstractMechanism;
import org.rf4j.api.mechanism.ProjectionFeatureMap;

/**
 * The common frame of the projection maps whose per-projection family, sign and block count are
 * fixed by the map itself (positive, hyperbolic, trigonometric, random Fourier, OPRF): they differ
 * only in their drawn rows ({@link #bind}) and closed-form MSE.
 */
abstract class FixedFormMap extends AbstractMechanism implements ProjectionFeatureMap {
    private final String id;
    private final Form form;
    private final boolean positive;
    private final int blocks;

    /**
     * @param id       the provider id (the spec of a map without parameters)
     * @param form     the per-projection family
     * @param positive whether every feature is positive
     * @param blocks   features per projection
     */
    FixedFormMap(String id, Form form, boolean positive, int blocks) {
        this.id = id;
        this.form = form;
        this.positive = positive;
        this.blocks = blocks;
    }

    @Override
    public Form form() {
        return form;
    }

    /** {@code {"id": id}}; maps with parameters override it. */
    @Override
    public Spec spec() {
        return Spec.of(id);
    }

    @Override
    public boolean positive() {
        return positive;
    }

    @Override
    public int blocks() {
        return blocks;
    }
}
