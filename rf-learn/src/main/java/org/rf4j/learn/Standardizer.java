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

import org.rf4j.api.Matrix;
import org.apiguardian.api.API;

/**
 * Column standardisation {@code (x − mean)/scale} fitted on training rows (scale: the population
 * standard deviation, 1 for a constant column), kept in the model so predictions see the same
 * coordinates.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public record Standardizer(double[] mean, double[] scale) {
    public Standardizer {
        mean = mean.clone();
        scale = scale.clone();
    }

    @Override
    public double[] mean() {
        return mean.clone();
    }

    @Override
    public double[] scale() {
        return scale.clone();
    }

    /** Fits on the rows of x. */
    public static Standardizer fit(Matrix x) {
        int n = x.rows();
        int d = x.cols();
        double[] mean = new double[d];
        double[] sq = new double[d];
        double[] a = x.data();
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < d; j++) {
                mean[j] += a[i * d + j];
            }
        }
        for (int j = 0; j < d; j++) {
            mean[j] /= n;
        }
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < d; j++) {
                double t = a[i * d + j] - mean[j];
                sq[j] += t * t;
            }
        }
        double[] scale = new double[d];
        for (int j = 0; j < d; j++) {
            double s = Math.sqrt(sq[j] / n);
            scale[j] = s > 0 ? s : 1.0;
        }
        return new Standardizer(mean, scale);
    }

    /** The standardised copy of x. */
    public Matrix apply(Matrix x) {
        x.requireCols(mean.length, "rows to standardise");
        int d = mean.length;
        Matrix out = Matrix.zeros(x.rows(), d);
        double[] a = x.data();
        double[] o = out.data();
        for (int i = 0; i < x.rows(); i++) {
            for (int j = 0; j < d; j++) {
                o[i * d + j] = (a[i * d + j] - mean[j]) / scale[j];
            }
        }
        return out;
    }
}
