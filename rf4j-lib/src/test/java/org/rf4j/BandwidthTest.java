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

import java.util.Arrays;
import java.util.Map;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import org.rf4j.api.InvalidInputException;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Matrix;
import org.rf4j.api.kernel.GaussianKernel;

/**
 * {@code "sigma": "median"} and {@code "sigma": "scale"}: fitted at the fit stage, written into the
 * fitted config as a number, the same bits streamed or in memory.
 */
class BandwidthTest {
    /** x[i][k] = sin(0.7·i·(k + 1)) + 0.05·i·(k + 1)/n: reproducible in NumPy (see {@link #scaleMatchesScikitLearn}). */
    static double[][] data(int n, int d) {
        double[][] x = new double[n][d];
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < d; k++) {
                x[i][k] = Math.sin(0.7 * i * (k + 1)) + 0.05 * i * (k + 1) / n;
            }
        }
        return x;
    }

    /** The median of ‖x − y‖ over all pairs, by the definition (NumPy's median of SciPy's pdist). */
    static double medianPairwise(double[][] x) {
        int n = x.length;
        double[] d = new double[n * (n - 1) / 2];
        int p = 0;
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                double s = 0;
                for (int k = 0; k < x[i].length; k++) {
                    s += (x[i][k] - x[j][k]) * (x[i][k] - x[j][k]);
                }
                d[p++] = Math.sqrt(s);
            }
        }
        Arrays.sort(d);
        return d.length % 2 == 1 ? d[d.length / 2] : (d[d.length / 2 - 1] + d[d.length / 2]) / 2;
    }

    @Test
    void medianIsTheMedianPairwiseDistanceAndLandsInTheFittedConfigAsANumber() {
        double[][] x = data(101, 3);
        RandomFeatures cfg = RandomFeatures.gaussian(1.0).kernel("gaussian", Map.of("sigma", "median")).m(16).seed(5);
        // before fitting: the rule is the config, and the kernel is not known yet
        assertThat(cfg.toConfig()).contains("\"sigma\" : \"median\"");
        assertThatThrownBy(cfg::kernel).isInstanceOf(InvalidInputException.class).hasMessageContaining("kernel.sigma");
        RandomFeatureMap phi = cfg.fit(x);
        double sigma = ((GaussianKernel) phi.kernel()).sigma();
        assertThat(sigma).isEqualTo(medianPairwise(x)); // 101 rows: 5,050 pairs, every one
        assertThat(phi.toConfig()).contains("\"sigma\" : " + sigma).doesNotContain("median");
        // the fitted config draws the same bits without data, and equals the number given by hand
        assertThat(RandomFeatures.fromConfig(phi.toConfig()).fit().transform(x)).isDeepEqualTo(phi.transform(x));
        assertThat(RandomFeatures.gaussian(sigma).m(16).seed(5).fit(x).transform(x)).isDeepEqualTo(phi.transform(x));
        // an even number of pairs: the mean of the two middle ones
        double[][] four = data(4, 2);
        assertThat(Bandwidth.median(Matrix.of(four), 1)).isEqualTo(medianPairwise(four));
    }

    /** Rows far beyond √MAX_VALUE: their squared distance overflows, their distance does not, and is the median. */
    @Test
    void aDistanceWhoseSquareOverflowsIsStillTheMedian() {
        double[][] big = {{1, 2}, {1e200, 4}};
        assertThat(Bandwidth.median(Matrix.of(big), 1)).isCloseTo(1e200, Offset.offset(1e185));
        double[][] three = {{0, 0}, {3e160, 4e160}, {6e160, 8e160}};
        assertThat(Bandwidth.median(Matrix.of(three), 1)).isCloseTo(5e160, Offset.offset(1e146));
    }

    @Test
    void aLargeSampleIsASeededReservoirAndStreamingGivesTheSameBits() {
        double[][] x = data(2500, 4);
        Matrix all = Matrix.of(x);
        double inMemory = Bandwidth.median(all, 42);
        assertThat(inMemory).isEqualTo(Bandwidth.median(all, 42));
        assertThat(Bandwidth.median(all, 43)).isNotEqualTo(inMemory);
        // within a few percent of the median over every pair
        assertThat(inMemory).isCloseTo(medianPairwise(x), Offset.offset(0.03 * medianPairwise(x)));
        for (int chunk : new int[] {1, 7, 999, 2500}) {
            RandomFeatures cfg = RandomFeatures.gaussian(1.0).kernel("gaussian", Map.of("sigma", "median"));
            Bandwidth.Fit fit = cfg.bandwidthFit().orElseThrow();
            Bandwidth.Fit scale = RandomFeatures.gaussian(1.0).kernel("gaussian", Map.of("sigma", "scale"))
                    .bandwidthFit().orElseThrow();
            for (int i = 0; i < x.length; i += chunk) {
                Matrix part = all.rowRange(i, Math.min(x.length, i + chunk));
                fit.add(part);
                scale.add(part);
            }
            assertThat(fit.values()).isEqualTo(Map.of("sigma", inMemory));
            assertThat(scale.values()).isEqualTo(Map.of("sigma", Bandwidth.scale(all)));
            assertThat(cfg.withBandwidths(fit).fit(x).toConfig()).isEqualTo(cfg.fit(x).toConfig());
        }
    }

    /**
     * scikit-learn's {@code gamma='scale'} for the same data (scikit-learn 1.2, Debian's python3-sklearn):
     * <pre>
     * X = np.array([[np.sin(0.7*i*(k+1)) + 0.05*i*(k+1)/n for k in range(d)] for i in range(n)])  # n=200, d=5
     * y = (X[:, 0] > 0).astype(int)
     * g = SVC(gamma='scale').fit(X, y)._gamma
     * rbf_kernel(X[:1], X[1:2], gamma=g)
     * </pre>
     * σ = √(1/(2γ)) gives rf4j's Gaussian kernel the same values as scikit-learn's RBF kernel.
     */
    @Test
    void scaleMatchesScikitLearn() {
        double[][] x = data(200, 5);
        double gamma = SKLEARN_GAMMA;
        double sigma = Bandwidth.scale(Matrix.of(x));
        assertThat(sigma).isCloseTo(Math.sqrt(1 / (2 * gamma)), Offset.offset(1e-12 * sigma));
        RandomFeatureMap phi = RandomFeatures.gaussian(1.0).kernel("gaussian", Map.of("sigma", "scale")).fit(x);
        assertThat(phi.kernel().value(x[0], x[1])).isCloseTo(SKLEARN_RBF_01, Offset.offset(1e-13));
    }

    static final double SKLEARN_GAMMA = 0.3976070531233178;
    static final double SKLEARN_RBF_01 = 0.3898861902781047;

    @Test
    void badRulesAndMissingDataAreRefusedInOneLine() {
        double[][] x = data(10, 2);
        assertThatThrownBy(() -> RandomFeatures.gaussian(1.0).kernel("gaussian", Map.of("sigma", "mean")).fit(x))
                .isInstanceOf(InvalidParameterException.class)
                .hasMessage("parameter 'kernel.sigma' = 'mean' is not allowed; allowed: a number > 0, \"median\" or"
                        + " \"scale\" (fitted from the data)");
        assertThatThrownBy(() -> RandomFeatures.softmax().kernel("softmax", Map.of("sigma", "median")).fit(x))
                .isInstanceOf(InvalidParameterException.class)
                .hasMessageContaining("'kernel.sigma' = 'median'")
                .hasMessageContaining("the 'softmax' kernel's length scales are none")
                .hasMessageNotContaining("\n");
        RandomFeatures median = RandomFeatures.gaussian(1.0).kernel("gaussian", Map.of("sigma", "median"));
        assertThatThrownBy(() -> median.fit(2)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("kernel.sigma = \"median\" is fitted from data");
        assertThatThrownBy(() -> median.fit(new double[][] {{1, 2}})).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("at least 2 data rows");
        assertThatThrownBy(() -> median.fit(new double[][] {{1, 2}, {1, 2}, {1, 2}}))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("gives no length scale");
        assertThatThrownBy(() -> RandomFeatures.gaussian(1.0).kernel("gaussian", Map.of("sigma", "scale"))
                .fit(new double[][] {{3, 3}, {3, 3}})).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("kernel.sigma = \"scale\" gives no length scale");
    }

    @Test
    void theBundledDefaultFitsItsBandwidthSoUnscaledDataGetsUsefulFeatures() {
        // rows around 1000 in one column, as raw breast-cancer areas: σ = 1 would underflow every feature
        double[][] x = data(300, 6);
        for (double[] row : x) {
            row[3] = 1000 + 400 * row[3];
        }
        RandomFeatureMap phi = RandomFeatures.defaultConfig().fit(x);
        assertThat(RandomFeatures.defaultConfig().toConfig()).contains("\"sigma\" : \"median\"");
        double[][] z = phi.transform(x);
        for (double[] row : z) {
            double diag = 0;
            for (double v : row) {
                diag += v * v;
            }
            assertThat(diag).isCloseTo(1.0, Offset.offset(1e-12));
        }
    }
}
