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

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.rf4j.api.Matrix;
import org.rf4j.api.random.Seeds;

/**
 * The radix-2 FFT against the O(N²) definition, and TensorSketch's FFT path against its direct path
 * (the same convolution, to rounding) for power-of-two and other m, degrees 1 to 4.
 */
class FftTest {
    @Test
    void matchesTheDefinitionAndInvertsItself() {
        RandomGenerator rng = Seeds.generator(5);
        for (int n = 1; n <= 256; n <<= 1) {
            Fft fft = new Fft(n);
            double[] re = new double[n];
            double[] im = new double[n];
            for (int t = 0; t < n; t++) {
                re[t] = rng.nextGaussian();
                im[t] = rng.nextGaussian();
            }
            double[] r = re.clone();
            double[] i = im.clone();
            fft.forward(r, i);
            for (int k = 0; k < n; k++) {
                double sr = 0;
                double si = 0;
                for (int t = 0; t < n; t++) {
                    double a = -2 * Math.PI * ((long) k * t % n) / n;
                    sr += re[t] * Math.cos(a) - im[t] * Math.sin(a);
                    si += re[t] * Math.sin(a) + im[t] * Math.cos(a);
                }
                assertThat(r[k]).as("N %d, re X_%d", n, k).isCloseTo(sr, within(1e-12 * n));
                assertThat(i[k]).as("N %d, im X_%d", n, k).isCloseTo(si, within(1e-12 * n));
            }
            fft.inverse(r, i);
            for (int t = 0; t < n; t++) {
                assertThat(r[t]).isCloseTo(re[t], within(1e-13 * n));
                assertThat(i[t]).isCloseTo(im[t], within(1e-13 * n));
            }
        }
        assertThatThrownBy(() -> new Fft(12)).hasMessageContaining("not a power of two");
    }

    @Test
    void tensorSketchFftPathEqualsTheDirectPath() {
        RandomGenerator rng = Seeds.generator(8);
        double[][] x = new double[6][7];
        for (double[] row : x) {
            for (int j = 0; j < row.length; j++) {
                row[j] = rng.nextDouble() < 0.3 ? 0.0 : rng.nextGaussian();
            }
        }
        Matrix input = Matrix.of(x);
        for (int m : new int[] {1, 2, 7, 16, 100}) {
            for (int degree = 1; degree <= 4; degree++) {
                for (double coef0 : new double[] {0.0, 0.8}) {
                    Matrix direct = new TensorSketchFeatures(7, m, 0.6, coef0, degree, 3, false).transform(input);
                    TensorSketchFeatures viaFft = new TensorSketchFeatures(7, m, 0.6, coef0, degree, 3, true);
                    assertThat(viaFft.usesFft()).isTrue();
                    Matrix f = viaFft.transform(input);
                    for (int k = 0; k < f.data().length; k++) {
                        assertThat(f.data()[k]).as("m %d degree %d coef0 %s entry %d", m, degree, coef0, k)
                                .isCloseTo(direct.data()[k], within(1e-12));
                    }
                }
            }
        }
    }

    @Test
    void thePathFollowsTheShape() {
        assertThat(new TensorSketchFeatures(64, 512, 1, 1, 2, 1).usesFft()).isFalse();
        assertThat(new TensorSketchFeatures(784, 512, 1, 1, 2, 1).usesFft()).isTrue();
        assertThat(new TensorSketchFeatures(784, 512, 1, 1, 1, 1).usesFft()).isFalse();
        assertThat(TensorSketchFeatures.fftSize(512, 3)).isEqualTo(512);
        assertThat(TensorSketchFeatures.fftSize(100, 3)).isEqualTo(512); // 3·99 + 1 = 298 terms
        assertThat(TensorSketchFeatures.fftSize(100, 2)).isEqualTo(256); // 199 terms
    }
}
