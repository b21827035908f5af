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
package org.rf4j.api.kernel;

import org.apiguardian.api.API;

/**
 * The unit kernels that feature maps estimate, on inputs already divided by the bandwidth.
 *
 * <ul>
 *   <li>{@link #GAUSSIAN}: {@code K(x, y) = exp(−|x − y|²/2)}</li>
 *   <li>{@link #SOFTMAX}: {@code SM(x, y) = exp(xᵀy)}</li>
 * </ul>
 * They are related by {@code K(x, y) = exp(−|x|²/2) · SM(x, y) · exp(−|y|²/2)}, so a feature
 * map built for one kind serves the other after scaling each row by
 * {@code exp(logRowFactor(...))}.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public enum KernelKind {
    GAUSSIAN,
    SOFTMAX;

    /**
     * The log of the per-row factor that turns features estimating kernel {@code from} into
     * features estimating this kind, for a row with squared norm {@code squaredNorm}.
     */
    public double logRowFactor(KernelKind from, double squaredNorm) {
        if (from == this) {
            return 0.0;
        }
        return this == GAUSSIAN ? -0.5 * squaredNorm : 0.5 * squaredNorm;
    }

    /** The unit kernel's exact value. */
    public double value(double[] x, double[] y) {
        double dot = 0;
        double dist = 0;
        for (int i = 0; i < x.length; i++) {
            dot += x[i] * y[i];
            double t = x[i] - y[i];
            dist += t * t;
        }
        return this == GAUSSIAN ? Math.exp(-0.5 * dist) : Math.exp(dot);
    }
}
