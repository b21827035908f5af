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

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/**
 * {@link DotProductTheory#tensorSketchVariance} against the exact variance over every hash and sign
 * assignment of small sketches (enumerated, no sampling): m = 2, 3, 4 (odd and even m); d' = 2 at
 * degrees 1 to 3, and d' = 3 (with the √c coordinate) at degrees 1 and 2.
 */
class TensorSketchVarianceTest {
    @Test
    void matchesTheEnumeratedVariance() {
        double[] x = {0.7, -1.2};
        double[] y = {0.4, 0.9};
        for (int m = 2; m <= 4; m++) {
            for (int degree = 1; degree <= 3; degree++) {
                for (double coef0 : new double[] {0.0, 0.6}) {
                    if (coef0 != 0 && degree == 3) {
                        continue; // m^9·2^9 assignments: too many to enumerate in a unit test
                    }
                    double exact = enumeratedVariance(0.8, coef0, degree, m, x, y);
                    assertThat(DotProductTheory.tensorSketchVariance(0.8, coef0, degree, m, x, y))
                            .as("m %d degree %d coef0 %s", m, degree, coef0)
                            .isCloseTo(exact, within(1e-12 * Math.max(1, exact)));
                }
            }
        }
    }

    @Test
    void degreeOneIsTheCountSketchVariance() {
        double[] x = {0.7, -1.2, 0.3};
        double[] y = {0.4, 0.9, -2.0};
        double diagonal = 0;
        for (int i = 0; i < 3; i++) {
            diagonal += x[i] * x[i] * y[i] * y[i];
        }
        double dot = Vectors.dot(x, y);
        double expected = (Vectors.squaredNorm(x) * Vectors.squaredNorm(y) + dot * dot - 2 * diagonal) / 10;
        assertThat(DotProductTheory.tensorSketchVariance(1, 0, 1, 10, x, y)).isCloseTo(expected, within(1e-14));
    }

    /** Mean of (Z − E Z)² over all hashes (m^{d'p}) and signs (2^{d'p}), Z the sketch inner product. */
    private static double enumeratedVariance(double gamma, double coef0, int degree, int m, double[] x, double[] y) {
        int d = coef0 != 0 ? x.length + 1 : x.length;
        double[] v = new double[d];
        double[] w = new double[d];
        for (int i = 0; i < x.length; i++) {
            v[i] = Math.sqrt(gamma) * x[i];
            w[i] = Math.sqrt(gamma) * y[i];
        }
        if (coef0 != 0) {
            v[d - 1] = Math.sqrt(coef0);
            w[d - 1] = Math.sqrt(coef0);
        }
        int slots = d * degree;
        long hashes = (long) Math.pow(m, slots);
        long signs = 1L << slots;
        double mean = Math.pow(Vectors.dot(v, w), degree);
        double sum = 0;
        int[] h = new int[slots];
        double[] s = new double[slots];
        for (long hc = 0; hc < hashes; hc++) {
            long code = hc;
            for (int k = 0; k < slots; k++) {
                h[k] = (int) (code % m);
                code /= m;
            }
            for (long sc = 0; sc < signs; sc++) {
                for (int k = 0; k < slots; k++) {
                    s[k] = ((sc >>> k) & 1) == 0 ? 1 : -1;
                }
                double z = dotOfSketches(v, w, h, s, d, degree, m);
                sum += (z - mean) * (z - mean);
            }
        }
        return sum / (hashes * signs);
    }

    private static double dotOfSketches(double[] v, double[] w, int[] h, double[] s, int d, int degree, int m) {
        double[] a = sketch(v, h, s, d, degree, m);
        double[] b = sketch(w, h, s, d, degree, m);
        return Vectors.dot(a, b);
    }

    /** By definition: Σ over index tuples of Π s_k(i_k)v_{i_k} at position Σ h_k(i_k) mod m. */
    private static double[] sketch(double[] v, int[] h, double[] s, int d, int degree, int m) {
        double[] out = new double[m];
        int tuples = (int) Math.pow(d, degree);
        for (int code = 0; code < tuples; code++) {
            int c = code;
            int t = 0;
            double term = 1;
            for (int k = 0; k < degree; k++) {
                int i = c % d;
                c /= d;
                t += h[k * d + i];
                term *= s[k * d + i] * v[i];
            }
            out[t % m] += term;
        }
        return out;
    }
}
