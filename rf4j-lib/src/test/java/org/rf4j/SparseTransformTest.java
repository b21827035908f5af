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
package org.rf4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.rf4j.api.DimensionMismatchException;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Matrix;
import org.rf4j.api.RfException;
import org.rf4j.api.SparseMatrix;
import org.rf4j.api.linalg.Parallelism;
import org.rf4j.api.mechanism.DenseProjection;
import org.rf4j.api.mechanism.GeneratedProjection;
import org.rf4j.api.mechanism.DrawnProjectionFeatures;

/**
 * Sparse rows at the front door ({@link RandomFeatureMap#transform(SparseMatrix)}): the features are
 * the dense path's bits for every coupling, map and thread count; wide inputs get a projection
 * generated on the fly whose features estimate the Gaussian kernel without bias; couplings that need
 * the whole matrix are refused at such widths.
 */
class SparseTransformTest {
    private static final String[] COUPLINGS = {"iid", "orthogonal", "simplex", "simplex-plus", "orthogonal-hd",
        "simplex-hd", "givens", "halton"};
    private static final String[] MAPS = {"positive", "trigonometric", "hyperbolic", "oprf", "gerf", "random-fourier",
        "poisson"};

    @AfterEach
    void restoreThreads() {
        Parallelism.setDefault(0);
    }

    /** n rows of width d with about {@code density·d} stored entries each, an empty row, and stored −0.0s. */
    static SparseMatrix rows(int n, int d, double density, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        SparseMatrix.Builder b = SparseMatrix.builder(d);
        for (int i = 0; i < n; i++) {
            if (i != 5) {
                for (int k = 0; k < d; k++) {
                    if (r.nextDouble() < density) {
                        b.add(k, i % 11 == 3 && k % 2 == 0 ? -0.0 : r.nextGaussian() * 0.6);
                    }
                }
            }
            b.endRow();
        }
        return b.build();
    }

    /**
     * Every coupling × map on one thread over a few chunks (the empty row and stored −0.0s included);
     * every map (with iid; the chunk loop is the map's) again on 1 and 3 threads over a batch
     * above {@link org.rf4j.api.linalg.LinearAlgebra#PARALLEL_MIN_WORK}, so the chunks really spread
     * over the threads (a smaller batch stays on the calling thread whatever the setting).
     */
    @Test
    void sparseRowsHaveTheDenseBitsForEveryCouplingMapAndThreadCount() {
        int d = 32;
        int m = 48;
        SparseMatrix x = rows(320, d, 0.25, 3);
        Matrix dense = x.toDense();
        SparseMatrix big = rows(4000, d, 0.5, 5);
        // the sparse path's work estimate: rows × m × (stored entries per row + 32)
        assertThat((long) big.rows() * m * (big.nonZeros() / big.rows() + 32))
                .isGreaterThan(org.rf4j.api.linalg.LinearAlgebra.PARALLEL_MIN_WORK);
        Matrix bigDense = big.toDense();
        double[][] fitRows = Arrays2.rows(dense.rowRange(0, 200));
        List<String> ran = new ArrayList<>();
        List<String> threaded = new ArrayList<>();
        for (String coupling : COUPLINGS) {
            for (String map : MAPS) {
                RandomFeatureMap phi;
                try {
                    phi = RandomFeatures.gaussian(1.3).coupling(coupling).features(map).m(m).seed(11).fit(fitRows);
                } catch (RfException refused) {
                    continue; // a pairing the library refuses (e.g. poisson needs iid)
                }
                ran.add(coupling + "/" + map);
                Parallelism.setDefault(1);
                assertThat(bits(phi.transform(x))).as(coupling + "/" + map + " query").isEqualTo(bits(phi.transform(dense)));
                assertThat(bits(phi.transformKeys(x))).as(coupling + "/" + map + " keys")
                        .isEqualTo(bits(phi.transformKeys(dense)));
                if (!coupling.equals("iid")) {
                    continue;
                }
                threaded.add(coupling + "/" + map);
                Matrix expectQ = phi.transform(bigDense);
                Matrix expectK = phi.transformKeys(bigDense);
                for (int threads : new int[] {1, 3}) {
                    Parallelism.setDefault(threads);
                    assertThat(bits(phi.transform(big))).as(coupling + "/" + map + " query, " + threads + " threads")
                            .isEqualTo(bits(expectQ));
                    assertThat(bits(phi.transformKeys(big))).as(coupling + "/" + map + " keys, " + threads + " threads")
                            .isEqualTo(bits(expectK));
                }
            }
        }
        assertThat(ran).hasSizeGreaterThan(40).contains("iid/poisson", "orthogonal-hd/oprf", "givens/gerf");
        assertThat(threaded).hasSize(MAPS.length);
    }

    @Test
    void aProjectionOverTheBudgetIsGeneratedAndKeepsTheDenseBits() {
        int d = 1 << 16; // a 16 × 2¹⁶ projection is 8 MiB, over a 1 MiB budget
        SparseMatrix x = rows(3, d, 1.2e-3, 9);
        RandomFeatureMap phi = RandomFeatures.gaussian(0.8).features("trigonometric").m(16).projectionBudgetMiB(1)
                .seed(4).fit(d);
        assertThat(((DrawnProjectionFeatures) phi.drawn().features()).projection())
                .isInstanceOf(GeneratedProjection.class);
        assertThat(bits(phi.transform(x))).isEqualTo(bits(phi.transform(x.toDense())));
        RandomFeatureMap stored = RandomFeatures.gaussian(0.8).features("trigonometric").m(16).seed(4).fit(d);
        assertThat(((DrawnProjectionFeatures) stored.drawn().features()).projection())
                .isInstanceOf(DenseProjection.class);
        // the fitted config keeps the budget, so a map rebuilt from it generates the same matrix
        assertThat(bits(RandomFeatures.fromConfig(phi.toConfig()).fit().transform(x))).isEqualTo(bits(phi.transform(x)));
    }

    /**
     * Under a generated projection, sparse rows are projected in slabs (2¹⁷ doubles of Z here: 2,048
     * rows at m = 512) so that a column of W stored by many rows is generated once per slab. 4,500 rows
     * over 300 columns (every column stored by about 75 rows of a slab, an empty row and stored −0.0s
     * included) give, on 1 and 3 threads, the bits each row gets alone.
     */
    @Test
    void slabsOfRowsSharingColumnsHaveTheBitsOfEachRowAlone() {
        int d = 300;
        int n = 4500;
        SparseMatrix x = rows(n, d, 0.05, 12);
        RandomFeatureMap phi = RandomFeatures.gaussian(0.9).features("trigonometric").m(512).projectionBudgetMiB(1)
                .seed(8).fit(d);
        assertThat(((DrawnProjectionFeatures) phi.drawn().features()).projection())
                .isInstanceOf(GeneratedProjection.class);
        int width = phi.outputDimension();
        long[] alone = new long[n * width];
        for (int i = 0; i < n; i++) {
            SparseMatrix.Builder b = SparseMatrix.builder(d);
            for (int q = x.rowStart(i); q < x.rowEnd(i); q++) {
                b.add(x.column(q), x.value(q));
            }
            System.arraycopy(bits(phi.transform(b.endRow().build())), 0, alone, i * width, width);
        }
        for (int threads : new int[] {1, 3}) {
            Parallelism.setDefault(threads);
            assertThat(bits(phi.transform(x))).as("%d threads", threads).isEqualTo(alone);
        }
    }

    /**
     * Unbiasedness of the generated projection's features for the Gaussian kernel, at d = 2¹⁸ and
     * m = 256 (a 512 MiB projection, over the default budget): the mean of K̂(x, y) over S = 1200
     * seeds is within 4.5 standard errors of K(x, y) for three pairs (the standard error estimated from
     * the S draws). The bias this detects is 4.5·SE, printed per pair (0.003 to 0.004 here, for K between 0.5 and 0.73).
     */
    @Test
    void generatedFeaturesEstimateTheGaussianKernelWithoutBias() {
        int d = 1 << 18;
        double sigma = 1.5;
        SparseMatrix x = SparseMatrix.builder(d)
                .addRow(new int[] {3, 900, 70000, 262143}, new double[] {0.9, -0.4, 0.7, 0.3})
                .addRow(new int[] {3, 901, 70000}, new double[] {0.2, 0.8, 0.5})
                .addRow(new int[] {17, 4096}, new double[] {1.1, -0.6})
                .build();
        Matrix xd = x.toDense();
        RandomFeatureMap base = RandomFeatures.gaussian(sigma).features("trigonometric").m(256).seed(0).fit(d);
        assertThat(((DrawnProjectionFeatures) base.drawn().features()).projection())
                .isInstanceOf(GeneratedProjection.class);
        int[][] pairs = {{0, 1}, {0, 2}, {1, 2}};
        int s = 1200;
        double[][] est = new double[pairs.length][s];
        for (int t = 0; t < s; t++) {
            Matrix f = base.withSeed(1000 + t).transform(x);
            for (int p = 0; p < pairs.length; p++) {
                double acc = 0;
                for (int j = 0; j < f.cols(); j++) {
                    acc += f.get(pairs[p][0], j) * f.get(pairs[p][1], j);
                }
                est[p][t] = acc;
            }
        }
        for (int p = 0; p < pairs.length; p++) {
            double sq = 0;
            for (int k = 0; k < d; k++) {
                double diff = xd.get(pairs[p][0], k) - xd.get(pairs[p][1], k);
                sq += diff * diff;
            }
            double exact = Math.exp(-sq / (2 * sigma * sigma));
            double mean = 0;
            for (double e : est[p]) {
                mean += e;
            }
            mean /= s;
            double var = 0;
            for (double e : est[p]) {
                var += (e - mean) * (e - mean);
            }
            double se = Math.sqrt(var / (s - 1) / s);
            System.out.printf("pair %d: K = %.5f, mean K-hat = %.5f, SE = %.5f, detectable bias 4.5 SE = %.5f%n",
                    p, exact, mean, se, 4.5 * se);
            assertThat(Math.abs(mean - exact)).as("pair " + p).isLessThan(4.5 * se);
        }
    }

    @Test
    void couplingsThatNeedTheWholeMatrixAreRefusedOverTheBudgetInOneLine() {
        int d = 1 << 18;
        assertThatThrownBy(() -> RandomFeatures.gaussian(1).coupling("orthogonal").m(256).fit(d))
                .isInstanceOf(InvalidParameterException.class)
                .hasMessageContaining("estimator.coupling").hasMessageContaining("orthogonal")
                .hasMessageContaining("d = 262144").hasMessageContaining("256.0 MiB")
                .hasMessageContaining("512.0 MiB")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
        assertThatThrownBy(() -> RandomFeatures.gaussian(1).coupling("orthogonal").m(256).projectionBudgetMiB(100).fit(d))
                .hasMessageContaining("100.0 MiB");
        // within the budget the coupling is kept
        assertThat(RandomFeatures.gaussian(1).coupling("orthogonal").m(256).projectionBudgetMiB(1024).fit(512)
                .outputDimension()).isEqualTo(256);
        assertThatThrownBy(() -> RandomFeatures.gaussian(1).projectionBudgetMiB(0))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("estimator.projectionBudgetMiB");
    }

    @Test
    void aSparseBatchOfTheWrongWidthIsRefused() {
        RandomFeatureMap phi = RandomFeatures.gaussian(1).m(8).fit(10);
        assertThatThrownBy(() -> phi.transform(SparseMatrix.builder(11).endRow().build()))
                .isInstanceOf(DimensionMismatchException.class).hasMessageContaining("dimension 10");
        assertThat(phi.transform(SparseMatrix.builder(10).build()).rows()).isZero();
        assertThat(RfException.class).isAssignableFrom(DimensionMismatchException.class);
    }

    private static long[] bits(Matrix m) {
        double[] a = m.data();
        long[] b = new long[a.length];
        for (int i = 0; i < a.length; i++) {
            b[i] = Double.doubleToRawLongBits(a[i]);
        }
        return b;
    }
}
