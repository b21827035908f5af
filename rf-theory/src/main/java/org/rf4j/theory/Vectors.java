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
package org.rf4j.theory;

import org.apiguardian.api.API;

/** Small vector helpers for the closed forms. */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class Vectors {
    private Vectors() {
    }

    public static double dot(double[] x, double[] y) {
        double s = 0;
        for (int i = 0; i < x.length; i++) {
            s += x[i] * y[i];
        }
        return s;
    }

    public static double squaredNorm(double[] x) {
        return dot(x, x);
    }

    /** |x + s·y|². */
    public static double squaredNormOfSum(double[] x, double[] y, double s) {
        double acc = 0;
        for (int i = 0; i < x.length; i++) {
            double t = x[i] + s * y[i];
            acc += t * t;
        }
        return acc;
    }
}
