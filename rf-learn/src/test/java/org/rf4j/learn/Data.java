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

import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;
import org.rf4j.api.Matrix;
import org.rf4j.api.random.Seeds;

/** Generated test data (the tests need no files). */
final class Data {
    private Data() {
    }

    static Matrix gaussian(int n, int d, long seed) {
        return Matrix.gaussian(n, d, 1.0, seed);
    }

    /** A random symmetric positive definite matrix A = BBᵀ + εI. */
    static Matrix spd(int n, long seed) {
        Matrix b = gaussian(n, n, seed);
        Matrix a = org.rf4j.api.linalg.LinearAlgebra.multiplyTransposed(b, b, null);
        for (int i = 0; i < n; i++) {
            a.data()[i * n + i] += 0.5;
        }
        return a;
    }

    /** y = sin(|x|·1.5) + x₀/2 + noise: a smooth nonlinear regression target. */
    static double[] smoothTarget(Matrix x, double noise, long seed) {
        RandomGenerator r = Seeds.generator(seed);
        double[] y = new double[x.rows()];
        for (int i = 0; i < x.rows(); i++) {
            double s = 0;
            for (int j = 0; j < x.cols(); j++) {
                s += x.get(i, j) * x.get(i, j);
            }
            y[i] = Math.sin(1.5 * Math.sqrt(s)) + 0.5 * x.get(i, 0) + noise * r.nextGaussian();
        }
        return y;
    }

    /** Three classes by the radius |x| (rings): not linearly separable in x. */
    static int[] rings(Matrix x) {
        int[] l = new int[x.rows()];
        for (int i = 0; i < x.rows(); i++) {
            double s = 0;
            for (int j = 0; j < x.cols(); j++) {
                s += x.get(i, j) * x.get(i, j);
            }
            double rad = Math.sqrt(s);
            l[i] = rad < 1.0 ? 0 : rad < 1.6 ? 1 : 2;
        }
        return l;
    }

    static List<String> columns(int d) {
        List<String> c = new ArrayList<>();
        for (int j = 0; j < d; j++) {
            c.add("x" + j);
        }
        return c;
    }

    static String config(String features, String coupling, int m, double sigma, long seed) {
        return "{\"kernel\": {\"id\": \"gaussian\", \"sigma\": " + sigma + "}, \"estimator\": {\"id\": \"random-features\","
                + " \"coupling\": {\"id\": \"" + coupling + "\"}, \"features\": " + features + ", \"m\": " + m + "}, \"seed\": "
                + seed + "}";
    }
}
