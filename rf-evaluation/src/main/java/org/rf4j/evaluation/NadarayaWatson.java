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
package org.rf4j.evaluation;

import java.util.Objects;
import org.rf4j.api.Checks;
import org.rf4j.api.DimensionMismatchException;
import org.rf4j.api.InvalidInputException;
import org.rf4j.api.Matrix;
import org.rf4j.api.kernel.Kernel;
import org.rf4j.api.linalg.LinearAlgebra;
import org.rf4j.api.mechanism.DrawnEstimator;
import org.rf4j.api.mechanism.Side;
import org.apiguardian.api.API;

/**
 * Nadaraya–Watson kernel regression of one-hot labels, i.e. nonparametric classification (SimRF
 * Sec. 5.3; CRT Sec. 5.2): for a test object x the predicted label distribution is
 * {@code r(x) = Σᵢ K(x, oᵢ) rᵢ / Σᵢ K(x, oᵢ)} and the predicted class is its argmax.
 *
 * <p>With a random-feature estimator {@code K̂(x, y) = φ₁(x)ᵀφ₂(y)} the sums factor:
 * {@code Σᵢ K̂(x, oᵢ) rᵢ = φ₁(x)ᵀ S} with {@code S = Φ₂(O)ᵀ R} (F×C, R the n×C one-hot matrix)
 * and {@code Σᵢ K̂(x, oᵢ) = φ₁(x)ᵀ s} with {@code s = Φ₂(O)ᵀ 1}. Fitting costs O(n·F) once;
 * each prediction costs O(F·C) after its features (F = output dimension of the map). As the CRT
 * paper notes, the argmax ignores the (common, positive) denominator, so non-positive maps such
 * as trigonometric features classify too; {@link #probabilities} divides by the estimated
 * denominator and is meaningful for positive maps.
 *
 * <p>{@link #predictExact} is the exact-kernel reference, evaluated in blocks of test rows so
 * memory stays O(block·n) and never holds the full test×train kernel matrix.
 */
@API(status = API.Status.INTERNAL, since = "0.1")
public final class NadarayaWatson {
    /** Test rows per block when mapping test objects (bounds memory to O(block·F)). */
    private static final int BLOCK = 2048;

    private final DrawnEstimator estimator;
    private final Matrix classSums;
    private final double[] totals;
    private final int classes;

    private NadarayaWatson(DrawnEstimator estimator, Matrix classSums, double[] totals, int classes) {
        this.estimator = estimator;
        this.classSums = classSums;
        this.totals = totals;
        this.classes = classes;
    }

    /**
     * Precomputes {@code S = Φ₂(O)ᵀ R} and {@code s = Φ₂(O)ᵀ 1} from the training objects.
     *
     * @param estimator the drawn kernel estimator (caller's coordinates)
     * @param train     training objects and labels
     */
    public static NadarayaWatson fit(DrawnEstimator estimator, LabeledData train) {
        Objects.requireNonNull(estimator, "estimator");
        Objects.requireNonNull(train, "train");
        Checks.sameLength("training data", estimator.inputDimension(), train.dimension());
        Matrix phi = estimator.features(Side.KEY, train.x(), null);
        int n = train.size();
        int c = train.classes();
        Matrix onehot = Matrix.zeros(n, c);
        double[] ones = new double[n];
        for (int i = 0; i < n; i++) {
            onehot.set(i, train.labels()[i], 1.0);
            ones[i] = 1.0;
        }
        Matrix s = LinearAlgebra.transposeMultiply(phi, onehot, null);
        double[] t = LinearAlgebra.transposeMultiply(phi, ones, null);
        return new NadarayaWatson(estimator, s, t, c);
    }

    public int classes() {
        return classes;
    }

    /** The unnormalised class scores {@code φ₁(x)ᵀS} (n×C), computed in blocks of rows. */
    public Matrix scores(Matrix test) {
        test.requireCols(estimator.inputDimension(), "test batch");
        Matrix out = Matrix.zeros(test.rows(), classes);
        for (int from = 0; from < test.rows(); from += BLOCK) {
            int to = Math.min(test.rows(), from + BLOCK);
            Matrix phi = estimator.features(Side.QUERY, test.rowRange(from, to), null);
            Matrix block = LinearAlgebra.multiply(phi, classSums, null);
            System.arraycopy(block.data(), 0, out.data(), from * classes, (to - from) * classes);
        }
        return out;
    }

    /** The predicted class of each test row: the argmax of its scores. */
    public int[] predict(Matrix test) {
        return argmax(scores(test));
    }

    /**
     * The predicted label distributions: scores divided by the estimated denominator
     * {@code φ₁(x)ᵀs}. Rows whose estimated denominator is not positive are NaN.
     */
    public Matrix probabilities(Matrix test) {
        Matrix sc = scores(test);
        for (int from = 0; from < test.rows(); from += BLOCK) {
            int to = Math.min(test.rows(), from + BLOCK);
            Matrix phi = estimator.features(Side.QUERY, test.rowRange(from, to), null);
            double[] den = LinearAlgebra.multiply(phi, totals, null);
            for (int i = from; i < to; i++) {
                double q = den[i - from];
                for (int c = 0; c < classes; c++) {
                    sc.set(i, c, q > 0 ? sc.get(i, c) / q : Double.NaN);
                }
            }
        }
        return sc;
    }

    /**
     * Exact-kernel Nadaraya–Watson predictions, in blocks of {@code block} test rows. Each test row's
     * kernel values are computed in log space and shifted by their maximum before exponentiation,
     * so a small bandwidth does not underflow every weight to zero (the argmax is unchanged).
     */
    public static int[] predictExact(Kernel kernel, LabeledData train, Matrix test, int block) {
        Objects.requireNonNull(kernel, "kernel");
        Checks.positive("block", block);
        Checks.sameLength("test batch", train.dimension(), test.cols());
        test.requireFinite("test batch");
        double s = kernel.inputScale();
        Matrix tr = train.x().scaled(s);
        double[] trNorm = tr.rowSquaredNorms();
        int n = train.size();
        int c = train.classes();
        int[] out = new int[test.rows()];
        double[] acc = new double[c];
        for (int from = 0; from < test.rows(); from += block) {
            int to = Math.min(test.rows(), from + block);
            Matrix q = test.rowRange(from, to).scaled(s);
            double[] qNorm = q.rowSquaredNorms();
            double[] dd = ExactKernel.logBlock(kernel, q, qNorm, tr, trNorm).data();
            for (int i = 0; i < to - from; i++) {
                int o = i * n;
                double max = Double.NEGATIVE_INFINITY;
                for (int j = 0; j < n; j++) {
                    max = Math.max(max, dd[o + j]);
                }
                java.util.Arrays.fill(acc, 0.0);
                for (int j = 0; j < n; j++) {
                    acc[train.labels()[j]] += Math.exp(dd[o + j] - max);
                }
                out[from + i] = argmax(acc);
            }
        }
        return out;
    }

    /** The fraction of predictions equal to the truth. */
    public static double accuracy(int[] predicted, int[] truth) {
        if (predicted.length != truth.length) {
            throw new DimensionMismatchException(predicted.length + " predictions for " + truth.length + " labels");
        }
        if (truth.length == 0) {
            throw new InvalidInputException("accuracy of an empty test set is undefined");
        }
        int ok = 0;
        for (int i = 0; i < truth.length; i++) {
            if (predicted[i] == truth[i]) {
                ok++;
            }
        }
        return (double) ok / truth.length;
    }

    private static int[] argmax(Matrix scores) {
        int[] out = new int[scores.rows()];
        int c = scores.cols();
        double[] row = new double[c];
        for (int i = 0; i < scores.rows(); i++) {
            System.arraycopy(scores.data(), i * c, row, 0, c);
            out[i] = argmax(row);
        }
        return out;
    }

    /** Index of the largest entry; ties and NaN go to the lowest index. */
    private static int argmax(double[] v) {
        int best = 0;
        for (int k = 1; k < v.length; k++) {
            if (v[k] > v[best]) {
                best = k;
            }
        }
        return best;
    }
}
