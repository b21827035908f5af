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

import java.util.random.RandomGenerator;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.random.Seeds;
import org.apiguardian.api.API;

/**
 * TensorSketch features of the polynomial kernel {@code (γ·xᵀy + c)^p} (Pham &amp; Pagh, "Fast and
 * Scalable Polynomial Kernels via Explicit Feature Maps", KDD 2013; scikit-learn's
 * {@code PolynomialCountSketch}, with its parameter names {@code gamma}, {@code coef0}, {@code degree}).
 *
 * <p>The input is {@code v = (√γ·x, √c)} (the last coordinate only when c ≠ 0), so
 * {@code vᵀv' = γxᵀy + c}. Each of the p degrees has its own count sketch: a hash
 * {@code h_k: {1 … d'} → {0 … m−1}} and a sign {@code s_k: {1 … d'} → {±1}}, all independent and
 * uniform; {@code C_k(v)[t] = Σ_{h_k(i) = t} s_k(i)v_i}. The features are the circular convolution
 * {@code φ(v) = C_1(v) ⊛ … ⊛ C_p(v)} (length m), which is the count sketch of {@code v^{⊗p}} under the
 * hash {@code Σ_k h_k(i_k) mod m} and the sign {@code Π_k s_k(i_k)}; hence
 * {@code E[φ(x)ᵀφ(y)] = (vᵀv')^p}, unbiased, with the variance
 * {@link org.rf4j.theory.DotProductTheory#tensorSketchVariance}.
 *
 * <p>The convolution is computed directly on the sketches' non-zero terms, in O(d'²) per row for
 * p = 2 and O((p − 2)·m·d' + d'²) above, or, where that costs more, by a radix-2 FFT as
 * scikit-learn does, in O(p·N log N) with N = m for m a power of two (else the power of two holding the
 * linear convolution, folded modulo m). The path depends on (d', m, p) only. The count sketch of each
 * degree touches only x's non-zero entries. The draw order from {@code Seeds.generator(seed)}: the hashes of degree 1 … p
 * ({@code nextInt(m)}, coordinate after coordinate), then their signs ({@code nextBoolean()}).
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class TensorSketchFeatures extends RowFeatures {
    private final double gamma;
    private final double coef0;
    private final int degree;
    /** d' = d + 1 when c ≠ 0 (the √c coordinate), else d. */
    private final int inputs;
    private final int[][] hash;
    private final double[][] sign;
    private final double rootGamma;
    private final double rootCoef0;
    /** The FFT of the convolution path, or null for the direct path. */
    private final Fft fft;

    /**
     * Draws the map.
     *
     * @param d      input dimension (≥ 1)
     * @param m      number of features (≥ 1)
     * @param gamma  γ &gt; 0
     * @param coef0  c ≥ 0
     * @param degree p ≥ 1
     * @param seed   the seed of the hashes and signs
     */
    public TensorSketchFeatures(int d, int m, double gamma, double coef0, int degree, long seed) {
        this(d, m, gamma, coef0, degree, seed, null);
    }

    /** The map with the convolution path forced (true: FFT, false: direct; null: the cheaper). */
    TensorSketchFeatures(int d, int m, double gamma, double coef0, int degree, long seed, Boolean useFft) {
        super(positiveCount("d", d), width("m", positiveCount("m", m)));
        this.gamma = positiveFinite("gamma", gamma);
        if (!(coef0 >= 0) || Double.isInfinite(coef0)) {
            throw new InvalidParameterException("coef0", coef0, "a finite number >= 0 (the map appends sqrt(coef0))");
        }
        this.coef0 = coef0;
        this.degree = degree(degree);
        this.inputs = coef0 != 0 ? d + 1 : d;
        this.rootGamma = Math.sqrt(gamma);
        this.rootCoef0 = Math.sqrt(coef0);
        RandomGenerator rng = Seeds.generator(seed);
        this.hash = new int[degree][inputs];
        this.sign = new double[degree][inputs];
        for (int[] h : hash) {
            for (int i = 0; i < inputs; i++) {
                h[i] = rng.nextInt(m);
            }
        }
        for (double[] s : sign) {
            for (int i = 0; i < inputs; i++) {
                s[i] = rng.nextBoolean() ? 1.0 : -1.0;
            }
        }
        int size = fftSize(m, degree);
        boolean fftPath = useFft != null ? useFft && size > 0 : fftCheaper(inputs, m, degree, size);
        this.fft = fftPath ? new Fft(size) : null;
    }

    /**
     * The FFT size for a circular convolution of length m of p sketches: m itself when it is a power
     * of two, else the power of two holding the linear convolution, {@code p(m − 1) + 1} terms (folded
     * modulo m afterwards); −1 above 2³⁰.
     */
    static int fftSize(int m, int degree) {
        if (Integer.bitCount(m) == 1) {
            return m;
        }
        long length = (long) degree * (m - 1) + 1;
        return length > 1 << 30 ? -1 : Integer.highestOneBit((int) length - 1) << 1;
    }

    /**
     * Whether the FFT path costs less than the direct one on a dense row: about
     * {@code 3(p + 1)·N·log₂N} against {@code d'² + (p − 2)·m·d'} multiply-adds. Depends on the shape
     * only, so a configuration always takes the same path (and gives the same bits).
     */
    static boolean fftCheaper(int inputs, int m, int degree, int size) {
        if (degree == 1 || size < 0) {
            return false;
        }
        long direct = (long) inputs * inputs + (long) (degree - 2) * m * inputs;
        long viaFft = 3L * (degree + 1) * size * Math.max(1, Integer.numberOfTrailingZeros(size));
        return viaFft < direct;
    }

    /** True when rows are convolved by FFT (large d'·p against m log m), false when directly. */
    public boolean usesFft() {
        return fft != null;
    }

    /** γ. */
    public double gamma() {
        return gamma;
    }

    /** c. */
    public double coef0() {
        return coef0;
    }

    /** p. */
    public int degree() {
        return degree;
    }

    /** The hash of degree k (0-based) for coordinate i (0-based; i = d is the √c coordinate). */
    public int hash(int k, int i) {
        return hash[k][i];
    }

    /** The sign (±1) of degree k (0-based) for coordinate i (0-based; i = d is the √c coordinate). */
    public double sign(int k, int i) {
        return sign[k][i];
    }

    @Override
    void fill(double[] x, int n, double[] out) {
        int[] where = new int[inputs];
        double[] value = new double[inputs];
        double[] acc = degree > 2 ? new double[width] : null;
        double[] next = degree > 2 ? new double[width] : null;
        double[][] scratch = fft != null ? new double[4][fft.size()] : null;
        int[] hb = new int[inputs];
        double[] vb = new double[inputs];
        for (int r = 0; r < n; r++) {
            int nnz = 0;
            for (int i = 0; i < d; i++) {
                double v = x[r * d + i];
                if (v != 0) {
                    where[nnz] = i;
                    value[nnz++] = rootGamma * v;
                }
            }
            if (coef0 != 0) {
                where[nnz] = d;
                value[nnz++] = rootCoef0;
            }
            if (fft != null) {
                convolveByFft(where, value, nnz, out, r * width, scratch);
            } else {
                convolve(where, value, nnz, out, r * width, acc, next, hb, vb);
            }
        }
    }

    /** The p sketches' transforms multiplied, transformed back and folded modulo m. */
    private void convolveByFft(int[] where, double[] value, int nnz, double[] out, int off, double[][] scratch) {
        double[] re = scratch[0];
        double[] im = scratch[1];
        double[] pr = scratch[2];
        double[] pi = scratch[3];
        int size = fft.size();
        for (int k = 0; k < degree; k++) {
            java.util.Arrays.fill(re, 0.0);
            java.util.Arrays.fill(im, 0.0);
            int[] hk = hash[k];
            double[] sk = sign[k];
            for (int a = 0; a < nnz; a++) {
                re[hk[where[a]]] += sk[where[a]] * value[a];
            }
            fft.forward(re, im);
            if (k == 0) {
                System.arraycopy(re, 0, pr, 0, size);
                System.arraycopy(im, 0, pi, 0, size);
            } else {
                for (int t = 0; t < size; t++) {
                    double r = pr[t] * re[t] - pi[t] * im[t];
                    pi[t] = pr[t] * im[t] + pi[t] * re[t];
                    pr[t] = r;
                }
            }
        }
        fft.inverse(pr, pi);
        java.util.Arrays.fill(out, off, off + width, 0.0);
        int length = size == width ? size : degree * (width - 1) + 1;
        for (int t = 0; t < length; t++) {
            out[off + t % width] += pr[t];
        }
    }

    /**
     * {@code out = C_1 ⊛ … ⊛ C_p} of the row whose non-zero coordinates are where/value; hb/vb hold
     * one degree's hashes and signed values of those coordinates.
     */
    private void convolve(int[] where, double[] value, int nnz, double[] out, int off, double[] acc, double[] next,
            int[] hb, double[] vb) {
        java.util.Arrays.fill(out, off, off + width, 0.0);
        int[] h1 = hash[0];
        double[] s1 = sign[0];
        if (degree == 1) {
            for (int a = 0; a < nnz; a++) {
                out[off + h1[where[a]]] += s1[where[a]] * value[a];
            }
            return;
        }
        double[] target = degree == 2 ? out : acc;
        int targetOff = degree == 2 ? off : 0;
        if (degree > 2) {
            java.util.Arrays.fill(acc, 0.0);
        }
        compact(1, where, value, nnz, hb, vb);
        for (int a = 0; a < nnz; a++) {
            int ia = where[a];
            int ha = h1[ia];
            double va = s1[ia] * value[a];
            for (int b = 0; b < nnz; b++) {
                int t = ha + hb[b];
                if (t >= width) {
                    t -= width;
                }
                target[targetOff + t] += va * vb[b];
            }
        }
        for (int k = 2; k < degree; k++) {
            boolean last = k == degree - 1;
            double[] dst = last ? out : next;
            int dstOff = last ? off : 0;
            if (!last) {
                java.util.Arrays.fill(next, 0.0);
            }
            compact(k, where, value, nnz, hb, vb);
            for (int t = 0; t < width; t++) {
                double a = acc[t];
                if (a == 0) {
                    continue;
                }
                for (int b = 0; b < nnz; b++) {
                    int u = t + hb[b];
                    if (u >= width) {
                        u -= width;
                    }
                    dst[dstOff + u] += a * vb[b];
                }
            }
            if (!last) {
                double[] swap = acc;
                acc = next;
                next = swap;
            }
        }
    }

    /** Degree k's hashes and signed values of the row's non-zero coordinates. */
    private void compact(int k, int[] where, double[] value, int nnz, int[] hb, double[] vb) {
        int[] hk = hash[k];
        double[] sk = sign[k];
        for (int b = 0; b < nnz; b++) {
            hb[b] = hk[where[b]];
            vb[b] = sk[where[b]] * value[b];
        }
    }
}
