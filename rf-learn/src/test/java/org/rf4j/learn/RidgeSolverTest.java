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

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.rf4j.api.Matrix;
import org.rf4j.api.linalg.NotPositiveDefiniteException;

/**
 * The ridge solution against an independent reference: the centred normal equations
 * {@code (ΦcᵀΦc + nλI)w = Φcᵀyc} formed entry by entry and solved by Gaussian elimination with
 * partial pivoting. A wrong λ (λ for nλ, a missing centring), a wrong solve (a transposed or
 * skipped triangular step) or a lost block in the streaming each moves the solution far outside
 * the tolerance.
 */
class RidgeSolverTest {

    static double[][] reference(Matrix phi, Matrix y, double lambda) {
        int n = phi.rows();
        int m = phi.cols();
        int c = y.cols();
        double[] mu = new double[m];
        double[] yb = new double[c];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < m; j++) {
                mu[j] += phi.get(i, j) / n;
            }
            for (int j = 0; j < c; j++) {
                yb[j] += y.get(i, j) / n;
            }
        }
        double[][] a = new double[m][m + c];
        for (int p = 0; p < m; p++) {
            for (int q = 0; q < m; q++) {
                double s = 0;
                for (int i = 0; i < n; i++) {
                    s += (phi.get(i, p) - mu[p]) * (phi.get(i, q) - mu[q]);
                }
                a[p][q] = s + (p == q ? n * lambda : 0);
            }
            for (int j = 0; j < c; j++) {
                double s = 0;
                for (int i = 0; i < n; i++) {
                    s += (phi.get(i, p) - mu[p]) * (y.get(i, j) - yb[j]);
                }
                a[p][m + j] = s;
            }
        }
        for (int k = 0; k < m; k++) {
            int piv = k;
            for (int i = k + 1; i < m; i++) {
                if (Math.abs(a[i][k]) > Math.abs(a[piv][k])) {
                    piv = i;
                }
            }
            double[] t = a[k];
            a[k] = a[piv];
            a[piv] = t;
            for (int i = k + 1; i < m; i++) {
                double f = a[i][k] / a[k][k];
                for (int j = k; j < m + c; j++) {
                    a[i][j] -= f * a[k][j];
                }
            }
        }
        double[][] w = new double[m + 1][c];
        for (int j = 0; j < c; j++) {
            for (int k = m - 1; k >= 0; k--) {
                double s = a[k][m + j];
                for (int q = k + 1; q < m; q++) {
                    s -= a[k][q] * w[q][j];
                }
                w[k][j] = s / a[k][k];
            }
            double b = yb[j];
            for (int k = 0; k < m; k++) {
                b -= mu[k] * w[k][j];
            }
            w[m][j] = b;
        }
        return w;
    }

    private static void assertMatches(LinearFit fit, double[][] ref, double tol) {
        int m = fit.weights().rows();
        for (int j = 0; j < fit.outputs(); j++) {
            for (int k = 0; k < m; k++) {
                assertThat(fit.weights().get(k, j)).as("w[%d][%d]", k, j).isCloseTo(ref[k][j],
                        org.assertj.core.data.Offset.offset(tol));
            }
            assertThat(fit.intercept()[j]).as("b[%d]", j).isCloseTo(ref[m][j], org.assertj.core.data.Offset.offset(tol));
        }
    }

    private static Matrix shifted(Matrix phi, double by) {
        Matrix p = phi.copy();
        for (int i = 0; i < p.data().length; i++) {
            p.data()[i] += by;
        }
        return p;
    }

    /** Primal (streamed in blocks of 37 rows, 140 columns → 3 Cholesky panels) and dual agree with the reference. */
    @Test
    void primalStreamedAndDualMatchTheReference() {
        Matrix phi = shifted(Data.gaussian(500, 140, 1), 3.0); // non-zero means: the intercept matters
        Matrix y = Data.gaussian(500, 2, 2);
        double lambda = 0.05;
        double[][] ref = reference(phi, y, lambda);
        RidgeSolver.NormalEquations ne = new RidgeSolver.NormalEquations(140, 2);
        for (int r0 = 0; r0 < 500; r0 += 37) {
            int r1 = Math.min(500, r0 + 37);
            ne.add(phi.rowRange(r0, r1), y.rowRange(r0, r1));
        }
        assertMatches(ne.solve(lambda), ref, 1e-10);
        Matrix phiSmall = shifted(Data.gaussian(60, 140, 3), -1.0);
        Matrix ySmall = Data.gaussian(60, 1, 4);
        assertMatches(RidgeSolver.dual(phiSmall, ySmall, lambda), reference(phiSmall, ySmall, lambda), 1e-10);
    }

    /** The λ is multiplied by n: a solution at λ differs clearly from the one at nλ or λ/n. */
    @Test
    void lambdaScalesWithTheRowCount() {
        Matrix phi = Data.gaussian(300, 20, 5);
        Matrix y = Data.gaussian(300, 1, 6);
        RidgeSolver.NormalEquations ne = new RidgeSolver.NormalEquations(20, 1);
        ne.add(phi.copy(), y);
        LinearFit fit = ne.solve(0.5);
        double[][] wrong = reference(phi, y, 0.5 / 300);
        assertThat(Math.abs(fit.weights().get(0, 0) - wrong[0][0])).isGreaterThan(1e-3);
        assertMatches(fit, reference(phi, y, 0.5), 1e-12);
    }

    /** Fold sums subtract exactly (the cross-validation path). */
    @Test
    void subtractedFoldSumsEqualTheTrainingPartsOwn() {
        Matrix phi = shifted(Data.gaussian(200, 30, 7), 2.0);
        Matrix y = Data.gaussian(200, 3, 8);
        RidgeSolver.NormalEquations total = new RidgeSolver.NormalEquations(30, 3);
        total.add(phi.copy(), y);
        RidgeSolver.NormalEquations fold = new RidgeSolver.NormalEquations(30, 3, total.shift());
        fold.add(phi.rowRange(150, 200), y.rowRange(150, 200));
        LinearFit rest = total.minus(fold).solve(0.01);
        assertMatches(rest, reference(phi.rowRange(0, 150), y.rowRange(0, 150), 0.01), 1e-9);
    }

    @Test
    void singularSystemWithoutRegularisationIsRefused() {
        Matrix phi = Matrix.zeros(10, 4); // constant features: ΦcᵀΦc = 0
        Matrix y = Data.gaussian(10, 1, 9);
        RidgeSolver.NormalEquations ne = new RidgeSolver.NormalEquations(4, 1);
        ne.add(phi, y);
        assertThatThrownBy(() -> ne.solve(0.0)).isInstanceOf(NotPositiveDefiniteException.class)
                .hasMessageContaining("lambda = 0").hasMessageContaining("raise lambda");
        assertThatThrownBy(() -> ne.solve(-1)).hasMessageContaining("lambda");
    }
}
