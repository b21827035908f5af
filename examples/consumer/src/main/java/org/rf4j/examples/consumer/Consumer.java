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
package org.rf4j.examples.consumer;

import java.util.Arrays;
import org.rf4j.RandomFeatureMap;
import org.rf4j.RandomFeatures;

/**
 * Fits Gaussian positive features with orthogonal couplings on a few points, prints a digest of
 * the features (identical on the module path and the class path) and checks the kernel estimate
 * K̂(x, y) = φ(x)ᵀφ(y) against exp(−‖x − y‖²/(2σ²)): at m = 4096 the positive map's standard error
 * at these small-norm points is a few thousandths, so 0.1 fails only a broken artifact (features
 * all zero, a wrong scale, a missing provider), never the draw.
 */
public final class Consumer {
    private Consumer() {
    }

    public static void main(String[] args) {
        double[][] x = {{0.3, -0.1, 0.2}, {0.0, 0.4, -0.3}, {-0.2, 0.1, 0.5}, {0.1, 0.1, 0.1}};
        double sigma = 1.5;
        RandomFeatureMap phi = RandomFeatures.gaussian(sigma).coupling("orthogonal").features("positive")
                .m(4096).seed(42).fit(x);
        double[][] z = phi.transform(x);
        double[][] k = phi.gram(x, x);
        double worst = 0;
        for (int i = 0; i < x.length; i++) {
            for (int j = 0; j < x.length; j++) {
                double d2 = 0;
                for (int c = 0; c < x[i].length; c++) {
                    d2 += (x[i][c] - x[j][c]) * (x[i][c] - x[j][c]);
                }
                worst = Math.max(worst, Math.abs(k[i][j] - Math.exp(-d2 / (2 * sigma * sigma))));
            }
        }
        long digest = 17;
        for (double[] row : z) {
            digest = 31 * digest + Arrays.hashCode(row);
        }
        boolean ok = worst < 0.1;
        System.out.println("features " + z.length + "x" + z[0].length + " digest " + Long.toHexString(digest)
                + String.format(" max|K̂-K| = %.4f", worst) + " " + (ok ? "ok" : "FAILED"));
        if (!ok) {
            System.exit(1);
        }
    }
}
