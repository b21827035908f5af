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

import java.util.function.ToDoubleFunction;
import org.junit.jupiter.api.Test;

/**
 * The Nelder–Mead minimiser behind {@link GeneralizedFeatureTheory#optimalGerf} on objectives whose
 * minimiser is known in closed form, each chosen so that one move of the method is indispensable:
 * a minimiser 250 start-steps away (reached within the 400-step budget only by expanding), the curved
 * Rosenbrock valley (reflection and contraction), and two cusps of sums of powers of |·| &lt; 1, which
 * are not quasi-convex: there inside contractions fail and the simplex has to shrink towards its best
 * vertex, and a cusp off the dyadic grid needs the contraction point itself.
 * A wrong centroid, reflection, expansion, contraction, shrink or ordering step ends away from the
 * minimiser or runs out of steps first.
 */
class NelderMeadTest {
    private static final int BUDGET = 400;

    @Test
    void reachesADistantQuadraticMinimumWithinTheBudget() {
        // positive definite: Hessian [[2, 1], [1, 20]]; minimiser (200, −150), 250/0.25 = 1000 steps away
        ToDoubleFunction<double[]> f = p -> {
            double u = p[0] - 200;
            double v = p[1] + 150;
            return u * u + 10 * v * v + u * v;
        };
        double[] p = GeneralizedFeatureTheory.nelderMead(f, new double[] {0, 0}, 0.25, BUDGET);
        // values agree to 1e-13 at the stop, so each coordinate is within ~1e-6 of the minimiser
        assertThat(p[0]).isCloseTo(200, within(1e-5));
        assertThat(p[1]).isCloseTo(-150, within(1e-5));
    }

    @Test
    void followsTheRosenbrockValleyToItsMinimum() {
        ToDoubleFunction<double[]> f = p -> 100 * Math.pow(p[1] - p[0] * p[0], 2) + Math.pow(1 - p[0], 2);
        double[] p = GeneralizedFeatureTheory.nelderMead(f, new double[] {-1.2, 1}, 0.25, BUDGET);
        assertThat(p[0]).isCloseTo(1, within(1e-5));
        assertThat(p[1]).isCloseTo(1, within(1e-5));
    }

    /**
     * |x − 1|^{0.1} + |y + 1|^{0.1}: its sub-level sets are four-pointed stars (not convex), so inside
     * contractions fail near the axes through the minimiser and the simplex has to shrink towards its
     * best vertex. A shrink that leaves the worst vertex out, or moves the vertices elsewhere, stalls
     * away from the cusp (at f ≈ 0.7 and 1.0).
     */
    @Test
    void shrinksOntoTheCuspOfANonQuasiConvexObjective() {
        ToDoubleFunction<double[]> f = p -> Math.pow(Math.abs(p[0] - 1), 0.1) + Math.pow(Math.abs(p[1] + 1), 0.1);
        double[] p = GeneralizedFeatureTheory.nelderMead(f, new double[] {0, 0}, 0.25, BUDGET);
        assertThat(p[0]).isCloseTo(1, within(1e-12));
        assertThat(p[1]).isCloseTo(-1, within(1e-12));
    }

    /**
     * √|x + y − 1| + √|x − y − 2|: a cusp at (1.5, −0.5) on diagonal valleys, which the dyadic points a
     * pure shrink from (0, 0) produces never hit exactly. Reaching it needs the inside contraction
     * (c + ½(x_worst − c)); with a wrong contraction point, or one accepted only when it is worse, the
     * simplex shrinks to (1.375, −0.625) (f = 0.5).
     */
    @Test
    void contractsIntoADiagonalCusp() {
        ToDoubleFunction<double[]> f = p -> Math.sqrt(Math.abs(p[0] + p[1] - 1)) + Math.sqrt(Math.abs(p[0] - p[1] - 2));
        double[] p = GeneralizedFeatureTheory.nelderMead(f, new double[] {0, 0}, 0.25, BUDGET);
        assertThat(p[0]).isCloseTo(1.5, within(1e-12));
        assertThat(p[1]).isCloseTo(-0.5, within(1e-12));
    }

    @Test
    void withoutStepsReturnsTheBestVertexOfTheStartingSimplex() {
        ToDoubleFunction<double[]> f = p -> (p[0] - 1) * (p[0] - 1) + (p[1] - 0.2) * (p[1] - 0.2);
        // vertices (0, 0), (0.25, 0), (0, 0.25): values 1.04, 0.6025, 1.0025
        assertThat(GeneralizedFeatureTheory.nelderMead(f, new double[] {0, 0}, 0.25, 0)).containsExactly(0.25, 0.0);
        // vertices (0.2, −1), (0.45, −1), (0.2, −0.75): values 2.08, 1.7425, 1.5425 (the last is best)
        assertThat(GeneralizedFeatureTheory.nelderMead(f, new double[] {0.2, -1}, 0.25, 0)).containsExactly(0.2, -0.75);
        // a start that is itself the best vertex
        assertThat(GeneralizedFeatureTheory.nelderMead(f, new double[] {1, 0.2}, 0.25, 0)).containsExactly(1.0, 0.2);
    }
}
