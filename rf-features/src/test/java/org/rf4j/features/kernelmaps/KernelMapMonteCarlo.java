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
package org.rf4j.features.kernelmaps;

import java.util.function.LongFunction;
import org.rf4j.api.Matrix;
import org.rf4j.api.random.Seeds;
import org.rf4j.testkit.MonteCarlo;

import static org.assertj.core.api.Assertions.assertThat;

/** Repeated draws of a kernel map: each trial draws a fresh map and estimates k(x, y) by φ(x)ᵀφ(y). */
final class KernelMapMonteCarlo {
    private KernelMapMonteCarlo() {
    }

    /** φ(x)ᵀφ(y) of one drawn map. */
    static double estimate(RowFeatures map, double[] x, double[] y) {
        Matrix f = map.transform(Matrix.of(new double[][] {x, y}));
        double s = 0;
        for (int j = 0; j < f.cols(); j++) {
            s += f.get(0, j) * f.get(1, j);
        }
        return s;
    }

    /** {@code trials} maps, trial t drawn with seed {@code Seeds.derive(root, t)}. */
    static MonteCarlo.Estimates run(int trials, long root, double exact, double[] x, double[] y,
            LongFunction<RowFeatures> draw) {
        return MonteCarlo.run(trials, exact, t -> estimate(draw.apply(Seeds.derive(root, t)), x, y));
    }

    /**
     * The mean within {@link MonteCarlo#Z} standard errors of {@code exact}, where that tolerance (the
     * smallest bias the check detects) must be at most {@code power·scale}; the scale is
     * {@code √(k(x,x)·k(y,y))}, which bounds |k(x, y)| for a positive-definite kernel, so pairs with a
     * small or zero k are checked with a meaningful power.
     */
    static void assertUnbiased(MonteCarlo.Estimates e, double exact, double scale, double power, String what) {
        double tolerance = MonteCarlo.Z * e.meanStdErr();
        assertThat(tolerance).as("%s: detectable bias Z·SE = %s must be <= %s·scale = %s", what, tolerance, power,
                power * scale).isLessThanOrEqualTo(power * scale);
        assertThat(Math.abs(e.mean() - exact)).as("%s: mean %s vs exact %s (SE %s)", what, e.mean(), exact,
                e.meanStdErr()).isLessThanOrEqualTo(tolerance + 1e-12 * scale);
    }
}
