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

import java.util.Locale;
import org.rf4j.api.DimensionMismatchException;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Matrix;
import org.rf4j.api.linalg.Gram;
import org.rf4j.api.linalg.Cholesky;
import org.rf4j.api.linalg.LinearAlgebra;
import org.rf4j.api.linalg.Parallelism;
import org.apiguardian.api.API;

/**
 * Ridge regression on an explicit representation Φ (n×M) with an unpenalised intercept, as
 * scikit-learn's {@code Ridge(fit_intercept=True)} with {@code alpha = n·λ}: W solves
 * {@code (Φcᵀ Φc + nλ I) W = Φcᵀ Yc} where Φc and Yc are Φ and Y with their column means
 * removed, and {@code b = ȳ − μ_Φᵀ W}.
 *
 * <p>Two exact routes to the same W, chosen by shape:
 * <ul>
 *   <li>primal ({@link NormalEquations}, n ≥ M): ΦᵀΦ and ΦᵀY accumulated block by block of rows
 *       through rf4j's GEMM, so Φ is never held whole and n is limited by time, not memory;
 *       O(n·M² + M³);</li>
 *   <li>dual ({@link #dual}, n &lt; M): {@code W = Φcᵀ α} with {@code (Φc Φcᵀ + nλ I) α = Yc};
 *       O(n²·M + n³), the shape where M exceeds the number of rows.</li>
 * </ul>
 * Both end in a blocked {@link Cholesky} solve; a system that is not positive definite (λ = 0
 * with rank-deficient features) is refused with the λ to raise.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class RidgeSolver {
    private RidgeSolver() {
    }

    static void checkLambda(double lambda) {
        if (!(lambda >= 0) || !Double.isFinite(lambda)) {
            throw new InvalidParameterException("lambda", lambda, "a finite number >= 0");
        }
    }

    /**
     * Shifted sums of the primal normal equations: with a fixed shift s (the first block's
     * column means, so the sums do not cancel), {@code S = Σ(φ − s)}, {@code G = Σ(φ − s)(φ − s)ᵀ},
     * {@code B = Σ(φ − s)yᵀ}, {@code Σy}; centring at the end is exact algebra on these sums.
     * Sums with the same shift can be subtracted (cross-validation folds). G is accumulated on its
     * lower triangle only (the Cholesky solve reads nothing else).
     */
    public static final class NormalEquations {
        private final int features;
        private final int outputs;
        private double[] shift;
        private long rows;
        private final double[] s;
        private final Matrix g;
        private final Matrix b;
        private final double[] ySum;

        public NormalEquations(int features, int outputs) {
            this(features, outputs, null);
        }

        NormalEquations(int features, int outputs, double[] shift) {
            this.features = features;
            this.outputs = outputs;
            this.shift = shift == null ? null : shift.clone();
            this.s = new double[features];
            this.g = Matrix.zeros(features, features);
            this.b = Matrix.zeros(features, outputs);
            this.ySum = new double[outputs];
        }

        public long rows() {
            return rows;
        }

        double[] shift() {
            return shift == null ? null : shift.clone();
        }

        /** Adds a block of rows: features Φ_b (r×M) and targets Y_b (r×c). Φ_b is overwritten. */
        public void add(Matrix phi, Matrix y) {
            if (phi.cols() != features || y.cols() != outputs || phi.rows() != y.rows()) {
                throw new DimensionMismatchException("ridge block: features " + phi.shape() + " and targets " + y.shape()
                        + "; expected r×" + features + " and r×" + outputs);
            }
            int r = phi.rows();
            if (r == 0) {
                return;
            }
            double[] p = phi.data();
            if (shift == null) {
                shift = new double[features];
                for (int i = 0; i < r; i++) {
                    for (int j = 0; j < features; j++) {
                        shift[j] += p[i * features + j];
                    }
                }
                for (int j = 0; j < features; j++) {
                    shift[j] /= r;
                }
            }
            for (int i = 0; i < r; i++) {
                for (int j = 0; j < features; j++) {
                    double v = p[i * features + j] - shift[j];
                    p[i * features + j] = v;
                    s[j] += v;
                }
            }
            double[] yd = y.data();
            for (int i = 0; i < r; i++) {
                for (int j = 0; j < outputs; j++) {
                    ySum[j] += yd[i * outputs + j];
                }
            }
            // ΦᵀΦ on the lower triangle only (half the work; the solve reads nothing else)
            Gram.lowerTransposeProduct(phi, g, true);
            LinearAlgebra.transposeMultiply(phi, y, b, true, Parallelism.defaults());
            rows += r;
        }

        /** These sums minus another's with the same shift (the training part of a fold). */
        NormalEquations minus(NormalEquations other) {
            NormalEquations d = new NormalEquations(features, outputs, shift);
            d.rows = rows - other.rows;
            for (int j = 0; j < features; j++) {
                d.s[j] = s[j] - other.s[j];
            }
            for (int j = 0; j < outputs; j++) {
                d.ySum[j] = ySum[j] - other.ySum[j];
            }
            double[] gd = d.g.data();
            double[] g1 = g.data();
            double[] g2 = other.g.data();
            for (int i = 0; i < gd.length; i++) {
                gd[i] = g1[i] - g2[i];
            }
            double[] bd = d.b.data();
            double[] b1 = b.data();
            double[] b2 = other.b.data();
            for (int i = 0; i < bd.length; i++) {
                bd[i] = b1[i] - b2[i];
            }
            return d;
        }

        /** Solves the centred system for λ. */
        public LinearFit solve(double lambda) {
            checkLambda(lambda);
            if (rows < 1) {
                throw new InvalidParameterException("rows", rows, "at least 1 training row");
            }
            int m = features;
            double n = rows;
            double[] mu = new double[m];
            for (int j = 0; j < m; j++) {
                mu[j] = s[j] / n;
            }
            double[] ybar = new double[outputs];
            for (int j = 0; j < outputs; j++) {
                ybar[j] = ySum[j] / n;
            }
            Matrix a = g.copy();
            double[] ad = a.data();
            for (int i = 0; i < m; i++) {
                for (int j = 0; j <= i; j++) {
                    ad[i * m + j] -= n * mu[i] * mu[j];
                }
                ad[i * m + i] += n * lambda;
            }
            Matrix rhs = b.copy();
            double[] rd = rhs.data();
            for (int i = 0; i < m; i++) {
                for (int j = 0; j < outputs; j++) {
                    rd[i * outputs + j] -= n * mu[i] * ybar[j];
                }
            }
            Matrix w = Cholesky.factor(a, system(lambda, rows)).solve(rhs);
            double[] intercept = new double[outputs];
            double[] wd = w.data();
            for (int j = 0; j < outputs; j++) {
                double v = ybar[j];
                for (int i = 0; i < m; i++) {
                    v -= (shift[i] + mu[i]) * wd[i * outputs + j];
                }
                intercept[j] = v;
            }
            return new LinearFit(w, intercept);
        }
    }

    static String system(double lambda, long n) {
        double nl = n * lambda;
        return String.format(Locale.ROOT, "the ridge system (ΦᵀΦ + nλI) with n = %d, lambda = %.3g (%s)", n, lambda,
                nl < 1e300 ? "raise lambda" : "lower lambda: n·lambda = " + nl + " overflows the system");
    }

    /**
     * The dual route: Φ (n×M) held whole, {@code (ΦcΦcᵀ + nλI)α = Yc}, {@code W = Φcᵀα}. Φ and Y
     * are not modified.
     */
    public static LinearFit dual(Matrix phi, Matrix y, double lambda) {
        return new DualEquations(phi, y).solve(lambda);
    }

    /** The dual system, centred and with its n×n Gram matrix formed once, solved for any λ. */
    public static final class DualEquations {
        private final int n;
        private final int m;
        private final int c;
        private final double[] mu;
        private final double[] ybar;
        private final Matrix pc;
        private final Matrix yc;
        private final Matrix gram;

        public DualEquations(Matrix phi, Matrix y) {
            if (phi.rows() != y.rows()) {
                throw new DimensionMismatchException("features " + phi.shape() + " and targets " + y.shape()
                        + " differ in rows");
            }
            n = phi.rows();
            m = phi.cols();
            c = y.cols();
            if (n < 1) {
                throw new InvalidParameterException("rows", n, "at least 1 training row");
            }
            mu = columnMeans(phi);
            pc = centred(phi, mu);
            ybar = columnMeans(y);
            yc = centred(y, ybar);
            gram = Gram.rows(pc);
        }

        public LinearFit solve(double lambda) {
            checkLambda(lambda);
            Matrix k = gram.copy();
            double[] kd = k.data();
            for (int i = 0; i < n; i++) {
                kd[i * n + i] += n * lambda;
            }
            Matrix alpha = Cholesky.factor(k, system(lambda, n)).solve(yc);
            Matrix w = LinearAlgebra.transposeMultiply(pc, alpha, null);
            double[] wd = w.data();
            double[] intercept = new double[c];
            for (int j = 0; j < c; j++) {
                double v = ybar[j];
                for (int i = 0; i < m; i++) {
                    v -= mu[i] * wd[i * c + j];
                }
                intercept[j] = v;
            }
            return new LinearFit(w, intercept);
        }
    }

    static double[] columnMeans(Matrix y) {
        int n = y.rows();
        int c = y.cols();
        double[] mean = new double[c];
        double[] d = y.data();
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < c; j++) {
                mean[j] += d[i * c + j];
            }
        }
        for (int j = 0; j < c; j++) {
            mean[j] /= Math.max(1, n);
        }
        return mean;
    }

    static Matrix centred(Matrix y, double[] mean) {
        int n = y.rows();
        int c = y.cols();
        Matrix out = Matrix.zeros(n, c);
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < c; j++) {
                out.data()[i * c + j] = y.data()[i * c + j] - mean[j];
            }
        }
        return out;
    }
}
