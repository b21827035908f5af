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

import java.util.Objects;
import org.rf4j.api.linalg.Cholesky;
import org.rf4j.api.DimensionMismatchException;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Matrix;
import org.rf4j.api.kernel.Kernel;
import org.apiguardian.api.API;

/**
 * Exact kernel ridge regression, the reference the feature models approximate: with the training
 * Gram matrix K and its doubly centred form {@code Kc = HKH} ({@code H = I − 11ᵀ/n}), α solves
 * {@code (Kc + nλI)α = Y − ȳ} and {@code f(x) = Σᵢ αᵢ (k(x, xᵢ) − r(x)) − αᵀ(r − r̄) + ȳ}, where
 * r(x) is the mean of k(x, ·) over the training rows, r their row means and r̄ the grand mean.
 * That is ridge with an unpenalised intercept on the kernel's (infinite) feature space, the same
 * estimator as {@link RidgeSolver} on features, so the two are directly comparable.
 *
 * <p>Blocked: K is built from row blocks of a GEMM (no n×n matrix beyond the one the solve needs)
 * and predictions are formed block by block. For n up to {@value #MAX_ROWS} rows (an n×n matrix
 * of doubles must fit in memory); larger n is refused with the limit named.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class ExactKernelRidge {
    /** The most training rows accepted. */
    public static final int MAX_ROWS = 20_000;
    private static final int BLOCK = 1024;

    private final Kernel kernel;
    private final Matrix train;
    private final Matrix alpha;
    private final double[] alphaSum;
    private final double[] offset;

    private ExactKernelRidge(Kernel kernel, Matrix train, Matrix alpha, double[] alphaSum, double[] offset) {
        this.kernel = kernel;
        this.train = train;
        this.alpha = alpha;
        this.alphaSum = alphaSum;
        this.offset = offset;
    }

    /**
     * Fits on training rows x (caller's coordinates) and targets y (n×c).
     *
     * @throws NotPositiveDefiniteException if λ = 0 and the centred Gram matrix is singular
     */
    public static ExactKernelRidge fit(Kernel kernel, Matrix x, Matrix y, double lambda) {
        Objects.requireNonNull(kernel, "kernel");
        RidgeSolver.checkLambda(lambda);
        x.requireNonEmpty("training rows").requireFinite("training rows");
        y.requireFinite("targets");
        if (x.rows() != y.rows()) {
            throw new DimensionMismatchException("training rows " + x.shape() + " and targets " + y.shape() + " differ in rows");
        }
        int n = x.rows();
        if (n > MAX_ROWS) {
            throw new InvalidParameterException("rows", n, "at most " + MAX_ROWS + " training rows for exact kernel ridge"
                    + " (an n×n Gram matrix); use random features or nystroem beyond that");
        }
        Matrix xs = x.scaled(kernel.inputScale());
        Matrix k = Matrix.zeros(n, n);
        for (int r0 = 0; r0 < n; r0 += BLOCK) {
            int r1 = Math.min(n, r0 + BLOCK);
            Matrix block = KernelBlocks.unitKernel(kernel, xs.rowRange(r0, r1), xs);
            System.arraycopy(block.data(), 0, k.data(), r0 * n, block.data().length);
        }
        double[] kd = k.data();
        double[] r = new double[n];
        double grand = 0;
        for (int i = 0; i < n; i++) {
            double s = 0;
            for (int j = 0; j < n; j++) {
                s += kd[i * n + j];
            }
            r[i] = s / n;
            grand += r[i];
        }
        grand /= n;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                kd[i * n + j] = kd[i * n + j] - r[i] - r[j] + grand;
            }
            kd[i * n + i] += n * lambda;
        }
        double[] ybar = RidgeSolver.columnMeans(y);
        Matrix alpha = Cholesky.factor(k, RidgeSolver.system(lambda, n).replace("ΦᵀΦ", "K")).solve(RidgeSolver.centred(y, ybar));
        int c = y.cols();
        double[] alphaSum = new double[c];
        double[] offset = new double[c];
        double[] ad = alpha.data();
        for (int j = 0; j < c; j++) {
            double sum = 0;
            double dot = 0;
            for (int i = 0; i < n; i++) {
                sum += ad[i * c + j];
                dot += ad[i * c + j] * (r[i] - grand);
            }
            alphaSum[j] = sum;
            offset[j] = ybar[j] - dot;
        }
        return new ExactKernelRidge(kernel, xs, alpha, alphaSum, offset);
    }

    public Kernel kernel() {
        return kernel;
    }

    /** The dual coefficients α (n×c, a copy). */
    public Matrix alpha() {
        return alpha.copy();
    }

    /** Predictions (n×c) for rows x in the caller's coordinates, in blocks. */
    public Matrix predict(Matrix x) {
        x.requireCols(train.cols(), "prediction rows").requireFinite("prediction rows");
        int n = x.rows();
        int c = alpha.cols();
        int t = train.rows();
        Matrix out = Matrix.zeros(n, c);
        Matrix xs = x.scaled(kernel.inputScale());
        for (int r0 = 0; r0 < n; r0 += BLOCK) {
            int r1 = Math.min(n, r0 + BLOCK);
            Matrix kb = KernelBlocks.unitKernel(kernel, xs.rowRange(r0, r1), train);
            Matrix p = org.rf4j.api.linalg.LinearAlgebra.multiply(kb, alpha, null);
            double[] kd = kb.data();
            for (int i = 0; i < r1 - r0; i++) {
                double rx = 0;
                for (int j = 0; j < t; j++) {
                    rx += kd[i * t + j];
                }
                rx /= t;
                for (int j = 0; j < c; j++) {
                    out.data()[(r0 + i) * c + j] = p.data()[i * c + j] - rx * alphaSum[j] + offset[j];
                }
            }
        }
        return out;
    }
}
