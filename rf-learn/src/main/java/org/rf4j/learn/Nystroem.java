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

import org.rf4j.api.random.Subsets;
import java.util.Objects;
import java.util.random.RandomGenerator;
import org.rf4j.api.Checks;
import org.rf4j.api.DimensionMismatchException;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Matrix;
import org.rf4j.api.linalg.Gram;
import org.rf4j.api.linalg.SymmetricEigensystem;
import org.rf4j.api.kernel.Kernel;
import org.rf4j.api.kernel.KernelKind;
import org.rf4j.api.linalg.LinearAlgebra;
import org.apiguardian.api.API;

/**
 * Nyström features (Williams &amp; Seeger 2001; scikit-learn's {@code Nystroem}): for L landmarks
 * {@code z₁ … z_L} sampled from the data, {@code φ(x) = K_LL^{-1/2}·k(x)} with
 * {@code k(x) = (K(x, z_j))_j}, so that {@code φ(x)ᵀφ(y) = k(x)ᵀ K_LL⁺ k(y)}, the Nyström
 * approximation of K(x, y). It is exact on the landmarks, and with every data point a landmark it
 * reproduces the exact Gram matrix of the data ({@code K K⁺ K = K}).
 *
 * <p>{@code K_LL^{-1/2}} is computed from the symmetric eigendecomposition
 * {@code K_LL = V·diag(λ)·Vᵀ} as {@code V·diag(λ⁻¹ᐟ²)·Vᵀ}; eigenvalues below
 * {@code rcond·λ_max} are clipped to zero (their directions are dropped, a pseudo-inverse), so
 * duplicate landmarks and near-singular K_LL stay finite. Landmarks are sampled without
 * replacement with the given generator; with {@code m ≥ n} every data point is a landmark and the
 * remaining {@code m − n} output columns are zero, so the output dimension is always m.
 *
 * <p>Everything here is in kernel coordinates (inputs already multiplied by the kernel's input
 * scale) and for the unit kernel {@link KernelKind} (Gaussian {@code exp(−|x − y|²/2)} or softmax
 * {@code exp(xᵀy)}). Immutable and thread-safe.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class Nystroem {
    /** The default relative eigenvalue cut-off. */
    public static final double DEFAULT_RCOND = 1e-10;

    private final Kernel kernel;
    private final Matrix landmarks;
    private final int m;
    private final Matrix normalization;
    private final int rank;

    private Nystroem(Kernel kernel, Matrix landmarks, int m, Matrix normalization, int rank) {
        this.kernel = kernel;
        this.landmarks = landmarks;
        this.m = m;
        this.normalization = normalization;
        this.rank = rank;
    }

    /**
     * Samples {@code min(m, n)} landmarks from the rows of {@code data} without replacement and
     * fits the map.
     */
    public static Nystroem fit(KernelKind kind, Matrix data, int m, RandomGenerator rng, double rcond) {
        return fit(unit(kind), data, m, rng, rcond);
    }

    /**
     * {@link #fit(KernelKind, Matrix, int, RandomGenerator, double)} for any kernel, which needs only its
     * exact value ({@link Kernel#unitValue}; data in its coordinates, after its input scale).
     */
    public static Nystroem fit(Kernel kernel, Matrix data, int m, RandomGenerator rng, double rcond) {
        Objects.requireNonNull(kernel, "kernel");
        Objects.requireNonNull(rng, "rng");
        Checks.positive("m", m);
        data.requireNonEmpty("nystroem data").requireFinite("nystroem data");
        return withLandmarks(kernel, select(data, m, rng), m, rcond);
    }

    /** The unit kernel of a kind as a kernel of input scale 1. */
    private static Kernel unit(KernelKind kind) {
        Objects.requireNonNull(kind, "kind");
        return kind == KernelKind.GAUSSIAN ? Kernel.gaussian(1.0) : Kernel.softmax();
    }

    /** The rows of {@code data} chosen as landmarks: a partial Fisher–Yates shuffle of the row indices. */
    static Matrix select(Matrix data, int m, RandomGenerator rng) {
        return Subsets.rows(data, Math.min(m, data.rows()), rng);
    }

    /** The map for given landmarks (at most m rows; kernel coordinates). */
    public static Nystroem withLandmarks(KernelKind kind, Matrix landmarks, int m, double rcond) {
        return withLandmarks(unit(kind), landmarks, m, rcond);
    }

    /** The map for given landmarks and any kernel (its exact value; kernel coordinates). */
    public static Nystroem withLandmarks(Kernel kernel, Matrix landmarks, int m, double rcond) {
        Objects.requireNonNull(kernel, "kernel");
        Checks.positive("m", m);
        landmarks.requireNonEmpty("nystroem landmarks").requireFinite("nystroem landmarks");
        if (landmarks.rows() > m) {
            throw new DimensionMismatchException(landmarks.rows() + " landmarks for m = " + m + "; at most m are allowed");
        }
        if (!(rcond >= 0 && rcond < 1)) {
            throw new InvalidParameterException("rcond", rcond, "a number in [0, 1)");
        }
        Matrix kll = KernelBlocks.unitKernel(kernel, landmarks, landmarks);
        SymmetricEigensystem eig = SymmetricEigensystem.decompose(kll);
        double[] lambda = eig.values();
        int l = lambda.length;
        double max = lambda[l - 1];
        double cut = Math.max(rcond * max, Double.MIN_NORMAL);
        Matrix vt = eig.vectorsTransposed();
        int kept = 0;
        for (double v : lambda) {
            if (v > cut) {
                kept++;
            }
        }
        // U: the kept eigenvectors as rows, each times λ^{-1/4}; N = UᵀU = V diag(λ^{-1/2}) Vᵀ
        Matrix u = Matrix.zeros(kept, l);
        int r = 0;
        for (int k = 0; k < l; k++) {
            if (lambda[k] > cut) {
                double f = Math.pow(lambda[k], -0.25);
                for (int j = 0; j < l; j++) {
                    u.data()[r * l + j] = f * vt.data()[k * l + j];
                }
                r++;
            }
        }
        Matrix normalization = LinearAlgebra.transposeMultiply(u, u, null);
        return new Nystroem(kernel, landmarks.copy(), m, normalization, kept);
    }

    /** The landmarks (a copy; kernel coordinates). */
    public Matrix landmarks() {
        return landmarks.copy();
    }

    /** The number of landmarks L = min(m, n). */
    public int landmarkCount() {
        return landmarks.rows();
    }

    /** The numerical rank kept after clipping. */
    public int rank() {
        return rank;
    }

    /** m, the output dimension. */
    public int outputDimension() {
        return m;
    }

    public int inputDimension() {
        return landmarks.cols();
    }

    /** The Gaussian or softmax unit kind, or null for another kernel ({@link #kernel()}). */
    public KernelKind kind() {
        return kernel.unitKind().orElse(null);
    }

    /** The kernel whose exact value this map factorises (in kernel coordinates). */
    public Kernel kernel() {
        return kernel;
    }

    /** {@code K_LL^{-1/2}} (a copy). */
    public Matrix normalization() {
        return normalization.copy();
    }

    /** The features of a batch (kernel coordinates), n×m, into {@code out} when not null. */
    public Matrix transform(Matrix x, Matrix out) {
        x.requireCols(landmarks.cols(), "nystroem input");
        Matrix o = Matrix.requireShape(out, x.rows(), m, "nystroem output");
        if (x.rows() == 0) {
            return o;
        }
        Matrix k = KernelBlocks.unitKernel(kernel, x, landmarks);
        // N is symmetric: k·N = k·Nᵀ
        Matrix f = LinearAlgebra.multiplyTransposed(k, normalization, null);
        int l = landmarks.rows();
        if (l == m) {
            System.arraycopy(f.data(), 0, o.data(), 0, f.data().length);
        } else {
            double[] od = o.data();
            java.util.Arrays.fill(od, 0.0);
            for (int i = 0; i < x.rows(); i++) {
                System.arraycopy(f.data(), i * l, od, i * m, l);
            }
        }
        return o;
    }
}
