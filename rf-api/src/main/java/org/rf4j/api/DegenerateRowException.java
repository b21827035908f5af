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
package org.rf4j.api;

import java.util.Locale;
import java.util.function.IntToDoubleFunction;
import org.rf4j.api.kernel.KernelKind;
import org.apiguardian.api.API;

/**
 * A row whose features carry no information about its similarities: every feature is zero (the
 * exponents underflow), or its diagonal estimate {@code K̂(x, x) = φq(x)ᵀφk(x)} is below
 * {@link #MIN_DIAGONAL_FRACTION} (10⁻⁶) of the exact {@code K(x, x)}. Refused like a row whose norm
 * overflows ({@link RowNormException}: the row index in the batch and its norm in kernel
 * coordinates, i.e. after the kernel's input scale 1/σ), never returned as silently useless zeros.
 *
 * <p><b>The threshold.</b> {@code K̂(x, x) < 10⁻⁶·K(x, x)}. For a symmetric map (φq = φk) the
 * Cauchy–Schwarz inequality gives {@code |K̂(x, y)| ≤ √(K̂(x, x)·K̂(y, y))}, so such a row's estimated
 * similarity to any healthy row y (K̂(y, y) ≈ K(y, y)) is at most 10⁻³ of {@code √(K(x, x)K(y, y))},
 * the largest value K(x, y) can take: three orders of magnitude below the kernel's scale, for its
 * nearest neighbours too, so the features cannot tell the row's neighbours from distant points. The
 * threshold is set that low so that rows which are merely noisy are never refused, only those whose
 * features say nothing: the trigonometric and random Fourier maps give K̂(x, x) = K(x, x) exactly for
 * the Gaussian kernel, and for positive features (iid projections, r = |x|/σ) the diagonal is the
 * mean of m lognormal terms {@code e^{2rg − 2r²}}, g standard normal, which are all below 10⁻⁶·m only
 * with probability {@code Φ((ln(10⁻⁶m) + 2r²)/(2r))^m}: below 10⁻¹⁶ per row for r ≤ 1.5 and m ≥ 8,
 * 10⁻³⁰ for r ≤ 2 and m = 64; refusals start near r = 3 at m = 64 (0.4% of rows), where the diagonal's
 * relative standard deviation is {@code √((e^{4r²} − 1)/m) ≈ 10⁷}. Remedies: standardise the data, or
 * use a larger σ ({@code "sigma": "median"}).
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public class DegenerateRowException extends RowNormException {
    private static final long serialVersionUID = 1L;

    /** The fraction of K(x, x) below which a row's diagonal estimate K̂(x, x) is refused. */
    public static final double MIN_DIAGONAL_FRACTION = 1e-6;
    private static final double LOG_MIN_FRACTION = Math.log(MIN_DIAGONAL_FRACTION);
    /** What the problem text suggests. */
    private static final String REMEDY = "standardise the data, or use a larger sigma (\"sigma\": \"median\" fits one"
            + " to the data); to keep such rows anyway allow degenerate rows (--allow-degenerate-rows,"
            + " \"allowDegenerateRows\": true)";

    private final double diagonal;
    private final double exact;

    /**
     * @param what     the batch (e.g. "X")
     * @param row      0-based row index in the batch
     * @param norm     the row's norm in kernel coordinates (after the input scale)
     * @param diagonal the estimate K̂(x, x)
     * @param logExact ln K(x, x)
     */
    public DegenerateRowException(String what, int row, double norm, double diagonal, double logExact) {
        super(what, row, norm, problem(norm, diagonal, logExact));
        this.diagonal = diagonal;
        this.exact = Math.exp(logExact);
    }

    private static String problem(double norm, double diagonal, double logExact) {
        String n = String.format(Locale.ROOT, "%.4g", norm);
        if (diagonal == 0) {
            return "its norm " + n + " in kernel coordinates (after the input scale 1/sigma) makes every feature"
                    + " underflow to 0, so its features estimate no similarity; " + REMEDY;
        }
        return "its norm " + n + " in kernel coordinates (after the input scale 1/sigma) gives the diagonal estimate"
                + " K^(x, x) = " + String.format(Locale.ROOT, "%.3g", diagonal) + ", below 1e-6"
                + " of K(x, x) = " + String.format(Locale.ROOT, "%.4g", Math.exp(logExact))
                + ", so its features estimate no similarity; " + REMEDY;
    }

    /** The row's diagonal estimate K̂(x, x) (0 when every feature underflowed). */
    public double diagonal() {
        return diagonal;
    }

    /** The exact K(x, x) (1 for the Gaussian kernel; may be +∞ for a large softmax row). */
    public double exact() {
        return exact;
    }

    /**
     * ln K(x, x) of the unit kernel at a row with squared norm {@code sq} in kernel coordinates:
     * 0 for the Gaussian kernel, |x|² for the softmax kernel.
     */
    public static double logExactDiagonal(KernelKind kind, double sq) {
        return kind == KernelKind.GAUSSIAN ? 0.0 : sq;
    }

    /**
     * Checks every row of a batch's features: {@code q} the side that was asked for, {@code k} the
     * other side of the same rows (the same matrix for a symmetric map), {@code squaredNorm} row i's
     * squared norm in kernel coordinates (after the input scale). Throws for the first degenerate row.
     */
    public static void check(Matrix q, Matrix k, IntToDoubleFunction squaredNorm, KernelKind kind, String what) {
        double[] a = q.data();
        double[] b = k.data();
        int w = q.cols();
        for (int i = 0; i < q.rows(); i++) {
            double diag = 0;
            int o = i * w;
            for (int j = 0; j < w; j++) {
                diag += a[o + j] * b[o + j];
            }
            refuseIfDegenerate(diag, squaredNorm, i, kind, what);
        }
    }

    /** {@link #check(Matrix, Matrix, IntToDoubleFunction, KernelKind, String)} for float features (summed in double). */
    public static void check(FloatMatrix q, FloatMatrix k, IntToDoubleFunction squaredNorm, KernelKind kind,
            String what) {
        float[] a = q.data();
        float[] b = k.data();
        int w = q.cols();
        for (int i = 0; i < q.rows(); i++) {
            double diag = 0;
            int o = i * w;
            for (int j = 0; j < w; j++) {
                diag += (double) a[o + j] * b[o + j];
            }
            refuseIfDegenerate(diag, squaredNorm, i, kind, what);
        }
    }

    /** Throws unless {@code diag} ≥ {@link #MIN_DIAGONAL_FRACTION}·K(x, x) for row i (compared in logs for softmax). */
    private static void refuseIfDegenerate(double diag, IntToDoubleFunction squaredNorm, int i, KernelKind kind,
            String what) {
        boolean ok = kind == KernelKind.GAUSSIAN ? diag >= MIN_DIAGONAL_FRACTION
                : diag > 0 && Math.log(diag) - logExactDiagonal(kind, squaredNorm.applyAsDouble(i)) >= LOG_MIN_FRACTION;
        if (!ok) {
            double sq = squaredNorm.applyAsDouble(i);
            throw new DegenerateRowException(what, i, Math.sqrt(sq), diag, logExactDiagonal(kind, sq));
        }
    }
}
