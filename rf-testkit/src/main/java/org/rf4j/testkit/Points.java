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
package org.rf4j.testkit;

import java.util.random.RandomGenerator;
import org.rf4j.api.Matrix;
import org.rf4j.api.random.Seeds;

/** Test inputs shared by the contracts: moderate-norm pairs and data clouds. */
final class Points {
    private Points() {
    }

    /** A pair (x, y) in dimension d with |x|, |y| about {@code norm}, at a fixed, generic angle. */
    static double[][] pair(int d, double norm, long seed) {
        RandomGenerator r = Seeds.generator(seed);
        double[] x = new double[d];
        double[] y = new double[d];
        for (int k = 0; k < d; k++) {
            x[k] = r.nextGaussian();
            y[k] = 0.6 * x[k] + 0.8 * r.nextGaussian();
        }
        scale(x, norm);
        scale(y, norm);
        return new double[][] {x, y};
    }

    /** n rows around a centre, for data-driven mechanisms. */
    static Matrix cloud(double[] centre, int n, double spread, long seed) {
        RandomGenerator r = Seeds.generator(seed);
        Matrix m = Matrix.zeros(n, centre.length);
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < centre.length; k++) {
                m.set(i, k, i == 0 ? centre[k] : centre[k] + spread * r.nextGaussian());
            }
        }
        return m;
    }

    private static void scale(double[] v, double norm) {
        double s = 0;
        for (double t : v) {
            s += t * t;
        }
        double f = norm / Math.sqrt(s);
        for (int k = 0; k < v.length; k++) {
            v[k] *= f;
        }
    }

    static double dot(double[] a, double[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * b[i];
        }
        return s;
    }
}
