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

/**
 * An in-place iterative radix-2 complex FFT of one power-of-two size, with its twiddles and
 * bit-reversal permutation computed once (immutable, shareable between threads). Forward:
 * {@code X_k = Σ_t x_t e^{−2πikt/N}}; inverse: {@code x_t = (1/N)Σ_k X_k e^{2πikt/N}}.
 */
final class Fft {
    private final int n;
    private final int[] reversed;
    private final double[] cos;
    private final double[] sin;

    Fft(int n) {
        if (n < 1 || Integer.bitCount(n) != 1) {
            throw new IllegalArgumentException("FFT size " + n + " is not a power of two");
        }
        this.n = n;
        int bits = Integer.numberOfTrailingZeros(n);
        this.reversed = new int[n];
        for (int i = 0; i < n; i++) {
            reversed[i] = bits == 0 ? 0 : Integer.reverse(i) >>> (32 - bits);
        }
        this.cos = new double[n / 2 + 1];
        this.sin = new double[n / 2 + 1];
        for (int k = 0; k < cos.length; k++) {
            double angle = 2 * Math.PI * k / n;
            cos[k] = Math.cos(angle);
            sin[k] = Math.sin(angle);
        }
    }

    int size() {
        return n;
    }

    /** The forward transform of (re, im), in place. */
    void forward(double[] re, double[] im) {
        transform(re, im, -1);
    }

    /** The inverse transform of (re, im), in place, scaled by 1/N. */
    void inverse(double[] re, double[] im) {
        transform(re, im, 1);
        double s = 1.0 / n;
        for (int i = 0; i < n; i++) {
            re[i] *= s;
            im[i] *= s;
        }
    }

    private void transform(double[] re, double[] im, int sign) {
        for (int i = 0; i < n; i++) {
            int j = reversed[i];
            if (j > i) {
                double t = re[i];
                re[i] = re[j];
                re[j] = t;
                t = im[i];
                im[i] = im[j];
                im[j] = t;
            }
        }
        for (int half = 1; half < n; half <<= 1) {
            int stride = n / (2 * half);
            for (int start = 0; start < n; start += 2 * half) {
                for (int k = 0; k < half; k++) {
                    double wr = cos[k * stride];
                    double wi = sign * sin[k * stride];
                    int a = start + k;
                    int b = a + half;
                    double xr = re[b] * wr - im[b] * wi;
                    double xi = re[b] * wi + im[b] * wr;
                    re[b] = re[a] - xr;
                    im[b] = im[a] - xi;
                    re[a] += xr;
                    im[a] += xi;
                }
            }
        }
    }
}
