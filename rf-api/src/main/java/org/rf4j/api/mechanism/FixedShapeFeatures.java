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

import org.rf4j.api.Matrix;
import org.apiguardian.api.API;

/**
 * A base for drawn features whose input dimension, feature count and sign are fixed when drawn:
 * it answers {@link #inputDimension}, {@link #outputDimension} and {@link #positive}, and checks a
 * batch and its output buffer against that shape ({@link #output}).
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public abstract class FixedShapeFeatures implements DrawnFeatures {
    /** d, the input dimension. */
    protected final int d;
    /** The feature count (columns of the output). */
    protected final int width;
    private final boolean positive;

    /**
     * @param d        the input dimension
     * @param width    the feature count
     * @param positive whether every feature is non-negative
     */
    protected FixedShapeFeatures(int d, int width, boolean positive) {
        this.d = d;
        this.width = width;
        this.positive = positive;
    }

    @Override
    public final int inputDimension() {
        return d;
    }

    @Override
    public final int outputDimension() {
        return width;
    }

    @Override
    public final boolean positive() {
        return positive;
    }

    /**
     * Checks that {@code x} has d columns and returns {@code out} checked to be n×width, or a new
     * n×width matrix when it is null.
     *
     * @param input  what the input is called in a refusal
     * @param output what the output is called in a refusal
     */
    protected final Matrix output(Matrix x, Matrix out, String input, String output) {
        x.requireCols(d, input);
        return Matrix.requireShape(out, x.rows(), width, output);
    }
}
