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
package org.rf4j.learn;

import java.util.Objects;
import org.rf4j.api.DimensionMismatchException;
import org.rf4j.api.Matrix;
import org.apiguardian.api.API;

/**
 * A fitted linear predictor {@code f(z) = zᵀW + b} on some representation z (random features, or
 * kernel columns): weights W (M×c) and intercepts b (c). Immutable.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public record LinearFit(Matrix weights, double[] intercept) {
    public LinearFit {
        Objects.requireNonNull(weights, "weights");
        Objects.requireNonNull(intercept, "intercept");
        if (intercept.length != weights.cols()) {
            throw new DimensionMismatchException(intercept.length + " intercepts for " + weights.cols() + " outputs");
        }
        intercept = intercept.clone();
    }

    @Override
    public double[] intercept() {
        return intercept.clone();
    }

    /** The number of outputs c. */
    public int outputs() {
        return weights.cols();
    }

    /** {@code Z·W + 1·bᵀ} (n×c). */
    public Matrix predict(Matrix z) {
        Matrix out = org.rf4j.api.linalg.LinearAlgebra.multiply(z, weights, null);
        double[] o = out.data();
        int c = weights.cols();
        for (int i = 0; i < z.rows(); i++) {
            for (int j = 0; j < c; j++) {
                o[i * c + j] += intercept[j];
            }
        }
        return out;
    }
}
