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
package org.rf4j.couplings;

import java.util.List;
import org.rf4j.api.Matrix;
import org.rf4j.api.mechanism.Coupling;
import org.rf4j.api.mechanism.Projection;

/** Shared Monte Carlo helpers: estimators computed straight from a drawn projection. */
final class Support {
    private Support() {
    }

    /** Every coupling of this module with its default parameters. */
    static List<Coupling> all() {
        return List.of(new IidCoupling(), new OrthogonalCoupling(), new SimplexCoupling(), new SimplexPlusCoupling(50, 1e-10),
                new HdCoupling(BlockGeometry.ORTHOGONAL, 3), new HdCoupling(BlockGeometry.SIMPLEX, 3),
                new GivensCoupling(0, BlockGeometry.ORTHOGONAL), new GivensCoupling(0, BlockGeometry.SIMPLEX),
                new HaltonCoupling());
    }

    static double dot(double[] a, double[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * b[i];
        }
        return s;
    }

    /** wᵢᵀu for every projection. */
    static double[] project(Projection p, double[] u) {
        return p.apply(Matrix.row(u), null).data();
    }

    /** Softmax-kernel PRF estimate {@code e^{−(|x|²+|y|²)/2} m⁻¹ Σ e^{wᵢᵀ(x+y)}}. */
    static double positiveSoftmax(Projection p, double[] x, double[] y) {
        double[] v = new double[x.length];
        for (int i = 0; i < v.length; i++) {
            v[i] = x[i] + y[i];
        }
        double[] z = project(p, v);
        double s = 0;
        for (double t : z) {
            s += Math.exp(t);
        }
        return Math.exp(-0.5 * (dot(x, x) + dot(y, y))) * s / z.length;
    }

    /** Gaussian-kernel RFF estimate {@code m⁻¹ Σ cos(wᵢᵀ(x−y))}. */
    static double trigonometricGaussian(Projection p, double[] x, double[] y) {
        double[] u = new double[x.length];
        for (int i = 0; i < u.length; i++) {
            u[i] = x[i] - y[i];
        }
        double[] z = project(p, u);
        double s = 0;
        for (double t : z) {
            s += Math.cos(t);
        }
        return s / z.length;
    }

    /** Mean and standard error of a sample. */
    record Stats(double mean, double se) {
        static Stats of(double[] a) {
            double m = 0;
            for (double t : a) {
                m += t;
            }
            m /= a.length;
            double v = 0;
            for (double t : a) {
                v += (t - m) * (t - m);
            }
            v /= a.length - 1;
            return new Stats(m, Math.sqrt(v / a.length));
        }
    }
}
