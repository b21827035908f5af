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
package org.rf4j.api.mechanism;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.rf4j.api.Matrix;

/**
 * The generated projection's entries are iid N(0, 1): Monte Carlo checks on N = 240,000 entries of
 * one fixed key, each with a tolerance of 4.5 standard errors (a false alarm has probability below
 * 1e-5 per check; the seeds are fixed, so the outcome is too).
 */
class GeneratedProjectionTest {
    private static final int M = 400;
    private static final int D = 600;
    private static final double Z = 4.5;

    private static double[] entries(long key) {
        GeneratedProjection p = new GeneratedProjection(M, D, key);
        double[] w = p.matrix().data();
        assertThat(w[123 * D + 45]).isEqualTo(p.entry(123, 45));
        return w;
    }

    @Test
    void entriesHaveTheMomentsOfAStandardNormal() {
        double[] w = entries(20240607L);
        int n = w.length;
        double m1 = 0;
        double m2 = 0;
        double m4 = 0;
        for (double v : w) {
            m1 += v;
            m2 += v * v;
            m4 += v * v * v * v;
        }
        m1 /= n;
        m2 /= n;
        m4 /= n;
        // sd of the mean 1/√n; of the mean square √(2/n); of the mean fourth power √(96/n) (E w⁸ = 105)
        assertThat(Math.abs(m1)).isLessThan(Z / Math.sqrt(n));
        assertThat(Math.abs(m2 - 1)).isLessThan(Z * Math.sqrt(2.0 / n));
        assertThat(Math.abs(m4 - 3)).isLessThan(Z * Math.sqrt(96.0 / n));
    }

    /** Kolmogorov–Smirnov against Φ: √n·D stays below 1.95 (the 0.1% critical value). */
    @Test
    void entriesPassKolmogorovSmirnovAgainstTheNormalCdf() {
        double[] w = entries(77L);
        Arrays.sort(w);
        int n = w.length;
        double dmax = 0;
        for (int i = 0; i < n; i++) {
            double f = phi(w[i]);
            dmax = Math.max(dmax, Math.max(f - (double) i / n, (i + 1.0) / n - f));
        }
        assertThat(Math.sqrt(n) * dmax).isLessThan(1.95);
    }

    /**
     * Neighbouring entries (next projection, next column, the same position under the next key) are
     * uncorrelated: each sample correlation is within 4.5/√n of 0.
     */
    @Test
    void neighbouringEntriesAndNeighbouringKeysAreUncorrelated() {
        double[] w = entries(5L);
        double[] other = entries(6L);
        double rows = 0;
        double cols = 0;
        double keys = 0;
        int nr = 0;
        int nc = 0;
        for (int j = 0; j < M; j++) {
            for (int k = 0; k < D; k++) {
                double v = w[j * D + k];
                if (j + 1 < M) {
                    rows += v * w[(j + 1) * D + k];
                    nr++;
                }
                if (k + 1 < D) {
                    cols += v * w[j * D + k + 1];
                    nc++;
                }
                keys += v * other[j * D + k];
            }
        }
        assertThat(Math.abs(rows / nr)).isLessThan(Z / Math.sqrt(nr));
        assertThat(Math.abs(cols / nc)).isLessThan(Z / Math.sqrt(nc));
        assertThat(Math.abs(keys / w.length)).isLessThan(Z / Math.sqrt(w.length));
    }

    @Test
    void denseRowsHaveTheBitsOfTheMaterialisedMatrixAndTheSameKeyGivesTheSameMatrix() {
        GeneratedProjection p = new GeneratedProjection(9, 13, -3L);
        Matrix x = Matrix.zeros(5, 13);
        for (int k = 0; k < x.data().length; k++) {
            x.data()[k] = Math.sin(k * 1.7) * (k % 4 == 0 ? 0 : 3);
        }
        double[] a = new double[5 * 9];
        p.applyRows(x, 0, 5, a, 0);
        double[] b = new double[5 * 9];
        new DenseProjection(p.matrix()).applyRows(x, 0, 5, b, 0);
        assertThat(a).containsExactly(b);
        assertThat(new GeneratedProjection(9, 13, -3L).matrix()).isEqualTo(p.matrix());
        assertThat(new GeneratedProjection(9, 13, -2L).matrix()).isNotEqualTo(p.matrix());
        assertThat(p.rowSquaredNorms()).containsExactly(p.matrix().rowSquaredNorms());
    }

    /**
     * The entries' bits are pinned (a generated W is part of a config's meaning: every JVM must
     * redraw it): four fast-path entries, one deep in the matrix, and a tail entry (|w| &gt; 3.8, so
     * the ziggurat's slow path and its continuation stream).
     */
    @Test
    void entriesArePinned() {
        GeneratedProjection p = new GeneratedProjection(256, 1 << 18, 42L);
        assertThat(Double.doubleToRawLongBits(p.entry(0, 0))).isEqualTo(0x3fe60e2375968bafL);
        assertThat(Double.doubleToRawLongBits(p.entry(1, 0))).isEqualTo(0xbfd61de0ec6333adL);
        assertThat(Double.doubleToRawLongBits(p.entry(0, 1))).isEqualTo(0x4000e0daac759977L);
        assertThat(Double.doubleToRawLongBits(p.entry(255, 262143))).isEqualTo(0xbfe60b6b98095074L);
        assertThat(Double.doubleToRawLongBits(p.entry(176, 12))).isEqualTo(0xc0103f82d6d39708L);
    }

    /**
     * Sparse rows passed together (their entries taken column by column, each column of W generated
     * once) give the bits each row gets alone and the bits of the dense product: 400 rows over 40
     * columns, so every column is stored by about 80 of them.
     */
    @Test
    void sparseRowsTogetherHaveTheBitsOfEachRowAloneAndOfTheDenseProduct() {
        int n = 400;
        int d = 40;
        int m = 24;
        java.util.SplittableRandom r = new java.util.SplittableRandom(3);
        org.rf4j.api.SparseMatrix.Builder b = org.rf4j.api.SparseMatrix.builder(d);
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < d; k++) {
                if (r.nextDouble() < 0.2) {
                    b.add(k, r.nextGaussian());
                }
            }
            b.endRow();
        }
        org.rf4j.api.SparseMatrix x = b.build();
        GeneratedProjection p = new GeneratedProjection(m, d, 11L);
        double[] together = new double[n * m];
        p.applyRows(x, 0, n, together, 0);
        double[] alone = new double[n * m];
        for (int i = 0; i < n; i++) {
            p.applyRows(x, i, i + 1, alone, i * m);
        }
        double[] dense = new double[n * m];
        p.applyRows(x.toDense(), 0, n, dense, 0);
        assertThat(together).containsExactly(alone);
        assertThat(together).containsExactly(dense);
        double[] middle = new double[100 * m];
        p.applyRows(x, 150, 250, middle, 0);
        assertThat(middle).containsExactly(Arrays.copyOfRange(dense, 150 * m, 250 * m));
    }

    /** Φ(x) = erfc(−x/√2)/2, erfc by the Chebyshev fit of Press et al., Numerical Recipes 6.2 (relative error below 1.2e-7). */
    private static double phi(double x) {
        double z = Math.abs(x) / Math.sqrt(2);
        double t = 1 / (1 + 0.5 * z);
        double erfc = t * Math.exp(-z * z - 1.26551223 + t * (1.00002368 + t * (0.37409196 + t * (0.09678418
                + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587
                + t * (-0.82215223 + t * 0.17087277)))))))));
        return x >= 0 ? 1 - erfc / 2 : erfc / 2;
    }
}
