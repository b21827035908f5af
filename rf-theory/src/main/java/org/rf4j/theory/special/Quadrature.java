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
package org.rf4j.theory.special;

import org.apiguardian.api.API;

/**
 * Tanh–sinh (double-exponential) quadrature nodes on a finite interval (Takahasi &amp; Mori). The
 * nodes cluster doubly-exponentially at both ends, so integrands that vanish or peak at an
 * endpoint (such as {@code sin^{d−1}ψ} near π/2 for large d) are integrated to near double
 * precision; for analytic integrands the error falls like {@code exp(−c/h)}.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class Quadrature {
    private final double[] nodes;
    private final double[] weights;

    private Quadrature(double[] nodes, double[] weights) {
        this.nodes = nodes;
        this.weights = weights;
    }

    /**
     * Tanh–sinh rule on [a, b] with step h (e.g. 1/64); nodes whose weight is below
     * {@code 1e-300} relative are dropped.
     */
    public static Quadrature tanhSinh(double a, double b, double h) {
        double half = 0.5 * (b - a);
        double mid = 0.5 * (a + b);
        int kmax = (int) Math.ceil(4.0 / h);
        double[] x = new double[2 * kmax + 1];
        double[] w = new double[2 * kmax + 1];
        int n = 0;
        for (int k = -kmax; k <= kmax; k++) {
            double t = k * h;
            double s = 0.5 * Math.PI * Math.sinh(t);
            double ch = Math.cosh(s);
            double weight = h * 0.5 * Math.PI * Math.cosh(t) / (ch * ch);
            if (weight < 1e-300) {
                continue;
            }
            // distance from the nearer end computed without cancellation: 1 - tanh|s| = 2/(1+e^{2|s|})
            double fromEnd = 2 / (1 + Math.exp(2 * Math.abs(s)));
            double xv = s >= 0 ? b - half * fromEnd : a + half * fromEnd;
            if (xv <= a || xv >= b) {
                continue;
            }
            x[n] = xv;
            w[n] = half * weight;
            n++;
        }
        return new Quadrature(java.util.Arrays.copyOf(x, n), java.util.Arrays.copyOf(w, n));
    }

    /** The nodes (a copy). */
    public double[] nodes() {
        return nodes.clone();
    }

    /** The weights (a copy). */
    public double[] weights() {
        return weights.clone();
    }

    /** Integrates f over the interval. */
    public double integrate(java.util.function.DoubleUnaryOperator f) {
        double s = 0;
        for (int i = 0; i < nodes.length; i++) {
            s += weights[i] * f.applyAsDouble(nodes[i]);
        }
        return s;
    }
}
