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

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rf4j.api.DimensionMismatchException;
import org.rf4j.api.InvalidInputException;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.RfException;
import org.rf4j.api.kernel.Kernel;

class RandomFeaturesTest {
    static double[][] data(int n, int d, double scale, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        double[][] x = new double[n][d];
        for (double[] row : x) {
            for (int j = 0; j < d; j++) {
                row[j] = scale * (2 * r.nextDouble() - 1);
            }
        }
        return x;
    }

    @Test
    void theIssueSnippetRunsAndItsPiecesAgree() {
        double[][] x = data(40, 5, 1.0, 1);
        double[][] y = data(30, 5, 1.0, 2);
        RandomFeatureMap phi = RandomFeatures.gaussian(1.5).coupling("orthogonal").features("oprf").m(256).seed(42).fit(x);
        double[][] zq = phi.transform(x);
        double[][] zk = phi.transformKeys(y);
        assertThat(zq).hasNumberOfRows(40);
        assertThat(zq[0]).hasSize(phi.outputDimension());
        double[][] k = phi.gram(x, y);
        // K̂ = Φq(X)Φk(Y)ᵀ entry by entry
        for (int i = 0; i < 40; i += 7) {
            for (int j = 0; j < 30; j += 5) {
                double dot = 0;
                for (int f = 0; f < zq[i].length; f++) {
                    dot += zq[i][f] * zk[j][f];
                }
                assertThat(k[i][j]).isCloseTo(dot, org.assertj.core.data.Offset.offset(1e-12 * Math.max(1, Math.abs(dot))));
                assertThat(phi.estimate(x[i], y[j])).isCloseTo(dot, org.assertj.core.data.Offset.offset(1e-12));
            }
        }
        double[] c = new SplittableRandom(3).doubles(30).toArray();
        double[] kc = phi.apply(y, c);
        double[][] kyy = phi.gram(y, y);
        for (int i = 0; i < 30; i++) {
            double s = 0;
            for (int j = 0; j < 30; j++) {
                s += kyy[i][j] * c[j];
            }
            assertThat(kc[i]).isCloseTo(s, org.assertj.core.data.Offset.offset(1e-10 * Math.max(1, Math.abs(s))));
        }
        assertThat(phi.kernel()).isEqualTo(Kernel.gaussian(1.5));
        assertThat(phi.seed()).isEqualTo(42);
        assertThat(phi.positive()).isTrue();
    }

    @Test
    void callerCoordinatesAtLargeSigmaEstimateTheKernelNotTheUnitKernel() {
        // sigma = 8: a map fed unscaled inputs would estimate exp(-|x-y|²/2) instead (~e^-8 here).
        double[] x = {4, 0, 0};
        double[] y = {0, 4, 0};
        double exact = Math.exp(-32.0 / (2 * 64));
        RandomFeatureMap phi = RandomFeatures.gaussian(8).features("trigonometric").m(20000).seed(7).fit(3);
        // trig variance at |x-y|/σ = 0.71 is (1-e^{-0.5})²/2 ≈ 0.077 per projection: SE ≈ 0.002 at m = 20000
        assertThat(phi.estimate(x, y)).isCloseTo(exact, org.assertj.core.data.Offset.offset(0.01));
        assertThat(Math.exp(-16)).isLessThan(exact - 0.5);
    }

    @Test
    void sameSpecGivesBitIdenticalFeaturesAndTheConfigRoundTrips() {
        double[][] x = data(25, 4, 0.5, 9);
        RandomFeatures rf = RandomFeatures.softmax().coupling("simplex").features("positive").m(32).seed(5);
        RandomFeatureMap a = rf.fit(4);
        RandomFeatureMap b = rf.fit(4);
        assertThat(a.transform(x)).isDeepEqualTo(b.transform(x));
        String config = a.toConfig();
        assertThat(config).contains("\"dimension\"").contains("simplex").contains("\"seed\" : 5");
        RandomFeatureMap same = RandomFeatures.fromConfig(config).fit();
        assertThat(same.transform(x)).isDeepEqualTo(a.transform(x));
        assertThat(RandomFeatures.fromConfig(rf.toConfig()).fit(x).transform(x)).isDeepEqualTo(a.transform(x));
        assertThat(RandomFeatures.fromConfig(config).fit(x).transform(x)).isDeepEqualTo(a.transform(x));
    }

    @Test
    void mechanismParametersAndABuilderIsImmutable() {
        RandomFeatures base = RandomFeatures.softmax().m(16).seed(1);
        RandomFeatures gerf = base.features("gerf", Map.of("a", -0.1, "s", 1));
        assertThat(base.toConfig()).doesNotContain("gerf");
        assertThat(gerf.toConfig()).contains("gerf").contains("-0.1");
        RandomFeatureMap g = gerf.fit(3);
        assertThat(g.outputDimension()).isPositive();
        assertThat(RandomFeatures.softmax().coupling("givens", Map.of("rotations", 12)).toConfig()).contains("\"rotations\" : 12");
    }

    @Test
    void aHybridFromAConfigFileIsOneLine(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("hybrid.json");
        Files.writeString(f, """
                {"kernel": {"id": "softmax"},
                 "estimator": {"id": "hybrid",
                   "base": [{"id": "random-features", "features": {"id": "hyperbolic"}, "m": 16},
                            {"id": "random-features", "features": {"id": "trigonometric"}, "m": 16}],
                   "lambdas": [{"id": "angular", "n": 8}]},
                 "seed": 3}
                """);
        RandomFeatureMap h = RandomFeatures.fromConfig(f).fit(4);
        double[][] x = data(6, 4, 0.3, 4);
        assertThat(h.transform(x)[0]).hasSize(h.outputDimension());
        assertThat(h.transformKeys(x)[0]).hasSize(h.outputDimension());
        assertThatThrownBy(() -> RandomFeatures.fromConfig(f).coupling("simplex"))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("hybrid");
    }

    @Test
    void errorsAreTheCliDomainErrors() {
        assertThatThrownBy(() -> RandomFeatures.gaussian(1).coupling("orthgonal").fit(3))
                .isInstanceOf(RfException.class).hasMessageContaining("orthgonal").hasMessageContaining("orthogonal");
        assertThatThrownBy(() -> RandomFeatures.gaussian(1).features("gerf", Map.of("s", 3)).fit(3))
                .isInstanceOf(RfException.class).hasMessageContaining("estimator.features.s");
        assertThatThrownBy(() -> RandomFeatures.gaussian(-1)).isInstanceOf(InvalidParameterException.class)
                .hasMessageContaining("kernel.sigma");
        assertThatThrownBy(() -> RandomFeatures.gaussian(1).m(0)).hasMessageContaining("estimator.m");
        RandomFeatureMap phi = RandomFeatures.gaussian(1).fit(3);
        assertThatThrownBy(() -> phi.transform(new double[][] {{1, 2}}))
                .isInstanceOf(DimensionMismatchException.class).hasMessageContaining("1x2").hasMessageContaining("3");
        assertThatThrownBy(() -> phi.transform(new double[][] {{1, Double.NaN, 2}}))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("row 1, column 2 (1-based)");
        assertThatThrownBy(() -> phi.transform(new double[][] {{1, 2, 3}, {1, 2}}))
                .isInstanceOf(DimensionMismatchException.class).hasMessageContaining("row 2 (1-based)");
        assertThatThrownBy(() -> phi.transform(new double[0][])).isInstanceOf(InvalidInputException.class);
        assertThatThrownBy(() -> RandomFeatures.fromConfig("{\"kernel\": {\"id\": \"gaussian\"}")).isInstanceOf(RfException.class)
                .hasMessageContaining("line");
        assertThatThrownBy(() -> RandomFeatures.gaussian(1).fit()).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("fit(X)");
        assertThatThrownBy(() -> RandomFeatures.fromConfig(phi.toConfig()).fit(4))
                .isInstanceOf(DimensionMismatchException.class).hasMessageContaining("dimension 3");
    }

    @Test
    void attentionAppliesTheInverseSquareRootScalingItself() {
        int l = 64;
        int d = 8;
        double[][] q = data(l, d, 0.5, 11);
        double[][] k = data(l, d, 0.5, 12);
        double[][] v = data(l, 3, 1.0, 13);
        Attention att = RandomFeatures.softmax().coupling("orthogonal").features("positive").m(4096).seed(2).attention(d);
        double[][] approx = att.bidirectional(q, k, v);
        double[][] exact = exactAttention(q, k, v, d, false);
        assertThat(relativeError(approx, exact)).isLessThan(0.05);
        double[][] causal = att.causal(q, k, v);
        assertThat(relativeError(causal, exactAttention(q, k, v, d, true))).isLessThan(0.08);
        // a wrong scaling (1/d instead of 1/√d) is far off: the check above can see it
        double[][] wrong = exactAttention(q, k, v, d * d, false);
        assertThat(relativeError(wrong, exact)).isGreaterThan(0.05);
        assertThatThrownBy(() -> RandomFeatures.gaussian(1).attention(d)).hasMessageContaining("softmax");
        assertThatThrownBy(() -> RandomFeatures.softmax().features("trigonometric").attention(d).bidirectional(q, k, v))
                .hasMessageContaining("positive");
    }

    static double[][] exactAttention(double[][] q, double[][] k, double[][] v, int d, boolean causal) {
        double[][] out = new double[q.length][v[0].length];
        for (int i = 0; i < q.length; i++) {
            double den = 0;
            int last = causal ? i : k.length - 1;
            for (int j = 0; j <= last; j++) {
                double s = 0;
                for (int t = 0; t < q[i].length; t++) {
                    s += q[i][t] * k[j][t];
                }
                double w = Math.exp(s / Math.sqrt(d));
                den += w;
                for (int c = 0; c < v[0].length; c++) {
                    out[i][c] += w * v[j][c];
                }
            }
            for (int c = 0; c < v[0].length; c++) {
                out[i][c] /= den;
            }
        }
        return out;
    }

    static double relativeError(double[][] a, double[][] b) {
        double num = 0;
        double den = 0;
        for (int i = 0; i < a.length; i++) {
            for (int j = 0; j < a[i].length; j++) {
                num += (a[i][j] - b[i][j]) * (a[i][j] - b[i][j]);
                den += b[i][j] * b[i][j];
            }
        }
        return Math.sqrt(num / den);
    }
}
