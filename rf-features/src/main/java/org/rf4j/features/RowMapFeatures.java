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

import org.rf4j.api.kernel.KernelKind;
import org.rf4j.api.mechanism.DrawnProjectionFeatures;
import org.rf4j.api.mechanism.Projection;

/**
 * Drawn features whose row map ignores the side (φ₁ = φ₂): the shared frame of the positive,
 * hyperbolic, trigonometric and random Fourier rows, with the two row factors they use.
 */
abstract class RowMapFeatures extends DrawnProjectionFeatures {
    private final boolean positive;

    /**
     * @param blocks   features per projection
     * @param scale    the common factor of every feature
     * @param positive whether every feature is positive
     */
    RowMapFeatures(Projection projection, KernelKind target, int blocks, double scale, boolean positive) {
        super(projection, target, blocks, scale);
        this.positive = positive;
    }

    @Override
    public final boolean symmetric() {
        return true; // the row map ignores the side
    }

    @Override
    public final boolean positive() {
        return positive;
    }

    /**
     * The exponent shift of a positive (FAVOR+) row: {@code −|x|²/2} plus the target's log row factor
     * against the softmax kernel ({@code −|x|²/2} more for the Gaussian).
     */
    final double positiveShift(double sqNorm) {
        return -0.5 * sqNorm + target.logRowFactor(KernelKind.SOFTMAX, sqNorm);
    }

    /** The factor of a trigonometric row: {@code e^{|x|²/2}} for the softmax target, else 1. */
    final double trigonometricFactor(double sqNorm, int row) {
        return target == KernelKind.SOFTMAX ? checkedExp(0.5 * sqNorm, row, sqNorm) : 1.0;
    }

    /** {@link #trigonometricFactor} on the float path, rounded once (refused if it overflows float). */
    final float trigonometricFactorFloat(double sqNorm, int row) {
        return target == KernelKind.SOFTMAX ? checkedExpFloat(0.5 * sqNorm, row, sqNorm) : 1.0f;
    }
}
