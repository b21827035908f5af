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

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.rf4j.api.kernel.KernelKind;
import org.rf4j.api.mechanism.Coupling;
import org.rf4j.api.mechanism.Projection;
import org.rf4j.api.random.Seeds;
import org.rf4j.testkit.MonteCarlo;
import org.rf4j.theory.BaseFeatureTheory;
import org.rf4j.theory.CouplingTheory;
import org.rf4j.theory.CouplingTheory.Geometry;

/**
 * Monte Carlo MSE of the PRF and RFF kernel estimators against the closed forms of
 * {@link CouplingTheory}: the empirical MSE (mean squared error over independent draws) must lie
 * within {@link MonteCarlo#Z} standard errors of the squared-error sample mean of the closed form,
 * each check resolving a 30% error of the MSE (the kit's power rule; the d = 16 cases with 5,000
 * draws are the weakest, at 25%), for several
 * (d, m ≤ d, m &gt; d with a partial block, x, y) and both kernels (Gaussian estimates are the
 * softmax estimates times the deterministic {@code e^{−(|x|²+|y|²)/2}}, so their squared errors are
 * computed separately from the same draws).
 */
class MseMonteCarloTest {
    private static double[] vec(long seed, int d, double length) {
        RandomGenerator rng = Seeds.generator(seed);
        double[] x = new double[d];
        double s = 0;
        for (int i = 0; i < d; i++) {
            x[i] = rng.nextGaussian();
            s += x[i] * x[i];
        }
        for (int i = 0; i < d; i++) {
            x[i] *= length / Math.sqrt(s);
        }
        return x;
    }

    /** Squared errors of the PRF estimator of {@code kind} over n independent draws. */
    private static double[] positiveSquaredErrorSample(Coupling c, int d, int m, double[] x, double[] y, KernelKind kind,
            int n, long seed) {
        RandomGenerator rng = Seeds.generator(seed);
        double sx = Support.dot(x, x) + Support.dot(y, y);
        double factor = kind == KernelKind.SOFTMAX ? 1 : Math.exp(-0.5 * sx);
        double exact = kind == KernelKind.SOFTMAX ? Math.exp(Support.dot(x, y))
                : Math.exp(-0.5 * (sx - 2 * Support.dot(x, y)));
        double[] e = new double[n];
        for (int t = 0; t < n; t++) {
            double est = factor * Support.positiveSoftmax(c.draw(m, d, rng), x, y);
            e[t] = (est - exact) * (est - exact);
        }
        return e;
    }

    private static Support.Stats positiveSquaredErrors(Coupling c, int d, int m, double[] x, double[] y, KernelKind kind,
            int n, long seed) {
        return Support.Stats.of(positiveSquaredErrorSample(c, d, m, x, y, kind, n, seed));
    }

    private static void check(Coupling c, Geometry g, int d, int m, double lx, double ly, long seed, int n) {
        double[] x = vec(seed, d, lx);
        double[] y = vec(seed + 1, d, ly);
        for (KernelKind kind : KernelKind.values()) {
            double[] e = positiveSquaredErrorSample(c, d, m, x, y, kind, n, seed + 2);
            double theory = CouplingTheory.positiveMse(kind, x, y, m, g);
            MonteCarlo.summarize(e).assertMeanMatches(theory, 0.3, c + " " + kind + " d=" + d + " m=" + m + " MSE");
        }
    }

    @Test
    void positiveFeaturesOrthogonalMatchClosedForm() {
        Coupling c = new OrthogonalCoupling();
        check(c, Geometry.ORTHOGONAL, 4, 3, 0.5, 0.4, 1, 20000);
        check(c, Geometry.ORTHOGONAL, 4, 4, 0.6, 0.5, 2, 20000);
        check(c, Geometry.ORTHOGONAL, 4, 10, 0.6, 0.5, 3, 20000);
        check(c, Geometry.ORTHOGONAL, 16, 16, 0.5, 0.5, 4, 5000);
    }

    @Test
    void positiveFeaturesSimplexMatchClosedForm() {
        Coupling c = new SimplexCoupling();
        check(c, Geometry.SIMPLEX, 2, 2, 0.5, 0.4, 11, 20000);
        check(c, Geometry.SIMPLEX, 4, 3, 0.5, 0.4, 12, 20000);
        check(c, Geometry.SIMPLEX, 4, 4, 0.6, 0.5, 13, 20000);
        check(c, Geometry.SIMPLEX, 4, 10, 0.6, 0.5, 14, 20000);
        check(c, Geometry.SIMPLEX, 16, 16, 0.5, 0.5, 15, 5000);
    }

    @Test
    void positiveFeaturesIidMatchClosedForm() {
        check(new IidCoupling(), Geometry.IID, 4, 6, 0.6, 0.5, 21, 20000);
    }

    /** MSE(simplex) &lt; MSE(orthogonal) &lt; MSE(iid), each difference beyond 4 combined standard errors. */
    @Test
    void simplexBeatsOrthogonalBeatsIid() {
        int d = 16;
        double[] x = vec(31, d, 0.36);
        double[] y = vec(32, d, 0.36);
        int n = 12000;
        Support.Stats iid = positiveSquaredErrors(new IidCoupling(), d, d, x, y, KernelKind.GAUSSIAN, n, 33);
        Support.Stats orth = positiveSquaredErrors(new OrthogonalCoupling(), d, d, x, y, KernelKind.GAUSSIAN, n, 34);
        Support.Stats simp = positiveSquaredErrors(new SimplexCoupling(), d, d, x, y, KernelKind.GAUSSIAN, n, 35);
        double z1 = (iid.mean() - orth.mean()) / Math.hypot(iid.se(), orth.se());
        double z2 = (orth.mean() - simp.mean()) / Math.hypot(orth.se(), simp.se());
        assertTrue(z1 > MonteCarlo.Z, "iid " + iid + " vs orthogonal " + orth + ": z = " + z1);
        assertTrue(z2 > MonteCarlo.Z, "orthogonal " + orth + " vs simplex " + simp + ": z = " + z2);
    }

    @Test
    void trigonometricFeaturesOrthogonalMatchEquation74() {
        Coupling c = new OrthogonalCoupling();
        int[][] cases = {{4, 4}, {4, 9}, {8, 8}};
        long seed = 41;
        for (int[] dm : cases) {
            int d = dm[0];
            int m = dm[1];
            double[] x = vec(seed, d, 0.9);
            double[] y = vec(seed + 1, d, 0.5);
            RandomGenerator rng = Seeds.generator(seed + 2);
            double exact = Math.exp(-0.5 * (Support.dot(x, x) + Support.dot(y, y) - 2 * Support.dot(x, y)));
            int n = 20000;
            double[] e = new double[n];
            for (int t = 0; t < n; t++) {
                double est = Support.trigonometricGaussian(c.draw(m, d, rng), x, y);
                e[t] = (est - exact) * (est - exact);
            }
            double theory = CouplingTheory.trigonometricOrthogonalMse(KernelKind.GAUSSIAN, x, y, m);
            double iidTheory = BaseFeatureTheory.trigonometricMse(KernelKind.GAUSSIAN, x, y, m);
            MonteCarlo.summarize(e).assertMeanMatches(theory, 0.2, "d=" + d + " m=" + m + " Eq. 74 (iid " + iidTheory + ")");
            seed += 10;
        }
    }

    /** Sanity of the harness: the iid closed form is rejected for simplex draws where they differ. */
    @Test
    void theHarnessDetectsAWrongClosedForm() {
        int d = 8;
        double[] x = vec(51, d, 0.4);
        double[] y = vec(52, d, 0.4);
        Support.Stats st = positiveSquaredErrors(new SimplexCoupling(), d, d, x, y, KernelKind.SOFTMAX, 8000, 53);
        double wrong = CouplingTheory.positiveMse(KernelKind.SOFTMAX, x, y, d, Geometry.IID);
        assertTrue(Math.abs(st.mean() - wrong) / st.se() > MonteCarlo.Z, "iid MSE must not fit simplex draws");
        Projection p = new SimplexCoupling().draw(d, d, Seeds.generator(1));
        assertTrue(p.count() == d);
    }
}
